// The process: read config → build the app → listen; SIGTERM/SIGINT → stop accepting, drain, exit.
import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { createHttpServer } from './client-error';
import { drainServer } from './http/drain';
import { ConfigError, loadConfig } from './config';
import { createItemsSource } from './items';
import { createLogger } from './logger';
import { compileBaselineFromNowOn } from './render/baseline-code';
import { loadSiteResources } from './render/site-resources';
import { loadHashedAssets } from './static/hashed-assets';
import { createArticleWorkers } from './workers/worker-pool';

/** In-flight requests, and idle connections past their keep-alive timeout (5 s), get this long after a stop signal. */
const SHUTDOWN_GRACE_MS = 8_000;

// dist/server/index.js (dist-dev/ for `npm run dev`) → the build is one level up, the project root two.
const rootDir = fileURLToPath(new URL('../../', import.meta.url));
const distDir = fileURLToPath(new URL('../', import.meta.url));

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // `npm run dev` builds with __SITE_DEV__ true; the production build drops these imports (decision 045).
  const devSetUp = __SITE_DEV__ ? (await import('./dev/dev-start')).setUpDev(config, rootDir) : undefined;
  const logger = devSetUp?.logger ?? createLogger(config.logLevel);
  // Articles are prepared and content files parsed on these threads, never on the event loop (decision 027).
  const workers = await createArticleWorkers({ threads: config.workerThreads, logger });
  // Started ahead by `npm run dev` (decision 041): the server it replaces frees the port and the content cache first.
  await devSetUp?.waitForTurn();
  const source = await createItemsSource(config, logger, { workers, publicDir: path.join(rootDir, 'public') });
  // After the load (a cold start's parsing would only pay for it), before the page code first runs (decision 084).
  if (!devSetUp) compileBaselineFromNowOn();
  const [site, assets] = await Promise.all([
    loadSiteResources(rootDir, config.siteUrl, config.contentDir, distDir),
    loadHashedAssets(path.join(distDir, 'public', 'assets')),
  ]);
  const dev = devSetUp?.tools;
  const app = createApp({ config, logger, source, site, rootDir, assets, workers, ...(dev && { dev }) });
  // Before listening, so that /readyz answers once the first readers' pages are as fast as later ones.
  // Not in development: a restart on each code change should be quick.
  if (!devSetUp) {
    const warmed = await app.locals.warmUp().catch((error: unknown) => {
      logger.warn({ err: error }, 'page warm-up failed');
      return null;
    });
    if (warmed) logger.info(warmed, 'pages warmed up');
  }

  const server: Server = createHttpServer(app, logger).listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    logger.info(
      { host: config.host, port, items: source.description, siteUrl: config.siteUrl, workerThreads: config.workerThreads },
      `listening on http://${config.host}:${port}`,
    );
    devSetUp?.listening();
  });
  server.on('error', (error) => {
    logger.fatal({ err: error }, 'cannot listen');
    process.exit(1);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping: finishing in-flight requests');
    dev?.close();
    if (devSetUp) {
      // Development: nothing to finish, and the next server waits for the port and the content cache (decision 041).
      server.closeAllConnections();
      server.close();
      void source.close().finally(() => process.exit(0));
      return;
    }
    void drainServer(server, { graceMs: SHUTDOWN_GRACE_MS, onForced: () => logger.warn('in-flight requests did not finish in time, closing them') }).then(() =>
      source
        .close()
        .finally(() => workers.close())
        .finally(() => {
          logger.info('stopped');
          process.exit(0);
        }),
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('start failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
