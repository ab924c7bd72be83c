// What the article page derives from an article's prepared HTML: description, table of contents and
// reading time. Kept per article object: the server's items cache hands out the same object on every
// request, so a page rendered again does not parse the same HTML again.
import { estimateReadingMinutes } from './reading-time';
import { extractTableOfContents, type TocEntry } from './table-of-contents';
import { htmlToPlainText, truncateText } from './truncate-html';
import type { Article } from './types';

export interface ArticleAids {
  /** Plain-text summary cut for meta descriptions and link previews. */
  description: string;
  toc: TocEntry[];
  minutes: number;
}

const aidsByArticle = new WeakMap<Article, ArticleAids>();

/** Keeps aids computed elsewhere for this article object (the server computes them on a worker thread with the HTML). */
export function rememberArticleAids(article: Article, aids: ArticleAids): void {
  aidsByArticle.set(article, aids);
}

export function readArticleAids(article: Article): ArticleAids {
  let aids = aidsByArticle.get(article);
  if (!aids) {
    aids = {
      description: truncateText(htmlToPlainText(article.summary), 160),
      toc: extractTableOfContents(article.body),
      minutes: estimateReadingMinutes(article.body),
    };
    aidsByArticle.set(article, aids);
  }
  return aids;
}
