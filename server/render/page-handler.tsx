// Page routes: the shared route table runs through React Router's static handler (loaders → cache),
// then React renders the whole document to HTML with the data the browser will hydrate from.
import type { Request, Response } from 'express';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, isRouteErrorResponse, StaticRouterProvider, type RouteObject, type StaticHandler, type StaticHandlerContext } from 'react-router-dom';
import { AppProvider, type AppData, type PagePayload } from '../../shared/app-context';
import { createSharedSegment, type SharedSegment } from '../http/encoded-body';
import type { RenderedPage, ResponseCache } from '../http/response-cache';
import { readRequestLang } from '../i18n/request-lang';
import type { RenderData } from './app-data';
import { omitArticleBody } from '../../shared/routes';
import { serializeForScript } from '../../shared/serialize-for-script';
import { serializeRouteErrors } from './serialize';

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Rendered where the script's nonce goes; each response writes its own nonce there (decision 018). */
const NONCE_SLOT = 'nonce-slot-5d1c7a';
/** Rendered where the inlined CSS goes: the CSS, half of every page, is encoded and deflated once. */
const CSS_SLOT = 'css-slot-5d1c7a';

/**
 * The page cut at its slots: the first CSS slot (the <style> comes before any content) and the last
 * nonce slot (the page's script ends the document); an article that quotes a slot's text stays as is.
 */
function cutPage(html: string, css: SharedSegment): RenderedPage {
  const page = Buffer.from(html);
  const nonceAt = page.lastIndexOf(NONCE_SLOT);
  const body = nonceAt < 0 ? page : page.subarray(0, nonceAt);
  const afterNonce = nonceAt < 0 ? undefined : page.subarray(nonceAt + NONCE_SLOT.length);
  const cssAt = body.indexOf(CSS_SLOT);
  const segments = cssAt < 0 ? [body] : [body.subarray(0, cssAt), css, body.subarray(cssAt + CSS_SLOT.length)];
  return { segments, afterNonce };
}

/** A Fetch Request for the static handler; aborted when the client goes away. */
function toFetchRequest(req: Request, res: Response): globalThis.Request {
  const controller = new AbortController();
  res.on('close', () => controller.abort());
  // Concatenated, not resolved: a path such as "//x" must stay a path, not become a host.
  return new globalThis.Request(`http://localhost${req.originalUrl}`, { method: 'GET', signal: controller.signal });
}

export function createPageHandler({ routes, render, responseCache }: { routes: RouteObject[]; render: RenderData; responseCache: ResponseCache }) {
  const { appData, inlineCss } = render;
  const handler = createStaticHandler(routes);
  const css = createSharedSegment(inlineCss);

  return async function renderPage(req: Request, res: Response): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.status(405).set('Allow', 'GET, HEAD').type('text').send('Method Not Allowed');
      return;
    }
    const { result: context, freshUntil } = await responseCache.trackExpiry(() => handler.query(toFetchRequest(req, res)));
    if (context instanceof Response) {
      const location = context.headers.get('Location');
      if (REDIRECT_STATUSES.has(context.status) && location) return res.redirect(context.status, location);
      res.status(context.status).end();
      return;
    }
    if (res.destroyed) return;
    for (const [routeId, error] of Object.entries(context.errors ?? {})) {
      if (!isRouteErrorResponse(error)) req.log.error({ err: error, routeId }, 'page loader failed');
    }
    const status = context.statusCode;
    const page = renderDocument(handler, context, appData[readRequestLang(req.originalUrl, req.headers.cookie)], css);
    // Browsers revalidate with the ETag; the response cache keeps the compressed bytes.
    // Same URL, another language when the cookie says so: shared caches must key on it too.
    res.set({ 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding, Cookie' }).type('html');
    await responseCache.send(req, res, status, page, freshUntil);
  };
}

/**
 * The document as bytes, cut at its slots. Apart from the page handler on purpose: the render's
 * strings and objects are dropped here, not kept while the page waits for compression (they would
 * outlive young-generation collections and fill the old one).
 */
function renderDocument(handler: StaticHandler, context: StaticHandlerContext, appData: Omit<AppData, 'now'>, css: SharedSegment): RenderedPage {
  const app: AppData = { ...appData, now: new Date().toISOString() };
  const payload: PagePayload = {
    app,
    router: { loaderData: omitArticleBody(context.loaderData), actionData: context.actionData, errors: serializeRouteErrors(context.errors) },
  };
  const embedded = { payload: serializeForScript(payload), css: CSS_SLOT, nonce: NONCE_SLOT };
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <AppProvider app={app} embedded={embedded}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProvider>,
  );
  return cutPage(`<!DOCTYPE html>${html}`, css);
}
