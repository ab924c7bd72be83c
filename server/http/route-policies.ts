// The table of what identifies an answer, one row per kind of route: the query parameters that count
// (with how each is normalised), whether the interface language is part of the URL, what the answer
// varies on, and how long shared caches and browsers may keep it (decision 019). Parameters a row
// does not declare never reach a handler, so they can neither split nor poison a cache.
import { ITEMS_API_PATH, isBackendPath } from '../../shared/items/items-api';
import { LIST_PARAMS } from '../../shared/items/list-query';
import { normalizeFilter } from '../../shared/items/items-reader';
import { EN_PREFIX, paths } from '../../shared/paths';

export type RouteKind = 'page' | 'items-api' | 'document' | 'file';

export interface RoutePolicy {
  kind: RouteKind;
  /** Declared query parameters and how each is normalised (an empty result leaves it out). */
  params: Readonly<Record<string, (value: string) => string>>;
  /** True when an `/en` prefix picks the English interface (pages); false: the same in every language. */
  localized: boolean;
  /** Cache-Control of a 200 answer, from the items TTL (seconds). */
  cacheControl: (ttlSeconds: number) => string;
}

/**
 * Pages: shared caches (nginx, a CDN) keep them for the items TTL and may serve them stale while they
 * refresh, or when the origin fails; browsers revalidate each time (strong ETag, 304).
 */
const pageCacheControl = (ttl: number) => `public, max-age=0, s-maxage=${ttl}, stale-while-revalidate=${ttl}, stale-if-error=86400`;
/** The items API and the feeds: anyone may keep them for the TTL, then revalidate. */
const sharedCacheControl = (ttl: number) => `public, max-age=${ttl}, stale-while-revalidate=${ttl}`;

const ITEMS_LIST: RoutePolicy = { kind: 'items-api', params: { f: normalizeFilter }, localized: false, cacheControl: sharedCacheControl };
/** The items API's search extension (not in the SPEC's contract): ranked, paged, faceted, read as the search pages are. */
const ITEMS_SEARCH: RoutePolicy = {
  kind: 'items-api',
  params: LIST_PARAMS,
  localized: false,
  cacheControl: sharedCacheControl,
};
const ITEMS_API: RoutePolicy = { kind: 'items-api', params: {}, localized: false, cacheControl: sharedCacheControl };
const DOCUMENT: RoutePolicy = { kind: 'document', params: {}, localized: false, cacheControl: sharedCacheControl };

const ARTICLE_LIST: RoutePolicy = {
  kind: 'page',
  params: LIST_PARAMS,
  localized: true,
  cacheControl: pageCacheControl,
};
const TAG_PAGE: RoutePolicy = { kind: 'page', params: { page: LIST_PARAMS.page }, localized: true, cacheControl: pageCacheControl };
const PAGE: RoutePolicy = { kind: 'page', params: {}, localized: true, cacheControl: pageCacheControl };
/** Files of public/ (they all have an extension): served by express.static, never the page cache. */
const FILE: RoutePolicy = { kind: 'file', params: {}, localized: false, cacheControl: () => 'public, max-age=3600' };

const ITEMS_LIST_PATH = `${ITEMS_API_PATH}/items`.toLowerCase();
const ITEMS_SEARCH_PATH = `${ITEMS_API_PATH}/search`.toLowerCase();
const DOCUMENTS = new Map<string, RoutePolicy>([
  [paths.rss, DOCUMENT],
  [paths.atom, DOCUMENT],
  [paths.sitemap, DOCUMENT],
  [paths.robots, DOCUMENT],
  [paths.cvJson, DOCUMENT],
  [paths.cvMarkdown, DOCUMENT],
  [paths.llmsTxt, DOCUMENT],
]);

/** The policy of a path (without its query). Express matches routes case-insensitively: so does this. */
export function findRoutePolicy(path: string): RoutePolicy {
  const lower = path.toLowerCase();
  if (isBackendPath(lower)) return lower === ITEMS_LIST_PATH ? ITEMS_LIST : lower === ITEMS_SEARCH_PATH ? ITEMS_SEARCH : ITEMS_API;
  const document = DOCUMENTS.get(lower);
  if (document) return document;
  if (lower === paths.articles) return ARTICLE_LIST;
  if (lower.startsWith(`${paths.tags}/`)) return /\/(rss|atom)\.xml$/.test(lower) ? DOCUMENT : TAG_PAGE;
  const inArticles = lower.startsWith(`${paths.articles}/`);
  // An article's Markdown twin: the same in every interface language.
  if (inArticles && lower.endsWith('.md')) return DOCUMENT;
  // Page paths have no extension, but an article id or a tag may hold a dot ("Node.js"), in either
  // interface: /en/tags/node.js is a page, which the parse then takes out of its /en prefix.
  const last = lower.slice(lower.lastIndexOf('/') + 1);
  const bare = lower.startsWith(`${EN_PREFIX}/`) ? lower.slice(EN_PREFIX.length) : lower;
  const isPageWithDot =
    (bare.startsWith(`${paths.articles}/`) && !bare.endsWith('.md')) || (bare.startsWith(`${paths.tags}/`) && !/\/(rss|atom)\.xml$/.test(bare));
  if (/\.[a-z0-9]+$/.test(last) && !isPageWithDot) return FILE;
  return PAGE;
}
