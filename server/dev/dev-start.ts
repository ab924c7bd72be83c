// `npm run dev` only (decision 045): what server/index.ts sets up differently in development.
import type { Logger } from 'pino';
import type { Config } from '../config';
import { createDevLogger } from './dev-logger';
import { createDevTools, type DevTools } from './dev-tools';

export function setUpDev(config: Pick<Config, 'logLevel' | 'contentDir'>, rootDir: string): { logger: Logger; tools: DevTools } {
  const logger = createDevLogger(config.logLevel);
  return { logger, tools: createDevTools({ rootDir, contentDir: config.contentDir, logger }) };
}
