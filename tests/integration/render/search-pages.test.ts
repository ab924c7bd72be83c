// The list's search, its pages, tag pages, publishing states, series and related articles, through
// HTTP, on a content folder this test writes (issue 14): what a visitor sees without JavaScript, and
// what the live search island reads from the items API's search extension.
import * as cheerio from 'cheerio';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app';

let dir: string;
let ctx: TestApp;

function article(id: string, front: Record<string, unknown>, body: string): [string, string] {
  const yaml = Object.entries({ id, language: 'fr', summary: `Résumé de ${id}.`, ...front })
    .map(([key, value]) => `${key}: ${JSON.stringify(value)}`)
    .join('\n');
  return [`${id}.md`, `---\n${yaml}\n---\n${body}\n`];
}

const FILLERS = 22;
const files: [string, string][] = [
  article(
    'postgresql-index',
    { title: 'PostgreSQL : index et plans EXPLAIN', date: '2024-01-10', tags: ['PostgreSQL', 'Performance'] },
    '## Index\n\nUn index B-tree accélère les lectures ; EXPLAIN montre le plan choisi.',
  ),
  article(
    'linux-tuning',
    { title: 'Réglages du noyau Linux', date: '2025-06-01', tags: ['Linux'] },
    '## Noyau\n\nLes paramètres sysctl, et un mot sur PostgreSQL en passant.',
  ),
  article(
    'requetes-rapides',
    { title: 'Des requêtes plus rapides', date: '2024-03-01', tags: ['SQL'] },
    "## Méthode\n\nL'optimisation des requêtes commence par la mesure.",
  ),
  article(
    'response-reuse',
    { title: 'Reusing HTTP responses', date: '2024-04-01', language: 'en', tags: ['HTTP'] },
    '## Reuse\n\nResponses cached by a proxy spare the origin.',
  ),
  article('brouillon', { title: 'Brouillon secret', date: '2024-05-01', tags: ['Java'], draft: true }, 'Pas encore prêt.'),
  article('a-venir', { title: 'Article à venir', date: '2099-01-01', tags: ['Java'] }, 'Plus tard.'),
  article('mis-a-jour', { title: 'Article revu', date: '2024-02-01', updated: '2025-09-15', tags: ['Java'] }, 'Revu et corrigé.'),
  article(
    'serie-1',
    { title: 'Spring Batch, partie 1', date: '2024-07-01', tags: ['Spring', 'Java'], series: 'Spring Batch pas à pas', seriesOrder: 1 },
    'Les jobs.',
  ),
  article(
    'serie-2',
    { title: 'Spring Batch, partie 2', date: '2024-07-08', tags: ['Spring', 'Java'], series: 'Spring Batch pas à pas', seriesOrder: 2 },
    'Les étapes.',
  ),
  article('kafka-prod', { title: 'Kafka en production', date: '2022-01-01', tags: ['Kafka'] }, 'Les partitions de Kafka.'),
  article('kafka-k8s', { title: 'Kafka sur Kubernetes', date: '2022-02-01', tags: ['Kafka'] }, 'Un opérateur Kafka pour Kubernetes.'),
  article('k8s-deploy', { title: 'Déployer sur k8s', date: '2022-03-01', tags: ['DevOps'] }, 'Un cluster k8s se prépare.'),
  article('loom', { title: 'Loom', date: '2022-04-01', language: 'en', tags: ['JVM'] }, 'Virtual threads are cheap to start.'),
  article('hosts', { title: 'Sizing hosts', date: '2022-05-01', language: 'en', tags: ['JVM'] }, 'Virtual machines share a host; each runs threads.'),
  article('angular-signals', { title: 'Angular signals', date: '2022-06-01', tags: ['Angular'] }, 'Les signaux du framework.'),
  article('rue', { title: 'Une rue', date: '2021-01-01', tags: ['Straße'] }, 'Le pavé.'),
  article('oeuvre', { title: 'Une œuvre', date: '2021-02-01', tags: ['Œuvre Complète'] }, 'Le tout.'),
  article('fichiers', { title: 'Des fichiers', date: '2021-03-01', tags: ['ﬁchiers', 'Équipe'] }, 'Le disque.'),
  article('mentionne-java', { title: 'Une revue de code', date: '2024-08-01', tags: ['Méthodes'] }, 'On y parle de Java sans en faire un mot-clé.'),
  ...Array.from({ length: FILLERS }, (_, at) =>
    article(
      `java-${String(at).padStart(2, '0')}`,
      { title: `Note Java numéro ${at}`, date: `2023-0${1 + (at % 9)}-${String(10 + (at % 18)).padStart(2, '0')}`, tags: ['Java'] },
      `Texte ${at} sur les records et les threads virtuels.`,
    ),
  ),
];
const PUBLIC_COUNT = files.length - 2;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'search-pages-'));
  await mkdir(path.join(dir, 'articles'));
  await Promise.all(files.map(([name, text]) => writeFile(path.join(dir, 'articles', name), text)));
  await writeFile(path.join(dir, 'synonyms.yml'), '- [k8s, kubernetes]\n');
  // Watching the folder, as the server does: synonyms.yml is edited below.
  ctx = await createTestApp({ CONTENT_DIR: dir, CONTENT_CACHE_DIR: path.join(dir, 'cache'), RATE_LIMIT_PER_MINUTE: '0' }, undefined, true);
});
afterAll(async () => {
  await ctx.close();
  await rm(dir, { recursive: true, force: true });
});

async function getPage(url: string, status = 200) {
  const response = await request(ctx.app).get(url).expect(status);
  return cheerio.load(response.text);
}
const cardIds = ($: cheerio.CheerioAPI) =>
  $('[data-testid="article-card"] a.article-card-link')
    .map((_, link) =>
      $(link)
        .attr('href')!
        .replace(/^(\/en)?\/articles\//, ''),
    )
    .get();

describe('search quality on the list page', () => {
  it('ranks a title match above a newer article that only mentions the word, and offers date order', async () => {
    expect(cardIds(await getPage('/articles?f=postgresql'))).toEqual(['postgresql-index', 'linux-tuning']);
    const byDate = await getPage('/articles?f=postgresql&sort=date');
    expect(cardIds(byDate)).toEqual(['linux-tuning', 'postgresql-index']);
    expect(byDate('[data-testid="search-sort"] a[aria-current="true"]').text()).toBe('date');
  });

  it('finds other word forms in each language, a typo, and a word after an elision', async () => {
    expect(cardIds(await getPage('/articles?f=optimiser'))).toContain('requetes-rapides');
    expect(cardIds(await getPage('/articles?f=caching'))).toContain('response-reuse');
    expect(cardIds(await getPage('/articles?f=postgrsql'))[0]).toBe('postgresql-index');
    expect(cardIds(await getPage("/articles?f=l'optimisation"))).toContain('requetes-rapides');
  });

  it('shows where each result matched, escaped, with <mark>', async () => {
    const $ = await getPage('/articles?f=sysctl');
    const snippet = $('[data-testid="snippet"]').first();
    expect(snippet.find('mark').first().text().toLowerCase()).toBe('sysctl');
    const hostile = await request(ctx.app).get('/articles?f=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E').expect(200);
    expect(hostile.text).not.toContain('<img src=x');
  });

  it('offers tag facets with counts, and suggests a close query when nothing matches', async () => {
    const $ = await getPage('/articles?f=spring');
    const facets = $('[data-testid="facets"] a')
      .map((_, link) => $(link).text().replace(/\s+/g, ' ').trim())
      .get();
    expect(facets).toEqual(expect.arrayContaining(['Spring (2)', 'Java (2)']));
    expect($('[data-testid="facets"] a').first().attr('href')).toMatch(/^\/tags\//);
    const none = await getPage('/articles?f=postgrsqlxx');
    expect(none('[data-testid="no-match"]')).toHaveLength(1);
    const suggestion = none('[data-testid="suggestion"] a');
    expect(suggestion.text()).toContain('postgresql');
    expect(cardIds(await getPage(suggestion.attr('href')!)).length).toBeGreaterThan(0);
  });

  it('answers the live search island the same ranking through the items API', async () => {
    const api = await request(ctx.app).get('/www-be/items/v1.0/search?f=postgresql').expect(200);
    expect((api.body as { hits: { article: { id: string } }[] }).hits.map((hit) => hit.article.id)).toEqual(['postgresql-index', 'linux-tuning']);
    // The SPEC's list keeps its contract: newest first.
    const list = await request(ctx.app).get('/www-be/items/v1.0/items?s=-date_m&f=postgresql').expect(200);
    expect((list.body as { id: string }[]).map((item) => item.id)).toEqual(['linux-tuning', 'postgresql-index']);
  });

  it('shows the query as typed, and finds the same articles for SpRiNg and spring', async () => {
    const upper = cheerio.load((await request(ctx.app).get('/articles?f=SpRiNg').expect(200)).text);
    const lower = cheerio.load((await request(ctx.app).get('/articles?f=spring').expect(200)).text);
    expect(upper('input[name="f"]').val()).toBe('SpRiNg');
    expect(cardIds(upper)).toEqual(cardIds(lower));
    expect(cardIds(upper)).toEqual(['serie-2', 'serie-1']);
  });
});

describe('the results beside the search island (decision 068)', () => {
  it('renders the results once, as server HTML outside the island, and gives the island the search only', async () => {
    const response = await request(ctx.app).get('/articles?f=java&sort=date').expect(200);
    const $ = cheerio.load(response.text);
    const results = $('#article-results');
    // Cards, facets, sort links and pages, all outside every island: the browser never hydrates them.
    expect(results.find('[data-testid="article-card"]')).toHaveLength(20);
    expect(results.find('[data-testid="facets"] a').length).toBeGreaterThan(0);
    expect(results.find('[data-testid="search-sort"] a[aria-current="true"]').text()).toBe('date');
    expect(results.find('[data-testid="pagination"] a[rel="next"]').attr('href')).toBe('/articles?f=java&sort=date&page=2');
    expect(results.closest('[data-island]')).toHaveLength(0);
    expect($('[data-island] [data-testid="article-card"], [data-island] [data-testid="facets"]')).toHaveLength(0);
    // The island's status line counts them, from the search it is given as props.
    expect($('[data-island="article-search"] [data-testid="result-count"]').text()).toBe('26 articles pour « java »');
    const props = $('script[data-island-props="article-search"]').text();
    expect(JSON.parse(props)).toMatchObject({ search: { filter: 'java', sort: 'date', page: 1, total: 26 }, lang: 'fr' });
    // No hit travels twice: neither titles, summaries, snippets nor tags are in the props, whose size is the labels'.
    expect(props).not.toMatch(/Note Java numéro|Résumé de|<mark>|"tags":\[|"hits"|"facets":\[/);
    expect(props.length).toBeLessThan(2_500);
    // The page as a whole no longer carries the results twice.
    const title = results.find('[data-testid="article-card"] a.article-card-link').first().text();
    expect(title).toBe('Une revue de code');
    expect(response.text.split(`>${title}<`).length - 1).toBe(1);
  });
});

describe('search syntax on the list page and the items API', () => {
  const apiIds = async (f: string) =>
    ((await request(ctx.app).get('/www-be/items/v1.0/search').query({ f }).expect(200)).body as { hits: { article: { id: string } }[] }).hits
      .map((hit) => hit.article.id)
      .sort();
  const listIds = async (f: string) =>
    ((await request(ctx.app).get('/www-be/items/v1.0/items').query({ f }).expect(200)).body as { id: string }[]).map((item) => item.id).sort();
  const pageIds = async (f: string) => cardIds(await getPage(`/articles?${new URLSearchParams({ f }).toString()}`)).sort();

  it.each([
    ['a phrase', '"virtual threads"', ['loom']],
    ['an exclusion', 'kafka -kubernetes', ['kafka-prod']],
    ['an excluded phrase', 'virtual -"virtual machines"', ['loom']],
    ['OR', 'kafka OR angular', ['angular-signals', 'kafka-k8s', 'kafka-prod']],
    ['a synonym', 'k8s', ['k8s-deploy', 'kafka-k8s']],
    ['a synonym, the other way', 'kubernetes', ['k8s-deploy', 'kafka-k8s']],
    ['a transposition', 'kafak', ['kafka-k8s', 'kafka-prod']],
  ])('answers %s the same on the page, the API search and the API list', async (_name, f, expected) => {
    expect(await pageIds(f)).toEqual(expected);
    expect(await apiIds(f)).toEqual(expected);
    expect(await listIds(f)).toEqual(expected);
  });

  it('reads a lower-case "or" as a word, and malformed syntax as plain words', async () => {
    expect(await pageIds('kafka or angular')).toEqual([]);
    expect(await pageIds('"virtual threads')).toEqual(['hosts', 'loom']);
    expect(await pageIds('-kafka')).toEqual(['kafka-k8s', 'kafka-prod']);
  });

  it('takes a new synonym from synonyms.yml without a restart', async () => {
    expect(await pageIds('ng')).toEqual([]);
    await writeFile(path.join(dir, 'synonyms.yml'), '- [k8s, kubernetes]\n- [ng, angular]\n');
    const deadline = Date.now() + 5_000;
    while ((await pageIds('ng')).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await pageIds('ng')).toEqual(['angular-signals']);
    expect(await apiIds('ng')).toEqual(['angular-signals']);
  });
});

describe('pages of the list', () => {
  it('shows 20 articles a page, links the next and previous pages, and answers 404 past the last', async () => {
    const first = await getPage('/articles');
    expect(cardIds(first)).toHaveLength(20);
    expect(first('head link[rel="next"]').attr('href')).toBe('https://www.example.test/articles?page=2');
    expect(first('head link[rel="prev"]')).toHaveLength(0);
    const second = await getPage('/articles?page=2');
    expect(cardIds(second)).toHaveLength(PUBLIC_COUNT - 20);
    expect(second('head link[rel="prev"]').attr('href')).toBe('https://www.example.test/articles');
    expect(second('head link[rel="canonical"]').attr('href')).toBe('https://www.example.test/articles?page=2');
    expect(second('[data-testid="pagination"] a[rel="prev"]').attr('href')).toBe('/articles');
    await request(ctx.app).get('/articles?page=3').expect(404);
    // The feeds and the sitemap are not paged.
    const sitemap = await request(ctx.app).get('/sitemap.xml').expect(200);
    expect(sitemap.text.match(/<loc>[^<]*\/articles\/[^<]+<\/loc>/g)).toHaveLength(PUBLIC_COUNT);
  });
});

describe('tag pages', () => {
  it.each([
    ['strasse', ['rue']],
    ['STRASSE', ['rue']],
    ['Stra%C3%9Fe', ['rue']],
    ['oeuvre%20complete', ['oeuvre']],
    ['%C5%92UVRE%20%20compl%C3%A8te', ['oeuvre']],
    ['fichiers', ['fichiers']],
    ['equipe', ['fichiers']],
    ['%C3%89QUIPE', ['fichiers']],
  ])('lists the same articles on /tags/%s as its feeds (one folding: ß, ligatures, accents, case)', async (tag, expected) => {
    // Other spellings of a tag move to the one its articles use (decision 034): followed, as a browser and a feed reader do.
    const page = cardIds(cheerio.load((await request(ctx.app).get(`/tags/${tag}`).redirects(2).expect(200)).text)).sort();
    const feedIds = async (feed: string) =>
      [
        ...new Set(
          [...(await request(ctx.app).get(`/tags/${tag}/${feed}`).redirects(2).expect(200)).text.matchAll(/\/articles\/([a-z0-9-]+)</g)].map(
            (match) => match[1],
          ),
        ),
      ].sort();
    expect(page).toEqual(expected);
    expect(await feedIds('rss.xml')).toEqual(expected);
    expect(await feedIds('atom.xml')).toEqual(expected);
    // The facet the list shows for a search names the tag as written.
    expect(page.length).toBe(expected.length);
  });

  it('lists exactly the articles carrying the tag, paged, not those that only mention it', async () => {
    const $ = await getPage('/tags/Java');
    const ids = [...cardIds($), ...cardIds(await getPage('/tags/Java?page=2'))];
    expect(ids).toHaveLength(FILLERS + 3);
    expect(ids).not.toContain('mentionne-java');
    expect(ids).not.toContain('brouillon');
    expect($('h1').text()).toBe('Articles sur Java');
    // Another spelling of the tag is moved to the one its articles use (decision 034).
    expect((await request(ctx.app).get('/tags/java').expect(301)).headers.location).toBe('/tags/Java');
    await request(ctx.app).get('/tags/Kubernetes').expect(404);
  });

  it('has its own feeds, linked in its head', async () => {
    const $ = await getPage('/tags/Spring');
    const rssHref = $('head link[rel="alternate"][type="application/rss+xml"]').last().attr('href')!;
    expect(rssHref).toBe('https://www.example.test/tags/Spring/rss.xml');
    const rss = await request(ctx.app).get('/tags/Spring/rss.xml').expect(200);
    const items = new XMLParser().parse(rss.text).rss.channel.item as { title: string }[];
    expect(items.map((item) => item.title).sort()).toEqual(['Spring Batch, partie 1', 'Spring Batch, partie 2']);
    const atom = await request(ctx.app).get('/tags/Spring/atom.xml').expect(200);
    expect(atom.text).toContain('<entry');
    await request(ctx.app).get('/tags/Nothing/rss.xml').expect(404);
  });

  it('lists every tag with its count, each leading to its page', async () => {
    const $ = await getPage('/tags');
    const tags = $('[data-testid="tag-list"] a')
      .map((_, link) => [[$(link).attr('href'), $(link).text().replace(/\s+/g, ' ')]])
      .get();
    expect(tags).toEqual(
      expect.arrayContaining([
        ['/tags/Java', `Java (${FILLERS + 3} articles)`],
        ['/tags/Linux', 'Linux (1 article)'],
      ]),
    );
    // The English page links to the English tag pages, and the French one still to its own, one after the other.
    const english = (await getPage('/en/tags'))('[data-testid="tag-list"] a').map((_, link) => cheerio.load(link)('a').attr('href'));
    expect(english.get()).toContain('/en/tags/Java');
    expect((await getPage('/tags'))('[data-testid="tag-list"] a[href="/tags/Java"]')).toHaveLength(1);
    const badges = (await getPage('/articles/serie-1'))('[data-testid="article"] .tag-badges a')
      .map((_, link) => cheerio.load(link)('a').attr('href'))
      .get();
    expect(badges).toEqual(['/tags/Spring', '/tags/Java']);
  });
});

describe('publishing states, series and related articles', () => {
  it('keeps drafts and articles dated in the future out of everything public', async () => {
    for (const id of ['brouillon', 'a-venir']) {
      await request(ctx.app).get(`/articles/${id}`).expect(404);
      await request(ctx.app).get(`/www-be/items/v1.0/items/${id}`).expect(404);
    }
    const rss = await request(ctx.app).get('/rss.xml').expect(200);
    expect(rss.text).not.toMatch(/Brouillon secret|Article à venir/);
  });

  it('shows an update date, and gives it to JSON-LD, the sitemap and the feeds', async () => {
    const $ = await getPage('/articles/mis-a-jour');
    expect($('[data-testid="updated"] time').attr('datetime')).toBe('2025-09-15T00:00:00.000Z');
    const blocks = $('script[type="application/ld+json"]')
      .map((_, script) => [JSON.parse($(script).text()) as Record<string, unknown>])
      .get() as Record<string, unknown>[];
    const posting = blocks.find((block) => block['@type'] === 'BlogPosting')!;
    expect(posting).toMatchObject({ datePublished: '2024-02-01T00:00:00.000Z', dateModified: '2025-09-15T00:00:00.000Z' });
    const sitemap = await request(ctx.app).get('/sitemap.xml').expect(200);
    expect(sitemap.text).toMatch(/articles\/mis-a-jour<\/loc><lastmod>2025-09-15/);
  });

  it('links every part of a series in order, and up to three related articles other than previous and next', async () => {
    const $ = await getPage('/articles/serie-2');
    expect($('[data-testid="series"] h2').text()).toContain('Spring Batch pas à pas');
    expect(
      $('[data-testid="series"] li')
        .map((_, item) => $(item).text())
        .get(),
    ).toEqual(['Spring Batch, partie 1', 'Spring Batch, partie 2']);
    expect($('[data-testid="series"] [aria-current="page"]').text()).toBe('Spring Batch, partie 2');
    const related = $('[data-testid="related"] a')
      .map((_, link) => $(link).attr('href'))
      .get();
    expect(related.length).toBeGreaterThan(0);
    expect(related.length).toBeLessThanOrEqual(3);
    const pager = $('.article-pager a')
      .map((_, link) => $(link).attr('href'))
      .get();
    for (const href of related) expect(pager).not.toContain(href);
    expect(related).not.toContain('/articles/serie-2');
  });
});
