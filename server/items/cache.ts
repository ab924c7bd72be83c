// One in-memory cache in front of the items source, used by page loaders and the items API alike:
// bounded in bytes (lru-cache), TTL freshness, one source call per key however many ask at once,
// a stale entry served at once while it is refreshed in the background, and kept when the source
// fails. Misses and content errors are kept for the TTL like any answer. Articles are sanitised
// and enhanced once, on the way in, by the worker threads (decision 027). The built-in source's
// searches are the exception: asked of it each time (decision 080).
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { normalizeFilter, type ItemsReader } from '../../shared/items/items-reader';
import { PAGE_SIZE, toTagKey, type SearchAnswer, type SearchRequest } from '../../shared/items/search';
import type { Article, ArticleSummary } from '../../shared/items/types';
import { createSummarySanitiser } from '../html/prepare-article';
import { createInlineArticleWorkers, type ArticleWorkers } from '../workers/worker-pool';
import { ItemsContentError, type ItemsSource } from './source';

/** Articles whose tags are read between two yields to the event loop when faceting a list. */
const FACET_SLICE = 1_000;

type Facet = { tag: string; count: number };

/** What a list's searches share: its articles by tag key, and the facets of the whole list. */
interface ListTags {
  byTag: Map<string, ArticleSummary[]>;
  facets: Facet[];
}

/**
 * Each list's tag index, built once per list (an upstream answer that did not change comes back as the
 * same array: decision 038): every search and page over it had read its 27,000 entries again, twice a
 * second with a short TTL (issue 25, decision 065). Held weakly: it goes with its list.
 */
const listTags = new WeakMap<ArticleSummary[], Promise<ListTags>>();

/** The facets of `articles`, read in slices: each tag's key computed once, the first spelling kept; the most used first. */
async function countFacets(articles: ArticleSummary[], byTag?: Map<string, ArticleSummary[]>): Promise<Facet[]> {
  const keys = new Map<string, string>();
  const counts = new Map<string, Facet>();
  for (const [index, article] of articles.entries()) {
    if (index > 0 && index % FACET_SLICE === 0) await yieldToEventLoop();
    for (const each of article.tags) {
      let key = keys.get(each);
      if (key === undefined) keys.set(each, (key = toTagKey(each)));
      const facet = counts.get(key);
      if (facet) facet.count += 1;
      else counts.set(key, { tag: each, count: 1 });
      if (byTag) {
        const tagged = byTag.get(key);
        // An article with two spellings of one tag is listed once.
        if (!tagged) byTag.set(key, [article]);
        else if (tagged.at(-1) !== article) tagged.push(article);
      }
    }
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag));
}

function readListTags(list: ArticleSummary[]): Promise<ListTags> {
  let tags = listTags.get(list);
  if (!tags) {
    const byTag = new Map<string, ArticleSummary[]>();
    tags = countFacets(list, byTag).then((facets) => ({ byTag, facets }));
    listTags.set(list, tags);
  }
  return tags;
}

/**
 * Paging and facets over a list, for sources that only filter: date order, no snippet, no suggestion.
 * From the list's tag index (readListTags): a page of the whole list, or of one tag's articles, costs
 * what it shows, and the facets of a tag's articles are counted over them only.
 */
async function searchInList(list: ArticleSummary[], { tag, page, pageSize }: { tag?: string; page: number; pageSize: number }): Promise<SearchAnswer> {
  const index = await readListTags(list);
  const matching = tag === undefined ? list : (index.byTag.get(toTagKey(tag)) ?? []);
  return {
    total: matching.length,
    hits: matching.slice((page - 1) * pageSize, page * pageSize).map((article) => ({ article })),
    facets: tag === undefined ? index.facets : await countFacets(matching),
  };
}

/** Summaries prepared between two yields to the event loop, and of those, summaries sanitised (0.3-0.6 ms each). */
const SUMMARY_SLICE = 250;
const SANITISE_SLICE = 25;

/** An answer of the source: a value (null for "no such article") or a content error. */
type Entry<T> = { value: T; error?: undefined; freshUntil: number } | { value?: undefined; error: ItemsContentError; freshUntil: number };

export interface ItemsCacheOptions {
  ttlSeconds: number;
  /** Most bytes the entries may take, estimated (strings at two bytes a character). */
  maxBytes: number;
  /** Most entries, whatever their size (CACHE_MAX_KEYS). */
  maxKeys?: number;
  logger: Logger;
  /** How long a stale entry is kept to answer for a slow or failing source. */
  staleSeconds?: number;
  /** After a failed refresh, how long the stale value is served before the source is asked again. */
  retryAfterMs?: number;
  now?: () => number;
  /** Where articles are prepared; on the event loop when not given. A failed job is a content error. */
  workers?: ArticleWorkers;
}

// Lists of the built-in source hold the same summary objects search after search: each is sized once
// (entries are never changed once made).
const objectBytes = new WeakMap<object, number>();

/**
 * Bytes a value takes in memory, roughly: two a character, a few words per object, array slot and number.
 * `remember`: whether an object's size is kept for the next time it is sized (not for the entries of a
 * large list, sized once with their list: 27,000 more weak keys for the collector to trace).
 */
export function estimateBytes(value: unknown, remember = true): number {
  switch (typeof value) {
    case 'string':
      return 16 + value.length * 2;
    case 'object': {
      if (value === null) return 8;
      if (Array.isArray(value)) return (value as unknown[]).reduce<number>((total, item) => total + 8 + estimateBytes(item, remember), 32);
      let total = objectBytes.get(value);
      if (total !== undefined) return total;
      total = 48;
      for (const [key, item] of Object.entries(value)) total += 8 + key.length * 2 + estimateBytes(item, remember);
      if (remember) objectBytes.set(value, total);
      return total;
    }
    default:
      return 8;
  }
}

/** The share of the bytes and keys for the built-in source's filtered lists (decision 051; its searches are not kept, decision 080). */
const FILTERED_LIST_SHARE = 1 / 8;

/** List entries sized between two yields to the event loop. */
const ESTIMATE_SLICE = 2_000;

/** Sizes of the lists already estimated: an upstream answer that did not change comes back as the same array (decision 038). */
const listSizes = new WeakMap<unknown[], number>();

/** The size the store would compute for a list's entry, in slices: 27,000 summaries held the event loop 100-260 ms at once (issue 25). Undefined for a small value. */
async function estimateEntryBytes(key: string, entry: Entry<unknown>, remember: boolean): Promise<number | undefined> {
  if (!Array.isArray(entry.value) || entry.value.length <= ESTIMATE_SLICE) return undefined;
  const list = entry.value as unknown[];
  let total = listSizes.get(list);
  if (total === undefined) {
    total = 32;
    for (const [index, item] of list.entries()) {
      if (index > 0 && index % ESTIMATE_SLICE === 0) await yieldToEventLoop();
      total += 8 + estimateBytes(item, remember);
    }
    listSizes.set(list, total);
  }
  return Math.max(1, total + key.length * 2 + 64);
}

export class ItemsCache implements ItemsReader {
  private readonly store: LRUCache<string, Entry<unknown>>;
  /** Searches and filtered lists of the built-in source (the store itself for an upstream source). */
  /** The built-in source's filtered lists (the store itself for an upstream). */
  private readonly filteredLists: LRUCache<string, Entry<unknown>>;
  private readonly inFlight = new Map<string, Promise<Entry<unknown>>>();
  // Summaries from the built-in source are the same objects each time: sanitise each once.
  private readonly preparedSummaries = new WeakMap<ArticleSummary, ArticleSummary>();
  /** Raw summary HTML → sanitised, bounded in bytes like the entries. */
  private readonly sanitisedSummaries = createSummarySanitiser();
  private readonly ttlMs: number;
  private readonly retryAfterMs: number;
  private readonly now: () => number;
  private readonly log: Logger;
  private readonly workers: ArticleWorkers;
  private readonly unsubscribe: () => void;
  /** Bumped by clear(): a load started before it must not store what it brings back. */
  private generation = 0;

  constructor(
    private readonly source: ItemsSource,
    options: ItemsCacheOptions,
  ) {
    this.ttlMs = options.ttlSeconds * 1000;
    this.retryAfterMs = options.retryAfterMs ?? Math.min(5_000, this.ttlMs);
    this.now = options.now ?? Date.now;
    this.log = options.logger.child({ component: 'items-cache' });
    this.workers = options.workers ?? createInlineArticleWorkers(options.logger);
    const lru = (maxBytes: number, maxKeys: number | undefined) =>
      new LRUCache<string, Entry<unknown>>({
        maxSize: Math.max(1, maxBytes),
        ...(maxKeys ? { max: Math.max(1, maxKeys) } : {}),
        // A search's answer is new objects each time (its hits and facets): their sizes are not kept, for
        // nothing and as weak keys the collector traces; the summaries in it are found among the kept.
        sizeCalculation: (entry, key) => Math.max(1, estimateBytes(entry.value ?? entry.error?.message, !key.startsWith('search:')) + key.length * 2 + 64),
        // How long a stale entry may still answer; lru-cache drops it after that (freshness is freshUntil).
        ttl: (options.staleSeconds ?? Math.max(3_600, options.ttlSeconds * 10)) * 1000,
      });
    // The built-in source answers from memory in milliseconds: its filtered lists (the items API's lists
    // of every match), mostly asked once (a long tail), get an eighth of the bytes and keys, and never
    // push out the rest. Its searches are not kept at all (search()).
    const listShare = source.search ? FILTERED_LIST_SHARE : 0;
    this.store = lru(options.maxBytes * (1 - listShare), options.maxKeys && Math.ceil(options.maxKeys * (1 - listShare)));
    this.filteredLists = listShare > 0 ? lru(options.maxBytes * listShare, options.maxKeys && Math.ceil(options.maxKeys * listShare)) : this.store;
    // Edited content must show at once, not after the TTL.
    this.unsubscribe = source.onChange(() => this.clear());
  }

  list(filter: string): Promise<ArticleSummary[]> {
    const f = normalizeFilter(filter);
    return this.read(`list:${this.keyOf(f)}`, async () => {
      const list = await this.source.list(f);
      // An upstream list comes sanitised from the threads: a second copy of 27,000 summaries for nothing.
      return this.source.listsPrepared ? list : this.prepareSummaries(list);
    });
  }

  get(id: string): Promise<Article | null> {
    return this.read(`item:${id}`, async () => {
      const prepare = (article: Article) => this.workers.prepareArticle(article);
      if (this.source.getPrepared) return this.source.getPrepared(id, prepare);
      const article = await this.source.get(id);
      return article ? await prepare(article) : null;
    });
  }

  /** The source's ranked search, or, for a source that only filters (upstream), its list paged and faceted here. */
  search(request: SearchRequest): Promise<SearchAnswer> {
    const page = Math.max(1, request.page ?? 1);
    const pageSize = request.pageSize ?? PAGE_SIZE;
    const sort = request.sort ?? 'relevance';
    const text = normalizeFilter(request.text);
    // The built-in index answers from memory in a few milliseconds, and most searches are asked once:
    // kept here, each answer outlived the young collections and filled the old generation until the
    // next full one (decision 080). A search asked again is a page or an API answer the response cache keeps.
    if (this.source.search) return this.source.search({ text, tag: request.tag, sort, page, pageSize }).then((answer) => this.prepareHits(answer));
    const key = `search:${JSON.stringify([this.keyOf(text), request.tag ? toTagKey(request.tag) : '', sort, page, pageSize])}`;
    return this.read(key, async () => searchInList(await this.list(text), { tag: request.tag, page, pageSize }));
  }

  private prepareHits(answer: SearchAnswer): SearchAnswer {
    return { ...answer, hits: answer.hits.map((hit) => ({ ...hit, article: this.prepareSummaryOnce(hit.article) })) };
  }

  /** A search text as its answer depends on it: the source's key (case folded where it cannot matter), else the text as sent. */
  private keyOf(text: string): string {
    return this.source.searchKey?.(text) ?? text;
  }

  seriesParts(series: string): Promise<ArticleSummary[]> {
    return this.read(`series:${toTagKey(series)}`, async () => this.prepareSummaries((await this.source.seriesParts?.(series)) ?? []));
  }

  findRelated(id: string, exclude: string[]): Promise<ArticleSummary[]> {
    return this.read(`related:${id}:${exclude.join('/')}`, async () => this.prepareSummaries((await this.source.related?.(id, 3, exclude)) ?? []));
  }

  isUnpublished(id: string): boolean {
    return this.source.isUnpublished?.(id) ?? false;
  }

  /** A hidden article for its preview link, prepared like any other but never kept here: previews are few and private. */
  async getPreview(id: string): Promise<Article | null> {
    return (await this.source.getPreview?.(id, (article) => this.workers.prepareArticle(article))) ?? null;
  }

  findTranslations(id: string): Promise<ArticleSummary[]> {
    // A source without translations (upstream) costs no cache entry per article.
    if (!this.source.translations) return Promise.resolve([]);
    return this.read(`translations:${id}`, async () => this.prepareSummaries((await this.source.translations?.(id)) ?? []));
  }

  /** Every group of translations (ids by language); none when the source does not know translations. */
  listTranslationGroups(): Promise<string[][]> {
    return this.read('translation-groups', async () => (await this.source.translationGroups?.()) ?? []);
  }

  findAlias(id: string): Promise<string | null> {
    // Nor one per missing id.
    if (!this.source.resolveAlias) return Promise.resolve(null);
    return this.read(`alias:${id}`, async () => (await this.source.resolveAlias?.(id)) ?? null);
  }

  clear(): void {
    this.generation += 1;
    this.store.clear();
    this.filteredLists.clear();
    this.sanitisedSummaries.clear();
    this.inFlight.clear();
  }

  close(): void {
    this.unsubscribe();
    this.clear();
  }

  stats(): { keys: number; bytes: number } {
    const both = this.filteredLists === this.store ? [this.store] : [this.store, this.filteredLists];
    return { keys: both.reduce((sum, lru) => sum + lru.size, 0), bytes: both.reduce((sum, lru) => sum + lru.calculatedSize, 0) };
  }

  /** Summaries prepared in slices: a list of 10,000 would hold the event loop for seconds at once. */
  private async prepareSummaries(items: ArticleSummary[]): Promise<ArticleSummary[]> {
    const prepared: ArticleSummary[] = [];
    let seen = 0;
    let sanitised = 0;
    for (const item of items) {
      if (seen >= SUMMARY_SLICE || sanitised >= SANITISE_SLICE) {
        await yieldToEventLoop();
        seen = sanitised = 0;
      }
      seen += 1;
      // One lookup for a summary prepared before (the usual case: a list of thousands, every request).
      const known = this.preparedSummaries.get(item);
      if (known !== undefined) {
        prepared.push(known);
        continue;
      }
      if (this.sanitisedSummaries.recall(item.summary) === undefined) sanitised += 1;
      prepared.push(this.prepareSummaryOnce(item));
    }
    return prepared;
  }

  private prepareSummaryOnce(item: ArticleSummary): ArticleSummary {
    let prepared = this.preparedSummaries.get(item);
    if (!prepared) {
      // New objects for the same text (a reload) find the sanitised text by the raw one.
      prepared = { ...item, summary: this.sanitisedSummaries.sanitise(item.summary) };
      this.preparedSummaries.set(item, prepared);
    }
    return prepared;
  }

  /** Where an entry is kept: the built-in source's filtered lists apart (see the constructor). */
  private storeOf(key: string): LRUCache<string, Entry<unknown>> {
    return key.startsWith('list:') && key !== `list:${this.keyOf('')}` ? this.filteredLists : this.store;
  }

  /** A fresh entry, or a stale value at once (refreshed behind), or else the source's answer, awaited. */
  private async read<T>(key: string, load: () => Promise<T>): Promise<T> {
    const entry = this.storeOf(key).get(key) as Entry<T> | undefined;
    if (entry && entry.freshUntil > this.now()) return unwrap(entry);
    if (entry && entry.error === undefined) {
      // A visitor never waits for a refresh while a stale copy exists; its failure is logged there.
      this.refresh(key, load).catch(() => {});
      return entry.value;
    }
    return unwrap(await this.refresh(key, load));
  }

  /** One load per key at a time; what it brings is stored unless the cache was cleared meanwhile. */
  private refresh<T>(key: string, load: () => Promise<T>): Promise<Entry<T>> {
    const pending = this.inFlight.get(key) as Promise<Entry<T>> | undefined;
    if (pending) return pending;
    const generation = this.generation;
    const loading = load()
      .then((value): Entry<T> => ({ value, freshUntil: this.now() + this.ttlMs }))
      .catch((error: unknown): Entry<T> => {
        const stale = generation === this.generation ? (this.storeOf(key).get(key) as Entry<T> | undefined) : undefined;
        if (stale?.error === undefined && stale !== undefined) {
          this.log.warn({ key, err: error }, 'items source failed, serving the stale entry');
          // A content error will be the same on the next ask: wait a TTL, as after a success.
          return { value: stale.value, freshUntil: this.now() + (error instanceof ItemsContentError ? this.ttlMs : this.retryAfterMs) };
        }
        if (error instanceof ItemsContentError) return { error, freshUntil: this.now() + this.ttlMs };
        throw error;
      })
      .then(async (entry) => {
        // A list an upstream sent is new objects each time it changes: its entries' sizes are not kept one by one.
        const size = await estimateEntryBytes(key, entry, !this.source.listsPrepared);
        if (generation === this.generation) this.storeOf(key).set(key, entry, size === undefined ? undefined : { size });
        return entry;
      })
      .finally(() => {
        if (this.inFlight.get(key) === loading) this.inFlight.delete(key);
      });
    this.inFlight.set(key, loading);
    return loading;
  }
}

function unwrap<T>(entry: Entry<T>): T {
  if (entry.error) throw entry.error;
  return entry.value as T;
}
