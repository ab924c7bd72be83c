// The server reads articles through this interface; upstream.ts and content/ implement it.
import { ItemsUnavailableError, type ItemsReader } from '../../shared/items/items-reader';
import type { SearchAnswer, SearchRequest } from '../../shared/items/search';
import type { Article, ArticleSummary } from '../../shared/items/types';

export type { SearchAnswer, SearchRequest } from '../../shared/items/search';

export interface ItemsSource extends ItemsReader {
  /** For logs and /readyz: "upstream https://…" or "content /srv/content". */
  readonly description: string;
  /** Registers a callback run when the source's articles change (content reloaded); returns an unsubscribe. */
  onChange(listener: () => void): () => void;
  /** True when the source can answer (content loaded, upstream reachable). */
  isReady(): Promise<boolean>;
  /** Releases watchers and timers. */
  close(): Promise<void>;
  /** True when its lists' summaries come sanitised as prepareSummary makes them (upstream: where each answer is decoded, decision 038). */
  readonly listsPrepared?: boolean;
  /** Ranked search with snippets and facets; absent on sources that only filter (upstream). */
  search?(request: SearchRequest): Promise<SearchAnswer>;
  /** What the answer to a search text depends on, for cache keys; absent: the text as sent (decision 046). */
  searchKey?(text: string): string;
  /** The parts of a series, in order (built-in content). */
  seriesParts?(series: string): Promise<ArticleSummary[]>;
  /** Up to `limit` articles close to this one by tags and terms, none of `exclude` (built-in content). */
  related?(id: string, limit?: number, exclude?: string[]): Promise<ArticleSummary[]>;
  /** The visible translations of an article, by language (built-in content: `translationKey`). */
  translations?(id: string): Promise<ArticleSummary[]>;
  /** Every group of translations, by language (built-in content). */
  translationGroups?(): Promise<string[][]>;
  /** The id a former id now leads to, or null (built-in content: `aliases`). */
  resolveAlias?(id: string): Promise<string | null>;
  /** The article as `prepare` makes it, kept on disk between restarts where the source can (built-in content). */
  getPrepared?(id: string, prepare: (article: Article) => Promise<Article>): Promise<Article | null>;
  /** A draft or future-dated article as `prepare` makes it, for its preview link (built-in content). */
  getPreview?(id: string, prepare: (article: Article) => Promise<Article>): Promise<Article | null>;
  /** Whether the article is a draft or dated in the future (built-in content). */
  isUnpublished?(id: string): boolean;
}

/**
 * The source answered, but with content this server cannot use (not JSON, not the expected shape).
 * Unlike an outage, asking again at once would get the same answer: the cache keeps it for the TTL.
 */
export class ItemsContentError extends ItemsUnavailableError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ItemsContentError';
  }
}
