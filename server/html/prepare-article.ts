// Every article passes here once on its way into the cache, whichever source it came from.
import type { Article, ArticleSummary } from '../../shared/items/types';
import { enhanceArticleBody } from './enhance';
import { rewriteResponsiveImages } from './responsive-images';
import { sanitizeArticleHtml } from './sanitize';

export function prepareSummary<T extends ArticleSummary>(item: T): T {
  return { ...item, sum: sanitizeArticleHtml(item.sum) };
}

export function prepareArticle(article: Article): Article {
  return { ...prepareSummary(article), ctn: rewriteResponsiveImages(enhanceArticleBody(sanitizeArticleHtml(article.ctn))) };
}
