// The articles the feeds carry: the newest of the list, each read whole for its language (`lg`),
// which list entries do not have (DESIGN.md items API).
import type { ItemsReader } from '../../shared/items/items-reader';
import type { Article } from '../../shared/items/types';

/** Enough for a reader that polls now and then; bounded, since each one is read from the cache or the source. */
export const FEED_ARTICLE_LIMIT = 20;

export async function readLatestArticles(items: ItemsReader, limit: number = FEED_ARTICLE_LIMIT): Promise<Article[]> {
  const latest = (await items.list('')).slice(0, limit);
  const articles = await Promise.all(latest.map((summary) => items.get(summary.id)));
  // An article removed between the two reads is left out rather than failing the feed.
  return articles.filter((article): article is Article => article !== null);
}
