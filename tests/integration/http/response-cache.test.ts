// The page cache: second requests answered from memory, precompressed, revalidated with the ETag,
// emptied when content changes, never kept longer than the items the page shows.
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UPSTREAM_BASE_PATH, sendJson, startFakeUpstream, type FakeUpstream } from '../../support/fake-upstream';
import { FIXTURE_CONTENT_DIR } from '../../support/fixtures';
import { getRaw, type RawResponse } from '../../support/raw-request';
import { createRecordingLogger, createTestApp, type TestApp } from '../../support/test-app';

let ctx: TestApp | undefined;
let upstream: FakeUpstream | undefined;
let dir: string | undefined;

afterEach(async () => {
  await ctx?.close();
  await upstream?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
  ctx = upstream = dir = undefined;
});

const hits = (lines: Record<string, unknown>[]) => lines.filter((line) => line.responseCache === 'hit').length;

/** The nonce of the page's script, and the one its CSP header allows. */
function readNonces(html: string, csp: unknown): { page: string | undefined; header: string | undefined } {
  return { page: /<script type="module" src="[^"]+" nonce="([^"]+)"><\/script><\/body><\/html>$/.exec(html)?.[1], header: /'nonce-([^']+)'/.exec(String(csp))?.[1] };
}

const withoutNonce = (text: string) => text.replace(/nonce(=")?[-\w]+/g, 'nonce');

/** Asks until the answer comes in `encoding` (an encoding added to a kept answer comes a little later), for 5 s at most. */
async function getRawInEncoding(app: TestApp['app'], url: string, acceptEncoding: string, encoding: string): Promise<RawResponse> {
  const until = Date.now() + 5_000;
  let response = await getRaw(app, url, { 'Accept-Encoding': acceptEncoding });
  while (response.headers['content-encoding'] !== encoding && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    response = await getRaw(app, url, { 'Accept-Encoding': acceptEncoding });
  }
  return response;
}

describe('page cache', () => {
  it('answers the second request from the cache, with the same bytes, headers and a fresh XSRF cookie', async () => {
    const recorder = createRecordingLogger();
    ctx = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR }, recorder.logger);
    const first = await request(ctx.app).get('/articles').expect(200);
    expect(hits(recorder.lines())).toBe(0);
    const second = await request(ctx.app).get('/articles').expect(200);
    expect(hits(recorder.lines())).toBe(1);
    expect(withoutNonce(second.text)).toBe(withoutNonce(first.text));
    for (const header of ['x-content-type-options', 'referrer-policy', 'permissions-policy', 'cache-control', 'content-type', 'etag']) {
      expect(second.headers[header], header).toBe(first.headers[header]);
    }
    expect(withoutNonce(second.headers['content-security-policy'] as string)).toBe(withoutNonce(first.headers['content-security-policy'] as string));
    // A new nonce on every response, the same in the page and in its policy.
    const [firstNonces, secondNonces] = [readNonces(first.text, first.headers['content-security-policy']), readNonces(second.text, second.headers['content-security-policy'])];
    expect(firstNonces.page).toMatch(/^[\w-]{22}$/);
    expect(firstNonces.header).toBe(firstNonces.page);
    expect(secondNonces.header).toBe(secondNonces.page);
    expect(secondNonces.page).not.toBe(firstNonces.page);
    expect(String(second.headers['set-cookie'])).toMatch(/^XSRF-TOKEN=/);
    expect(second.headers['x-powered-by']).toBeUndefined();
  });

  // Cached pages are compressed in the thread pool, pages sent once on the spot: both must decode whole.
  it.each([
    ['kept in the cache', {}],
    ['rendered for each request', { RESPONSE_CACHE_MAX_ENTRIES: '0' }],
  ])('sends brotli or gzip as the client accepts, a page %s', async (_case, env) => {
    ctx = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR, ...env });
    const plain = await request(ctx.app).get('/help/about').set('Accept-Encoding', 'identity').expect(200);
    // Cached in gzip by that first fill: brotli comes once a client has asked for it.
    const br = await getRawInEncoding(ctx.app, '/help/about', 'gzip, br', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    const gz = await getRaw(ctx.app, '/help/about', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const refused = await getRaw(ctx.app, '/help/about', { 'Accept-Encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    // Each one whole (zlib checks the gzip CRC and length), with the nonce its own policy allows.
    for (const [response, text] of [[br, brotliDecompressSync(br.body).toString()], [gz, gunzipSync(gz.body).toString()], [refused, refused.body.toString()]] as const) {
      expect(Number(response.headers['content-length'])).toBe(response.body.length);
      // Rendered twice when not cached: only the render time embedded for the client may differ.
      const sameRender = (html: string) => withoutNonce(html).replace(/"now":"[^"]+"/, '"now":""');
      expect(sameRender(text), String(response.headers['content-encoding'] ?? 'identity')).toBe(sameRender(plain.text));
      const nonces = readNonces(text, response.headers['content-security-policy']);
      expect(nonces.page).toBeDefined();
      expect(nonces.page).toBe(nonces.header);
    }
  });

  it.each([
    ['a page', '/help/about'],
    ['an API answer', '/www-be/items/v1.0/items?s=-date_m'],
  ])('keeps %s in the encoding of the client that filled it, and adds brotli once a client prefers it', async (_case, url) => {
    const recorder = createRecordingLogger();
    ctx = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR }, recorder.logger);
    const filled = await getRaw(ctx.app, url, { 'Accept-Encoding': 'gzip' });
    expect(filled.headers['content-encoding']).toBe('gzip');
    // The first client that prefers brotli gets the gzip copy there is, and has brotli made.
    const first = await getRaw(ctx.app, url, { 'Accept-Encoding': 'gzip, br' });
    expect(first.headers['content-encoding']).toBe('gzip');
    const later = await getRawInEncoding(ctx.app, url, 'gzip, br', 'br');
    expect(later.headers['content-encoding']).toBe('br');
    expect(withoutNonce(brotliDecompressSync(later.body).toString())).toBe(withoutNonce(gunzipSync(filled.body).toString()));
    expect(later.headers.etag).toBe(filled.headers.etag);
    // A client that takes no compression gets the same text, from the kept copy.
    const plain = await getRaw(ctx.app, url, { 'Accept-Encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(withoutNonce(plain.body.toString())).toBe(withoutNonce(gunzipSync(filled.body).toString()));
    // Rendered or read once: every answer after the fill is a hit.
    expect(hits(recorder.lines())).toBeGreaterThanOrEqual(3);
    expect(recorder.lines().filter((line) => typeof line.req === 'object' && line.responseCache !== 'hit' && line.res !== undefined)).toHaveLength(1);
  });

  it('answers 304 to a matching If-None-Match, from the cache', async () => {
    ctx = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR });
    const first = await request(ctx.app).get('/articles/http-caching').expect(200);
    const etag = first.headers.etag as string;
    // Weak: the bytes differ by their nonce from one response to the next, the page does not.
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const revalidated = await request(ctx.app).get('/articles/http-caching').set('If-None-Match', etag).expect(304);
    expect(revalidated.text).toBe('');
    // The browser keeps its copy and that copy's policy: a new nonce here would block its script.
    expect(revalidated.headers['content-security-policy']).toBeUndefined();
    expect(revalidated.headers.etag).toBe(etag);
  });

  it('keeps one entry per page and search text; other query strings neither miss nor fill it; no 404 kept', async () => {
    const recorder = createRecordingLogger();
    ctx = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR }, recorder.logger);
    await request(ctx.app).get('/articles?f=java').expect(200);
    await request(ctx.app).get('/articles?f=%20java%20&utm_source=x').expect(200);
    await request(ctx.app).get('/articles?f=http').expect(200);
    await request(ctx.app).get('/help/about?bust=1').expect(200);
    await request(ctx.app).get('/help/about?bust=2').expect(200);
    await request(ctx.app).get('/articles/missing').expect(404);
    await request(ctx.app).get('/articles/missing').expect(404);
    expect((ctx.app.locals.responseCache as { size: number }).size).toBe(3);
    expect(hits(recorder.lines())).toBe(2);
  });

  it('keeps the items API answers too, and serves them from memory', async () => {
    const recorder = createRecordingLogger();
    ctx = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR }, recorder.logger);
    const first = await request(ctx.app).get('/www-be/items/v1.0/items/http-caching').expect(200);
    const second = await request(ctx.app).get('/www-be/items/v1.0/items/http-caching').expect(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.headers['cache-control']).toBe(first.headers['cache-control']);
    expect(hits(recorder.lines())).toBe(1);
  });

  it('can be turned off with RESPONSE_CACHE_MAX_ENTRIES=0', async () => {
    const recorder = createRecordingLogger();
    ctx = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR, RESPONSE_CACHE_MAX_ENTRIES: '0' }, recorder.logger);
    await request(ctx.app).get('/articles').expect(200);
    await request(ctx.app).get('/articles').expect(200);
    expect(hits(recorder.lines())).toBe(0);
  });

  it('empties when the content changes', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'page-cache-'));
    await cp(path.join(FIXTURE_CONTENT_DIR, 'articles'), path.join(dir, 'articles'), { recursive: true });
    ctx = await createTestApp({ CONTENT_DIR: dir }, undefined, true);
    const before = await request(ctx.app).get('/articles').expect(200);
    expect(before.text).not.toContain('Tout nouveau');
    await writeFile(path.join(dir, 'articles', 'nouveau.md'), '---\nid: nouveau\ntitle: Tout nouveau\ndate: 2026-05-01\nlanguage: fr\nsummary: S.\n---\nCorps.\n');
    const until = Date.now() + 5_000;
    let text = before.text;
    while (Date.now() < until && !text.includes('Tout nouveau')) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      text = (await request(ctx.app).get('/articles')).text;
    }
    expect(text).toContain('Tout nouveau');
  });

  it('never keeps a page longer than the items it shows', async () => {
    let title = 'Premier titre';
    upstream = await startFakeUpstream((_req, res, url) => {
      if (url.pathname === `${UPSTREAM_BASE_PATH}/items/42`) sendJson(res, 200, { id: 42, tit: title, date_m: '2024-01-01', sum: '', ctn: '', lg: 'fr' });
      else sendJson(res, 404, {});
    });
    ctx = await createTestApp({ ITEMS_SERVICE_URL: upstream.baseUrl, CACHE_TTL_SECONDS: '1' });
    expect((await request(ctx.app).get('/articles/42')).text).toContain('Premier titre');
    title = 'Second titre';
    expect((await request(ctx.app).get('/articles/42')).text).toContain('Premier titre');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    // The items cache serves stale while it revalidates (decision 021): the new title follows within a TTL.
    await vi.waitFor(async () => expect((await request(ctx!.app).get('/articles/42')).text).toContain('Second titre'), { timeout: 3_000, interval: 100 });
  });
});
