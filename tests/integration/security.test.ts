// Security headers (server/security.ts) on pages, the API and assets.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_CONTENT_DIR } from '../support/fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

let ctx: TestApp;
let proxied: TestApp;

beforeAll(async () => {
  [ctx, proxied] = await Promise.all([createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR }), createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR, TRUST_PROXY: 'loopback' })]);
});
afterAll(async () => {
  await Promise.all([ctx.close(), proxied.close()]);
});

function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(csp.split(';').map((part) => part.trim().split(/\s+/)).map(([name = '', ...values]) => [name, values]));
}

describe('security headers', () => {
  it('sends a strict Content-Security-Policy on pages', async () => {
    const response = await request(ctx.app).get('/articles').expect(200);
    const csp = directives(response.headers['content-security-policy'] as string);
    expect(csp['default-src']).toEqual(["'self'"]);
    // A nonce of 128 random bits, new on every response; scripts it runs may load others ('strict-dynamic').
    const [nonce, ...others] = csp['script-src'] ?? [];
    expect(nonce).toMatch(/^'nonce-[\w-]{22}'$/);
    expect(others).toEqual(["'strict-dynamic'", expect.stringMatching(/^'sha256-[A-Za-z0-9+/=]+'$/), "'self'"]);
    const again = directives((await request(ctx.app).get('/articles').expect(200)).headers['content-security-policy'] as string);
    expect(again['script-src']?.[0]).not.toBe(nonce);
    expect(response.headers['content-security-policy']).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['form-action']).toEqual(["'self'", 'https://www.google.com']);
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

  it('sends HSTS only over HTTPS, as told by a trusted proxy', async () => {
    // Twice each way: the second answers come from the response cache, which must not replay the first's HSTS.
    for (let round = 0; round < 2; round += 1) {
      const plain = await request(proxied.app).get('/help/about').expect(200);
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      const secure = await request(proxied.app).get('/help/about').set('X-Forwarded-Proto', 'https').expect(200);
      expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(String(secure.headers['set-cookie'])).toMatch(/; Secure/);
    }
  });

  it('ignores X-Forwarded-Proto when no proxy is trusted', async () => {
    const response = await request(ctx.app).get('/help/about?untrusted').set('X-Forwarded-Proto', 'https').expect(200);
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(String(response.headers['set-cookie'])).not.toMatch(/Secure/);
  });
});

describe('rate limit of /www-be/', () => {
  it('answers 429 past RATE_LIMIT_PER_MINUTE, with RateLimit headers, and leaves pages alone', async () => {
    const limited = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR, RATE_LIMIT_PER_MINUTE: '3' });
    try {
      for (let at = 0; at < 3; at += 1) {
        const response = await request(limited.app).get('/www-be/items/v1.0/items').expect(200);
        expect(response.headers.ratelimit).toBe(`"3-in-1min"; r=${2 - at}; t=60`);
        expect(response.headers['ratelimit-policy']).toMatch(/^"3-in-1min"; q=3; w=60/);
      }
      const refused = await request(limited.app).get('/www-be/items/v1.0/items').expect(429);
      expect(refused.body).toMatchObject({ error: 'too_many_requests' });
      await request(limited.app).get('/articles').expect(200);
    } finally {
      await limited.close();
    }
  });
});
