// The server reads articles through this interface; upstream.ts and content/ implement it.
import { ItemsUnavailableError, type ItemsReader } from '../../shared/items/items-reader';
import type { ArticleSummary } from '../../shared/items/types';

/** A search with ranking, pages and facets (built-in content only; others fall back to list()). */
export interface SearchRequest {
  /** The visitor's text; normalised by the source (normalizeSearchKey). */
  text: string;
  /** Only articles carrying exactly this tag (case- and accent-insensitive). */
  tag?: string;
  sort?: 'relevance' | 'date';
  /** 1-based page number. */
  page?: number;
  pageSize?: number;
}

export interface SearchAnswer {
  /** Matching articles in all pages. */
  total: number;
  hits: { article: ArticleSummary; /** HTML, escaped, with <mark> around matched words. */ snippet?: string }[];
  /** Tags of all matching articles, most frequent first. */
  facets: { tag: string; count: number }[];
  /** "Did you mean": a query built from indexed words that finds something, when this one finds nothing. */
  suggestion?: string;
}

export interface ItemsSource extends ItemsReader {
  /** For logs and /readyz: "upstream https://…" or "content /srv/content". */
  readonly description: string;
  /** Registers a callback run when the source's articles change (content reloaded); returns an unsubscribe. */
  onChange(listener: () => void): () => void;
  /** True when the source can answer (content loaded, upstream reachable). */
  isReady(): Promise<boolean>;
  /** Releases watchers and timers. */
  close(): Promise<void>;
  /** Ranked search with snippets and facets; absent on sources that only filter (upstream). */
  search?(request: SearchRequest): Promise<SearchAnswer>;
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
