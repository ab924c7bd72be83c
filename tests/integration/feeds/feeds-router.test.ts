// /rss.xml, /atom.xml, /sitemap.xml, /robots.txt through HTTP, on the fixture content and on an upstream:
// well-formed XML, the elements each format requires, absolute URLs, languages, and a 503 when the source is down.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { releaseNotes } from '../../../shared/site/release-notes';
import { owner } from '../../../shared/site/owner';
import { siteConfig } from '../../../shared/site/site-config';
import { UPSTREAM_BASE_PATH, sendJson, startFakeUpstream, type FakeUpstream } from '../../support/fake-upstream';
import { FIXTURE_CONTENT_DIR, FIXTURE_IDS_NEWEST_FIRST } from '../../support/fixtures';
import { startHostileUpstream, type HostileUpstream } from '../../support/hostile-upstream';
import { TEST_SITE_URL, createRecordingLogger, createTestApp, rootDir, type TestApp } from '../../support/test-app';

type Node = Record<string, unknown>;

const fr = JSON.parse(readFileSync(path.join(rootDir, 'public/assets/i18n/fr.json'), 'utf8')) as { FEED: Record<string, string> };
// The fixture articles as their Markdown files declare them.
const FIXTURE_ARTICLES: Record<string, { date: string; language: string; tags: string[] }> = {
  'equipe-revues': { date: '2025-02-10', language: 'fr', tags: ['Méthodes', 'Équipe'] },
  'http-caching': { date: '2024-09-15', language: 'en', tags: ['HTTP'] },
  'spring-batch-oeuvre': { date: '2023-06-01', language: 'fr', tags: ['Java', 'Spring'] },
  'old-postgres': { date: '2018-11-20', language: 'fr', tags: ['PostgreSQL'] },
};
const articleUrl = (id: string) => `${TEST_SITE_URL}articles/${id}`;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  // Atom's <link> repeats; RSS's <link> is one text element.
  isArray: (name, jpath) =>
    ['item', 'entry', 'url', 'category', 'atom:link', 'author', 'dc:creator', 'dc:language'].includes(name) ||
    (name === 'link' && String(jpath).startsWith('feed.')),
});

/** Parses a document after checking it is well-formed XML (a lenient parser would hide a broken feed). */
function parseXml(text: string): Node {
  expect(XMLValidator.validate(text)).toBe(true);
  return parser.parse(text) as Node;
}

/** The text of an element, with or without attributes. */
function text(node: unknown): string {
  return typeof node === 'string' ? node : String((node as Node)['#text'] ?? '');
}

const asNode = (value: unknown) => value as Node;
const asNodes = (value: unknown) => (value ?? []) as Node[];

describe('feeds on the built-in content', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR });
  });
  afterAll(() => ctx.close());

  it('serves /rss.xml as RSS 2.0 with the channel and one complete item per article, newest first', async () => {
    const response = await request(ctx.app).get('/rss.xml').expect(200);
    expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(response.headers['cache-control']).toMatch(/^public, max-age=60\b/);
    const rss = asNode(parseXml(response.text).rss);
    expect(rss['@version']).toBe('2.0');
    const channel = asNode(rss.channel);
    expect(text(channel.title)).toBe(`Articles de ${owner.name}`);
    expect(text(channel.link)).toBe(`${TEST_SITE_URL}articles`);
    expect(text(channel.description)).toBe(`Les derniers articles techniques de ${owner.name}, ${owner.role.fr} freelance : ${owner.topics.fr}.`);
    expect(text(channel.language)).toBe('fr');
    expect(asNodes(channel['atom:link'])[0]).toMatchObject({ '@href': `${TEST_SITE_URL}rss.xml`, '@rel': 'self' });

    const items = asNodes(channel.item);
    expect(items.map((item) => text(item.link))).toEqual(FIXTURE_IDS_NEWEST_FIRST.map(articleUrl));
    for (const item of items) {
      const id = text(item.link).split('/').pop()!;
      const expected = FIXTURE_ARTICLES[id]!;
      expect(text(item.title).length).toBeGreaterThan(0);
      expect(text(item.guid)).toBe(articleUrl(id));
      expect(new Date(text(item.pubDate)).toISOString().slice(0, 10)).toBe(expected.date);
      expect(text(item.description).length).toBeGreaterThan(0);
      expect(asNodes(item.category).map(text)).toEqual(expected.tags);
      expect(asNodes(item['dc:creator']).map(text)).toEqual([owner.name]);
      expect(asNodes(item['dc:language']).map(text)).toEqual([expected.language]);
    }
    expect(text(items[0]!.title)).toBe("Revues de code : organiser l'équipe");
    // The summary is the sanitised HTML of the article, markup kept.
    expect(text(items[0]!.description)).toContain('<strong>équipe</strong>');
  });

  it('serves /atom.xml as Atom with feed and entry ids, titles, dates, links and each article’s language', async () => {
    const response = await request(ctx.app).get('/atom.xml').expect(200);
    expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const feed = asNode(parseXml(response.text).feed);
    expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(feed['@xml:lang']).toBe('fr');
    expect(text(feed.id)).toBe(`${TEST_SITE_URL}atom.xml`);
    expect(text(feed.title)).toBe(`Articles de ${owner.name}`);
    // Updated when the newest article was.
    expect(text(feed.updated).slice(0, 10)).toBe('2025-02-10');
    expect(asNodes(feed.link)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ '@rel': 'self', '@href': `${TEST_SITE_URL}atom.xml` }),
        expect.objectContaining({ '@rel': 'alternate', '@href': `${TEST_SITE_URL}articles` }),
      ]),
    );
    expect(asNodes(feed.author).map((author) => text(author.name))).toEqual([owner.name]);

    const entries = asNodes(feed.entry);
    expect(entries.map((entry) => text(entry.id))).toEqual(FIXTURE_IDS_NEWEST_FIRST.map(articleUrl));
    for (const entry of entries) {
      const id = text(entry.id).split('/').pop()!;
      const expected = FIXTURE_ARTICLES[id]!;
      expect(text(entry.title).length).toBeGreaterThan(0);
      expect(text(entry.updated).slice(0, 10)).toBe(expected.date);
      expect(asNodes(entry.link)[0]).toMatchObject({ '@href': articleUrl(id), '@rel': 'alternate' });
      expect(asNode(entry.summary)['@type']).toBe('html');
      expect(asNodes(entry.category).map((category) => category['@term'])).toEqual(expected.tags);
      // The feed says fr; an entry in another language says so itself.
      expect(entry['@xml:lang'] ?? feed['@xml:lang']).toBe(expected.language);
    }
  });

  it('serves /sitemap.xml with the CV, the list, About and every article, each with lastmod', async () => {
    const response = await request(ctx.app).get('/sitemap.xml').expect(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const urlset = asNode(parseXml(response.text).urlset);
    expect(urlset['@xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    // The CV and About: the day of the newest release on the About page ("21/11/2026" → "2026-11-21").
    const releasedOn = releaseNotes[0]!.date.split('/').reverse().join('-');
    const urls = asNodes(urlset.url).map((url) => ({ loc: text(url.loc), lastmod: url.lastmod === undefined ? undefined : text(url.lastmod).slice(0, 10) }));
    expect(urls).toEqual([
      { loc: `${TEST_SITE_URL}${siteConfig.cvSlug}`, lastmod: releasedOn },
      { loc: `${TEST_SITE_URL}articles`, lastmod: '2025-02-10' },
      { loc: `${TEST_SITE_URL}help/about`, lastmod: releasedOn },
      // Each article at its own page: an English one in the English interface, as its canonical link says.
      ...FIXTURE_IDS_NEWEST_FIRST.map((id) => ({
        loc: FIXTURE_ARTICLES[id]!.language === 'en' ? `${TEST_SITE_URL}en/articles/${id}` : articleUrl(id),
        lastmod: FIXTURE_ARTICLES[id]!.date,
      })),
    ]);
  });

  it('serves /robots.txt that lets crawlers in and points to the absolute sitemap URL', async () => {
    const response = await request(ctx.app).get('/robots.txt').expect(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.text.split('\n');
    expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Allow: /', `Sitemap: ${TEST_SITE_URL}sitemap.xml`]));
  });

  it('lets readers revalidate with the ETag, and ignores query strings', async () => {
    const first = await request(ctx.app).get('/atom.xml').expect(200);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    await request(ctx.app).get('/atom.xml').set('If-None-Match', etag).expect(304);
    const withQuery = await request(ctx.app).get('/atom.xml?utm_source=reader').expect(200);
    expect(withQuery.text).toBe(first.text);
  });

  it.each(['/articles/http-caching', '/help/about', `/${siteConfig.cvSlug}`])('links both feeds for autodiscovery in the head of %s', async (url) => {
    const $ = cheerio.load((await request(ctx.app).get(url).expect(200)).text);
    const rss = $('head > link[rel="alternate"][type="application/rss+xml"]');
    const atom = $('head > link[rel="alternate"][type="application/atom+xml"]');
    expect(rss.attr('href')).toBe(`${TEST_SITE_URL}rss.xml`);
    expect(rss.attr('title')).toBe(fr.FEED.RSS_LINK_TITLE);
    expect(atom.attr('href')).toBe(`${TEST_SITE_URL}atom.xml`);
    expect(atom.attr('title')).toBe(fr.FEED.ATOM_LINK_TITLE);
  });
});

describe('feeds under a SITE_URL with a path', () => {
  it('builds every URL from SITE_URL, path included', async () => {
    const ctx = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR, SITE_URL: 'https://example.org/blog' });
    try {
      expect((await request(ctx.app).get('/robots.txt').expect(200)).text).toContain('Sitemap: https://example.org/blog/sitemap.xml');
      const urlset = asNode(parseXml((await request(ctx.app).get('/sitemap.xml').expect(200)).text).urlset);
      expect(asNodes(urlset.url).map((url) => text(url.loc))).toContain('https://example.org/blog/en/articles/http-caching');
      const channel = asNode(asNode(parseXml((await request(ctx.app).get('/rss.xml').expect(200)).text).rss).channel);
      expect(text(channel.link)).toBe('https://example.org/blog/articles');
    } finally {
      await ctx.close();
    }
  });
});

describe('feeds on an upstream items service', () => {
  let upstream: FakeUpstream | undefined;
  let ctx: TestApp | undefined;
  afterEach(async () => {
    await ctx?.close();
    await upstream?.close();
    ctx = upstream = undefined;
  });

  const article = (id: number, extra: Record<string, unknown> = {}) => ({
    id,
    tit: `Article ${id}`,
    sum: `<p>Résumé ${id}</p>`,
    ctn: '<p>Corps</p>',
    // Newest first: article 1 is the most recent.
    date_m: new Date(Date.UTC(2025, 0, 31 - id)).toISOString(),
    lg: 'fr',
    tags: ['SQL'],
    ...extra,
  });

  function serve(articles: ReturnType<typeof article>[]) {
    return (_req: unknown, res: Parameters<typeof sendJson>[0], url: URL) => {
      if (url.pathname === `${UPSTREAM_BASE_PATH}/items`)
        return sendJson(
          res,
          200,
          articles.map(({ ctn: _ctn, lg: _lg, ...summary }) => summary),
        );
      const found = articles.find((item) => `${UPSTREAM_BASE_PATH}/items/${item.id}` === url.pathname);
      return found ? sendJson(res, 200, found) : sendJson(res, 404, {});
    };
  }

  it('carries the 20 newest articles in the feeds, and every article in the sitemap', async () => {
    upstream = await startFakeUpstream(serve(Array.from({ length: 25 }, (_, index) => article(index + 1))));
    ctx = await createTestApp({ ITEMS_SERVICE_URL: upstream.baseUrl });
    const channel = asNode(asNode(parseXml((await request(ctx.app).get('/rss.xml').expect(200)).text).rss).channel);
    expect(asNodes(channel.item).map((item) => text(item.link))).toEqual(Array.from({ length: 20 }, (_, index) => articleUrl(String(index + 1))));
    // Only the 20 articles of the feed were read whole.
    expect(upstream.calls.filter((call) => /\/items\/\d+$/.test(call))).toHaveLength(20);
    const urlset = asNode(parseXml((await request(ctx.app).get('/sitemap.xml').expect(200)).text).urlset);
    expect(asNodes(urlset.url)).toHaveLength(3 + 25);
  });

  it('keeps the feeds well-formed and the text intact whatever the titles, tags and languages hold', async () => {
    const title = 'Generics <T> & "CDATA" ]]> twice ]]> in Java';
    upstream = await startFakeUpstream(serve([article(1, { tit: title, tags: ['C<T> & "x"'], lg: 'en-GB' }), article(2, { lg: '<script>' })]));
    ctx = await createTestApp({ ITEMS_SERVICE_URL: upstream.baseUrl });
    const channel = asNode(asNode(parseXml((await request(ctx.app).get('/rss.xml').expect(200)).text).rss).channel);
    const [first, second] = asNodes(channel.item);
    // Badged for a French feed's readers, the rest of the title intact.
    expect(text(first!.title)).toBe(`[EN] ${title}`);
    expect(text(second!.title)).not.toMatch(/^\[/);
    expect(asNodes(first!.category).map(text)).toEqual(['C<T> & "x"']);
    expect(asNodes(first!['dc:language']).map(text)).toEqual(['en-GB']);
    // A language that is not a language tag is replaced by the default at the upstream edge.
    expect(asNodes(second!['dc:language']).map(text)).toEqual(['fr']);

    const feed = asNode(parseXml((await request(ctx.app).get('/atom.xml').expect(200)).text).feed);
    const [entry, other] = asNodes(feed.entry);
    expect(text(entry!.title)).toBe(`[EN] ${title}`);
    expect(asNodes(entry!.category).map((category) => category['@term'])).toEqual(['C<T> & "x"']);
    expect(entry!['@xml:lang']).toBe('en-GB');
    expect(other!['@xml:lang']).toBe('fr');
  });

  it('carries an article the upstream fails to give (a 500) as its summary, logs it, and still answers 200 (issue 25)', async () => {
    const articles = [article(1), article(2, { tit: 'Cassé' }), article(3)];
    const serveList = serve(articles);
    upstream = await startFakeUpstream((req, res, url) =>
      url.pathname === `${UPSTREAM_BASE_PATH}/items/2` ? sendJson(res, 500, {}) : serveList(req, res, url),
    );
    const recorder = createRecordingLogger();
    ctx = await createTestApp({ ITEMS_SERVICE_URL: upstream.baseUrl }, recorder.logger);
    const channel = asNode(asNode(parseXml((await request(ctx.app).get('/rss.xml').expect(200)).text).rss).channel);
    const items = asNodes(channel.item);
    expect(items.map((item) => text(item.title))).toEqual(['Article 1', 'Cassé', 'Article 3']);
    expect(text(items[1]!.description)).toBe('<p>Résumé 2</p>');
    const feed = asNode(parseXml((await request(ctx.app).get('/atom.xml').expect(200)).text).feed);
    expect(asNodes(feed.entry).map((entry) => text(entry.title))).toEqual(['Article 1', 'Cassé', 'Article 3']);
    await request(ctx.app).get('/tags/SQL/rss.xml').expect(200);
    const reports = recorder.lines().filter((line) => line.component === 'feeds' && line.id === '2');
    expect(reports.length).toBeGreaterThan(0);
    expect(reports[0]).toMatchObject({ level: 40, msg: expect.stringContaining('summary') });
  });

  it('answers 503 with Retry-After, not a 500, when the upstream is down and nothing is cached, then recovers', async () => {
    upstream = await startFakeUpstream((_req, res) => sendJson(res, 500, {}));
    ctx = await createTestApp({ ITEMS_SERVICE_URL: upstream.baseUrl });
    for (const url of ['/rss.xml', '/atom.xml', '/sitemap.xml']) {
      const response = await request(ctx.app).get(url).expect(503);
      expect(response.headers['retry-after']).toBe('30');
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      expect(response.text).not.toMatch(/Error|at \w+ \(/);
    }
    // robots.txt does not depend on the articles.
    await request(ctx.app).get('/robots.txt').expect(200);
    upstream.handle(serve([article(1)]));
    await request(ctx.app).get('/rss.xml').expect(200);
  });
});

describe('feeds on a hostile items service', () => {
  let hostile: HostileUpstream | undefined;
  let hostileCtx: TestApp | undefined;
  afterEach(async () => {
    await hostileCtx?.close();
    await hostile?.close();
    hostile = hostileCtx = undefined;
  });

  it('strips characters XML 1.0 does not allow (control characters in a title, summary or tag): every feed stays well-formed', async () => {
    hostile = await startHostileUpstream('bad-entries');
    hostileCtx = await createTestApp({ ITEMS_SERVICE_URL: hostile.baseUrl });
    // fast-xml-parser's validator lets such characters through: the XML 1.0 Char production, checked here.
    const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
    const texts: Record<string, string> = {};
    for (const url of ['/rss.xml', '/atom.xml', '/sitemap.xml']) {
      texts[url] = (await request(hostileCtx.app).get(url).expect(200)).text;
      expect(texts[url], url).not.toMatch(NOT_XML_CHAR);
    }
    const rss = parseXml(texts['/rss.xml'] ?? '');
    const items = (rss.rss as { channel: { item: { title: string }[] } }).channel.item;
    expect(items.map((item) => item.title)).toContain('Titre fin');
    expect(JSON.stringify(parseXml(texts['/atom.xml'] ?? ''))).toContain('Titre fin');
    parseXml(texts['/sitemap.xml'] ?? '');
  });
});
