// `npm run dev` only (decision 045): what server/index.ts sets up differently in development.
import type { Logger } from 'pino';
import type { Config } from '../config';
import { createDevLogger } from './dev-logger';
import { createDevTools, type DevTools } from './dev-tools';

export interface DevSetUp {
  logger: Logger;
  tools: DevTools;
  /**
   * Resolves when the process may take the port and the content cache: at once, or, started ahead by
   * the dev runner (decision 041), once the server it replaces has stopped.
   */
  waitForTurn(): Promise<void>;
  /** Tells the runner the server listens (it then starts the next waiting process). */
  listening(): void;
}

export function setUpDev(config: Pick<Config, 'logLevel' | 'contentDir'>, rootDir: string): DevSetUp {
  const logger = createDevLogger(config.logLevel);
  return {
    logger,
    tools: createDevTools({ rootDir, contentDir: config.contentDir, logger }),
    waitForTurn: () =>
      new Promise((resolve) => {
        const send = process.send?.bind(process);
        if (!send) return resolve();
        const onMessage = (message: { go?: boolean }) => {
          if (!message?.go) return;
          process.off('message', onMessage);
          resolve();
        };
        process.on('message', onMessage);
        send({ waiting: true });
      }),
    listening: () => process.send?.({ listening: true }),
  };
}
