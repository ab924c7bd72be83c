// The articles this server reads and shows, whichever source they come from. The items API's own
// field names (DESIGN.md "Items API") stay at the edges: see wire-format.ts.

export type ArticleId = string;

/** One entry of a list: what a list card needs. `summary` is sanitised HTML. */
export interface ArticleSummary {
  id: ArticleId;
  title: string;
  /** ISO 8601 date or date-time. */
  date: string;
  tags: string[];
  /** Image URLs; the first one is the thumbnail. Empty when the article has none. */
  images: string[];
  summary: string;
  /** YYYY-MM-DD of the last update, when the article says so (built-in content). */
  updated?: string;
  /** Name of the series the article belongs to (built-in content). */
  series?: string;
  /** Language code (fr, en, ...): always on an article, on a list entry when the source says (built-in content). */
  language?: string;
}

/** The whole article. `summary` and `body` are sanitised HTML, the body's code highlighted. */
export interface Article extends ArticleSummary {
  body: string;
  /** Language code: fr, en, ... */
  language: string;
}
