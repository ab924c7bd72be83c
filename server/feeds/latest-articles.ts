// The articles the feeds carry: the newest of the list, each read whole for its language,
// which list entries do not have (DESIGN.md items API).
import { ItemsUnavailableError, type ItemsReader } from '../../shared/items/items-reader';
import { toTagKey } from '../../shared/items/search';
import type { Article, ArticleSummary } from '../../shared/items/types';

/** Enough for a reader that polls now and then; bounded, since each one is read from the cache or the source. */
export const FEED_ARTICLE_LIMIT = 20;

/** Told of each article that could not be read whole, and why. */
export type OnArticleFailure = (summary: ArticleSummary, error: ItemsUnavailableError) => void;

/** An article the source cannot give now, as its list entry tells it: its summary for its body, no language. */
function fromSummary(summary: ArticleSummary): Article {
  return { ...summary, body: summary.summary, language: '' };
}

/**
 * The newest articles, or the newest of those carrying `tag` (case and accents aside). One that cannot
 * be read (an upstream 500, a malformed answer) is carried as its summary and reported to `onFailure`:
 * one broken article does not take the feed down (issue 25, finding 9).
 */
export async function readLatestArticles(
  items: ItemsReader,
  limit: number = FEED_ARTICLE_LIMIT,
  tag?: string,
  onFailure?: OnArticleFailure,
): Promise<Article[]> {
  const key = tag === undefined ? undefined : toTagKey(tag);
  // Drafts and future articles SHOW_DRAFTS lists for local writing are never published in a feed.
  const latest = (await items.list(''))
    .filter((summary) => !items.isUnpublished?.(summary.id) && (key === undefined || summary.tags.some((each) => toTagKey(each) === key)))
    .slice(0, limit);
  const articles = await Promise.all(
    latest.map((summary) =>
      items.get(summary.id).catch((error: unknown) => {
        if (!(error instanceof ItemsUnavailableError)) throw error;
        onFailure?.(summary, error);
        return fromSummary(summary);
      }),
    ),
  );
  // An article removed between the two reads is left out rather than failing the feed.
  return articles.filter((article): article is Article => article !== null);
}
