// `npm run dev` only (decision 045): the same log lines, written for people (pino-pretty, a dev
// dependency) instead of as JSON.
import type { LevelWithSilent, Logger } from 'pino';
import { PinoPretty } from 'pino-pretty';
import { createLogger } from '../logger';

export function createDevLogger(level: LevelWithSilent): Logger {
  return createLogger(level, PinoPretty({ colorize: true, translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname', sync: true }));
}
