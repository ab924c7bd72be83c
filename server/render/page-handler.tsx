// Page routes: the shared route table runs through React Router's static handler (loaders → items
// cache), then React renders the whole document to HTML. The browser hydrates only the islands in
// it; the rest is server HTML, the same bytes for every visitor (decision 019).
import type { Request, Response } from 'express';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  isRouteErrorResponse,
  StaticRouterProvider,
  type RouteObject,
  type StaticHandler,
  type StaticHandlerContext,
} from 'react-router-dom';
import { CardMarkupContext, type CardMarkup } from '../../shared/components/card-markup';
import { PageContextProvider, type PageContext } from '../../shared/page-context';
import { LANGS, type Lang } from '../../shared/i18n/i18n';
import { EN_PREFIX } from '../../shared/paths';
import { parseRequestTarget, readRequestTarget } from '../http/request-target';
import { COMPRESS_ON_THREAD_BYTES, type ResponseCache } from '../http/response-cache';
import { createCardMarkup } from './card-markup';
import type { SiteResources } from './site-resources';
import type { RenderForWarmUp } from './page-warm-up';
import { createRequestRouter } from './request-router';

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * A Fetch Request for the static handler, from the parsed target only. Without an AbortSignal: undici
 * ties a Request to the signal it is given with a WeakRef, a listener and a FinalizationRegistry entry,
 * which outlived young collections for every page, and the loaders' reads are shared by the items cache
 * and go on whoever leaves. A page whose client left meanwhile is not rendered (decision 085).
 */
export function toFetchRequest(url: string): globalThis.Request {
  // Concatenated, not resolved: a path such as "//x" must stay a path, not become a host.
  return new globalThis.Request(`http://localhost${url}`);
}

export function createPageHandler({
  routes,
  site,
  responseCache,
  ttlSeconds,
}: {
  routes: RouteObject[];
  site: SiteResources;
  responseCache: ResponseCache;
  ttlSeconds: number;
}) {
  const { pageContexts } = site;
  const cardMarkup = createCardMarkup();
  // One handler per interface language: English pages live under /en, and their links with them.
  const handlers = Object.fromEntries(LANGS.map((lang) => [lang, createStaticHandler(routes, lang === 'fr' ? {} : { basename: EN_PREFIX })])) as Record<
    Lang,
    StaticHandler
  >;

  const renderPage = async function renderPage(req: Request, res: Response): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.status(405).set('Allow', 'GET, HEAD').type('text').send('Method Not Allowed');
      return;
    }
    const target = readRequestTarget(req);
    const handler = handlers[target.lang];
    const context = await handler.query(toFetchRequest(target.url));
    if (context instanceof Response) {
      const location = context.headers.get('Location');
      if (REDIRECT_STATUSES.has(context.status) && location) {
        res.set('Cache-Control', context.status === 301 ? 'public, max-age=86400' : `public, max-age=${ttlSeconds}`).redirect(context.status, location);
        return;
      }
      res.status(context.status).end();
      return;
    }
    if (res.destroyed) return;
    for (const [routeId, error] of Object.entries(context.errors ?? {})) {
      if (!isRouteErrorResponse(error)) req.log.error({ err: error, routeId }, 'page loader failed');
    }
    const status = context.statusCode;
    const html = renderDocument(handler, context, pageContexts[target.lang], { scratch: true, cardMarkup });
    // 200 and 404 are kept by every cache for the TTL; anything else (503) is not kept anywhere.
    const kept = status === 200 || status === 404;
    // No await between the render and send, which compresses or copies the reused buffer at once.
    res.set({ 'Cache-Control': kept ? target.policy.cacheControl(ttlSeconds) : 'no-store' }).type('html');
    await responseCache.send(req, res, status, html, { scratch: html.length <= DOCUMENT_SCRATCH_MAX_BYTES && 'page' });
  };

  /** The same query and render as a request's, the document dropped: nothing is sent, logged or kept (page-warm-up.ts). */
  const renderForWarmUp: RenderForWarmUp = async (raw) => {
    const target = parseRequestTarget(raw);
    const handler = handlers[target.lang];
    const context = await handler.query(toFetchRequest(target.url));
    if (context instanceof Response) return context.status;
    renderDocument(handler, context, pageContexts[target.lang], { scratch: true, cardMarkup });
    return context.statusCode;
  };
  return Object.assign(renderPage, { renderForWarmUp });
}

/**
 * The reused document buffer (renderDocument's `scratch`), grown to the largest page up to this bound:
 * a larger page is compressed on libuv's threads, after an await, so it gets a buffer of its own.
 */
const DOCUMENT_SCRATCH_MAX_BYTES = COMPRESS_ON_THREAD_BYTES - 1;
let documentScratch = Buffer.alloc(0);
const DOCTYPE = '<!DOCTYPE html>';

/**
 * The document as bytes. Apart from the page handler on purpose: the render's strings and objects are
 * dropped here, not kept while the page waits for compression (they would outlive young-generation
 * collections and fill the old one). The same bytes as `<!DOCTYPE html>` and React's render (tested).
 * `scratch`: written into one buffer reused by every render on this thread, valid until the next
 * render, for a caller that compresses or copies it at once (ResponseCache.send's `scratch`): a 110 KB
 * buffer per page was malloc'd and freed only at the next full collection.
 */
export function renderDocument(
  handler: StaticHandler,
  context: StaticHandlerContext,
  pageContext: Omit<PageContext, 'now'>,
  { scratch = false, cardMarkup = null }: { scratch?: boolean; cardMarkup?: CardMarkup | null } = {},
): Buffer {
  const page: PageContext = { ...pageContext, now: new Date().toISOString() };
  const router = createRequestRouter(handler, context);
  const html = renderToString(
    <PageContextProvider context={page}>
      <CardMarkupContext.Provider value={cardMarkup}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </CardMarkupContext.Provider>
    </PageContextProvider>,
  );
  return writeDocument(html, scratch);
}

/** `<!DOCTYPE html>` and the render's HTML as UTF-8: in the reused buffer when `scratch` and it fits there. */
export function writeDocument(html: string, scratch: boolean): Buffer {
  if (!scratch) return Buffer.from(DOCTYPE + html);
  // Room for the most the page can take in UTF-8 (3 bytes a UTF-16 unit), within the bound: written in
  // one pass, where counting its bytes first cost as much again (1.3 % of a search page's CPU).
  const most = DOCTYPE.length + 3 * html.length;
  if (documentScratch.length < Math.min(most, DOCUMENT_SCRATCH_MAX_BYTES))
    documentScratch = Buffer.allocUnsafeSlow(Math.min(DOCUMENT_SCRATCH_MAX_BYTES, Math.max(most, documentScratch.length * 2)));
  documentScratch.write(DOCTYPE, 0, 'latin1');
  const length = DOCTYPE.length + documentScratch.write(html, DOCTYPE.length);
  // A buffer capped below the page's worst case, written to within a character of its end: the page
  // may not have fit, so it gets a buffer of its own.
  if (documentScratch.length < most && length > documentScratch.length - 4) return Buffer.from(DOCTYPE + html);
  return documentScratch.subarray(0, length);
}
