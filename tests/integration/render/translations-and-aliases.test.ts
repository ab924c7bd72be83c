// Translations (translationKey), renamed articles (aliases), the 404 that suggests, and missing files,
// through HTTP on a content folder of their own (decision 040).
import { displayPath } from '../../../server/items/content/content-problems';
import * as cheerio from 'cheerio';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson, startFakeUpstream, type FakeUpstream } from '../../support/fake-upstream';
import { TEST_SITE_URL, createTestApp, type TestApp } from '../../support/test-app';

const SITE = TEST_SITE_URL.replace(/\/$/, '');

function writeArticle(dir: string, name: string, front: Record<string, unknown>, body = 'Texte.') {
  const yaml = Object.entries(front)
    .map(([key, value]) => `${key}: ${JSON.stringify(value)}`)
    .join('\n');
  writeFileSync(path.join(dir, 'articles', name), `---\n${yaml}\n---\n${body}\n`);
}

function makeContentDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'translations-'));
  mkdirSync(path.join(dir, 'articles'));
  return dir;
}

const common = { tags: ['HTTP'], summary: 'Un résumé.' };

let dir: string;
let ctx: TestApp;

beforeAll(async () => {
  dir = makeContentDir();
  writeArticle(
    dir,
    'cache-http.md',
    {
      id: 'cache-http',
      title: 'Les en-têtes de cache HTTP',
      date: '2025-03-01',
      language: 'fr',
      translationKey: 'http-cache',
      aliases: ['entetes-cache-http'],
      ...common,
    },
    'Voir [la mémoire](/articles/jvm-memoire-conteneurs).',
  );
  writeArticle(
    dir,
    'http-cache.md',
    { id: 'http-cache', title: 'HTTP cache headers', date: '2025-03-02', language: 'en', translationKey: 'http-cache', ...common, summary: 'A summary.' },
    'See [memory](/articles/jvm-memoire-conteneurs), [its twin](/articles/jvm-memoire-conteneurs.md) and [an image](/images/photo-96.png).',
  );
  writeArticle(dir, 'jvm-memoire-conteneurs.md', {
    id: 'jvm-memoire-conteneurs',
    title: 'La mémoire de la JVM dans les conteneurs',
    date: '2025-02-01',
    language: 'fr',
    ...common,
  });
  writeArticle(dir, 'postgresql-index.md', { id: 'postgresql-index', title: 'Les index PostgreSQL et EXPLAIN', date: '2025-01-01', language: 'fr', ...common });
  ctx = await createTestApp({ CONTENT_DIR: dir, CONTENT_CACHE_DIR: path.join(dir, 'cache') });
});

afterAll(async () => {
  await ctx?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function load(url: string, status = 200): Promise<cheerio.CheerioAPI> {
  return cheerio.load((await request(ctx.app).get(url).expect(status)).text);
}

function alternatesOf($: cheerio.CheerioAPI): [string, string][] {
  return $('head link[rel="alternate"][hreflang]')
    .map((_, link) => [[$(link).attr('hreflang')!, $(link).attr('href')!]])
    .get() as [string, string][];
}

describe('a translated pair', () => {
  const pair: [string, string][] = [
    ['en', `${SITE}/en/articles/http-cache`],
    ['fr', `${SITE}/articles/cache-http`],
    ['x-default', `${SITE}/articles/cache-http`],
  ];

  it('names the articles’ languages and own pages as alternates, both ways and in both interfaces, with one canonical URL each', async () => {
    for (const url of ['/articles/cache-http', '/en/articles/cache-http']) {
      const $ = await load(url);
      expect(alternatesOf($).sort(), url).toEqual(pair);
      expect($('head link[rel="canonical"]').attr('href'), url).toBe(`${SITE}/articles/cache-http`);
    }
    for (const url of ['/en/articles/http-cache', '/articles/http-cache']) {
      const $ = await load(url);
      expect(alternatesOf($).sort(), url).toEqual(pair);
      expect($('head link[rel="canonical"]').attr('href'), url).toBe(`${SITE}/en/articles/http-cache`);
    }
  });

  it('links each article to its translation in the translation’s language, and the switch goes there', async () => {
    const french = await load('/articles/cache-http');
    const toEnglish = french('[data-testid="translations"] a');
    expect([toEnglish.text(), toEnglish.attr('href'), toEnglish.attr('hreflang'), toEnglish.attr('lang')]).toEqual([
      'Read in English',
      '/en/articles/http-cache',
      'en',
      'en',
    ]);
    expect(french('[data-testid="language-switch"]').attr('href')).toBe('/en/articles/http-cache');

    const english = await load('/en/articles/http-cache');
    const toFrench = english('[data-testid="translations"] a');
    expect([toFrench.text(), toFrench.attr('href'), toFrench.attr('lang')]).toEqual(['Lire en français', '/articles/cache-http', 'fr']);
    expect(english('[data-testid="language-switch"]').attr('href')).toBe('/articles/cache-http');
    // Without a translation, the switch keeps the article.
    expect((await load('/articles/postgresql-index'))('[data-testid="language-switch"]').attr('href')).toBe('/en/articles/postgresql-index');
  });

  it('marks the English article’s language in both interfaces, and keeps the interface in its links to pages', async () => {
    for (const [url, interfaceLang] of [
      ['/articles/http-cache', 'fr'],
      ['/en/articles/http-cache', 'en'],
    ]) {
      const $ = await load(url!);
      expect($('html').attr('lang')).toBe(interfaceLang);
      // Marked on the article where it differs from the page's, so the article is English in both.
      expect($('[data-testid="article"]').closest('[lang]').attr('lang'), url).toBe('en');
    }
    const english = await load('/en/articles/http-cache');
    const hrefs = english('.article-main a')
      .map((_, a) => english(a).attr('href'))
      .get();
    expect(hrefs).toEqual(['/en/articles/jvm-memoire-conteneurs', '/articles/jvm-memoire-conteneurs.md', '/images/photo-96.png']);
    const french = (await load('/articles/http-cache'))('.article-main a').first().attr('href');
    expect(french).toBe('/articles/jvm-memoire-conteneurs');
  });

  it('ties the pair in JSON-LD: the French article is the work, the English one its translation', async () => {
    const posting = async (url: string) => JSON.parse((await load(url))('script[type="application/ld+json"]').first().text()) as Record<string, unknown>;
    expect((await posting('/articles/cache-http')).workTranslation).toEqual([
      { '@type': 'BlogPosting', '@id': `${SITE}/articles/http-cache`, inLanguage: 'en' },
    ]);
    expect((await posting('/en/articles/http-cache')).translationOfWork).toEqual({
      '@type': 'BlogPosting',
      '@id': `${SITE}/articles/cache-http`,
      inLanguage: 'fr',
    });
  });

  it('lists the alternates in the sitemap, each article at its own page', async () => {
    const xml = (await request(ctx.app).get('/sitemap.xml').expect(200)).text;
    const $ = cheerio.load(xml, { xml: true });
    const entry = (loc: string) => $('url').filter((_, url) => $(url).children('loc').text() === loc);
    for (const loc of [`${SITE}/articles/cache-http`, `${SITE}/en/articles/http-cache`]) {
      const links = entry(loc)
        .find('xhtml\\:link')
        .map((_, link) => [[$(link).attr('hreflang'), $(link).attr('href')]])
        .get() as unknown as [string, string][];
      expect(links.sort(), loc).toEqual(pair);
    }
    expect(entry(`${SITE}/articles/postgresql-index`).find('xhtml\\:link')).toHaveLength(0);
  });

  it('badges the articles not in the interface language in the list, the tag pages and previous/next', async () => {
    const badges = ($: cheerio.CheerioAPI) =>
      $('[data-testid="article-card"]')
        .map((_, card) => [[$(card).find('.article-card-link').text(), $(card).find('[data-testid="language-badge"]').text()]])
        .get() as unknown as [string, string][];
    expect(badges(await load('/articles'))).toEqual([
      ['HTTP cache headers', 'ENEnglish'],
      ['Les en-têtes de cache HTTP', ''],
      ['La mémoire de la JVM dans les conteneurs', ''],
      ['Les index PostgreSQL et EXPLAIN', ''],
    ]);
    expect(badges(await load('/en/tags/HTTP'))).toEqual([
      ['HTTP cache headers', ''],
      ['Les en-têtes de cache HTTP', 'FRFrançais'],
      ['La mémoire de la JVM dans les conteneurs', 'FRFrançais'],
      ['Les index PostgreSQL et EXPLAIN', 'FRFrançais'],
    ]);
    // The feeds (in French) badge the English article's title.
    const rss = cheerio.load((await request(ctx.app).get('/rss.xml').expect(200)).text, { xml: true });
    expect(
      rss('item > title')
        .map((_, title) => rss(title).text())
        .get(),
    ).toEqual(['[EN] HTTP cache headers', 'Les en-têtes de cache HTTP', 'La mémoire de la JVM dans les conteneurs', 'Les index PostgreSQL et EXPLAIN']);
    // The translation is not the article read next: previous/next skip it, and badge the others.
    const english = await load('/en/articles/http-cache');
    expect(english('[data-testid="previous-article"] .pager-title').text()).toBe('La mémoire de la JVM dans les conteneursFRFrançais');
    expect(english('[data-testid="next-article"]')).toHaveLength(0);
  });
});

describe('a renamed article', () => {
  it.each([
    ['/articles/entetes-cache-http', '/articles/cache-http'],
    ['/en/articles/entetes-cache-http', '/en/articles/cache-http'],
    ['/articles/entetes-cache-http.md', '/articles/cache-http.md'],
    ['/share/articles/entetes-cache-http.png', '/share/articles/cache-http.png'],
  ])('answers %s with 301 to %s', async (former, current) => {
    const response = await request(ctx.app).get(former).expect(301);
    expect(response.headers.location).toBe(current);
    await request(ctx.app).get(current).expect(200);
  });

  it('is not an article of the items API under its former id', async () => {
    await request(ctx.app).get('/www-be/items/v1.0/items/entetes-cache-http').expect(404);
    const list = (await request(ctx.app).get('/www-be/items/v1.0/items').expect(200)).body as { id: string; lg?: string }[];
    expect(list.map((item) => item.id)).toEqual(['http-cache', 'cache-http', 'jvm-memoire-conteneurs', 'postgresql-index']);
    expect(list[0]!.lg).toBe('en');
  });
});

describe('a 404 that helps', () => {
  const suggestionsOf = ($: cheerio.CheerioAPI) =>
    $('[data-testid="suggestions"] a')
      .map((_, a) => $(a).attr('href'))
      .get();

  it.each([
    ['jvm-memoire-conteneur', '/articles/jvm-memoire-conteneurs'],
    ['jvm-mmeoire-conteneurs', '/articles/jvm-memoire-conteneurs'],
    ['jvm-memoir-conteners', '/articles/jvm-memoire-conteneurs'],
    ['postgresql-indexes', '/articles/postgresql-index'],
    ['index-postgresql', '/articles/postgresql-index'],
    ['memoire-jvm', '/articles/jvm-memoire-conteneurs'],
  ])('lists the intended article first for %s', async (asked, meant) => {
    const $ = await load(`/articles/${asked}`, 404);
    expect(suggestionsOf($)[0]).toBe(meant);
    expect(suggestionsOf($).length).toBeLessThanOrEqual(5);
    expect($('[data-testid="suggestions"] h2').text()).toBe('Vous cherchiez peut-être :');
  });

  it('speaks the interface language and keeps its prefix', async () => {
    const $ = await load('/en/articles/jvm-memoire-conteneur', 404);
    expect($('[data-testid="suggestions"] h2').text()).toBe('Perhaps you were looking for:');
    expect(suggestionsOf($)[0]).toBe('/en/articles/jvm-memoire-conteneurs');
  });

  it('gives the plain 404 when nothing is close', async () => {
    const $ = await load('/articles/zzqqxxwv', 404);
    expect($('[data-testid="suggestions"]')).toHaveLength(0);
    expect($('h1').text()).toBe('Page introuvable');
  });

  it('answers the same bytes for the same id, whatever else the request says', async () => {
    const first = await request(ctx.app).get('/articles/jvm-memoire-conteneur').expect(404);
    const second = await request(ctx.app).get('/articles/jvm-memoire-conteneur?f=x&lang=zz').set('Accept-Language', 'en').expect(404);
    expect(second.text).toBe(first.text);
  });
});

describe('a missing file', () => {
  it.each(['/favicon.ico', '/images/missing.png', '/wp-login.php', '/en/missing.css', '/share/missing.png'])(
    '%s answers 404, not the redirect to the CV',
    async (url) => {
      await request(ctx.app).get(url).expect(404);
    },
  );

  it('leaves unknown page paths to the redirect to the CV', async () => {
    const response = await request(ctx.app).get('/old-page').expect(302);
    expect(response.headers.location).toMatch(/^\/architecte-/);
  });
});

describe('conflicts between files', () => {
  it('reports two articles of one language under one key, an alias that is a live id, and one alias claimed twice, naming both files', async () => {
    const conflicts = makeContentDir();
    const fr = { language: 'fr', date: '2025-01-01', ...common };
    writeArticle(conflicts, 'a.md', { id: 'a', title: 'A', translationKey: 'k', aliases: ['b', 'old'], ...fr });
    writeArticle(conflicts, 'b.md', { id: 'b', title: 'B', translationKey: 'k', aliases: ['old'], ...fr });
    writeArticle(conflicts, 'c.md', { id: 'c', title: 'C', translationKey: 'k', ...fr, language: 'en' });
    const app = await createTestApp({ CONTENT_DIR: conflicts, CONTENT_CACHE_DIR: path.join(conflicts, 'cache') });
    try {
      const problems = (app.source as unknown as { problems(): { file: string; kind: string; field: string; message: string }[] }).problems();
      const file = (name: string) => displayPath(path.join(conflicts, 'articles', name));
      // In file order, each a content problem of its own kind (decision 042).
      expect(problems).toEqual([
        expect.objectContaining({ file: file('a.md'), kind: 'alias-conflict', field: 'aliases', message: expect.stringContaining(file('b.md')) as string }),
        expect.objectContaining({
          file: file('b.md'),
          kind: 'translation-conflict',
          field: 'translationKey',
          message: expect.stringContaining(file('a.md')) as string,
        }),
        expect.objectContaining({ file: file('b.md'), kind: 'alias-conflict', field: 'aliases', message: expect.stringContaining(file('a.md')) as string }),
      ]);
      for (const id of ['a', 'b', 'c']) await request(app.app).get(`/articles/${id}`).expect(200);
      expect(cheerio.load((await request(app.app).get('/articles/c').expect(200)).text)('[data-testid="translations"]')).toHaveLength(0);
      await request(app.app).get('/articles/old').expect(404);
    } finally {
      await app.close();
      rmSync(conflicts, { recursive: true, force: true });
    }
  });
});

describe('with an upstream items service', () => {
  let upstream: FakeUpstream;
  let app: TestApp;
  beforeAll(async () => {
    const summary = (id: string, tit: string) => ({ id, tit, date_m: '2025-01-01', tags: [], img: [], sum: 'Résumé.' });
    upstream = await startFakeUpstream((_req, res, url) => {
      if (url.pathname.endsWith('/items')) return sendJson(res, 200, [summary('kafka-streams', 'Kafka Streams en production'), summary('java-21', 'Java 21')]);
      if (url.pathname.endsWith('/items/java-21')) return sendJson(res, 200, { ...summary('java-21', 'Java 21'), ctn: '<p>Texte.</p>', lg: 'fr' });
      return sendJson(res, 404, { error: 'not found' });
    });
    app = await createTestApp({ ITEMS_SERVICE_URL: upstream.baseUrl });
  });
  afterAll(async () => {
    await app?.close();
    await upstream?.close();
  });

  it('shows articles without translations and suggests from the upstream list', async () => {
    const $ = cheerio.load((await request(app.app).get('/articles/java-21').expect(200)).text);
    expect($('[data-testid="translations"]')).toHaveLength(0);
    expect(alternatesOf($)).toEqual([
      ['fr', `${SITE}/articles/java-21`],
      ['x-default', `${SITE}/articles/java-21`],
    ]);
    const missing = cheerio.load((await request(app.app).get('/articles/kafka-stream').expect(404)).text);
    expect(
      missing('[data-testid="suggestions"] a')
        .map((_, a) => missing(a).attr('href'))
        .get(),
    ).toEqual(['/articles/kafka-streams']);
    await request(app.app).get('/articles/kafka-stream.md').expect(404);
  });
});
