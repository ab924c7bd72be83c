// createApp(deps): the whole Express app, middleware in order; it never listens (server/index.ts does).
import compression from 'compression';
import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import path from 'node:path';
import type { Logger } from 'pino';
import { createRoutes } from '../shared/routes';
import type { Config } from './config';
import { ItemsCache } from './items/cache';
import { ITEMS_API_PATH, createItemsApiRouter } from './items/api-router';
import type { ItemsSource } from './items/source';
import { createRequestLogger } from './logger';
import { errorHandler, notFound } from './middleware/errors';
import { issueXsrfCookie } from './middleware/xsrf';
import type { RenderData } from './render/app-data';
import { createPageHandler } from './render/page-handler';
import { createSecurityHeaders } from './security';

export interface AppDeps {
  config: Pick<Config, 'siteUrl' | 'cacheTtlSeconds' | 'cacheMaxKeys'>;
  logger: Logger;
  source: ItemsSource;
  /** AppData without the render time, and the CSS to inline (server/render/app-data.ts loads both). */
  render: RenderData;
  /** Project root: public/ and dist/public/ are served from it. */
  rootDir: string;
}

export function createApp({ config, logger, source, render, rootDir }: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  const cache = new ItemsCache(source, { ttlSeconds: config.cacheTtlSeconds, maxKeys: config.cacheMaxKeys, logger });
  app.locals.cache = cache;

  app.use(compression());
  // Hashed build output never changes under its name.
  app.use('/assets', express.static(path.join(rootDir, 'dist', 'public', 'assets'), { immutable: true, maxAge: '1y', index: false, redirect: false }));
  app.use(express.static(path.join(rootDir, 'public'), { maxAge: '1h', index: false, redirect: false }));
  // A missing asset is a 404, not a redirect to the CV.
  app.use('/assets', notFound);

  app.use(createRequestLogger(logger));
  app.use(createSecurityHeaders({ inlineCss: render.inlineCss }));
  app.use(cookieParser());
  app.use(issueXsrfCookie);

  app.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    const ready = await source.isReady();
    res.status(ready ? 200 : 503).set('Cache-Control', 'no-store').json({ status: ready ? 'ready' : 'unavailable', source: source.description.split(' ')[0] });
  });

  app.use(ITEMS_API_PATH, createItemsApiRouter({ cache, ttlSeconds: config.cacheTtlSeconds }));
  app.use('/www-be', notFound);

  app.use(createPageHandler({ routes: createRoutes(cache), render }));

  app.use(notFound);
  app.use(errorHandler);
  return app;
}
