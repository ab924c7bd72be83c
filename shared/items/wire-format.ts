// The items API as it travels (DESIGN.md "Items API"): what the upstream service, this server's API
// and the browser's client exchange. Its field names stop here: the upstream adapter and the
// browser's client read them into articles, the API router writes articles back into them.
import type { SearchAnswer, SearchHit } from './search';
import type { Article, ArticleSummary } from './types';

/** The `s` value asking the items API for the newest articles first (`?s=-date_m`). */
export const SORT_NEWEST_FIRST = '-date_m';

/** One entry of GET /items. `sum` is HTML, sanitised when this server writes it. */
export interface WireArticleSummary {
  id: string;
  tit: string;
  /** ISO 8601 date or date-time. */
  date_m: string;
  tags: string[];
  /** Image URLs; the first one is the thumbnail. */
  img: string[];
  sum: string;
  /** YYYY-MM-DD of the last update: an extension of the built-in content, sent when known. */
  updated?: string;
  /** Name of the article's series: an extension of the built-in content, sent when known. */
  series?: string;
  /** The article's language: on list entries, an extension of the built-in content, sent when known. */
  lg?: string;
}

/** GET /items/{id}. `sum` and `ctn` are HTML, sanitised when this server writes them. */
export interface WireArticle extends WireArticleSummary {
  ctn: string;
  /** Language code: fr, en, ... */
  lg: string;
}

/** GET /search, this server's extension: its hits carry list entries. */
export interface WireSearchAnswer extends Omit<SearchAnswer, 'hits'> {
  hits: (Omit<SearchHit, 'article'> & { article: WireArticleSummary })[];
}

// Every field of an article has its wire name: a field added to Article alone does not compile.
const WIRE_NAMES = {
  id: 'id',
  title: 'tit',
  date: 'date_m',
  tags: 'tags',
  images: 'img',
  summary: 'sum',
  updated: 'updated',
  series: 'series',
  body: 'ctn',
  language: 'lg',
} as const satisfies { [Field in keyof Article]-?: keyof WireArticle };

const toWireName = new Map<string, string>(Object.entries(WIRE_NAMES));
const fromWireName = new Map<string, string>(Object.entries(WIRE_NAMES).map(([field, wireName]) => [wireName, field]));

/**
 * The known fields under their other names, in the order they come: the items API's JSON keeps its
 * key order, which differs between sources. Unknown and undefined fields are left out.
 */
function renameFields(item: object, names: Map<string, string>): Record<string, unknown> {
  const renamed: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(item)) {
    const name = names.get(field);
    if (name !== undefined && value !== undefined) renamed[name] = value;
  }
  return renamed;
}

/** An article or list entry as the items API writes it. */
export function toWireItem(item: Article): WireArticle;
export function toWireItem(item: ArticleSummary): WireArticleSummary;
export function toWireItem(item: ArticleSummary): WireArticleSummary {
  return renameFields(item, toWireName) as unknown as WireArticleSummary;
}

/** An article or list entry the items API wrote (already checked), under this code's names. */
export function readWireItem(item: WireArticle): Article;
export function readWireItem(item: WireArticleSummary): ArticleSummary;
export function readWireItem(item: WireArticleSummary): ArticleSummary {
  return renameFields(item, fromWireName) as unknown as ArticleSummary;
}
