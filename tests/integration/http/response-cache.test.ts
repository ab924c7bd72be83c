// The page cache: second requests answered from memory, precompressed, revalidated with the ETag,
// the same bytes for every visitor, emptied when content changes, never kept longer than the TTL.
import { pbkdf2 } from 'node:crypto';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UPSTREAM_BASE_PATH, sendJson, startFakeUpstream, type FakeUpstream } from '../../support/fake-upstream';
import { FIXTURE_CONTENT_DIR } from '../../support/fixtures';
import { getRaw } from '../../support/raw-request';
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

describe('page cache', () => {
  it('answers the second request from the cache with the same bytes and headers, and no cookie', async () => {
    const recorder = createRecordingLogger();
    ctx = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR }, recorder.logger);
    const first = await getRaw(ctx.app, '/articles', { 'Accept-Encoding': 'br' });
    expect(hits(recorder.lines())).toBe(0);
    const second = await getRaw(ctx.app, '/articles', { 'Accept-Encoding': 'br' });
    expect(hits(recorder.lines())).toBe(1);
    // The same bytes for every visitor: a shared cache may keep them whole.
    expect(second.body.equals(first.body)).toBe(true);
    for (const header of [
      'content-security-policy',
      'x-content-type-options',
      'referrer-policy',
      'permissions-policy',
      'cache-control',
      'content-type',
      'etag',
      'vary',
    ]) {
      expect(second.headers[header], header).toBe(first.headers[header]);
    }
    expect(first.headers['set-cookie']).toBeUndefined();
    expect(second.headers['set-cookie']).toBeUndefined();
    expect(second.headers.vary).toBe('Accept-Encoding');
    // Named as on the miss too (Vary, not vary): header names are case-insensitive, operators' eyes are not.
    const named = (names: string[]) => names.filter((name) => !name.startsWith('RateLimit')).sort();
    expect(named(second.names)).toEqual(named(first.names));
    expect(second.headers['x-powered-by']).toBeUndefined();
  });

  it('lets shared caches keep pages for the TTL while browsers revalidate', async () => {
    ctx = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR, CACHE_TTL_SECONDS: '90' });
    for (const url of ['/articles', '/articles/http-caching', '/help/about', '/en/articles']) {
      const response = await request(ctx.app).get(url).expect(200);
      expect(response.headers['cache-control'], url).toBe('public, max-age=0, s-maxage=90, stale-while-revalidate=90, stale-if-error=86400');
    }
    const missing = await request(ctx.app).get('/articles/missing').expect(404);
    expect(missing.headers['cache-control']).toMatch(/s-maxage=90/);
  });

  // Kept pages are compressed once in the thread pool, pages sent once on the spot: both must decode whole.
  it.each([
    ['kept in the cache', {}],
    ['rendered for each request', { RESPONSE_CACHE_MAX_MB: '0' }],
  ])('sends brotli or gzip as the client accepts, a page %s', async (_case, env) => {
    ctx = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR, ...env });
    const plain = await getRaw(ctx.app, '/help/about', { 'Accept-Encoding': 'identity' });
    const br = await getRaw(ctx.app, '/help/about', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    const gz = await getRaw(ctx.app, '/help/about', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const refused = await getRaw(ctx.app, '/help/about', { 'Accept-Encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-encoding']).toBeUndefined();
    // Rendered twice when not kept: only the render time could differ, and no page shows it to the second.
    for (const [response, text] of [
      [br, brotliDecompressSync(br.body).toString()],
      [gz, gunzipSync(gz.body).toString()],
      [refused, refused.body.toString()],
    ] as const) {
      expect(Number(response.headers['content-length'])).toBe(response.body.length);
      expect(text, String(response.headers['content-encoding'] ?? 'identity')).toBe(plain.body.toString());
    }
    // One strong validator per encoding of the same content.
    expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(3);
    for (const etag of [br.headers.etag, gz.headers.etag, plain.headers.etag]) expect(etag).toMatch(/^"[\w-]+"$/);
  });

  // Decision 051: a page asked once costs one fast compression; asked again, it gets the other encoding
  // at the best level, and the bytes already sent stay the bytes of their ETag.
  it('keeps a first answer in the encoding it was sent, and adds the other when the page is asked again', async () => {
    const recorder = createRecordingLogger();
    ctx = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR }, recorder.logger);
    const cache = ctx.app.locals.responseCache as { bytes: number };
    const firstGzip = await getRaw(ctx.app, '/articles?f=cache', { 'Accept-Encoding': 'gzip' });
    expect(firstGzip.headers['content-encoding']).toBe('gzip');
    const bytesOnce = cache.bytes;
    // Kept as sent: one encoding only.
    expect(bytesOnce).toBeLessThan(firstGzip.body.length * 1.5);
    const br = await getRaw(ctx.app, '/articles?f=cache', { 'Accept-Encoding': 'br' });
    const againGzip = await getRaw(ctx.app, '/articles?f=cache', { 'Accept-Encoding': 'gzip' });
    const plain = await getRaw(ctx.app, '/articles?f=cache', {});
    expect(hits(recorder.lines())).toBe(3);
    expect(br.headers['content-encoding']).toBe('br');
    expect(cache.bytes).toBeGreaterThan(bytesOnce + br.body.length / 2);
    const page = gunzipSync(firstGzip.body).toString();
    expect(page).toContain('cache');
    expect(brotliDecompressSync(br.body).toString()).toBe(page);
    expect(plain.body.toString()).toBe(page);
    // One strong ETag, one set of bytes.
    expect(againGzip.body.equals(firstGzip.body)).toBe(true);
    expect(againGzip.headers.etag).toBe(firstGzip.headers.etag);
    expect(br.headers.etag).toBe(String(firstGzip.headers.etag).replace('-gzip', '-br'));
    for (const response of [br, againGzip, plain]) expect(Number(response.headers['content-length'])).toBe(response.body.length);
  });

  it('makes a first answer whole once for requests that come together', async () => {
    const recorder = createRecordingLogger();
    ctx = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR }, recorder.logger);
    const first = await getRaw(ctx.app, '/articles?f=java', { 'Accept-Encoding': 'br' });
    const together = await Promise.all(['br', 'gzip', 'br', 'gzip'].map((encoding) => getRaw(ctx!.app, '/articles?f=java', { 'Accept-Encoding': encoding })));
    const page = brotliDecompressSync(first.body).toString();
    for (const response of together) {
      const text = response.headers['content-encoding'] === 'br' ? brotliDecompressSync(response.body).toString() : gunzipSync(response.body).toString();
      expect(text).toBe(page);
    }
    expect(together[0]!.body.equals(first.body)).toBe(true);
    expect(together[1]!.body.equals(together[3]!.body)).toBe(true);
    expect(hits(recorder.lines())).toBe(4);
  });

  // Decision 060: under load, each step of making it whole waits a turn of the event loop and a free
  // thread; a repeat that takes the encoding already sent need not wait for any of it.
  it('answers a page asked again in the encoding it was sent from those bytes, without waiting for the other encoding', async () => {
    const recorder = createRecordingLogger();
    ctx = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR }, recorder.logger);
    const first = await getRaw(ctx.app, '/articles?f=kafka', { 'Accept-Encoding': 'br' });
    // libuv's threads (zlib's, too) kept busy: a job queued now runs after most of these.
    const jobs = 4 * Number(process.env.UV_THREADPOOL_SIZE ?? 4);
    let done = 0;
    const busy = Array.from({ length: jobs }, () => promisify(pbkdf2)('x', 'salt', 150_000, 64, 'sha512').then(() => (done += 1)));
    const again = await getRaw(ctx.app, '/articles?f=kafka', { 'Accept-Encoding': 'br' });
    const doneWhenAnswered = done;
    await Promise.all(busy);
    expect(doneWhenAnswered).toBeLessThan(jobs / 2);
    expect(again.body.equals(first.body)).toBe(true);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(Number(again.headers['content-length'])).toBe(first.body.length);
    expect(again.headers.vary).toBe(first.headers.vary);
    expect(hits(recorder.lines())).toBe(1);
    // Revalidated from the same entry, and made whole meanwhile for the other encoding.
    const revalidated = await getRaw(ctx.app, '/articles?f=kafka', { 'Accept-Encoding': 'br', 'If-None-Match': String(first.headers.etag) });
    expect(revalidated.status).toBe(304);
    const gzip = await getRaw(ctx.app, '/articles?f=kafka', { 'Accept-Encoding': 'gzip' });
    expect(gunzipSync(gzip.body).toString()).toBe(brotliDecompressSync(first.body).toString());
  });

  it('answers 304 to a matching If-None-Match, from the cache', async () => {
    const recorder = createRecordingLogger();
    ctx = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR }, recorder.logger);
    const first = await request(ctx.app).get('/articles/http-caching').expect(200);
    const etag = first.headers.etag as string;
    // Strong: the bytes are the same for every visitor.
    expect(etag).toMatch(/^"[\w-]+"$/);
    const revalidated = await request(ctx.app).get('/articles/http-caching').set('If-None-Match', etag).expect(304);
    expect(revalidated.text).toBe('');
    expect(revalidated.headers.etag).toBe(etag);
    expect(revalidated.headers['cache-control']).toBe(first.headers['cache-control']);
    expect(hits(recorder.lines())).toBe(1);
    await request(ctx.app).get('/articles/http-caching').set('If-None-Match', '"something-else"').expect(200);
  });

  it('keeps one entry per page, language and search text; other query strings neither miss nor fill it', async () => {
    const recorder = createRecordingLogger();
    ctx = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR }, recorder.logger);
    await request(ctx.app).get('/articles?f=java').expect(200);
    await request(ctx.app).get('/articles?f=%20java%20&utm_source=x').expect(200);
    await request(ctx.app).get('/articles?f=http').expect(200);
    await request(ctx.app).get('/en/articles?f=http').expect(200);
    await request(ctx.app).get('/help/about?bust=1').expect(200);
    await request(ctx.app).get('/help/about?bust=2').expect(200);
    await request(ctx.app).get('/articles/missing').expect(404);
    await request(ctx.app).get('/articles/missing').expect(404);
    // A missing article is kept too: a flood of them costs one render per TTL.
    expect((ctx.app.locals.responseCache as { size: number }).size).toBe(5);
    expect(hits(recorder.lines())).toBe(3);
  });

  it('keeps the items API answers too, and serves them from memory, with the XSRF cookie for new visitors', async () => {
    const recorder = createRecordingLogger();
    ctx = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR, RATE_LIMIT_PER_MINUTE: '0' }, recorder.logger);
    const first = await request(ctx.app).get('/www-be/items/v1.0/items/http-caching').expect(200);
    const second = await request(ctx.app).get('/www-be/items/v1.0/items/http-caching').expect(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.headers['cache-control']).toBe(first.headers['cache-control']);
    expect(String(first.headers['set-cookie'])).toMatch(/^XSRF-TOKEN=/);
    expect(String(second.headers['set-cookie'])).toMatch(/^XSRF-TOKEN=/);
    const token = /XSRF-TOKEN=([\w-]+)/.exec(String(first.headers['set-cookie']))![1];
    const returning = await request(ctx.app).get('/www-be/items/v1.0/items/http-caching').set('Cookie', `XSRF-TOKEN=${token}`).expect(200);
    expect(returning.headers['set-cookie']).toBeUndefined();
    expect(hits(recorder.lines())).toBe(2);
  });

  it('can be turned off with RESPONSE_CACHE_MAX_MB=0', async () => {
    const recorder = createRecordingLogger();
    ctx = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR, RESPONSE_CACHE_MAX_MB: '0' }, recorder.logger);
    await request(ctx.app).get('/articles').expect(200);
    await request(ctx.app).get('/articles').expect(200);
    expect(hits(recorder.lines())).toBe(0);
  });

  it('holds no more bytes than RESPONSE_CACHE_MAX_MB, dropping the least recently used', async () => {
    ctx = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR, RESPONSE_CACHE_MAX_MB: '1' });
    const cache = ctx.app.locals.responseCache as { size: number; bytes: number };
    // Distinct searches: each its own kept page, until the megabyte is full.
    for (let at = 0; at < 60; at += 1) await request(ctx.app).get(`/articles?f=mot${at}`).expect(200);
    expect(cache.bytes).toBeLessThanOrEqual(1024 * 1024);
    expect(cache.size).toBeGreaterThan(5);
    expect(cache.size).toBeLessThan(60);
  });

  // Decision 051: most searches are asked once; they must not push out the pages that are asked again.
  it('keeps pages asked once in an eighth of its bytes, without pushing out the pages asked again', async () => {
    const recorder = createRecordingLogger();
    ctx = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR, RESPONSE_CACHE_MAX_MB: '1' }, recorder.logger);
    const cache = ctx.app.locals.responseCache as { size: number; bytes: number };
    // Asked again in the other encoding: that request waits until the page is whole (decision 060).
    for (const url of ['/help/about', '/articles']) {
      await request(ctx.app).get(url).expect(200);
      await request(ctx.app).get(url).set('Accept-Encoding', 'br').expect(200);
    }
    const twice = cache.bytes;
    for (let at = 0; at < 60; at += 1) await request(ctx.app).get(`/articles?f=mot${at}`).expect(200);
    expect(cache.bytes - twice).toBeLessThanOrEqual((1024 * 1024) / 8);
    expect(cache.bytes - twice).toBeGreaterThan(0);
    const before = hits(recorder.lines());
    await request(ctx.app).get('/help/about').expect(200);
    await request(ctx.app).get('/articles').expect(200);
    // A search asked again while it is still kept is a hit too.
    await request(ctx.app).get('/articles?f=mot59').expect(200);
    expect(hits(recorder.lines()) - before).toBe(3);
  });

  // Decision 082: the pages asked once share one buffer, written over from its start once it is full.
  it('answers a page asked once with the bytes it sent, after the buffer of pages asked once has come round', async () => {
    const recorder = createRecordingLogger();
    ctx = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR, RESPONSE_CACHE_MAX_MB: '1' }, recorder.logger);
    const sent: Buffer[] = [];
    for (let at = 0; at < 80; at += 1) sent.push((await getRaw(ctx.app, `/articles?f=mot${at}`, { 'Accept-Encoding': 'br' })).body);
    // More than the eighth of a megabyte they share: the buffer has been written over at least once.
    expect(sent.reduce((sum, body) => sum + body.length, 0)).toBeGreaterThan((1024 * 1024) / 8);
    for (let at = 75; at < 80; at += 1) {
      const again = await getRaw(ctx.app, `/articles?f=mot${at}`, { 'Accept-Encoding': 'br' });
      expect(again.body.equals(sent[at]!), `mot${at}`).toBe(true);
      expect(brotliDecompressSync(again.body).toString()).toContain('mot' + at);
    }
    expect(hits(recorder.lines())).toBe(5);
    // Pushed out long ago: rendered again, the same page.
    const oldest = await getRaw(ctx.app, '/articles?f=mot0', { 'Accept-Encoding': 'br' });
    expect(hits(recorder.lines())).toBe(5);
    expect(brotliDecompressSync(oldest.body).equals(brotliDecompressSync(sent[0]!))).toBe(true);
  });

  // Decision 069: browsers all take brotli; adding gzip on every repeat cost more than the answers.
  it('keeps a page asked again in the encoding it was sent as sent, among the pages asked twice, and adds the other encoding only when asked', async () => {
    const recorder = createRecordingLogger();
    ctx = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR, RESPONSE_CACHE_MAX_MB: '1' }, recorder.logger);
    const cache = ctx.app.locals.responseCache as { bytes: number };
    const first = await getRaw(ctx.app, '/articles?f=java', { 'Accept-Encoding': 'br' });
    const bytesOnce = cache.bytes;
    const again = await getRaw(ctx.app, '/articles?f=java', { 'Accept-Encoding': 'br' });
    expect(hits(recorder.lines())).toBe(1);
    expect(again.body.equals(first.body)).toBe(true);
    // Nothing is compressed behind the answer: the cache holds the bytes sent, and no gzip copy.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(cache.bytes).toBe(bytesOnce);
    // A long tail of pages asked once does not push it out.
    for (let at = 0; at < 60; at += 1) await getRaw(ctx.app, `/articles?f=mot${at}`, { 'Accept-Encoding': 'br' });
    const third = await getRaw(ctx.app, '/articles?f=java', { 'Accept-Encoding': 'br' });
    expect(hits(recorder.lines())).toBe(2);
    expect(third.body.equals(first.body)).toBe(true);
    // A client that takes gzip only gets the same page, made whole once, under the same hash.
    const before = cache.bytes;
    const gzip = await getRaw(ctx.app, '/articles?f=java', { 'Accept-Encoding': 'gzip' });
    expect(hits(recorder.lines())).toBe(3);
    expect(gunzipSync(gzip.body).equals(brotliDecompressSync(first.body))).toBe(true);
    expect(gzip.headers.etag).toBe(String(first.headers.etag).replace('-br', '-gzip'));
    expect(cache.bytes).toBeGreaterThan(before);
    const fourth = await getRaw(ctx.app, '/articles?f=java', { 'Accept-Encoding': 'br' });
    expect(fourth.body.equals(first.body)).toBe(true);
  });

  it('empties when the content changes', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'page-cache-'));
    await cp(path.join(FIXTURE_CONTENT_DIR, 'articles'), path.join(dir, 'articles'), { recursive: true });
    ctx = await createTestApp({ CONTENT_DIR: dir }, undefined, true);
    const before = await request(ctx.app).get('/articles').expect(200);
    expect(before.text).not.toContain('Tout nouveau');
    await writeFile(
      path.join(dir, 'articles', 'nouveau.md'),
      '---\nid: nouveau\ntitle: Tout nouveau\ndate: 2026-05-01\nlanguage: fr\nsummary: S.\n---\nCorps.\n',
    );
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
