// docs/deploy.md's nginx example, run as written by Debian's nginx in front of the built server
// (tests/support/documented-nginx.ts): TLS, and pages served from nginx's own cache.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NGINX_HOST, startDocumentedNginx, type DocumentedNginx } from '../support/documented-nginx';
import { FIXTURE_CONTENT_DIR } from '../support/fixtures';
import { findFreePort } from '../support/free-port';
import { startServer, type ServerProcess } from '../support/server-process';
import { rootDir } from '../support/test-app';

const HOST = NGINX_HOST;
/** Long enough for the repeated requests of one test, short enough to wait out in another. */
const TTL_SECONDS = 4;
let server: ServerProcess;
let nginx: DocumentedNginx;
let httpPort: number;
let httpsPort: number;

const get = (scheme: 'http' | 'https', _port: number, urlPath: string, headers: Record<string, string> = {}) => nginx.get(scheme, urlPath, headers);

beforeAll(async () => {
  server = await startServer({
    CONTENT_DIR: FIXTURE_CONTENT_DIR,
    SITE_URL: `https://${HOST}/`,
    TRUST_PROXY: 'loopback',
    CACHE_TTL_SECONDS: String(TTL_SECONDS),
  });
  nginx = await startDocumentedNginx(rootDir, Number(new URL(server.url).port));
  ({ httpPort, httpsPort } = nginx);
}, 60_000);

afterAll(async () => {
  await nginx?.stop();
  await server?.stop();
});

/** Log lines of the Node server for a path (misses and its own cache's hits alike): what reached it. */
const originRequests = (urlPath: string) => server.logs.filter((line) => (line.req as { path?: string } | undefined)?.path === urlPath.split('?')[0]).length;

/** The origin count once the server's log lines are in (they arrive through a pipe), 3 s at most. */
async function settledOriginRequests(urlPath: string, expected: number): Promise<number> {
  const until = Date.now() + 3_000;
  while (originRequests(urlPath) < expected && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 25));
  // A little longer, so that a request too many would show.
  await new Promise((resolve) => setTimeout(resolve, 100));
  return originRequests(urlPath);
}

describe('nginx in front (docs/deploy.md)', () => {
  it('redirects plain HTTP to HTTPS', async () => {
    const answer = await get('http', httpPort, '/articles');
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe(`https://${HOST}/articles`);
  });

  it('serves repeated page requests from its own cache: the Node server sees each page once per TTL', async () => {
    const pages = ['/architecte-logiciel-freelance-java-spring-angular', '/articles', '/articles/equipe-revues', '/help/about'];
    let served = 0;
    let fromCache = 0;
    for (const page of pages) {
      for (let round = 0; round < 20; round += 1) {
        const answer = await get('https', httpsPort, page, { 'accept-encoding': 'gzip, deflate, br' });
        expect(answer.status, page).toBe(200);
        expect(answer.headers['set-cookie'], page).toBeUndefined();
        expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
        served += 1;
        if (answer.headers['x-cache-status'] === 'HIT') fromCache += 1;
      }
      expect(await settledOriginRequests(page, 1), page).toBe(1);
    }
    console.log(`nginx proxy_cache: ${fromCache} of ${served} page requests served from its cache`);
    expect(fromCache / served).toBeGreaterThanOrEqual(0.9);
  });

  it('keeps each language and each encoding apart', async () => {
    const cases = [
      { path: '/articles/http-caching', encoding: 'br', lang: 'fr' },
      { path: '/en/articles/http-caching', encoding: 'br', lang: 'en' },
      { path: '/articles/http-caching', encoding: 'gzip', lang: 'fr' },
      { path: '/en/articles/http-caching', encoding: 'gzip', lang: 'en' },
      { path: '/en/articles/http-caching', encoding: 'identity', lang: 'en' },
    ];
    for (let round = 0; round < 3; round += 1) {
      for (const { path: page, encoding, lang } of cases) {
        const answer = await get('https', httpsPort, page, { 'accept-encoding': encoding });
        const label = `${page} ${encoding} round ${round}`;
        expect(answer.headers['content-encoding'] ?? 'identity', label).toBe(encoding);
        const html = encoding === 'br' ? brotliDecompressSync(answer.body) : encoding === 'gzip' ? gunzipSync(answer.body) : answer.body;
        expect(/<html lang="(\w+)"/.exec(html.toString())?.[1], label).toBe(lang);
        if (round > 0) expect(answer.headers['x-cache-status'], label).toBe('HIT');
      }
    }
  });

  it('goes back to the Node server once the TTL has passed, revalidating with the ETag', async () => {
    const page = '/articles/spring-batch-oeuvre';
    await get('https', httpsPort, page, { 'accept-encoding': 'br' });
    expect(await settledOriginRequests(page, 1)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, (TTL_SECONDS + 1) * 1000));
    // Past the TTL: the kept copy is served stale at once while nginx refreshes it in the background.
    const stale = await get('https', httpsPort, page, { 'accept-encoding': 'br' });
    expect(['STALE', 'UPDATING', 'REVALIDATED', 'EXPIRED']).toContain(stale.headers['x-cache-status']);
    expect(await settledOriginRequests(page, 2)).toBe(2);
    const fresh = await get('https', httpsPort, page, { 'accept-encoding': 'br' });
    expect(fresh.headers['x-cache-status']).toBe('HIT');
    expect(await settledOriginRequests(page, 2)).toBe(2);
  });

  it('sets the XSRF cookie Secure on items API answers, and keeps none of those answers', async () => {
    const answer = await get('https', httpsPort, '/www-be/items/v1.0/items?s=-date_m');
    expect(String(answer.headers['set-cookie'])).toMatch(/XSRF-TOKEN=.*; Secure/);
    const again = await get('https', httpsPort, '/www-be/items/v1.0/items?s=-date_m');
    expect(String(again.headers['set-cookie'])).toMatch(/XSRF-TOKEN=/);
    expect(again.headers['x-cache-status']).not.toBe('HIT');
  });

  it('keeps hashed assets in its cache, as their Cache-Control allows', async () => {
    const manifest = JSON.parse(await readFile(path.join(rootDir, 'dist/public/manifest.json'), 'utf8')) as { js: string };
    const first = await get('https', httpsPort, manifest.js, { 'accept-encoding': 'br' });
    const second = await get('https', httpsPort, manifest.js, { 'accept-encoding': 'br' });
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toContain('immutable');
    expect(second.headers['x-cache-status']).toBe('HIT');
    expect(second.headers['content-encoding']).toBe('br');
  });

  it('passes the redirects of the site through', async () => {
    const answer = await get('https', httpsPort, '/');
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe('/architecte-logiciel-freelance-java-spring-angular');
  });
});

// Issue 25, finding 7: nginx's own answers carry a policy too, and name no version.
describe('answers nginx writes itself (docs/deploy.md)', () => {
  const strict = "default-src 'none'; frame-ancestors 'none'";

  it('sends no version, and its redirect and refusals with CSP and nosniff', async () => {
    const redirect = await get('http', httpPort, '/articles');
    const tooLarge = await get('https', httpsPort, '/articles', { 'X-Big': 'y'.repeat(10_000) });
    expect(tooLarge.status).toBe(400);
    for (const answer of [redirect, tooLarge]) {
      expect(answer.headers.server).toBe('nginx');
      expect(answer.headers['content-security-policy']).toBe(strict);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(tooLarge.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(tooLarge.body.toString()).not.toMatch(/nginx\//);
  });

  it("leaves the site's own policy alone, on a miss and on a hit alike: one CSP, the site's", async () => {
    const direct = await fetch(`${server.url}/help/about?v=policy`);
    const sitePolicy = direct.headers.get('content-security-policy');
    expect(sitePolicy).toMatch(/'strict-dynamic'/);
    for (const expected of ['MISS', 'HIT']) {
      const answer = await get('https', httpsPort, '/help/about?v=policy');
      expect(answer.headers['x-cache-status']).toBe(expected);
      expect(answer.headers['content-security-policy']).toBe(sitePolicy);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('sends its 502 while the Node server is down with CSP, nosniff and HSTS', async () => {
    const down = await startDocumentedNginx(rootDir, await findFreePort());
    try {
      const answer = await down.get('https', '/articles');
      expect(answer.status).toBe(502);
      expect(answer.headers.server).toBe('nginx');
      expect(answer.headers['content-security-policy']).toBe(strict);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    } finally {
      await down.stop();
    }
  });
});
