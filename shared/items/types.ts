// The article shapes of the items API (DESIGN.md "Items API"), as this server re-serves them.

export type ArticleId = string;

/** One entry of GET /items: what a list card needs. `sum` is sanitised HTML. */
export interface ArticleSummary {
  id: ArticleId;
  tit: string;
  /** ISO 8601 date or date-time. */
  date_m: string;
  tags: string[];
  /** Image URLs; the first one is the thumbnail. Empty when the article has none. */
  img: string[];
  sum: string;
  /** YYYY-MM-DD of the last update, when the article says so (built-in content). */
  updated?: string;
  /** Name of the series the article belongs to (built-in content). */
  series?: string;
}

/** GET /items/{id}: the whole article. `sum` and `ctn` are sanitised, highlighted HTML. */
export interface Article extends ArticleSummary {
  ctn: string;
  /** Language code: fr, en, ... */
  lg: string;
}
