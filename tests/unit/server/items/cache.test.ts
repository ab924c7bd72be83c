// The items cache on its own, in front of a scripted source: bounded in bytes, misses and content
// errors kept for the TTL, stale served at once while one refresh runs in the background.
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as sanitize from '../../../../server/html/sanitize';
import { ItemsCache } from '../../../../server/items/cache';
import { ItemsContentError, type ItemsSource } from '../../../../server/items/source';
import { ItemsUnavailableError } from '../../../../shared/items/items-reader';
import type { Article, ArticleSummary } from '../../../../shared/items/types';

// Counts the sanitiser's calls, doing the real work.
vi.mock('../../../../server/html/sanitize', async (importOriginal) => {
  const original = await importOriginal<typeof sanitize>();
  return { ...original, sanitizeArticleHtml: vi.fn(original.sanitizeArticleHtml) };
});

const summary = (id: string, summaryLength = 100): ArticleSummary => ({
  id,
  title: `Article ${id}`,
  date: '2024-01-01',
  tags: [],
  images: [],
  summary: `<p>${'x'.repeat(summaryLength)}</p>`,
});
const article = (id: string): Article => ({ ...summary(id), body: '<p>corps</p>', language: 'fr' });

/** A source whose answers the test scripts; it counts its calls. */
function createSource(overrides: Partial<Pick<ItemsSource, 'list' | 'get' | 'listsPrepared'>> = {}) {
  const calls = { list: 0, get: 0 };
  let changed: () => void = () => {};
  const source: ItemsSource = {
    description: 'test',
    ...(overrides.listsPrepared ? { listsPrepared: true } : {}),
    list: (filter) => {
      calls.list += 1;
      return overrides.list ? overrides.list(filter) : Promise.resolve([summary('a')]);
    },
    get: (id) => {
      calls.get += 1;
      return overrides.get ? overrides.get(id) : Promise.resolve(article(id));
    },
    onChange: (listener) => {
      changed = listener;
      return () => {};
    },
    isReady: async () => true,
    close: async () => {},
  };
  return { source, calls, change: () => changed() };
}

const logger = pino({ level: 'silent' });
let clock = 1_000_000;
const now = () => clock;
let cache: ItemsCache | undefined;
afterEach(() => {
  cache?.close();
  cache = undefined;
});

describe('ItemsCache: bounded in bytes', () => {
  it('keeps what it holds under maxBytes however many large lists are asked for', async () => {
    // 200 summaries of 1 KB each: about 400 KB a list, counted at two bytes a character.
    const { source } = createSource({ list: () => Promise.resolve(Array.from({ length: 200 }, (_, at) => summary(String(at), 1_000))) });
    cache = new ItemsCache(source, { ttlSeconds: 60, maxBytes: 1_000_000, logger, now });
    for (let at = 0; at < 20; at += 1) await cache.list(`recherche ${at}`);
    const { bytes, keys } = cache.stats();
    expect(bytes).toBeLessThanOrEqual(1_000_000);
    expect(bytes).toBeGreaterThan(400_000);
    expect(keys).toBeLessThan(5);
  });

  // Decision 051: the built-in source's filtered lists are mostly asked once; they must not push out the
  // rest. Decision 080: its searches, answered from memory, are not kept at all.
  it('keeps a long tail of built-in filtered lists in an eighth of its bytes, and no built-in search', async () => {
    const { source, calls } = createSource({ list: (filter) => Promise.resolve(filter ? [summary(filter, 2_000)] : [summary('a')]) });
    const searched: string[] = [];
    source.search = (request) => {
      searched.push(request.text);
      return Promise.resolve({ total: 1, hits: [{ article: summary(request.text, 2_000), snippet: 'x'.repeat(2_000) }], facets: [] });
    };
    cache = new ItemsCache(source, { ttlSeconds: 60, maxBytes: 400_000, maxKeys: 2_000, logger, now });
    await cache.get('a');
    await cache.list('');
    for (let at = 0; at < 200; at += 1) {
      await cache.search({ text: `mot${at}` });
      await cache.list(`mot${at}`);
    }
    expect(cache.stats().bytes).toBeLessThanOrEqual(400_000);
    // The article and the whole list were kept: no second call.
    await cache.get('a');
    await cache.list('');
    expect(calls.get).toBe(1);
    expect(calls.list).toBe(201);
    // The last filtered list is still kept; a search asked again is asked of the source again.
    await cache.list('mot199');
    expect(calls.list).toBe(201);
    const again = await cache.search({ text: 'mot199' });
    expect(searched.filter((text) => text === 'mot199')).toHaveLength(2);
    expect(again.hits.map((hit) => hit.article.id)).toEqual(['mot199']);
  });

  it('still answers a value too large to keep, asking the source each time', async () => {
    const { source, calls } = createSource({ list: () => Promise.resolve(Array.from({ length: 100 }, (_, at) => summary(String(at), 10_000))) });
    cache = new ItemsCache(source, { ttlSeconds: 60, maxBytes: 100_000, logger, now });
    expect(await cache.list('')).toHaveLength(100);
    expect(await cache.list('')).toHaveLength(100);
    expect(calls.list).toBe(2);
  });
});

describe('ItemsCache: misses and content errors', () => {
  it('keeps a miss (no such article) for the TTL: one source call per TTL', async () => {
    const { source, calls } = createSource({ get: () => Promise.resolve(null) });
    cache = new ItemsCache(source, { ttlSeconds: 60, maxBytes: 1_000_000, logger, now });
    for (let at = 0; at < 50; at += 1) expect(await cache.get('absent')).toBeNull();
    expect(calls.get).toBe(1);
    clock += 61_000;
    await cache.get('absent');
    await vi.waitFor(() => expect(calls.get).toBe(2));
  });

  it('keeps a content error (a malformed answer) for the TTL, as briefly as a success', async () => {
    const { source, calls } = createSource({ get: () => Promise.reject(new ItemsContentError('upstream article x is malformed')) });
    cache = new ItemsCache(source, { ttlSeconds: 60, maxBytes: 1_000_000, logger, now });
    for (let at = 0; at < 10; at += 1) await expect(cache.get('x')).rejects.toBeInstanceOf(ItemsUnavailableError);
    expect(calls.get).toBe(1);
    clock += 61_000;
    await expect(cache.get('x')).rejects.toBeInstanceOf(ItemsContentError);
    expect(calls.get).toBe(2);
  });

  it('does not keep an outage (no stale copy): the next request asks again', async () => {
    const { source, calls } = createSource({ get: () => Promise.reject(new ItemsUnavailableError('down')) });
    cache = new ItemsCache(source, { ttlSeconds: 60, maxBytes: 1_000_000, logger, now });
    await expect(cache.get('x')).rejects.toThrow('down');
    await expect(cache.get('x')).rejects.toThrow('down');
    expect(calls.get).toBe(2);
  });
});

describe('ItemsCache: stale-while-revalidate', () => {
  it('answers a stale copy at once while one background refresh waits on a hanging source', async () => {
    let hang = false;
    const { source, calls } = createSource({ get: (id) => (hang ? new Promise<never>(() => {}) : Promise.resolve(article(id))) });
    cache = new ItemsCache(source, { ttlSeconds: 60, maxBytes: 1_000_000, logger, now });
    await cache.get('a');
    hang = true;
    clock += 61_000;
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache!.get('a')));
    expect(answers.every((answer) => answer?.id === 'a')).toBe(true);
    // One refresh for all of them.
    expect(calls.get).toBe(2);
  });

  it('shows the refreshed value once the background refresh is done', async () => {
    let title = 'avant';
    const { source } = createSource({ get: (id) => Promise.resolve({ ...article(id), title }) });
    cache = new ItemsCache(source, { ttlSeconds: 60, maxBytes: 1_000_000, logger, now });
    expect((await cache.get('a'))?.title).toBe('avant');
    title = 'après';
    clock += 61_000;
    expect((await cache.get('a'))?.title).toBe('avant');
    await vi.waitFor(async () => expect((await cache!.get('a'))?.title).toBe('après'));
  });

  it('waits for the source when it has no copy at all', async () => {
    let release: (value: Article) => void = () => {};
    const { source } = createSource({ get: () => new Promise<Article>((resolve) => (release = resolve)) });
    cache = new ItemsCache(source, { ttlSeconds: 60, maxBytes: 1_000_000, logger, now });
    let settled = false;
    const pending = cache.get('a').then((value) => ((settled = true), value));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    release(article('a'));
    expect((await pending)?.id).toBe('a');
  });

  it('does not keep what a load started before a source change answers', async () => {
    const releases: Array<() => void> = [];
    const { source, calls, change } = createSource({ get: (id) => new Promise<Article>((resolve) => releases.push(() => resolve(article(id)))) });
    cache = new ItemsCache(source, { ttlSeconds: 60, maxBytes: 1_000_000, logger, now });
    const before = cache.get('a');
    change();
    releases[0]?.();
    expect((await before)?.id).toBe('a');
    const after = cache.get('a');
    expect(calls.get).toBe(2);
    releases[1]?.();
    await after;
  });
});

describe('ItemsCache: lists of 10,000 summaries from an upstream', () => {
  const bigList = (length = 10_000) => Array.from({ length }, (_, at) => summary(`item-${at}`, 600));

  it('sanitises a summary once, however many searches return it (new objects each time)', async () => {
    const { source } = createSource({ list: () => Promise.resolve(bigList()) });
    cache = new ItemsCache(source, { ttlSeconds: 60, maxBytes: 100_000_000, logger, now });
    const sanitizer = vi.mocked(sanitize.sanitizeArticleHtml);
    sanitizer.mockClear();
    await cache.list('java');
    await cache.list('spring');
    await cache.list('sql');
    expect(sanitizer.mock.calls.length).toBeLessThanOrEqual(10_000);
  });

  it('prepares a list of 30,000 in slices, leaving the event loop to others between them', async () => {
    const { source } = createSource({ list: () => Promise.resolve(bigList(30_000)) });
    cache = new ItemsCache(source, { ttlSeconds: 60, maxBytes: 100_000_000, logger, now });
    let last = performance.now();
    let longest = 0;
    const ticker = setInterval(() => {
      const at = performance.now();
      longest = Math.max(longest, at - last);
      last = at;
    }, 5);
    await cache.list('java');
    longest = Math.max(longest, performance.now() - last);
    clearInterval(ticker);
    // The whole preparation of 30,000 takes one to three seconds on a loaded 2-core machine; one slice far less.
    expect(longest).toBeLessThan(250);
  });

  it('gives the event loop a turn every few summaries it must sanitise, not only every 250 summaries', async () => {
    const distinct = Array.from({ length: 120 }, (_, at) => ({ ...summary(`d-${at}`), summary: `<p>distinct ${at}</p>` }));
    const { source } = createSource({ list: () => Promise.resolve(distinct) });
    cache = new ItemsCache(source, { ttlSeconds: 60, maxBytes: 100_000_000, logger, now });
    let turns = 0;
    let listing = true;
    const turn = () => {
      turns += 1;
      if (listing) setImmediate(turn);
    };
    setImmediate(turn);
    await cache.list('');
    listing = false;
    // 120 summaries to sanitise at 0.3-0.6 ms each: at least four turns between them.
    expect(turns).toBeGreaterThanOrEqual(4);
  });

  it('counts a large list its source prepared at the bytes it would count for the same list sanitised here', async () => {
    const list = bigList(5_000);
    const sized = async (listsPrepared: boolean) => {
      const { source } = createSource({ list: () => Promise.resolve(list), listsPrepared });
      const each = new ItemsCache(source, { ttlSeconds: 60, maxBytes: 100_000_000, logger, now });
      await each.list('');
      const { bytes } = each.stats();
      each.close();
      return bytes;
    };
    // The summaries are sanitised alike (plain paragraphs): only where the sizes were kept differs.
    const prepared = await sized(true);
    expect(prepared).toBeGreaterThan(5_000 * 1_200);
    expect(await sized(false)).toBe(prepared);
  });

  it('keeps a list its source prepared (an upstream, on the threads) as it comes: no second copy, nothing sanitised again', async () => {
    const prepared = bigList(3);
    const { source } = createSource({ list: () => Promise.resolve(prepared), listsPrepared: true });
    cache = new ItemsCache(source, { ttlSeconds: 60, maxBytes: 100_000_000, logger, now });
    const sanitizer = vi.mocked(sanitize.sanitizeArticleHtml);
    sanitizer.mockClear();
    expect(await cache.list('java')).toBe(prepared);
    expect(sanitizer).not.toHaveBeenCalled();
  });
});

describe('ItemsCache: searches over a list its source only filters (an upstream)', () => {
  const tagged = (id: string, tags: string[]): ArticleSummary => ({ ...summary(id), tags });
  const list = [
    tagged('1', ['Java', 'Spring']),
    tagged('2', ['java', 'JAVA']),
    tagged('3', ['Kafka']),
    tagged('4', ['Spring', 'Kafka']),
    tagged('5', []),
    tagged('6', ['Java']),
  ];

  it('pages a tag’s articles, in list order, whatever the spelling, each article once, with the facets of those articles only', async () => {
    const { source } = createSource({ list: () => Promise.resolve(list), listsPrepared: true });
    cache = new ItemsCache(source, { ttlSeconds: 60, maxBytes: 100_000_000, logger, now });
    const first = await cache.search({ text: '', tag: 'JAVA', sort: 'date', page: 1, pageSize: 2 });
    expect(first.total).toBe(3);
    expect(first.hits.map((hit) => hit.article.id)).toEqual(['1', '2']);
    const second = await cache.search({ text: '', tag: 'java', sort: 'date', page: 2, pageSize: 2 });
    expect(second.hits.map((hit) => hit.article.id)).toEqual(['6']);
    // The first spelling met names a facet; one article counts once per spelling it carries.
    expect(first.facets).toEqual([
      { tag: 'Java', count: 4 },
      { tag: 'Spring', count: 1 },
    ]);
    expect((await cache.search({ text: '', tag: 'Rust', sort: 'date', page: 1 })).total).toBe(0);
  });

  it('pages the whole list with the facets of all its articles, the most used first, then by name', async () => {
    const { source } = createSource({ list: () => Promise.resolve(list), listsPrepared: true });
    cache = new ItemsCache(source, { ttlSeconds: 60, maxBytes: 100_000_000, logger, now });
    const answer = await cache.search({ text: '', sort: 'date', page: 2, pageSize: 4 });
    expect(answer.total).toBe(6);
    expect(answer.hits.map((hit) => hit.article.id)).toEqual(['5', '6']);
    expect(answer.facets).toEqual([
      { tag: 'Java', count: 4 },
      { tag: 'Kafka', count: 2 },
      { tag: 'Spring', count: 2 },
    ]);
  });

  it('reads a list’s tags once however many pages and tags are asked of it, and again for a new list', async () => {
    let current = list.map((each) => ({ ...each }));
    const { source } = createSource({ list: () => Promise.resolve(current), listsPrepared: true });
    cache = new ItemsCache(source, { ttlSeconds: 1, maxBytes: 100_000_000, logger, now });
    let reads = 0;
    for (const each of current) {
      const tags = each.tags;
      Object.defineProperty(each, 'tags', {
        get: () => {
          reads += 1;
          return tags;
        },
      });
    }
    await cache.search({ text: '', sort: 'date', page: 1, pageSize: 2 });
    // The list indexed (and sized for the cache, once per article).
    const first = reads;
    for (let page = 2; page <= 3; page += 1) await cache.search({ text: '', sort: 'date', page, pageSize: 2 });
    expect(reads).toBe(first);
    await cache.search({ text: '', tag: 'Kafka', sort: 'date', page: 1 });
    await cache.search({ text: '', tag: 'Spring', sort: 'date', page: 1 });
    // Only the articles of each tag, for their facets (2 + 2), not the list again.
    expect(reads).toBe(first + 4);
    // A new list (the upstream changed) is read anew: its searches show its articles.
    current = [tagged('7', ['Rust'])];
    const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
    clock += 2_000;
    await cache.list('');
    await settle();
    expect(await cache.list('')).toBe(current);
    // Its searches, once their stale answers are refreshed, show its articles.
    clock += 2_000;
    await cache.search({ text: '', tag: 'Rust', sort: 'date', page: 1 });
    await settle();
    expect((await cache.search({ text: '', tag: 'Rust', sort: 'date', page: 1 })).hits.map((hit) => hit.article.id)).toEqual(['7']);
  });
});
