// ITEMS_SERVICE_URL pointing at a real fake upstream on loopback: what is sent, cached, coalesced and survived.
import * as cheerio from 'cheerio';
import { XMLValidator } from 'fast-xml-parser';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEADING_ANCHOR_CLASS } from '../../../shared/items/article-markup';
import { UPSTREAM_BASE_PATH, sendJson, startFakeUpstream, type FakeUpstream } from '../../support/fake-upstream';
import { startHostileUpstream, type HostileContent, type HostileUpstream } from '../../support/hostile-upstream';
import { createRecordingLogger, createTestApp, type TestApp } from '../../support/test-app';
import { MAX_CONCURRENT_LISTS, MAX_LISTS_PER_CLIENT } from '../../../server/items/upstream';

const API = '/www-be/items/v1.0';

const article = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  tit: `Article ${id}`,
  sum: `<p>Résumé ${id}</p>`,
  ctn: `<h2>Partie</h2><pre><code class="language-sql">SELECT 1;</code></pre>`,
  date_m: '2024-05-01T08:00:00Z',
  lg: 'fr',
  tags: ['SQL'],
  img: `/images/${id}.png`,
  ...extra,
});

/** An upstream that serves the given articles the way the real service does. */
function serveArticles(articles: ReturnType<typeof article>[]) {
  return (_req: unknown, res: Parameters<typeof sendJson>[0], url: URL) => {
    if (url.pathname === `${UPSTREAM_BASE_PATH}/items`) {
      return sendJson(
        res,
        200,
        articles.map(({ id, tit, date_m, tags, img, sum }) => ({ id, tit, date_m, tags, img, sum })),
      );
    }
    const id = decodeURIComponent(url.pathname.slice(`${UPSTREAM_BASE_PATH}/items/`.length));
    const found = articles.find((item) => String(item.id) === id);
    return found ? sendJson(res, 200, found) : sendJson(res, 404, { message: 'not found' });
  };
}

let upstream: FakeUpstream;
let ctx: TestApp;

async function start(env: Record<string, string> = {}, logger?: Parameters<typeof createTestApp>[1]) {
  ctx = await createTestApp({ ITEMS_SERVICE_URL: upstream.baseUrl, ...env }, logger);
}

beforeEach(async () => {
  upstream = await startFakeUpstream(serveArticles([article('42'), article('7', { date_m: '2023-01-01', lg: 'en' })]));
});
afterEach(async () => {
  await ctx?.close();
  await upstream.close();
});

describe('calls sent upstream', () => {
  it('asks for the list sorted by -date_m, without f when the search is empty', async () => {
    await start();
    await request(ctx.app).get('/articles').expect(200);
    await request(ctx.app).get('/articles?f=%20%20').expect(200);
    expect(upstream.calls).toEqual([`${UPSTREAM_BASE_PATH}/items?s=-date_m`]);
  });

  it('sends f trimmed when there is a search', async () => {
    await start();
    await request(ctx.app).get('/articles').query({ f: '  spring boot ' }).expect(200);
    expect(upstream.calls).toEqual([`${UPSTREAM_BASE_PATH}/items?s=-date_m&f=spring+boot`]);
  });

  it("sends f otherwise as typed: case, inner spaces and syntax are the service's business", async () => {
    await start();
    await request(ctx.app).get('/articles').query({ f: ' Spring  OR "Boot" ' }).expect(200);
    await request(ctx.app).get('/articles').query({ f: 'spring  OR "boot"' }).expect(200);
    await request(ctx.app).get(`${API}/search`).query({ f: 'Spring  OR "Boot"' }).expect(200);
    // Keyed on what is sent: two cases, two calls (the API's search shares the page's).
    expect(upstream.calls).toEqual([
      `${UPSTREAM_BASE_PATH}/items?s=-date_m&f=Spring++OR+%22Boot%22`,
      `${UPSTREAM_BASE_PATH}/items?s=-date_m&f=spring++OR+%22boot%22`,
    ]);
  });

  it('asks for one article by id, URL-encoded', async () => {
    await start();
    await request(ctx.app).get('/articles/42').expect(200);
    // The list too: the page links the previous and next articles.
    expect(upstream.calls.sort()).toEqual([`${UPSTREAM_BASE_PATH}/items/42`, `${UPSTREAM_BASE_PATH}/items?s=-date_m`]);
  });

  it('never asks for an id that cannot be an id', async () => {
    await start();
    await request(ctx.app)
      .get(`${API}/items/${'x'.repeat(1024)}`)
      .expect(404);
    await request(ctx.app).get(`${API}/items/..%2F..%2Fadmin`).expect(404);
    await request(ctx.app).get('/articles/..%2Fadmin').expect(404);
    expect(upstream.calls).toEqual([]);
  });
});

describe('upstream load', () => {
  it('fetches at most MAX_CONCURRENT_LISTS lists at a time, MAX_LISTS_PER_CLIENT for one client, and answers every search', async () => {
    let inFlight = 0;
    let most = 0;
    const serve = serveArticles([article('42')]);
    upstream.handle(async (req, res, url) => {
      if (url.pathname !== `${UPSTREAM_BASE_PATH}/items`) return serve(req, res, url);
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 80));
      inFlight -= 1;
      serve(req, res, url);
    });
    await start({ TRUST_PROXY: 'loopback' });
    const searches = ['sql', 'java', 'kafka', 'spring', 'docker', 'linux'];
    const search = (f: string, client: string) => request(ctx.app).get('/www-be/items/v1.0/items').query({ f }).set('X-Forwarded-For', client);
    const alone = await Promise.all(searches.map((f) => search(f, '192.0.2.1')));
    expect(alone.map((answer) => answer.status)).toEqual(searches.map(() => 200));
    expect(most).toBe(MAX_LISTS_PER_CLIENT);
    most = 0;
    const shared = await Promise.all(searches.map((f, at) => search(`${f}-2`, `192.0.2.${at}`)));
    expect(shared.map((answer) => answer.status)).toEqual(searches.map(() => 200));
    expect(most).toBe(MAX_CONCURRENT_LISTS);
  });

  it('fetches a new visitor’s search before the backlog of a client flooding distinct searches (issue 25)', async () => {
    const serve = serveArticles([article('42')]);
    upstream.handle(async (req, res, url) => {
      if (url.pathname === `${UPSTREAM_BASE_PATH}/items`) await new Promise((resolve) => setTimeout(resolve, 100));
      serve(req, res, url);
    });
    await start({ TRUST_PROXY: 'loopback' });
    const flood = Array.from({ length: 10 }, (_, at) =>
      request(ctx.app)
        .get('/articles')
        .query({ f: `flood-${at}` })
        .set('X-Forwarded-For', '198.51.100.7'),
    );
    const flooding = Promise.all(flood.map((each) => each.then((answer) => answer.status)));
    // Once the flood is queued: its first list is asked for.
    for (let waited = 0; upstream.calls.length === 0 && waited < 5_000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const visitor = await request(ctx.app).get('/articles').query({ f: 'visitor' }).set('X-Forwarded-For', '203.0.113.9');
    expect(visitor.status).toBe(200);
    const lists = upstream.calls.filter((call) => call.startsWith(`${UPSTREAM_BASE_PATH}/items?`));
    // Asked for second or third (beside the flood's first), not after the flood's ten.
    expect(lists.findIndex((call) => call.includes('f=visitor'))).toBeLessThanOrEqual(2);
    expect(await flooding).toEqual(flood.map(() => 200));
  });
  it('neither starts nor reads a flooding client’s lists while a new visitor’s list is fetched (decision 057)', async () => {
    const serve = serveArticles([article('42')]);
    // List answers held until the test lets each go, by its search text.
    const held = new Map<string, () => void>();
    let holding = true;
    upstream.handle(async (req, res, url) => {
      if (url.pathname === `${UPSTREAM_BASE_PATH}/items` && holding) await new Promise<void>((resolve) => held.set(url.searchParams.get('f') ?? '', resolve));
      serve(req, res, url);
    });
    const until = async (done: () => boolean) => {
      for (let waited = 0; !done() && waited < 5_000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    await start({ TRUST_PROXY: 'loopback' });
    const answered = new Map<string, Promise<number>>();
    for (let at = 0; at < 10; at += 1) {
      const f = `flood-${at}`;
      answered.set(
        f,
        request(ctx.app)
          .get('/articles')
          .query({ f })
          .set('X-Forwarded-For', '198.51.100.7')
          .then((answer) => answer.status),
      );
    }
    await until(() => held.size === 1);
    const [first] = [...held.keys()];
    const visitor = request(ctx.app)
      .get('/articles')
      .query({ f: 'visitor' })
      .set('X-Forwarded-For', '203.0.113.9')
      .then((answer) => answer.status);
    await until(() => held.has('visitor'));
    // The flood's list in flight is answered while the visitor's is fetched: it is left unread, and
    // the flood's next lists are not asked for.
    let firstDone = false;
    void answered.get(first!)!.then(() => (firstDone = true));
    held.get(first!)!();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([...held.keys()]).toEqual([first, 'visitor']);
    expect(firstDone).toBe(false);
    holding = false;
    held.get('visitor')!();
    expect(await visitor).toBe(200);
    expect(await answered.get(first!)).toBe(200);
    expect(await Promise.all(answered.values())).toEqual([...answered.keys()].map(() => 200));
    const lists = upstream.calls.filter((call) => call.startsWith(`${UPSTREAM_BASE_PATH}/items?`));
    expect(lists).toHaveLength(11);
  });
});

describe('cache', () => {
  it('makes one upstream call for 100 concurrent requests for the same article on a cold cache', async () => {
    upstream.handle(async (req, res, url) => {
      // Slow enough that all 100 requests arrive while the first call is in flight.
      await new Promise((resolve) => setTimeout(resolve, 150));
      serveArticles([article('42')])(req, res, url);
    });
    await start();
    const responses = await Promise.all(Array.from({ length: 100 }, (_, at) => request(ctx.app).get(at % 2 ? '/articles/42' : `${API}/items/42`)));
    expect(responses.map((response) => response.status)).toEqual(Array(100).fill(200));
    expect(upstream.calls.filter((call) => call.endsWith('/items/42'))).toHaveLength(1);
  });

  it('serves page loaders and the API from the same entries within the TTL', async () => {
    await start();
    await request(ctx.app).get('/articles/42').expect(200);
    await request(ctx.app).get(`${API}/items/42`).expect(200);
    await request(ctx.app).get('/articles').expect(200);
    await request(ctx.app).get(`${API}/items?s=-date_m`).expect(200);
    expect(upstream.calls).toHaveLength(2);
  });

  it('asks again once the TTL has passed', async () => {
    await start({ CACHE_TTL_SECONDS: '1' });
    await request(ctx.app).get(`${API}/items/42`).expect(200);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await request(ctx.app).get(`${API}/items/42`).expect(200);
    // The stale copy answers at once; the refresh it starts reaches the upstream a moment later.
    await vi.waitFor(() => expect(upstream.calls).toHaveLength(2));
  });

  it('serves the stale entry when the upstream fails, and refreshes when it is back', async () => {
    const recorder = createRecordingLogger();
    await start({ CACHE_TTL_SECONDS: '1' }, recorder.logger);
    await request(ctx.app).get('/articles/42').expect(200);
    upstream.handle((_req, res) => sendJson(res, 500, { error: 'boom' }));
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const stale = await request(ctx.app).get('/articles/42').expect(200);
    expect(cheerio.load(stale.text)('h1').text()).toBe('Article 42');
    // The refresh runs behind the stale answer: its failure is logged a moment later.
    await vi.waitFor(() => expect(recorder.lines().some((line) => String(line.msg).includes('serving the stale entry'))).toBe(true));

    upstream.handle(serveArticles([article('42', { tit: 'Article 42, revu' })]));
    // A failed refresh is retried after a short pause, not on every request.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    // Stale-while-revalidate: the first request past the pause may still get the stale copy.
    await vi.waitFor(
      async () => {
        const fresh = await request(ctx.app).get('/articles/42').expect(200);
        expect(cheerio.load(fresh.text)('h1').text()).toBe('Article 42, revu');
        // The stale page may sit in the page cache for one more TTL.
      },
      { timeout: 3_000, interval: 100 },
    );
  });

  it('holds no more entries than CACHE_MAX_KEYS, dropping the oldest first', async () => {
    upstream.handle(serveArticles(Array.from({ length: 30 }, (_, at) => article(String(at)))));
    // The response cache off: this is about the items cache's own bound.
    await start({ CACHE_MAX_KEYS: '10', RESPONSE_CACHE_MAX_MB: '0' });
    for (let at = 0; at < 30; at += 1) await request(ctx.app).get(`${API}/items/${at}`).expect(200);
    const cache = ctx.app.locals.cache as { stats: () => { keys: number } };
    expect(cache.stats().keys).toBe(10);
    // The newest entries are still served from memory, the oldest were dropped.
    const before = upstream.calls.length;
    await request(ctx.app).get(`${API}/items/29`).expect(200);
    expect(upstream.calls.length).toBe(before);
    await request(ctx.app).get(`${API}/items/0`).expect(200);
    expect(upstream.calls.length).toBe(before + 1);
  });

  it('keeps a 404 for the TTL: a flood of requests for a missing article costs one upstream call', async () => {
    await start({ RESPONSE_CACHE_MAX_MB: '0' });
    for (let at = 0; at < 20; at += 1) {
      await request(ctx.app).get('/articles/999').expect(404);
      await request(ctx.app).get(`${API}/items/999`).expect(404);
    }
    expect(upstream.calls.filter((call) => call.endsWith('/items/999'))).toHaveLength(1);
  });
});

describe('failures', () => {
  it('answers a 503 page within the timeout when the upstream does not answer', async () => {
    upstream.handle(() => new Promise(() => {}));
    await start({ UPSTREAM_TIMEOUT_MS: '300' });
    const started = Date.now();
    const response = await request(ctx.app).get('/articles/42').expect(503);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(cheerio.load(response.text)('h1').text()).toBe('Service momentanément indisponible');
    await request(ctx.app).get(`${API}/items`).expect(503).expect('retry-after', '30');
  });

  it.each([
    ['a 500', (res: Parameters<typeof sendJson>[0]) => sendJson(res, 500, {})],
    ['invalid JSON', (res: Parameters<typeof sendJson>[0]) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"id": 4')],
    ['a list that is not an array', (res: Parameters<typeof sendJson>[0]) => sendJson(res, 200, { items: [] })],
  ])('shows the unavailable page, not a crash, for %s', async (_name, answer) => {
    upstream.handle((_req, res) => answer(res));
    await start();
    const response = await request(ctx.app).get('/articles').expect(503);
    expect(response.text).not.toMatch(/at \w+ \(|Error:/);
    await request(ctx.app).get('/articles').expect(503);
  });

  it('answers 503, not a 404, when the upstream is unreachable', async () => {
    await upstream.close();
    await start({ UPSTREAM_TIMEOUT_MS: '500' });
    await request(ctx.app).get('/articles/42').expect(503);
    upstream = await startFakeUpstream(serveArticles([]));
  });
});

describe('the same list answered again (decision 038)', () => {
  it('is the same list, decoded and reported once, while something holds it; a changed answer is decoded anew', async () => {
    let articles = [article('42'), article('7', { tit: '' })];
    upstream.handle((req, res, url) => serveArticles(articles)(req, res, url));
    const recorder = createRecordingLogger();
    await start({}, recorder.logger);
    const first = await ctx.source.list('java');
    // Another search text answered with the same bytes, and the next refresh: no second copy of every entry.
    expect(await ctx.source.list('spring')).toBe(first);
    expect(await ctx.source.list('java')).toBe(first);
    expect(first.map((each) => each.id)).toEqual(['42']);
    expect(recorder.lines().filter((line) => line.msg === 'malformed upstream item dropped')).toHaveLength(1);
    articles = [article('42'), article('43')];
    const changed = await ctx.source.list('java');
    expect(changed).not.toBe(first);
    expect(changed.map((each) => each.id)).toEqual(['42', '43']);
  });

  it('is sanitised alike with WORKER_THREADS=0, on the event loop', async () => {
    upstream.handle(serveArticles([article('42', { sum: '<p onclick="alert(1)">Résumé<script>alert(2)</script></p>' })]));
    await start({ WORKER_THREADS: '0' });
    const list = await request(ctx.app).get(`${API}/items`).expect(200);
    expect((list.body as { sum: string }[])[0]!.sum).toBe('<p>Résumé</p>');
    expect((await request(ctx.app).get('/articles').expect(200)).text).not.toMatch(/onclick|alert\(2\)/);
  });
});

describe('validation and sanitising of upstream data', () => {
  it('drops malformed items and logs them, keeping the good ones', async () => {
    upstream.handle((_req, res) =>
      sendJson(res, 200, [
        { id: 1, tit: 'Bon', date_m: '2024-01-01', tags: ['a'], sum: '<p>ok</p>' },
        { id: 2, date_m: '2024-01-01' },
        { id: 3, tit: 'Mauvaise date', date_m: 'hier' },
        'garbage',
        null,
        { id: 4, tit: 'Sans tags ni image', date_m: '2023-01-01' },
      ]),
    );
    const recorder = createRecordingLogger();
    await start({}, recorder.logger);
    const response = await request(ctx.app).get(`${API}/items`).expect(200);
    expect(response.body).toEqual([
      { id: '1', tit: 'Bon', date_m: '2024-01-01', tags: ['a'], img: [], sum: '<p>ok</p>' },
      { id: '4', tit: 'Sans tags ni image', date_m: '2023-01-01', tags: [], img: [], sum: '' },
    ]);
    expect(recorder.lines().filter((line) => line.msg === 'malformed upstream item dropped')).toHaveLength(4);
  });

  it('renders XSS payloads in sum and ctn inert, in the page and in the API', async () => {
    const hostile = article('66', {
      tit: '<img src=x onerror=alert(1)>',
      sum: '<p onclick="alert(1)">Résumé<script>alert(2)</script><a href="javascript:alert(3)">lien</a></p>',
      ctn: '<h2 onmouseover="alert(4)">T</h2><iframe src="https://evil.example"></iframe><img src="x" onerror="alert(5)"><svg><script>alert(6)</script></svg>',
    });
    upstream.handle(serveArticles([hostile]));
    await start();
    const page = await request(ctx.app).get('/articles/66').expect(200);
    const $ = cheerio.load(page.text);
    const article$ = $('[data-testid="article"]');
    // The one drawing allowed is the server's own link icon beside each heading; the one script, the copy island's props.
    expect(article$.find(`script:not([data-island-props="code-copy"]), iframe, svg:not(.${HEADING_ANCHOR_CLASS} > svg)`)).toHaveLength(0);
    expect(article$.find('[onclick], [onerror], [onmouseover]')).toHaveLength(0);
    expect(article$.find('a[href^="javascript"]')).toHaveLength(0);
    // The title is text, shown as written and escaped.
    expect(article$.find('h1').text()).toBe('<img src=x onerror=alert(1)>');
    expect($('body img[onerror]')).toHaveLength(0);
    // Only the site's own scripts are in the page: theme boot, islands loader, speculation rules.
    expect($('script:not([type="application/json"]):not([type="application/ld+json"])').length).toBe(3);

    const api = await request(ctx.app).get(`${API}/items/66`).expect(200);
    const { sum, ctn } = api.body as { sum: string; ctn: string };
    const withoutOwnIcons = cheerio.load(sum + ctn);
    withoutOwnIcons(`.${HEADING_ANCHOR_CLASS}`).remove();
    expect(withoutOwnIcons.html()).not.toMatch(/onerror|onclick|onmouseover|<script|javascript:|<iframe|<svg/);
  });

  it('accepts numeric ids and a single image URL', async () => {
    upstream.handle(serveArticles([article('42')]));
    await start();
    const response = await request(ctx.app).get(`${API}/items/42`).expect(200);
    expect(response.body).toMatchObject({ id: '42', img: ['/images/42.png'] });
  });
});

describe('a hostile items service: bad fields dropped or replaced at the edge, never a 500', () => {
  let hostile: HostileUpstream | undefined;
  afterEach(async () => {
    await hostile?.close();
    hostile = undefined;
  });

  async function startHostile(content: HostileContent, logger?: Parameters<typeof createTestApp>[1]) {
    hostile = await startHostileUpstream(content);
    ctx = await createTestApp({ ITEMS_SERVICE_URL: hostile.baseUrl }, logger);
  }

  it('drops list entries with an id that cannot be a path or an impossible date, one warning each naming id and field', async () => {
    const recorder = createRecordingLogger();
    await startHostile('bad-entries', recorder.logger);
    const response = await request(ctx.app).get(`${API}/items`).expect(200);
    expect((response.body as { id: string }[]).map((item) => item.id)).toEqual(['ok-1', 'bad-image', 'proto-lang', 'control-chars']);
    const dropped = recorder.lines().filter((line) => line.msg === 'malformed upstream item dropped');
    expect(dropped.map((line) => [line.id, line.field])).toEqual([
      ['/', 'id'],
      ['..', 'id'],
      ['a/../b', 'id'],
      ['résumé', 'id'],
      ['date-impossible', 'date_m'],
    ]);
    // The list page links only articles that can be opened.
    const page = cheerio.load((await request(ctx.app).get('/articles').expect(200)).text);
    const links = page('a[href^="/articles/"]')
      .map((_, link) => page(link).attr('href'))
      .get();
    expect(links.length).toBeGreaterThan(0);
    for (const href of links) expect(href).toMatch(/^\/articles\/[A-Za-z0-9][A-Za-z0-9._~-]*$/);
  });

  it('drops an image URL that does not parse and keeps the others: the article page answers 200', async () => {
    await startHostile('bad-entries');
    const api = await request(ctx.app).get(`${API}/items/bad-image`).expect(200);
    expect((api.body as { img: string[] }).img).toEqual(['/images/ok.png']);
    await request(ctx.app).get('/articles/bad-image').expect(200);
    await request(ctx.app).get('/articles').expect(200);
  });

  it('replaces a language that is not a language tag (lg: "__proto__") by the default', async () => {
    await startHostile('bad-entries');
    const api = await request(ctx.app).get(`${API}/items/proto-lang`).expect(200);
    expect((api.body as { lg: string }).lg).toBe('fr');
    const page = cheerio.load((await request(ctx.app).get('/articles/proto-lang').expect(200)).text);
    expect(page('meta[property="og:locale"]').attr('content')).toBe('fr_FR');
  });

  it('replaces fields of the wrong type, drops entries whose id, title or date is unusable, and logs them', async () => {
    const recorder = createRecordingLogger();
    await startHostile('wrong-types', recorder.logger);
    const list = await request(ctx.app).get(`${API}/items`).expect(200);
    expect(list.body).toEqual([
      { id: 'ok-1', tit: 'Article ok-1', date_m: '2024-05-01T08:00:00Z', tags: ['SQL'], img: [], sum: '<p>Résumé de ok-1</p>' },
      { id: 'types-1', tit: 'Types faux', date_m: '2024-02-01', tags: [], img: [], sum: '' },
    ]);
    const article = await request(ctx.app).get(`${API}/items/types-1`).expect(200);
    expect(article.body).toMatchObject({ ctn: '', lg: 'fr', sum: '', tags: [], img: [] });
    const replaced = recorder.lines().find((line) => line.msg === 'upstream item fields replaced' && line.id === 'types-1');
    expect(replaced?.fields).toEqual(expect.arrayContaining(['sum', 'tags', 'img']));
    for (const url of ['/articles', '/articles/types-1', '/articles/ok-1']) await request(ctx.app).get(url).expect(200);
  });

  it('answers an unusable article with a 503, asking the service once per TTL', async () => {
    hostile = await startHostileUpstream('plain');
    hostile.handle((_req, res) => sendJson(res, 200, { id: 'x', tit: 'Sans date', date_m: '2026-02-30' }));
    ctx = await createTestApp({ ITEMS_SERVICE_URL: hostile.baseUrl, RESPONSE_CACHE_MAX_MB: '0' });
    for (let at = 0; at < 5; at += 1) await request(ctx.app).get(`${API}/items/x`).expect(503);
    expect(hostile.calls).toHaveLength(1);
  });

  it('keeps XSS in every field inert and never answers 500', async () => {
    await startHostile('xss');
    const list = await request(ctx.app).get(`${API}/items`).expect(200);
    expect((list.body as { id: string }[]).map((item) => item.id)).toEqual(['ok-1', 'xss-1']);
    const xss = await request(ctx.app).get(`${API}/items/xss-1`).expect(200);
    expect((xss.body as { img: string[] }).img.some((url) => url.startsWith('javascript:'))).toBe(false);
    expect((xss.body as { lg: string }).lg).toBe('fr');
    for (const url of ['/articles', '/articles/xss-1', '/articles?f=%3Cscript%3E', '/rss.xml', '/atom.xml', '/sitemap.xml']) {
      const response = await request(ctx.app).get(url);
      expect(response.status, url).toBe(200);
      // Feeds carry titles as text (escaped or CDATA): they must stay well-formed XML.
      if (url.endsWith('.xml')) expect(XMLValidator.validate(response.text), url).toBe(true);
      else {
        // Escaped text may show the payload; markup must not carry it.
        expect(response.text, url).not.toMatch(/<script>alert|<img src=x|<svg onload|href="javascript:/);
        const $ = cheerio.load(response.text);
        expect($('[onerror], [onclick], [onload], [onmouseover], iframe').length, url).toBe(0);
        // The site's own: theme boot, islands loader, speculation rules.
        expect($('script:not([type="application/json"]):not([type="application/ld+json"])').length, url).toBe(3);
      }
    }
  });
});
