// The articles the feeds carry: the newest of the list, each read whole for its language,
// which list entries do not have (DESIGN.md items API).
import type { ItemsReader } from '../../shared/items/items-reader';
import { toTagKey } from '../../shared/items/search';
import type { Article } from '../../shared/items/types';

/** Enough for a reader that polls now and then; bounded, since each one is read from the cache or the source. */
export const FEED_ARTICLE_LIMIT = 20;

/** The newest articles, or the newest of those carrying `tag` (case and accents aside). */
export async function readLatestArticles(items: ItemsReader, limit: number = FEED_ARTICLE_LIMIT, tag?: string): Promise<Article[]> {
  const key = tag === undefined ? undefined : toTagKey(tag);
  const latest = (await items.list('')).filter((summary) => key === undefined || summary.tags.some((each) => toTagKey(each) === key)).slice(0, limit);
  const articles = await Promise.all(latest.map((summary) => items.get(summary.id)));
  // An article removed between the two reads is left out rather than failing the feed.
  return articles.filter((article): article is Article => article !== null);
}
