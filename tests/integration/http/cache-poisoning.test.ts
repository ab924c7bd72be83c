// Requests crafted to make the cache keep one answer under another request's key, or to reflect what
// does not identify a page into a kept page. Each must leave every other visitor's answer right:
// the cache key and the handlers read a request through the same parse (server/http/request-target.ts).
import * as cheerio from 'cheerio';
import { connect } from 'node:net';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIXTURE_CONTENT_DIR } from '../../support/fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

const API = '/www-be/items/v1.0/items';
let ctx: TestApp;

beforeEach(async () => {
  // The rate limit off: the API's kept answers are then served on the hot path too.
  ctx = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR, RATE_LIMIT_PER_MINUTE: '0' });
});
afterEach(() => ctx.close());

const idsOf = (body: unknown) => (body as { id: string }[]).map((article) => article.id);
const cardsOf = (html: string) =>
  cheerio
    .load(html)('[data-testid="article-card"] .article-card-link')
    .map((_at, link) => cheerio.load(link).text())
    .get();

/** The list as a fresh app answers it: what every visitor must see. */
async function listFor(filter: string): Promise<string[]> {
  return idsOf(
    (
      await request(ctx.app)
        .get(`${API}?s=-date_m&f=${encodeURIComponent(filter)}`)
        .expect(200)
    ).body,
  );
}

/** Sends a request target byte for byte (no client normalises it) and answers the raw response text. */
async function sendRawTarget(target: string): Promise<string> {
  const server = createServer(ctx.app).listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: identity\r\nConnection: close\r\n\r\n`),
      );
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('end', () => resolve(Buffer.concat(chunks).toString()));
      socket.on('error', reject);
    });
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

describe('cache poisoning', () => {
  it('reads a repeated f as its first value, for the key and the search alike', async () => {
    const poisoned = await request(ctx.app).get(`${API}?s=-date_m&f=caching&f=oeuvre`).expect(200);
    expect(idsOf(poisoned.body)).toEqual(['http-caching']);
    // Every later visitor, whether the cache or the handler answers, gets the list of what they asked.
    for (let round = 0; round < 2; round += 1) {
      expect(await listFor('oeuvre')).toEqual(['spring-batch-oeuvre']);
      expect(await listFor('caching')).toEqual(['http-caching']);
    }
    const page = await request(ctx.app).get('/articles?f=caching&f=oeuvre').expect(200);
    expect(cardsOf(page.text)).toEqual(['HTTP caching headers in practice']);
    expect(cardsOf((await request(ctx.app).get('/articles?f=oeuvre').expect(200)).text)).toEqual(['Mise en œuvre de Spring Batch']);
  });

  it('drops a fragment sent in the request target, for the key and the page alike', async () => {
    const raw = await sendRawTarget('/articles?f=oeuvre#zz');
    expect(raw).toMatch(/^HTTP\/1\.1 200/);
    expect(cardsOf(raw.slice(raw.indexOf('\r\n\r\n')))).toEqual(['Mise en œuvre de Spring Batch']);
    for (let round = 0; round < 2; round += 1) {
      expect(cardsOf((await request(ctx.app).get('/articles?f=oeuvre').expect(200)).text)).toEqual(['Mise en œuvre de Spring Batch']);
      expect(cardsOf((await request(ctx.app).get('/articles').expect(200)).text)).toHaveLength(4);
    }
    const rawApi = await sendRawTarget(`${API}?s=-date_m&f=caching#oeuvre`);
    expect(rawApi).toContain('"id":"http-caching"');
    expect(await listFor('caching')).toEqual(['http-caching']);
  });

  it('finds f after a thousand other parameters, and keys the answer on f alone', async () => {
    const junk = Array.from({ length: 1000 }, (_, at) => `p${at}=${at}`).join('&');
    const page = await request(ctx.app).get(`/articles?${junk}&f=oeuvre`).expect(200);
    expect(cardsOf(page.text)).toEqual(['Mise en œuvre de Spring Batch']);
    const api = await request(ctx.app).get(`${API}?${junk}&s=-date_m&f=caching`).expect(200);
    expect(idsOf(api.body)).toEqual(['http-caching']);
    for (let round = 0; round < 2; round += 1) {
      expect(cardsOf((await request(ctx.app).get('/articles').expect(200)).text)).toHaveLength(4);
      expect(cardsOf((await request(ctx.app).get('/articles?f=caching').expect(200)).text)).toEqual(['HTTP caching headers in practice']);
      expect(await listFor('oeuvre')).toEqual(['spring-batch-oeuvre']);
    }
  });

  it('reflects no parameter a page does not read into the kept page', async () => {
    const hostile = await request(ctx.app).get('/articles?f=oeuvre&utm_source=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E').expect(200);
    expect(hostile.text).not.toMatch(/utm_source|alert\(1\)/);
    const later = cheerio.load((await request(ctx.app).get('/articles?f=oeuvre').expect(200)).text);
    expect(later('[data-testid="language-switch"]').attr('href')).toBe('/en/articles?f=oeuvre');
  });

  it('keeps a long parameter out of the links, so no later visitor is answered 431', async () => {
    await request(ctx.app)
      .get(`/help/about?x=${'a'.repeat(12 * 1024)}`)
      .expect(200);
    const later = await request(ctx.app).get('/help/about').expect(200);
    expect(later.text.length).toBeLessThan(200_000);
    const link = cheerio.load(later.text)('[data-testid="language-switch"]').attr('href');
    expect(link).toBe('/en/help/about');
    await request(ctx.app).get(link!).expect(200);
  });

  it('moves the items API in another case to its one path, and keys the absolute form by its path', async () => {
    const upper = await request(ctx.app).get('/WWW-BE/items/v1.0/items?s=-date_m&f=oeuvre').expect(301);
    expect(upper.headers.location).toBe('/www-be/items/v1.0/items?f=oeuvre');
    const absolute = await sendRawTarget(`http://elsewhere.example${API}?s=-date_m&f=caching`);
    expect(absolute).toContain('"id":"http-caching"');
    expect(await listFor('oeuvre')).toEqual(['spring-batch-oeuvre']);
    expect(await listFor('caching')).toEqual(['http-caching']);
  });
});
