// Security headers (server/security.ts) on pages, the API and assets.
import { CspEvaluator } from 'csp_evaluator/dist/evaluator.js';
import { Severity } from 'csp_evaluator/dist/finding.js';
import { CspParser } from 'csp_evaluator/dist/parser.js';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_CONTENT_DIR } from '../support/fixtures';
import { createTestApp, rootDir, type TestApp } from '../support/test-app';
import { readdirSync } from 'node:fs';
import path from 'node:path';

let ctx: TestApp;
let proxied: TestApp;

beforeAll(async () => {
  [ctx, proxied] = await Promise.all([
    createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR }),
    createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR, TRUST_PROXY: 'loopback' }),
  ]);
});
afterAll(async () => {
  await Promise.all([ctx.close(), proxied.close()]);
});

function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values]),
  );
}

describe('security headers', () => {
  it('sends a strict Content-Security-Policy on pages', async () => {
    const response = await request(ctx.app).get('/articles').expect(200);
    const csp = directives(response.headers['content-security-policy'] as string);
    expect(csp['default-src']).toEqual(["'self'"]);
    // Inline scripts by their hashes, no nonce: the page is the same for every visitor. Scripts they
    // load are trusted too ('strict-dynamic'); 'self' is only for browsers older than CSP 3.
    const scriptSrc = csp['script-src'] ?? [];
    expect(scriptSrc.slice(0, -2)).toSatisfy((hashes: string[]) => hashes.length === 3 && hashes.every((source) => /^'sha256-[A-Za-z0-9+/=]+'$/.test(source)));
    expect(scriptSrc.slice(-2)).toEqual(["'strict-dynamic'", "'self'"]);
    const again = (await request(ctx.app).get('/articles?f=x').expect(200)).headers['content-security-policy'];
    expect(again).toBe(response.headers['content-security-policy']);
    expect(response.headers['content-security-policy']).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['form-action']).toEqual(["'self'", 'https://www.google.com']);
  });

  it("is rated strict by Google's csp_evaluator: no high, medium or possibly high finding, on every kind of answer", async () => {
    for (const url of ['/articles', '/en/help/about', '/articles/http-caching', '/www-be/items/v1.0/items', '/rss.xml']) {
      const csp = (await request(ctx.app).get(url).expect(200)).headers['content-security-policy'] as string;
      const findings = new CspEvaluator(new CspParser(csp).csp).evaluate();
      const serious = findings.filter((finding) => [Severity.HIGH, Severity.SYNTAX, Severity.MEDIUM, Severity.HIGH_MAYBE].includes(finding.severity));
      expect(
        serious.map((finding) => `${finding.directive}: ${finding.description}`),
        url,
      ).toEqual([]);
    }
  });

  it('sends nosniff, a referrer policy, a permissions policy and no X-Powered-By', async () => {
    for (const url of ['/articles', '/www-be/items/v1.0/items', '/healthz']) {
      const response = await request(ctx.app).get(url).expect(200);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['permissions-policy']).toMatch(/camera=\(\), microphone=\(\), geolocation=\(\)/);
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('sends HSTS on every answer of a site whose public URL is HTTPS, and only there', async () => {
    // Twice: the second answer comes from the response cache, with the same headers.
    for (let round = 0; round < 2; round += 1) {
      const page = await request(ctx.app).get('/help/about').expect(200);
      expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    }
    const local = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR, SITE_URL: 'http://localhost:3000/' });
    try {
      const plain = await request(local.app).get('/help/about').set('X-Forwarded-Proto', 'https').expect(200);
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await local.close();
    }
  });

  it('marks the XSRF cookie Secure over HTTPS from a trusted proxy only', async () => {
    const secure = await request(proxied.app).get('/www-be/items/v1.0/items').set('X-Forwarded-Proto', 'https').expect(200);
    expect(String(secure.headers['set-cookie'])).toMatch(/; Secure/);
    const plain = await request(proxied.app).get('/www-be/items/v1.0/items').expect(200);
    expect(String(plain.headers['set-cookie'])).not.toMatch(/Secure/);
    const untrusted = await request(ctx.app).get('/www-be/items/v1.0/items').set('X-Forwarded-Proto', 'https').expect(200);
    expect(String(untrusted.headers['set-cookie'])).not.toMatch(/Secure/);
  });
});

// Issue 25, finding 7: each of these left the application without its policy headers.
describe('policy headers on every answer', () => {
  it('sends the same CSP and nosniff on files, assets, errors, moves and refusals as on pages', async () => {
    const limited = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR, RATE_LIMIT_PER_MINUTE: '1' });
    try {
      const pagePolicy = (await request(limited.app).get('/articles').expect(200)).headers['content-security-policy'];
      expect(pagePolicy).toMatch(/default-src 'self'/);
      const hashed = readdirSync(path.join(rootDir, 'dist/public/assets')).find((name) => name.endsWith('.js'));
      const targets: [string, number][] = [
        ['/%C3', 400],
        ['/articles/%E2%82', 400],
        ['/www-be/%C3', 400],
        ['/favicon.svg', 200],
        ['/images/photo-96.png', 200],
        ['/assets/i18n/fr.json', 200],
        [`/assets/${hashed}`, 200],
        ['/assets/nope.js', 404],
        ['/assets/i18n/nope.json', 404],
        ['/ARTICLES', 301],
        // The 400 above took the one request a minute of /www-be/.
        ['/www-be/items/v1.0/items', 429],
      ];
      for (const [url, status] of targets) {
        const response = await request(limited.app).get(url).expect(status);
        expect(response.headers['content-security-policy'], url).toBe(pagePolicy);
        expect(response.headers['x-content-type-options'], url).toBe('nosniff');
        expect(response.headers['strict-transport-security'], url).toMatch(/max-age=31536000/);
      }
    } finally {
      await limited.close();
    }
  });
});

describe('cross-origin embedding', () => {
  it('lets other origins embed the images and share cards, and nothing else', async () => {
    for (const url of ['/images/photo-96.png', '/images/photo-384.192w.avif', '/share/cv.png']) {
      const response = await request(ctx.app).get(url);
      expect(response.status, url).toBe(200);
      expect(response.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
    }
    for (const url of ['/articles', '/favicon.svg', '/assets/i18n/fr.json', '/www-be/items/v1.0/items', '/rss.xml']) {
      expect((await request(ctx.app).get(url)).headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
  });
});

describe('rate limits', () => {
  it('answers 429 past RATE_LIMIT_PER_MINUTE under /www-be/, with RateLimit headers, and counts pages apart', async () => {
    const limited = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR, RATE_LIMIT_PER_MINUTE: '3' });
    try {
      for (let at = 0; at < 3; at += 1) await request(limited.app).get('/www-be/items/v1.0/items').expect(200);
      const refused = await request(limited.app).get('/www-be/items/v1.0/items').expect(429);
      expect(refused.body).toMatchObject({ error: 'too_many_requests' });
      expect(refused.headers['cache-control']).toBe('no-store');
      expect(refused.headers.ratelimit).toMatch(/^"3-in-1min"; r=0; t=\d+$/);
      expect(refused.headers['ratelimit-policy']).toBe('"3-in-1min"; q=3; w=60');
      await request(limited.app).get('/articles').expect(200);
    } finally {
      await limited.close();
    }
  });

  // Issue 25, finding 2: draft 8's `pk` is a hash of the client's address, and the counters are its own.
  it("never puts a client's rate-limit headers on an answer a shared cache may keep and give others", async () => {
    const limited = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR, RATE_LIMIT_PER_MINUTE: '50' });
    try {
      for (const url of [
        '/articles',
        '/articles?f=java',
        '/help/about',
        '/www-be/items/v1.0/items',
        '/www-be/items/v1.0/search?f=java',
        '/rss.xml',
        '/llms.txt',
      ]) {
        const response = await request(limited.app).get(url).expect(200);
        expect(response.headers['cache-control'], url).toMatch(/public/);
        expect(
          Object.keys(response.headers).filter((name) => name.startsWith('ratelimit')),
          url,
        ).toEqual([]);
      }
    } finally {
      await limited.close();
    }
  });

  it('bounds the renders a client can cause with distinct searches, but never the pages already kept', async () => {
    const limited = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR, RATE_LIMIT_PER_MINUTE: '5' });
    try {
      const statuses: number[] = [];
      for (let at = 0; at < 8; at += 1) statuses.push((await request(limited.app).get(`/articles?f=mot${at}`)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
      const refused = await request(limited.app).get('/articles?f=autre').set('Accept', 'text/html').expect(429);
      expect(refused.headers['retry-after']).toBe('60');
      expect(refused.headers['cache-control']).toBe('no-store');
      expect(refused.text).toContain('Trop de requêtes');
      // Kept pages come from the hot path: the limit does not apply to them.
      for (let at = 0; at < 10; at += 1) await request(limited.app).get('/articles?f=mot0').expect(200);
      // Another case costs nothing but a move to the one path, which the limit counts.
      expect((await request(limited.app).get('/WWW-BE/items/v1.0/items').expect(301)).headers.location).toBe('/www-be/items/v1.0/items');
      const api: number[] = [];
      for (let at = 0; at < 6; at += 1) api.push((await request(limited.app).get('/www-be/items/v1.0/items')).status);
      expect(api).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('images of the items service', () => {
  it('lets pages show images on the items service origin, even over plain HTTP', async () => {
    const upstream = await createTestApp({ ITEMS_SERVICE_URL: 'http://127.0.0.1:9/www-be/items/v1.0' });
    try {
      const response = await request(upstream.app).get('/help/about').expect(200);
      expect(directives(response.headers['content-security-policy'] as string)['img-src']).toEqual(["'self'", 'data:', 'https:', 'http://127.0.0.1:9']);
    } finally {
      await upstream.close();
    }
  });
});
