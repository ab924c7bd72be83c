// createApp(deps): the site as one request listener — the hot path (hashed assets and cached answers),
// then the Express app, middleware in order. It never listens (server/index.ts does).
import compression from 'compression';
import express from 'express';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { rateLimit } from 'express-rate-limit';
import path from 'node:path';
import type { Logger } from 'pino';
import { DEFAULT_LANG } from '../shared/i18n/i18n';
import { BACKEND_PATH, ITEMS_API_PATH, isBackendPath } from '../shared/items/items-api';
import { paths } from '../shared/paths';
import { createRoutes } from '../shared/routes';
import type { Config } from './config';
import { ItemsCache } from './items/cache';
import { createItemsApiRouter } from './items/api-router';
import type { ItemsSource } from './items/source';
import { createRequestLogger } from './logger';
import { errorHandler, notFound, redirectToCanonical, rejectMalformedPath } from './middleware/errors';
import { issueXsrfCookie } from './middleware/xsrf';
import type { SiteResources } from './render/site-resources';
import { createFeedsRouter } from './feeds/feeds-router';
import { createImagesRouter } from './images/images-router';
import { createMarkdownRouter } from './markdown/markdown-router';
import { createHotPath, sendKeptAnswer } from './http/hot-path';
import { readRequestTarget } from './http/request-target';
import { ResponseCache } from './http/response-cache';
import { trackClient } from './http/client-context';
import { createCvJsonHandler } from './render/cv-json-handler';
import { buildFaviconSvg } from './owner/favicon';
import { createPageHandler } from './render/page-handler';
import { listWarmUpPaths, warmUpPages, WARM_UP_MIN_ARTICLES, WARM_UP_PAGES, type PageWarmUp, type RenderForWarmUp } from './render/page-warm-up';
import { createPreviewHandler, PREVIEW_ROUTES } from './preview/preview-handler';
import { allowEmbedding, buildPolicyHeaders, createSecurityHeaders, type TrustProxy } from './security';
import { withHeaders, type HashedAssets } from './static/hashed-assets';
import type { ArticleWorkers } from './workers/worker-pool';
import type { DevTools } from './dev/dev-tools';

export interface AppDeps {
  config: Pick<
    Config,
    | 'siteUrl'
    | 'itemsServiceUrl'
    | 'cacheTtlSeconds'
    | 'cacheMaxKeys'
    | 'itemsCacheMaxBytes'
    | 'trustProxy'
    | 'rateLimitPerMinute'
    | 'responseCacheMaxMb'
    | 'contentDir'
    | 'imageCacheDir'
    | 'imageCacheMaxBytes'
    | 'feedFullContent'
    | 'previewSecret'
  >;
  logger: Logger;
  source: ItemsSource;
  /** What every render needs, loaded once at start: the page context per language, the CSS to inline, the inline scripts (server/render/site-resources.ts). */
  site: SiteResources;
  /** Project root: public/ is served from it. */
  rootDir: string;
  /** The build's hashed assets, in memory (server/static/hashed-assets.ts). */
  assets: HashedAssets;
  /** The threads that prepare articles (server/workers/); without them, articles are prepared on the event loop. */
  workers?: ArticleWorkers;
  /** `npm run dev` only: live reload and the content problems overlay (server/dev/, decision 045). */
  dev?: DevTools;
}

/** What createApp answers: a listener for http.createServer (and supertest), with the caches for tests. */
export type SiteApp = RequestListener & {
  locals: {
    cache: ItemsCache;
    responseCache: ResponseCache;
    /** Renders pages before the server listens, on built-in content of some size (decision 081); null when it does not. */
    warmUp: (options?: { minArticles?: number; pages?: number; budgetMs?: number }) => Promise<PageWarmUp | null>;
    /** What the warm-up renders a path with: the page handler's query and render, the document dropped. */
    renderForWarmUp: RenderForWarmUp;
  };
};

export function createApp({ config, logger, source, site, rootDir, assets, workers, dev }: AppDeps): SiteApp {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  // Each request's work runs for its client: the upstream's list fetches are shared by client (decision 036).
  app.use(trackClient);
  const cache = new ItemsCache(source, {
    ttlSeconds: config.cacheTtlSeconds,
    maxKeys: config.cacheMaxKeys,
    maxBytes: config.itemsCacheMaxBytes,
    logger,
    ...(workers ? { workers } : {}),
  });
  const responseCache = new ResponseCache({ ttlMs: config.cacheTtlSeconds * 1000, maxBytes: config.responseCacheMaxMb * 1024 * 1024 });
  // Edited content must show at once on every page, not after the TTL.
  source.onChange(() => responseCache.clear());
  const trust = app.get('trust proxy fn') as TrustProxy;
  const rateLimited = config.rateLimitPerMinute > 0;
  dev?.addScript(site);
  const policyHeaders = buildPolicyHeaders({
    inlineScripts: site.inlineScripts,
    siteUrl: config.siteUrl,
    itemsServiceUrl: config.itemsServiceUrl,
  });

  // First, so that every answer of the stack is logged and carries the policy headers: the rate
  // limit's 429s and its cached API answers, the 400s of malformed paths, public files (issue 25).
  app.use(createRequestLogger(logger));
  app.use(createSecurityHeaders(policyHeaders));
  // Another spelling of a resource, or an old ?lang= link: 301 to its one form, before any work.
  app.use(redirectToCanonical);

  // Cached API answers behind the rate limit, when it is on: the hot path leaves /www-be/ to the stack.
  if (rateLimited) {
    app.use(BACKEND_PATH, createRateLimit(config.rateLimitPerMinute), (req, res, next) => {
      const answer = req.method === 'GET' || req.method === 'HEAD' ? responseCache.get(readRequestTarget(req).url, req.headers['accept-encoding']) : undefined;
      if (answer) sendKeptAnswer(req, res, answer, true, trust);
      else next();
    });
  }
  app.use(rejectMalformedPath);
  const images = createImagesRouter({
    items: cache,
    rootDir,
    cacheDir: config.imageCacheDir,
    maxBytes: config.imageCacheMaxBytes,
    ...(workers ? { workers } : {}),
  });
  // Before compression, which would hold the event stream back.
  dev?.attach({ app, site, source, responseCache, itemsCache: cache, reloadImages: () => images.reloadCatalog() });
  // Pages compress their own answers (ResponseCache.send) and their errors are under its threshold:
  // compression() would only wrap each one's write, end and on, which kept ~6 KB of every distinct
  // search page alive into the old generation (decision 079). The draft preview mounts it itself.
  const compress = compression();
  app.use((req, res, next) => (readRequestTarget(req).policy.kind === 'page' ? next() : compress(req, res, next)));
  const favicon = buildFaviconSvg();
  app.get('/favicon.svg', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=3600').type('image/svg+xml').send(favicon);
  });
  // Files in public/ all have an extension; page paths have none, so they skip the file-system lookup.
  // Only the kinds of files a page uses: public/README.md and the like are for the project, not visitors.
  // Images are made to be shown elsewhere too: in feeds read in a browser, in link previews (decision 033).
  app.use(['/images', '/share'], allowEmbedding);
  const publicFiles = express.static(path.join(rootDir, 'public'), { maxAge: '1h', index: false, redirect: false });
  app.use((req, res, next) => (PUBLIC_FILE_EXTENSIONS.has(path.extname(req.path).toLowerCase()) ? publicFiles(req, res, next) : next()));
  // A missing asset is a 404, not a redirect to the CV.
  app.use('/assets', notFound);

  app.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    const ready = await source.isReady();
    res
      .status(ready ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ status: ready ? 'ready' : 'unavailable', source: source.description.split(' ')[0] });
  });

  // Pages and feeds not already kept cost a render each: the same budget per client bounds them
  // (hits never get here), so a flood of distinct searches cannot take the CPU and memory.
  if (rateLimited) {
    const limitRenders = createRateLimit(config.rateLimitPerMinute);
    app.use((req, res, next) => (readRequestTarget(req).policy.kind === 'items-api' ? next() : limitRenders(req, res, next)));
  }

  app.use(
    createFeedsRouter({
      cache,
      responseCache,
      ttlSeconds: config.cacheTtlSeconds,
      context: site.pageContexts[DEFAULT_LANG],
      fullContent: config.feedFullContent,
      logger,
    }),
  );
  app.use(
    createMarkdownRouter({
      items: cache,
      responseCache,
      ttlSeconds: config.cacheTtlSeconds,
      context: site.pageContexts[DEFAULT_LANG],
      contentDir: config.itemsServiceUrl ? undefined : config.contentDir,
    }),
  );
  // The double-submit needs the XSRF cookie where writes go, not on pages (which stay the same for all).
  app.use(BACKEND_PATH, issueXsrfCookie);
  app.use(ITEMS_API_PATH, createItemsApiRouter({ cache, ttlSeconds: config.cacheTtlSeconds, responseCache }));
  app.use(BACKEND_PATH, notFound);

  app.use(images);
  app.get(paths.cvJson, createCvJsonHandler({ siteUrl: config.siteUrl, site, responseCache, items: cache, ttlSeconds: config.cacheTtlSeconds }));
  // Sent as rendered, unlike the other pages: compressed on the way (decision 079).
  app.get(PREVIEW_ROUTES, compress, createPreviewHandler({ secret: config.previewSecret, items: cache, site, createRoutes }));
  // A path naming a file (it has an extension) that nothing served is missing: 404, not the CV's redirect (decision 040).
  app.use((req, res, next) => (readRequestTarget(req).policy.kind === 'file' ? notFound(req, res) : next()));
  const renderPage = createPageHandler({ routes: createRoutes(cache), site, responseCache, ttlSeconds: config.cacheTtlSeconds });
  app.use(renderPage);

  app.use(notFound);
  app.use(errorHandler);

  const serveHot = createHotPath({ assets: withHeaders(assets, policyHeaders), responseCache, logger, trust, itemsThroughStack: rateLimited });
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    if (!serveHot(req, res)) app(req, res);
  };
  const warmUp: SiteApp['locals']['warmUp'] = async ({ minArticles = WARM_UP_MIN_ARTICLES, pages = WARM_UP_PAGES, budgetMs } = {}) => {
    // An items service's pages would cost it requests, and its searches are not this process's code.
    if (!source.search) return null;
    const summaries = await cache.list('');
    if (summaries.length < minArticles) return null;
    return warmUpPages(renderPage.renderForWarmUp, listWarmUpPaths(summaries, pages), budgetMs === undefined ? {} : { budgetMs });
  };
  return Object.assign(listener, { locals: { cache, responseCache, warmUp, renderForWarmUp: renderPage.renderForWarmUp } });
}

/** Extensions of the files in public/ that visitors get (images, icons, fonts, styles, scripts, translations). */
const PUBLIC_FILE_EXTENSIONS = new Set([
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.webp',
  '.avif',
  '.svg',
  '.ico',
  '.woff',
  '.woff2',
  '.css',
  '.js',
  '.json',
  '.webmanifest',
  '.pdf',
]);

/**
 * Requests per minute and client; a short page or JSON past the limit. The RateLimit headers go on the
 * 429 only: they are the client's own (draft 8 even names a hash of its address), and any other answer
 * here may be kept by a shared cache and replayed to others (issue 25, finding 2).
 */
function createRateLimit(limit: number) {
  return rateLimit({
    windowMs: 60_000,
    limit,
    standardHeaders: false,
    legacyHeaders: false,
    handler: (req, res) => {
      const resetTime = (req as typeof req & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      const resetIn = resetTime ? Math.max(0, Math.ceil((resetTime.getTime() - Date.now()) / 1000)) : 60;
      res.status(429).set({
        'Retry-After': '60',
        'Cache-Control': 'no-store',
        'RateLimit-Policy': `"${limit}-in-1min"; q=${limit}; w=60`,
        RateLimit: `"${limit}-in-1min"; r=0; t=${resetIn}`,
      });
      if (isBackendPath(req.originalUrl) || req.accepts(['html', 'json']) === 'json') {
        res.json({ error: 'too_many_requests', message: 'Too many requests, slow down.' });
      } else {
        res.type('html').send(TOO_MANY_REQUESTS_PAGE);
      }
    },
  });
}

const TOO_MANY_REQUESTS_PAGE =
  '<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Trop de requêtes</title></head>' +
  '<body><h1>Trop de requêtes</h1><p>Erreur 429 : réessayez dans une minute. <span lang="en">Too many requests: try again in a minute.</span></p></body></html>';
