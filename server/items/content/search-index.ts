// Full-text search over the built-in articles: accent- and case-insensitive, every word must match.
import MiniSearch from 'minisearch';
import { htmlToPlainText } from '../../../shared/items/truncate-html';
import type { Article } from '../../../shared/items/types';

/** Folds case, accents and ligatures so "equipe" finds "équipe" and "oeuvre" finds "œuvre". */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
}

interface IndexedArticle {
  id: string;
  title: string;
  summary: string;
  tags: string;
  body: string;
}

export interface SearchIndex {
  /** Ids of the articles where every word of the query matches (as a word or a word's beginning). */
  search(query: string): Set<string>;
}

export function buildSearchIndex(articles: Iterable<Article>): SearchIndex {
  const index = new MiniSearch<IndexedArticle>({
    fields: ['title', 'summary', 'tags', 'body'],
    processTerm: (term) => foldText(term) || null,
    searchOptions: { combineWith: 'AND', prefix: true },
  });
  const documents: IndexedArticle[] = [];
  for (const article of articles) {
    documents.push({
      id: article.id,
      title: article.tit,
      summary: htmlToPlainText(article.sum),
      tags: article.tags.join(' '),
      body: htmlToPlainText(article.ctn),
    });
  }
  index.addAll(documents);
  return {
    search(query) {
      return new Set(index.search(query).map((result) => String(result.id)));
    },
  };
}
