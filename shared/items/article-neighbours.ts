// The articles published just before and just after one article, for the links at the end of its page.
import type { ArticleId, ArticleSummary } from './types';

export interface ArticleLink {
  id: ArticleId;
  title: string;
  /** The article's language, when the list says (built-in content). */
  language?: string;
}

export interface ArticleNeighbours {
  /** Published just before (older). */
  previous: ArticleLink | null;
  /** Published just after (newer). */
  next: ArticleLink | null;
}

/** Neighbours of `id` in a newest-first list (the order of the items API's list); none when it is not in the list. */
export function findNeighbours(newestFirst: readonly ArticleSummary[], id: ArticleId): ArticleNeighbours {
  const at = newestFirst.findIndex((item) => item.id === id);
  if (at < 0) return { previous: null, next: null };
  const toLink = (item: ArticleSummary | undefined): ArticleLink | null =>
    item ? { id: item.id, title: item.title, ...(item.language ? { language: item.language } : {}) } : null;
  return { previous: toLink(newestFirst[at + 1]), next: toLink(newestFirst[at - 1]) };
}
