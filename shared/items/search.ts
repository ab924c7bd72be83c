// A ranked search over the articles, with pages, facets and snippets: what the list and tag pages,
// the live search island and the items API's search extension all read (issue 14).
import type { ArticleSummary } from './types';

export type SearchSort = 'relevance' | 'date';

export interface SearchRequest {
  /** The visitor's text (normalised by whoever answers). */
  text: string;
  /** Only articles carrying exactly this tag (case- and accent-insensitive). */
  tag?: string;
  sort?: SearchSort;
  /** 1-based page number. */
  page?: number;
  pageSize?: number;
}

export interface SearchHit {
  article: ArticleSummary;
  /** HTML, escaped, with <mark> around matched words. */
  snippet?: string;
}

export interface SearchAnswer {
  /** Matching articles in all pages. */
  total: number;
  hits: SearchHit[];
  /** Tags of all matching articles, most frequent first. */
  facets: { tag: string; count: number }[];
  /** "Did you mean": a query built from indexed words that finds something, when this one finds nothing. */
  suggestion?: string;
}

/** Articles a list page shows. */
export const PAGE_SIZE = 20;

/** The number of pages a total fills (at least one, so that an empty result has a page). */
export function countPages(total: number, pageSize: number = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Tags compared as visitors expect: case, accents and spaces do not matter. */
export function toTagKey(tag: string): string {
  return tag
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
