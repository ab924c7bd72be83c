// The content source on a folder each test writes: publishing states, series, related articles,
// incremental edits, coalesced bursts, the disk cache, and front matter errors.
import { mkdir, mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContentCache } from '../../../../../server/items/content/content-cache';
import { createContentSource, type ContentSource } from '../../../../../server/items/content/content-source';
import { prepareArticle } from '../../../../../server/html/prepare-article';
import { readArticleAids } from '../../../../../shared/items/article-aids';
import type { Article } from '../../../../../shared/items/types';
import { waitFor } from '../../../../support/wait-for';

let dir: string;
let cacheDir: string;
const sources: ContentSource[] = [];

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'content-source-'));
  cacheDir = path.join(dir, 'cache');
  await mkdir(path.join(dir, 'articles'));
});
afterEach(async () => {
  await Promise.all(sources.splice(0).map((source) => source.close()));
  await rm(dir, { recursive: true, force: true });
});

function article(id: string, fields: Record<string, string> = {}, body = 'Un corps.') {
  const meta = { id, title: `Titre ${id}`, date: '2025-01-15', language: 'fr', summary: `Résumé de ${id}.`, ...fields };
  return ['---', ...Object.entries(meta).map(([key, value]) => `${key}: ${value}`), '---', body, ''].join('\n');
}
const put = (id: string, fields?: Record<string, string>, body?: string) => writeFile(path.join(dir, 'articles', `${id}.md`), article(id, fields, body));

async function open(options: { showDrafts?: boolean; watchFiles?: boolean; preparedVersion?: string; buildVersion?: string } = {}) {
  const source = await createContentSource({
    contentDir: dir,
    logger: pino({ level: 'silent' }),
    watchFiles: options.watchFiles ?? false,
    cacheDir,
    showDrafts: options.showDrafts ?? false,
    ...(options.preparedVersion ? { preparedVersion: () => options.preparedVersion } : {}),
    ...(options.buildVersion ? { buildVersion: options.buildVersion } : {}),
  });
  sources.push(source);
  return source;
}
const ids = async (source: ContentSource, filter = '') => (await source.list(filter)).map((item) => item.id);

describe('publishing states', () => {
  it('keeps drafts out of list, get and search, unless drafts are shown', async () => {
    await put('public');
    await put('brouillon', { draft: 'true' });
    const source = await open();
    expect(await ids(source)).toEqual(['public']);
    expect(await source.get('brouillon')).toBeNull();
    expect((await source.search({ text: 'brouillon' })).total).toBe(0);

    const preview = await open({ showDrafts: true });
    expect((await ids(preview)).sort()).toEqual(['brouillon', 'public']);
    expect((await preview.get('brouillon'))?.title).toBe('Titre brouillon');
  });

  it('publishes an article dated in the future when its time comes, without an edit', async () => {
    const soon = new Date(Date.now() + 1_200).toISOString();
    await put('maintenant');
    await put('plus-tard', { date: soon });
    const source = await open();
    let changes = 0;
    source.onChange(() => (changes += 1));
    expect(await ids(source)).toEqual(['maintenant']);
    expect(await source.get('plus-tard')).toBeNull();
    await waitFor(() => changes > 0, 4_000);
    expect(await ids(source)).toEqual(['plus-tard', 'maintenant']);
    expect((await source.get('plus-tard'))?.title).toBe('Titre plus-tard');
  });

  it('carries the update date', async () => {
    await put('revu', { updated: '2025-03-02' });
    const source = await open();
    expect((await source.get('revu'))?.updated).toBe('2025-03-02');
    expect((await source.list(''))[0]?.updated).toBe('2025-03-02');
  });

  it.each([
    ['draft', { draft: 'maybe' }],
    ['updated', { updated: '2026-02-30' }],
    ['updated', { updated: '2024-12-31' }],
    ['date', { date: '2025-02-30' }],
    ['seriesOrder', { series: 'S', seriesOrder: 'deux' }],
  ])('reports a bad %s with the file and field, and keeps serving the others', async (field, fields) => {
    await put('bon');
    await put('mauvais', fields);
    const source = await open();
    expect(source.problems()).toEqual([expect.objectContaining({ field, file: expect.stringMatching(/mauvais\.md$/) })]);
    expect(source.problems()[0]?.message).toMatch(new RegExp(`^${field}: `));
    // The field's own line: the front matter starts on line 2, after `---`.
    expect(source.problems()[0]?.line).toBe(
      article('mauvais', fields)
        .split('\n')
        .findIndex((line) => line.startsWith(`${field}:`)) + 1,
    );
    expect(await ids(source)).toEqual(['bon']);
  });
});

describe('series and related articles', () => {
  it('lists the parts of a series by seriesOrder, then by date', async () => {
    await put('partie-b', { series: '"Java 21"', seriesOrder: '2', date: '2025-01-01' });
    await put('partie-a', { series: '"Java 21"', seriesOrder: '1', date: '2025-02-01' });
    await put('partie-c', { series: '"java 21"', date: '2024-01-01' });
    await put('ailleurs', { series: '"Autre"' });
    const source = await open();
    expect((await source.seriesParts('Java 21')).map((item) => item.id)).toEqual(['partie-a', 'partie-b', 'partie-c']);
    expect((await source.get('partie-a'))?.series).toBe('Java 21');
  });

  it('finds related articles by shared tags and words, excluding the ones asked', async () => {
    await put('pg-1', { title: 'Index PostgreSQL', tags: '[PostgreSQL, Performance]' });
    await put('pg-2', { title: 'Plans PostgreSQL', tags: '[PostgreSQL, Performance]' });
    await put('pg-3', { title: 'Vacuum PostgreSQL', tags: '[PostgreSQL]' });
    await put('angular', { title: 'Signaux Angular', tags: '[Angular]' });
    const source = await open();
    expect((await source.related('pg-1')).map((item) => item.id)).toEqual(['pg-2', 'pg-3']);
    expect((await source.related('pg-1', 3, ['pg-2'])).map((item) => item.id)).toEqual(['pg-3']);
    expect((await source.related('pg-1', 1)).map((item) => item.id)).toEqual(['pg-2']);
  });
});

describe('search through the source', () => {
  it('answers summaries with snippets, facets and totals', async () => {
    await put('cache', { title: 'Le cache HTTP', tags: '[HTTP, Cache]' }, 'Les réponses sont mises en cache par les proxys.');
    await put('autre', { title: 'Autre sujet', tags: '[HTTP]' }, 'Rien à voir.');
    const source = await open();
    const answer = await source.search({ text: 'réponses', pageSize: 10 });
    expect(answer.total).toBe(1);
    expect(answer.hits[0]?.article).toMatchObject({ id: 'cache', title: 'Le cache HTTP' });
    expect(answer.hits[0]?.snippet).toContain('<mark>réponses</mark>');
    expect(answer.facets).toEqual([
      { tag: 'Cache', count: 1 },
      { tag: 'HTTP', count: 1 },
    ]);
  });
});

describe('search through the source: a long text', () => {
  // Decision 089: past the start it keeps, the source reads the text on from a byte, through the disk cache.
  it('cuts the snippet of a word deep in a long article from the text around it', async () => {
    const before = Array.from({ length: 1_200 }, (_, at) => `L’été ${at} du cœur.`).join(' ');
    const after = Array.from({ length: 300 }, (_, at) => `Après ${at}.`).join(' ');
    await put('long', {}, `${before} Enfin le mot ornithorynque arrive ici. ${after}`);
    const source = await open();
    expect(Buffer.byteLength(before)).toBeGreaterThan(3 * 8_192);
    const reads = vi.spyOn(ContentCache.prototype, 'readTextStart');
    const snippet = (await source.search({ text: 'ornithorynque' })).hits[0]?.snippet ?? '';
    expect(snippet).toMatch(/^…/);
    expect(snippet).toContain('du cœur. Enfin le mot <mark>ornithorynque</mark> arrive ici. Après 0.');
    // Read on from bytes past the start, never the whole text at once.
    const parts = reads.mock.calls.filter(([, , fromByte]) => (fromByte ?? 0) > 0);
    expect(parts.length).toBeGreaterThan(0);
    expect(reads.mock.calls.filter(([, maxBytes]) => maxBytes === Infinity)).toEqual([]);
    const found = reads.mock.results.findIndex((result) => result.value?.text.includes('ornithorynque'));
    // The part that holds it begins past the first two parts (8 and 16 KB), near the word.
    expect(reads.mock.calls[found]?.[2]).toBeGreaterThan(16_384);
    reads.mockRestore();
  });
});

describe('scale: incremental, coalesced, cached on disk', () => {
  it('re-reads only the file that changed, and the others stay as they were', async () => {
    for (const id of ['un', 'deux', 'trois']) await put(id);
    const source = await open({ watchFiles: true });
    const before = source.stats().parsed;
    const unchanged = await source.get('deux');
    await put('un', { title: 'Titre modifié' });
    await waitFor(async () => (await source.list('')).some((item) => item.title === 'Titre modifié'));
    expect(source.stats().parsed - before).toBe(1);
    expect(await source.get('deux')).toEqual(unchanged);
    expect((await source.search({ text: 'modifié' })).hits.map((hit) => hit.article.id)).toEqual(['un']);

    await unlink(path.join(dir, 'articles', 'trois.md'));
    await waitFor(async () => !(await ids(source)).includes('trois'));
    expect((await ids(source)).sort()).toEqual(['deux', 'un']);
    expect(await source.get('trois')).toBeNull();
  });

  it('coalesces a burst of edits into one update', async () => {
    await put('un');
    const source = await open({ watchFiles: true });
    let updates = 0;
    source.onChange(() => (updates += 1));
    for (let edit = 1; edit <= 5; edit += 1) {
      await put('un', { title: `Version ${edit}` });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await waitFor(async () => (await source.list(''))[0]?.title === 'Version 5');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(updates).toBe(1);
  });

  it('reads the analysed articles from disk, one by one, when the saved index is gone', async () => {
    for (const id of ['un', 'deux']) await put(id);
    await (await open()).close();
    await rm(path.join(cacheDir), { recursive: true, force: true });
    const cold = await open();
    expect(cold.stats()).toMatchObject({ parsed: 2, fromCache: 0 });
    await cold.close();
    const { readdir } = await import('node:fs/promises');
    const [folder] = await readdir(cacheDir);
    await rm(path.join(cacheDir, folder!, 'slot-0', 'snapshot.json'));
    const warm = await open();
    expect(warm.stats()).toMatchObject({ parsed: 0, fromCache: 2 });
    expect((await ids(warm)).sort()).toEqual(['deux', 'un']);
  });

  it('reads the articles one by one when the saved index is in a form it does not know (an older version)', async () => {
    for (const id of ['un', 'deux']) await put(id);
    await (await open()).close();
    const { readdir, readFile } = await import('node:fs/promises');
    const [folder] = await readdir(cacheDir);
    const file = path.join(cacheDir, folder!, 'slot-0', 'snapshot.json');
    const snapshot = JSON.parse(await readFile(file, 'utf8')) as { index: unknown };
    await writeFile(file, JSON.stringify({ ...snapshot, index: { mini: {}, docs: [], surfaces: [] } }));
    const warm = await open();
    expect(warm.stats()).toMatchObject({ parsed: 0, fromCache: 2 });
    expect((await warm.search({ text: 'deux' })).hits.map((hit) => hit.article.id)).toEqual(['deux']);
  });

  it('keeps prepared articles on disk for the version that prepared them, and a restart does not prepare them again', async () => {
    await put('un', {}, '## Partie\n\nUn corps préparé.');
    let prepared = 0;
    const prepare = async (raw: Article): Promise<Article> => {
      prepared += 1;
      const article = await prepareArticle(raw);
      return { ...article, body: `${article.body}<p>préparé ${prepared}</p>` };
    };
    const first = await open({ preparedVersion: 'b1-i1' });
    const made = await first.getPrepared('un', prepare);
    expect(prepared).toBe(1);
    await first.close();

    const again = await (await open({ preparedVersion: 'b1-i1' })).getPrepared('un', prepare);
    expect(prepared).toBe(1);
    expect(again).toEqual(made);
    expect(readArticleAids(again!).toc.map((entry) => entry.text)).toEqual(['Partie']);

    await (await open({ preparedVersion: 'b2-i1' })).getPrepared('un', prepare);
    expect(prepared).toBe(2);
    await put('un', {}, 'Un corps modifié.');
    expect((await (await open({ preparedVersion: 'b2-i1' })).getPrepared('un', prepare))?.body).toContain('préparé 3');
    // Running from source (no version): nothing is kept.
    await (await open()).getPrepared('un', prepare);
    await (await open()).getPrepared('un', prepare);
    expect(prepared).toBe(5);
    expect(await (await open({ preparedVersion: 'b2-i1' })).getPrepared('nope', prepare)).toBeNull();
  });

  it('deletes prepared articles of another build at start', async () => {
    await put('un');
    const prepare = async (raw: Article) => raw;
    const first = await open({ preparedVersion: 'b1-i1', buildVersion: 'b1' });
    await first.getPrepared('un', prepare);
    await first.close();
    const { readdir } = await import('node:fs/promises');
    const [folder] = await readdir(cacheDir);
    const prepared = async () => (await readdir(path.join(cacheDir, folder!, 'slot-0'))).filter((name) => name.includes('.prepared-'));
    await waitFor(async () => (await prepared()).length === 1);
    const sameBuild = await open({ buildVersion: 'b1' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await prepared()).toHaveLength(1);
    await sameBuild.close();
    await open({ buildVersion: 'b2' });
    await waitFor(async () => (await prepared()).length === 0);
  });

  it('analyses again an article whose record is gone from the disk cache, though the saved index names it', async () => {
    for (const id of ['un', 'deux']) await put(id);
    await (await open()).close();
    const { readdir } = await import('node:fs/promises');
    // Another process's pruning, or a hand, deleted the records; the snapshot is left.
    for (const name of await readdir(cacheDir, { recursive: true })) if (name.endsWith('.pack')) await rm(path.join(cacheDir, name));
    const restarted = await open();
    expect(restarted.stats()).toMatchObject({ parsed: 2, fromCache: 0 });
    expect((await restarted.search({ text: 'deux' })).hits[0]?.snippet).toContain('deux');
  });

  it('reuses the analysed articles on disk at the next start', async () => {
    for (const id of ['un', 'deux', 'trois']) await put(id);
    const first = await open();
    expect(first.stats()).toMatchObject({ parsed: 3, fromCache: 0 });
    await first.close();
    await put('deux', { title: 'Changé' });
    const second = await open();
    expect(second.stats().parsed).toBe(1);
    expect((await second.search({ text: 'changé' })).hits.map((hit) => hit.article.id)).toEqual(['deux']);
    expect((await second.search({ text: 'trois' })).hits[0]?.snippet).toBeDefined();
  });
});
