// How pages read articles: the loaders get the server's items cache through this interface.
import type { SearchAnswer, SearchRequest } from './search';
import type { Article, ArticleSummary } from './types';

export interface ItemsReader {
  /** Articles matching the filter text (all when empty), newest first. */
  list(filter: string, signal?: AbortSignal): Promise<ArticleSummary[]>;
  /** One article, or null when there is no such article. */
  get(id: string, signal?: AbortSignal): Promise<Article | null>;
  /** Ranked, paged search with facets and snippets (the server's cache answers it for every source). */
  search?(request: SearchRequest): Promise<SearchAnswer>;
  /** The parts of a series, in order; none when the source does not know series. */
  seriesParts?(series: string): Promise<ArticleSummary[]>;
  /** Up to three articles close to this one, none of `exclude`. */
  findRelated?(id: string, exclude: string[]): Promise<ArticleSummary[]>;
  /** Not published (a draft, or dated in the future), though shown here (SHOW_DRAFTS or a preview link): the page says so and is not indexed. */
  isUnpublished?(id: string): boolean;
  /** The article's translations, by language; none when the source does not know translations. */
  findTranslations?(id: string): Promise<ArticleSummary[]>;
  /** The id an article renamed from `id` now has, or null (decision 040). */
  findAlias?(id: string): Promise<string | null>;
}

/** The items source cannot answer now (down, slow, broken): pages show a 503, not a 404. */
export class ItemsUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ItemsUnavailableError';
  }
}

/** Longest filter text the server accepts; longer text is cut (the UI sets no bound, the server does). */
export const MAX_FILTER_LENGTH = 200;

/**
 * The filter as sent and cached: trimmed and bounded, otherwise as typed (SPEC §7): case, spaces and
 * syntax are the items service's business (decision 046).
 */
export function normalizeFilter(filter: string | null | undefined): string {
  return (filter ?? '').trim().slice(0, MAX_FILTER_LENGTH).trim();
}

/** What an article id may look like; anything else is answered 404 without asking the source. */
export const ARTICLE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._~-]{0,127}$/;

export function isValidArticleId(id: string): boolean {
  return ARTICLE_ID_PATTERN.test(id) && !id.includes('..');
}
