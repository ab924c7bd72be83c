// Page routes: the shared route table runs through React Router's static handler (loaders → cache),
// then React renders the whole document to HTML with the data the browser will hydrate from.
import type { Request, Response } from 'express';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, isRouteErrorResponse, StaticRouterProvider, type RouteObject } from 'react-router-dom';
import { AppProvider, type AppData, type PagePayload } from '../../shared/app-context';
import type { NonceSlotted, ResponseCache } from '../http/response-cache';
import { readRequestLang } from '../i18n/request-lang';
import type { RenderData } from './app-data';
import { serializeForScript } from '../../shared/serialize-for-script';
import { serializeRouteErrors } from './serialize';

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Rendered where the script's nonce goes; each response writes its own nonce there (decision 018). */
const NONCE_SLOT = 'nonce-slot-5d1c7a';

/** The page cut at its nonce slot: the last one (the page's script ends the document; an article could quote the slot text). */
function cutAtNonceSlot(html: string): NonceSlotted | Buffer {
  const at = html.lastIndexOf(NONCE_SLOT);
  if (at < 0) return Buffer.from(html);
  return { start: Buffer.from(html.slice(0, at)), end: Buffer.from(html.slice(at + NONCE_SLOT.length)) };
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
    const app: AppData = { ...appData[readRequestLang(req.originalUrl, req.headers.cookie)], now: new Date().toISOString() };
    const payload: PagePayload = {
      app,
      router: { loaderData: context.loaderData, actionData: context.actionData, errors: serializeRouteErrors(context.errors) },
    };
    const embedded = { payload: serializeForScript(payload), css: inlineCss, nonce: NONCE_SLOT };
    const router = createStaticRouter(handler.dataRoutes, context);
    const html = renderToString(
      <AppProvider app={app} embedded={embedded}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>,
    );
    // Browsers revalidate with the ETag; the response cache keeps the compressed bytes.
    // Same URL, another language when the cookie says so: shared caches must key on it too.
    res.set({ 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding, Cookie' }).type('html');
    await responseCache.send(req, res, context.statusCode, cutAtNonceSlot(`<!DOCTYPE html>${html}`), freshUntil);
  };
}
