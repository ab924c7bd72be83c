// The browser-facing items API with the built-in content service.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FIXTURE_CONTENT_DIR, FIXTURE_IDS_NEWEST_FIRST } from '../../support/fixtures';
import { getRaw } from '../../support/raw-request';
import { createTestApp, type TestApp } from '../../support/test-app';

const API = '/www-be/items/v1.0';
let ctx: TestApp;

beforeAll(async () => {
  ctx = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR });
});
afterAll(() => ctx.close());

describe('GET /items', () => {
  it('answers the list shape, newest first', async () => {
    const response = await request(ctx.app).get(`${API}/items?s=-date_m`).expect(200).expect('content-type', /json/);
    const items = response.body as Record<string, unknown>[];
    expect(items.map((item) => item.id)).toEqual(FIXTURE_IDS_NEWEST_FIRST);
    // lg: the built-in content's extension, so the live search can badge an article in another language (decision 040).
    expect(Object.keys(items[0]!).sort()).toEqual(['date_m', 'id', 'img', 'lg', 'sum', 'tags', 'tit']);
    expect(items[0]).toMatchObject({ id: 'equipe-revues', date_m: '2025-02-10', tags: ['Méthodes', 'Équipe'], img: ['/images/photo-96.png'] });
  });

  it('filters with f, trimmed', async () => {
    const response = await request(ctx.app).get(`${API}/items`).query({ s: '-date_m', f: '  equipe  ' }).expect(200);
    expect((response.body as { id: string }[]).map((item) => item.id)).toEqual(['equipe-revues']);
  });

  // Each list entry is written as JSON once and reused (decision 051): the text stays JSON's own, and an edit shows.
  it('writes a list as JSON of its entries, the same for every search that holds them, and follows an edit', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'api-list-'));
    await cp(path.join(FIXTURE_CONTENT_DIR, 'articles'), path.join(dir, 'articles'), { recursive: true });
    const edited = await createTestApp({ CONTENT_DIR: dir, RESPONSE_CACHE_MAX_MB: '0', CACHE_TTL_SECONDS: '1' }, undefined, true);
    try {
      const all = await request(edited.app).get(`${API}/items`).expect(200);
      const filtered = await request(edited.app).get(`${API}/items`).query({ f: 'equipe' }).expect(200);
      expect(all.text).toBe(JSON.stringify(all.body));
      expect(filtered.text).toBe(JSON.stringify(filtered.body));
      const entry = (all.body as { id: string }[]).find((item) => item.id === 'equipe-revues');
      expect(filtered.body).toEqual([entry]);
      // The ETag names the bytes (decision 061: a hash of the entries' digests): the same list, the same tag.
      const again = await request(edited.app).get(`${API}/items`).query({ f: 'équipe' }).expect(200);
      expect(again.text).toBe(filtered.text);
      expect(again.headers.etag).toBe(filtered.headers.etag);
      expect(all.headers.etag).not.toBe(filtered.headers.etag);
      const file = path.join(dir, 'articles', 'equipe-revues.md');
      await writeFile(file, (await readFile(file, 'utf8')).replace(/^title: .*$/m, 'title: "Revues renommées"'));
      await vi.waitFor(
        async () => {
          const after = await request(edited.app).get(`${API}/items`).query({ f: 'equipe' }).expect(200);
          expect((after.body as { tit: string }[])[0]?.tit).toBe('Revues renommées');
          expect(after.headers.etag).not.toBe(filtered.headers.etag);
        },
        { timeout: 5_000, interval: 100 },
      );
    } finally {
      await edited.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('sends a list as the same JSON in brotli, gzip and none, under one hash, each time it is made (decision 069)', async () => {
    const uncached = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR, RESPONSE_CACHE_MAX_MB: '0' });
    try {
      for (const url of [`${API}/items`, `${API}/items?f=spring`, `${API}/items?f=kubernetes`]) {
        const identity = await getRaw(uncached.app, url, { 'Accept-Encoding': 'identity' });
        const list = JSON.parse(identity.body.toString()) as unknown[];
        expect(identity.body.toString()).toBe(JSON.stringify(list));
        const hash = String(identity.headers.etag).replace(/"/g, '');
        for (const [encoding, decode] of [
          ['br', brotliDecompressSync],
          ['gzip', gunzipSync],
        ] as const) {
          for (const answer of [
            await getRaw(uncached.app, url, { 'Accept-Encoding': encoding }),
            await getRaw(uncached.app, url, { 'Accept-Encoding': encoding }),
          ]) {
            expect(answer.headers['content-encoding']).toBe(encoding);
            expect(decode(answer.body).equals(identity.body), `${url} in ${encoding}`).toBe(true);
            expect(answer.headers.etag).toBe(`"${hash}-${encoding}"`);
          }
        }
      }
    } finally {
      await uncached.close();
    }
  });

  it('answers an empty array when nothing matches', async () => {
    const response = await request(ctx.app).get(`${API}/items`).query({ f: 'kubernetes' }).expect(200);
    expect(response.body).toEqual([]);
  });

  it('lets browsers cache and revalidate with an ETag', async () => {
    const first = await request(ctx.app).get(`${API}/items`).expect(200);
    expect(first.headers['cache-control']).toMatch(/max-age=60/);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    await request(ctx.app).get(`${API}/items`).set('If-None-Match', etag).expect(304);
  });
});

describe('GET /items/{id}', () => {
  it('answers the whole article with sanitised, highlighted HTML', async () => {
    const response = await request(ctx.app).get(`${API}/items/spring-batch-oeuvre`).expect(200);
    const article = response.body as Record<string, string>;
    expect(Object.keys(article).sort()).toEqual(['ctn', 'date_m', 'id', 'img', 'lg', 'sum', 'tags', 'tit']);
    expect(article).toMatchObject({ id: 'spring-batch-oeuvre', tit: 'Mise en œuvre de Spring Batch', lg: 'fr' });
    expect(article.ctn).toContain('class="hljs language-java"');
    expect(article.ctn).toContain('<span class="heading-number">1</span>');
  });

  it('answers 404 JSON for an unknown id', async () => {
    const response = await request(ctx.app).get(`${API}/items/nope`).expect(404).expect('content-type', /json/);
    expect(response.body).toMatchObject({ error: 'not_found' });
  });

  it.each(['..%2F..%2Fpackage.json', '%2e%2e', 'x'.repeat(1024), 'a%00b', '%C3%A9t%C3%A9'])('answers 404 for an id that cannot be an id (%s)', async (id) => {
    await request(ctx.app).get(`${API}/items/${id}`).expect(404).expect('content-type', /json/);
  });

  it('answers 400 with a short message to a percent-encoding that is not UTF-8', async () => {
    const response = await request(ctx.app).get(`${API}/items/%E9t%E9`).expect(400).expect('content-type', /json/);
    expect(response.body).toEqual({ error: 'bad_request', message: 'The request could not be understood.' });
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await request(ctx.app).get(`${API}/items/http-caching`).expect(200);
    await request(ctx.app)
      .get(`${API}/items/http-caching`)
      .set('If-None-Match', first.headers.etag as string)
      .expect(304);
  });
});

describe('XSRF', () => {
  async function getToken(): Promise<string> {
    const response = await request(ctx.app).get(`${API}/items`).expect(200);
    const cookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((line) => line.startsWith('XSRF-TOKEN='));
    expect(cookie).toBeDefined();
    return cookie!.split(';')[0]!.split('=')[1]!;
  }

  it('issues a random XSRF-TOKEN cookie readable by scripts, SameSite=Lax, with the items API only', async () => {
    const page = await request(ctx.app).get('/articles').expect(200);
    // Pages are the same for every visitor: no cookie there.
    expect(page.headers['set-cookie']).toBeUndefined();
    const response = await request(ctx.app).get(`${API}/items`).expect(200);
    const cookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((line) => line.startsWith('XSRF-TOKEN='))!;
    expect(cookie).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{43}; Path=\/; SameSite=Lax$/);
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(await getToken()).not.toBe(await getToken());
  });

  it('marks the cookie Secure when served over HTTPS behind a proxy', async () => {
    const proxied = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR, TRUST_PROXY: 'loopback' });
    try {
      const response = await request(proxied.app).get(`${API}/items`).set('X-Forwarded-Proto', 'https').expect(200);
      expect(String(response.headers['set-cookie'])).toMatch(/; Secure/);
    } finally {
      await proxied.close();
    }
  });

  it('does not issue a new cookie when the visitor has a valid one', async () => {
    const token = await getToken();
    const response = await request(ctx.app).get(`${API}/items`).set('Cookie', `XSRF-TOKEN=${token}`).expect(200);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('refuses %s without the header with 403', async (method) => {
    const token = await getToken();
    await request(ctx.app)[method.toLowerCase() as 'post'](`${API}/items/equipe-revues`).set('Cookie', `XSRF-TOKEN=${token}`).expect(403);
  });

  it('refuses a header that differs from the cookie, and a header without cookie', async () => {
    const token = await getToken();
    const other = await getToken();
    await request(ctx.app).post(`${API}/items`).set('Cookie', `XSRF-TOKEN=${token}`).set('X-XSRF-TOKEN', other).expect(403);
    await request(ctx.app).post(`${API}/items`).set('X-XSRF-TOKEN', token).expect(403);
  });

  it('lets a write with a matching header through to the built-in service, which answers 405', async () => {
    const token = await getToken();
    await request(ctx.app)
      .post(`${API}/items`)
      .set('Cookie', `XSRF-TOKEN=${token}`)
      .set('X-XSRF-TOKEN', token)
      .send({ tit: 'x' })
      .expect(405)
      .expect('allow', 'GET, HEAD');
  });
});

describe('other paths', () => {
  it('answers 404 JSON under /www-be for unknown paths', async () => {
    const response = await request(ctx.app).get('/www-be/items/v2.0/items').expect(404).expect('content-type', /json/);
    expect(response.body).toMatchObject({ error: 'not_found' });
  });
});

describe('paths under /www-be/ in another case', () => {
  it('answers JSON, like the lower-case paths, never an HTML page', async () => {
    const moved = await request(ctx.app).get('/WWW-BE/nothing-here').set('Accept', 'text/html').expect(301);
    expect(moved.headers.location).toBe('/www-be/nothing-here');
    expect(moved.text).toBe('');
    const response = await request(ctx.app).get(moved.headers.location!).set('Accept', 'text/html').expect(404).expect('content-type', /json/);
    expect(response.body).toMatchObject({ error: 'not_found' });
  });
});
