// The document's bytes as React renders them, though written into a reused buffer (decision 069), with
// the site CSS linked, not inlined (decision 078), the list's cards from kept markup or not (decision
// 085); and a search page's answer: the same body and ETag for the same request, 304 on a matching
// If-None-Match, its brotli the same bytes as the identity body.
import { createHash } from 'node:crypto';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router-dom';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ItemsCache } from '../../../server/items/cache';
import { createCardMarkup } from '../../../server/render/card-markup';
import { renderDocument, toFetchRequest } from '../../../server/render/page-handler';
import { loadSiteResources, type SiteResources } from '../../../server/render/site-resources';
import { EN_PREFIX } from '../../../shared/paths';
import { PageContextProvider, type PageContext } from '../../../shared/page-context';
import { createRoutes } from '../../../shared/routes';
import { getRaw } from '../../support/raw-request';
import { TEST_SITE_URL, createTestApp, rootDir, type TestApp } from '../../support/test-app';

let ctx: TestApp;
let site: SiteResources;
let cache: ItemsCache;

beforeAll(async () => {
  ctx = await createTestApp();
  site = await loadSiteResources(rootDir, TEST_SITE_URL, ctx.config.contentDir);
  cache = new ItemsCache(ctx.source, { ttlSeconds: 60, maxBytes: 8 * 1024 * 1024, logger: ctx.logger, workers: ctx.workers });
});
afterAll(async () => {
  cache.close();
  await ctx.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** What renderDocument rendered before decision 069: the whole document in one string. */
function renderReference(handler: ReturnType<typeof createStaticHandler>, context: StaticHandlerContext, pageContext: Omit<PageContext, 'now'>) {
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <PageContextProvider context={{ ...pageContext, now: new Date().toISOString() }}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </PageContextProvider>,
  );
  return Buffer.from(`<!DOCTYPE html>${html}`);
}

describe('the document', () => {
  it.each([
    ['fr', '/articles?f=spring'],
    ['fr', '/articles?f=%C3%A9quipe&sort=date'],
    ['en', '/en/articles?f=java'],
    ['fr', '/articles/spring-batch-oeuvre'],
    ['fr', '/articles/no-such-article'],
  ] as const)('is the bytes React renders (%s %s), linking the built stylesheet', async (lang, url) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T06:00:00Z'));
    const handler = createStaticHandler(createRoutes(cache), lang === 'fr' ? {} : { basename: EN_PREFIX });
    const context = await handler.query(toFetchRequest(url));
    if (context instanceof Response) throw new Error(`${url} answered ${context.status}`);
    const made = renderDocument(handler, context, site.pageContexts[lang]);
    const reference = renderReference(handler, context, site.pageContexts[lang]);
    expect(made.equals(reference), url).toBe(true);
    // Into the reused buffer: the same bytes, and a fresh buffer keeps them after the next render.
    expect(renderDocument(handler, context, site.pageContexts[lang], { scratch: true }).equals(reference)).toBe(true);
    expect(made.equals(reference)).toBe(true);
    // With the list's cards as kept markup (decision 085), made then reused: the same bytes again.
    const cardMarkup = createCardMarkup();
    for (let round = 0; round < 2; round += 1)
      expect(renderDocument(handler, context, site.pageContexts[lang], { cardMarkup }).equals(reference), url).toBe(true);
    const html = made.toString();
    expect(html).toContain(`<link rel="stylesheet" href="${site.pageContexts[lang].assets.css}"/>`);
    expect(html).not.toContain('<style');
  });

  // Decision 080: one router per handler, with each request's state over it.
  it('renders each request of one handler with its own data, whatever came before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T06:00:00Z'));
    const handler = createStaticHandler(createRoutes(cache));
    const urls = ['/articles?f=spring', '/articles/spring-batch-oeuvre', '/articles?f=java&sort=date', '/articles/no-such-article', '/articles?f=spring'];
    const pages: string[] = [];
    for (const url of urls) {
      const context = await handler.query(toFetchRequest(url));
      if (context instanceof Response) throw new Error(`${url} answered ${context.status}`);
      const made = renderDocument(handler, context, site.pageContexts.fr);
      expect(made.equals(renderReference(handler, context, site.pageContexts.fr)), url).toBe(true);
      pages.push(made.toString());
    }
    // The same search is the same page after others; different ones differ.
    expect(pages[4]).toBe(pages[0]);
    expect(new Set(pages).size).toBe(4);
  });
});

describe('a search page asked twice, page cache off', () => {
  let uncached: TestApp;
  beforeAll(async () => {
    uncached = await createTestApp({ RESPONSE_CACHE_MAX_MB: '0' });
  });
  afterAll(() => uncached.close());

  it('has the same body and ETag each time, named by the body, in brotli, gzip and none', async () => {
    const url = '/articles?f=spring&sort=date';
    const identity = await getRaw(uncached.app, url, { 'Accept-Encoding': 'identity' });
    expect(identity.status).toBe(200);
    const hash = createHash('sha256').update(identity.body).digest('base64url').slice(0, 27);
    expect(identity.headers.etag).toBe(`"${hash}"`);
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const [first, second] = [
        await getRaw(uncached.app, url, { 'Accept-Encoding': encoding }),
        await getRaw(uncached.app, url, { 'Accept-Encoding': encoding }),
      ];
      expect(first.headers['content-encoding']).toBe(encoding);
      expect(decode(first.body).equals(identity.body)).toBe(true);
      expect(decode(second.body).equals(identity.body)).toBe(true);
      expect(first.headers.etag).toBe(`"${hash}-${encoding}"`);
      expect(second.headers.etag).toBe(first.headers.etag);
    }
  });

  it('keeps each page its own bytes when pages asked together are rendered in turn into one reused buffer, sent and kept', async () => {
    const urls = ['/articles?f=spring', '/en/articles?f=java', '/articles?f=%C3%A9quipe&sort=date', '/tags'];
    const alone = await Promise.all(urls.map((url) => getRaw(uncached.app, url, { 'Accept-Encoding': 'identity' })));
    // Page cache off (each rendered), then on (the first answers kept, then sent again from the cache).
    for (const app of [uncached.app, ctx.app, ctx.app]) {
      for (const encoding of ['identity', 'br', 'gzip'] as const) {
        const together = await Promise.all(urls.concat(urls).map((url) => getRaw(app, url, { 'Accept-Encoding': encoding })));
        together.forEach((answer, at) => {
          const body = encoding === 'br' ? brotliDecompressSync(answer.body) : encoding === 'gzip' ? gunzipSync(answer.body) : answer.body;
          expect(body.equals(alone[at % urls.length]!.body), `${urls[at % urls.length]} in ${encoding}`).toBe(true);
        });
      }
    }
  });

  it('answers 304 to If-None-Match with its ETag, in either encoding', async () => {
    const url = '/en/articles?f=java';
    const first = await getRaw(uncached.app, url, { 'Accept-Encoding': 'br' });
    const etag = String(first.headers.etag);
    const revalidated = await request(uncached.app).get(url).set('Accept-Encoding', 'gzip').set('If-None-Match', etag).expect(304);
    expect(revalidated.text).toBe('');
    await request(uncached.app).get(url).set('Accept-Encoding', 'br').set('If-None-Match', '"something-else-br"').expect(200);
  });
});
