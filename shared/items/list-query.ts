// The query of a list's URL (`/articles?f=…&sort=date&page=2`, a tag's `?page=2`, the items API's
// search), declared once: the server's one parse of a request (the page cache's key), the loaders,
// the links a page writes and the URL the live search keeps in step all read and write it alike, so
// a search has one URL and a shared cache one copy of it (decision 019).
import { normalizeFilter } from './items-reader';
import type { SearchSort } from './search';

export interface ListQuery {
  filter: string;
  sort: SearchSort;
  page: number;
}

/** Each parameter, in the order URLs write them, and how it is normalised: an empty result is the default, left out. */
export const LIST_PARAMS = {
  /** The search text as typed, trimmed: its case may matter (`OR`, an upstream service's own rules, decision 046). */
  f: (value: string) => normalizeFilter(value),
  /** Date order is the one alternative to relevance. */
  sort: (value: string) => (value === 'date' ? value : ''),
  /** A page number past the first; anything else is the first page. */
  page: (value: string) => (/^[1-9]\d{0,5}$/.test(value) && value !== '1' ? value : ''),
} as const;

/** Reads a list's query from a URL's parameters (the server's parse, or what the browser's address bar holds). */
export function readListQuery(params: URLSearchParams): ListQuery {
  return {
    filter: LIST_PARAMS.f(params.get('f') ?? ''),
    sort: LIST_PARAMS.sort(params.get('sort') ?? '') === 'date' ? 'date' : 'relevance',
    page: Number(LIST_PARAMS.page(params.get('page') ?? '') || '1'),
  };
}

/** The query string of a list's URL: "" for the defaults, else "?f=…&sort=date&page=2", written as the server's parse writes it. */
export function writeListQuery({ filter = '', sort = 'relevance', page = 1 }: Partial<ListQuery>): string {
  const written: Record<string, string> = { f: filter, sort, page: String(page) };
  return readDeclaredParams(LIST_PARAMS, (name) => written[name] ?? '').query;
}

/**
 * Each declared parameter normalised, in the order declared, empty ones left out, and the query string
 * they make ("" or "?…"). The server's parse (its cache key) and writeListQuery both go through here.
 */
export function readDeclaredParams(
  declared: Readonly<Record<string, (value: string) => string>>,
  valueOf: (name: string) => string,
): { params: Record<string, string>; query: string } {
  const params: Record<string, string> = {};
  for (const [name, normalize] of Object.entries(declared)) {
    const value = normalize(valueOf(name));
    if (value) params[name] = value;
  }
  const query = new URLSearchParams(params).toString();
  return { params, query: query ? `?${query}` : '' };
}
