// One in-memory cache in front of the items source, used by page loaders and the items API alike:
// TTL freshness, a bounded number of keys, one source call per key however many ask at once,
// the stale entry when the source fails. Articles are sanitised and enhanced once, on the way in.
import NodeCache from 'node-cache';
import type { Logger } from 'pino';
import { normalizeFilter, type ItemsReader } from '../../shared/items/items-reader';
import type { Article, ArticleSummary } from '../../shared/items/types';
import { prepareArticle, prepareSummary } from '../html/prepare-article';
import type { ItemsSource } from './source';

interface Entry<T> {
  value: T;
  /** Epoch ms until which the value is served without asking the source. */
  freshUntil: number;
}

export interface ItemsCacheOptions {
  ttlSeconds: number;
  maxKeys: number;
  logger: Logger;
  /** How long a stale entry is kept to answer for a failing source. */
  staleSeconds?: number;
  /** After a failed refresh, how long the stale value is served before the source is asked again. */
  retryAfterMs?: number;
  now?: () => number;
}

export class ItemsCache implements ItemsReader {
  private readonly store: NodeCache;
  private readonly inFlight = new Map<string, Promise<unknown>>();
  // Summaries from the built-in source are the same objects each time: sanitise each once.
  private readonly preparedSummaries = new WeakMap<ArticleSummary, ArticleSummary>();
  private readonly ttlMs: number;
  private readonly maxKeys: number;
  private readonly retryAfterMs: number;
  private readonly now: () => number;
  private readonly log: Logger;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly source: ItemsSource,
    options: ItemsCacheOptions,
  ) {
    this.ttlMs = options.ttlSeconds * 1000;
    this.maxKeys = options.maxKeys;
    this.retryAfterMs = options.retryAfterMs ?? Math.min(5_000, this.ttlMs);
    this.now = options.now ?? Date.now;
    this.log = options.logger.child({ component: 'items-cache' });
    this.store = new NodeCache({
      stdTTL: options.staleSeconds ?? Math.max(3_600, options.ttlSeconds * 10),
      checkperiod: 120,
      maxKeys: options.maxKeys,
      // Values are shared read-only: cloning them on every read would cost more than it protects.
      useClones: false,
    });
    // Edited content must show at once, not after the TTL.
    this.unsubscribe = source.onChange(() => this.clear());
  }

  list(filter: string): Promise<ArticleSummary[]> {
    const f = normalizeFilter(filter);
    return this.read(`list:${f}`, async () => (await this.source.list(f)).map((item) => this.prepareSummaryOnce(item)));
  }

  get(id: string): Promise<Article | null> {
    return this.read(`item:${id}`, async () => {
      const article = await this.source.get(id);
      return article ? prepareArticle(article) : null;
    });
  }

  clear(): void {
    this.store.flushAll();
  }

  close(): void {
    this.unsubscribe();
    this.store.close();
  }

  stats(): { keys: number; hits: number; misses: number } {
    const { keys, hits, misses } = this.store.getStats();
    return { keys, hits, misses };
  }

  private prepareSummaryOnce(item: ArticleSummary): ArticleSummary {
    let prepared = this.preparedSummaries.get(item);
    if (!prepared) {
      prepared = prepareSummary(item);
      this.preparedSummaries.set(item, prepared);
    }
    return prepared;
  }

  private async read<T>(key: string, load: () => Promise<T>): Promise<T> {
    return (await this.readEntry(key, load)).value;
  }

  /** null answers (no such article) are passed on but never stored. */
  private readEntry<T>(key: string, load: () => Promise<T>): Promise<{ value: T; freshUntil?: number }> {
    const entry = this.store.get<Entry<T>>(key);
    if (entry && entry.freshUntil > this.now()) return Promise.resolve(entry);
    const pending = this.inFlight.get(key) as Promise<{ value: T; freshUntil?: number }> | undefined;
    if (pending) return pending;
    const loading = load()
      .then((value) => {
        if (value === null) return { value };
        const fresh = { value, freshUntil: this.now() + this.ttlMs };
        this.put(key, fresh);
        return fresh;
      })
      .catch((error: unknown) => {
        const stale = this.store.get<Entry<T>>(key);
        if (!stale) throw error;
        this.log.warn({ key, err: error }, 'items source failed, serving the stale entry');
        stale.freshUntil = this.now() + this.retryAfterMs;
        return stale;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, loading);
    return loading;
  }

  private put<T>(key: string, entry: Entry<T>): void {
    if (!this.store.has(key) && this.store.getStats().keys >= this.maxKeys) this.evictOldest();
    this.store.set(key, entry);
  }

  /** node-cache refuses new keys when full: make room by dropping the entry that went stale first. */
  private evictOldest(): void {
    let oldestKey: string | undefined;
    let oldest = Infinity;
    for (const key of this.store.keys()) {
      const freshUntil = this.store.get<Entry<unknown>>(key)?.freshUntil ?? -Infinity;
      if (freshUntil < oldest) {
        oldest = freshUntil;
        oldestKey = key;
      }
    }
    if (oldestKey !== undefined) this.store.del(oldestKey);
  }
}
