// One form per resource (issue 25, findings 1 and 3): another spelling of a path (case, trailing or
// repeated slashes, dot segments, escapes) is answered 301 to the one the site links to, never
// rendered and kept a second time; and no redirect leaves the site, whatever the path holds.
import { connect, type AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_CONTENT_DIR } from '../../support/fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let ctx: TestApp;

beforeAll(async () => {
  ctx = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR, RATE_LIMIT_PER_MINUTE: '0' });
});
afterAll(() => ctx.close());

/** Sends a request target byte for byte (no client normalises it); the status and Location of the answer. */
async function sendRawTarget(target: string): Promise<{ status: number; location?: string; head: string }> {
  const server = createServer(ctx.app).listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  try {
    const { port } = server.address() as AddressInfo;
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`));
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
      socket.on('error', reject);
    });
    const head = text.slice(0, text.indexOf('\r\n\r\n'));
    return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), location: /^location: (.*)$/im.exec(head)?.[1], head };
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

describe('redirects', () => {
  it.each([
    ['//evil.example/login?lang=fr'],
    ['///evil.example/x?lang=fr'],
    ['//evil.example/login?lang=en'],
    ['/\\evil.example/x?lang=fr'],
    ['//evil.example/login/'],
    ['/%2F%2Fevil.example/x?lang=fr'],
    ['/%2e%2e/%2e%2e//evil.example/x?lang=fr'],
    ['/./evil.example?lang=fr'],
  ])('never sends %s off the site', async (target) => {
    const { status, location } = await sendRawTarget(target);
    expect([301, 302]).toContain(status);
    // A path of this site: one slash, then no slash or backslash (`//host` and `/\host` name a host).
    expect(location).toMatch(/^\/(?![/\\])/);
    expect(new URL(location!, 'https://www.example.test/').host).toBe('www.example.test');
  });
});

describe('canonical forms', () => {
  it.each([
    ['/LLMS.txT', '/llms.txt'],
    ['/lLms.txt', '/llms.txt'],
    ['/llms.txt/', '/llms.txt'],
    ['/ARTICLES', '/articles'],
    ['/articles/', '/articles'],
    ['/articles/.', '/articles'],
    ['/articles//', '/articles'],
    ['/articles/x/..', '/articles'],
    // The search is kept as typed (decision 046): only the path and the parameters' names move.
    ['/Articles?F=x&f=Spring&utm=1', '/articles?f=Spring'],
    ['/help/about/', '/help/about'],
    ['/HELP/About', '/help/about'],
    ['/en/Articles', '/en/articles'],
    ['/EN/help/about/', '/en/help/about'],
    ['/RSS.xml', '/rss.xml'],
    ['/articles/http-caching/', '/articles/http-caching'],
    ['/articles/%68ttp-caching', '/articles/http-caching'],
    ['/Articles/http-caching.md', '/articles/http-caching.md'],
    ['/WWW-BE/items/v1.0/items?f=java', '/www-be/items/v1.0/items?f=java'],
    ['/www-be/items/v1.0/items/http-caching/', '/www-be/items/v1.0/items/http-caching'],
  ])('moves %s to %s', async (target, canonical) => {
    const response = await request(ctx.app).get(target).expect(301);
    expect(response.headers.location).toBe(canonical);
  });

  it('keeps the case of what a segment names: an article id is not a route word', async () => {
    await request(ctx.app).get('/articles/HTTP-CACHING').expect(404);
    await request(ctx.app).get('/articles/http-caching').expect(200);
  });

  it('moves a tag spelled otherwise to the tag as the articles write it, in both languages', async () => {
    expect((await request(ctx.app).get('/tags/JAVA').expect(301)).headers.location).toBe('/tags/Java');
    expect((await request(ctx.app).get('/en/tags/java').expect(301)).headers.location).toBe('/en/tags/Java');
    expect((await request(ctx.app).get('/tags/%C3%A9quipe').expect(301)).headers.location).toBe('/tags/%C3%89quipe');
    await request(ctx.app).get('/tags/Java').expect(200);
  });

  it("moves a tag's feeds the same way", async () => {
    expect((await request(ctx.app).get('/tags/JAVA/rss.xml').expect(301)).headers.location).toBe('/tags/Java/rss.xml');
    expect((await request(ctx.app).get('/TAGS/java/ATOM.xml').expect(301)).headers.location).toBe('/tags/java/atom.xml');
    expect((await request(ctx.app).get('/tags/java/atom.xml').expect(301)).headers.location).toBe('/tags/Java/atom.xml');
    await request(ctx.app).get('/tags/Java/rss.xml').expect(200);
  });

  it('renders and keeps each resource once, whatever its spelling', async () => {
    ctx.app.locals.responseCache.clear();
    const canonical = ['/llms.txt', '/articles', '/help/about', '/en/articles', '/tags/Java', '/www-be/items/v1.0/items'];
    for (const url of canonical) await request(ctx.app).get(url).expect(200);
    const kept = ctx.app.locals.responseCache.size;
    expect(kept).toBe(canonical.length);
    for (const url of [
      '/LLMS.txT',
      '/lLms.txt',
      '/llms.txt/',
      '/ARTICLES',
      '/articles/.',
      '/help/about/',
      '/en/ARTICLES/',
      '/tags/JAVA',
      '/WWW-BE/items/v1.0/items',
    ]) {
      const response = await request(ctx.app).get(url);
      expect([301, 404], url).toContain(response.status);
    }
    expect(ctx.app.locals.responseCache.size).toBe(kept);
  });
});
