// Queries: what the pages ask of the content (lists, an article, search, series, related articles, a
// preview), answered from the state; article bodies are read from their files when asked for.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { readArticleAids, rememberArticleAids } from '../../../shared/items/article-aids';
import type { Article, ArticleSummary } from '../../../shared/items/types';
import type { ArticleWorkers } from '../../workers/worker-pool';
import type { ItemsSource, SearchAnswer, SearchRequest } from '../source';
import { hashContent, type ContentCache } from './content-cache';
import type { ContentLoader } from './content-loader';
import { ContentFileError } from './content-problems';
import type { ContentState, Entry } from './content-state';
import { unpackTerms } from './packed-entry';
import { tagKey } from './search-index';

export interface ContentQueries extends Pick<ItemsSource, 'list' | 'get'> {
  getPrepared(id: string, prepare: (article: Article) => Promise<Article>): Promise<Article | null>;
  search(request: SearchRequest): Promise<SearchAnswer>;
  seriesParts(series: string): Promise<ArticleSummary[]>;
  related(id: string, limit?: number, exclude?: string[]): Promise<ArticleSummary[]>;
  /** A hidden article (draft, future date) as `prepare` makes it, for its preview link; null when there is none by that id or it is visible. */
  getPreview(id: string, prepare: (article: Article) => Promise<Article>): Promise<Article | null>;
  /** Writes under way of prepared articles (a stop waits for them). */
  pendingWrites(): Promise<unknown>;
}

export function createContentQueries({
  state,
  loader,
  cache,
  workers,
  articlesDir,
  preparedVersion,
}: {
  state: ContentState;
  loader: ContentLoader;
  cache: ContentCache;
  workers: ArticleWorkers;
  articlesDir: string;
  preparedVersion: (() => string | undefined) | undefined;
}): ContentQueries {
  // Written after the answer; a stop waits for them.
  const preparedWrites = new Set<Promise<void>>();

  /** An entry's file text, and the name it is known by: its last good version when the file has errors now. */
  const readEntryFile = async (entry: Entry): Promise<{ name: string; text: string } | null> => {
    if (loader.isStale(entry.name)) {
      const text = loader.lastGoodText(entry.name);
      return text === undefined ? null : { name: entry.name, text };
    }
    const text = await readFile(path.join(articlesDir, entry.name), 'utf8').catch(() => null);
    return text === null ? null : { name: entry.name, text };
  };

  /** The file's article with its body rendered, when it is still the article the index knows by this id. */
  const renderArticle = async (id: string, { name, text }: { name: string; text: string }): Promise<Article | null> => {
    try {
      const article = await workers.renderFile(loader.relative(name), text);
      // The file may have changed since it was indexed: answer only for the article the index knows.
      return article.id === id ? article : null;
    } catch (error) {
      if (error instanceof ContentFileError) return null;
      throw error;
    }
  };

  /** The entry's article as `prepare` makes it, kept on disk by its text's hash (the last good one's when the file has errors). */
  const prepareEntry = async (entry: Entry, prepare: (article: Article) => Promise<Article>): Promise<Article | null> => {
    const id = entry.summary.id;
    const version = preparedVersion?.();
    const file = await readEntryFile(entry);
    // A broken file whose good text is no longer in memory: the copy prepared from it may still be on disk.
    const hash = version === undefined ? undefined : file ? hashContent(file.text) : entry.hash;
    if (version !== undefined && hash !== undefined) {
      // Kept whole: no Markdown rendered, nothing sanitised or highlighted again.
      const kept = await cache.readPrepared(hash, version);
      if (kept && kept.article.id === id) {
        rememberArticleAids(kept.article, kept.aids);
        return kept.article;
      }
    }
    const rendered = file && (await renderArticle(id, file));
    if (!rendered) return null;
    const article = await prepare(rendered);
    if (version !== undefined && hash !== undefined) {
      // The aids were computed with the HTML (on its worker thread): this reads them back, it does not scan again.
      const write = cache.writePrepared(hash, version, { article, aids: readArticleAids(article) });
      preparedWrites.add(write);
      void write.finally(() => preparedWrites.delete(write));
    }
    return article;
  };

  const visibleSummary = (id: string): ArticleSummary | undefined => {
    const entry = state.byId.get(id);
    return state.isVisible(entry) ? entry.summary : undefined;
  };
  const summariesOf = (ids: string[]): ArticleSummary[] => {
    // Every article visible (the usual case): no clock read per article of a list of thousands.
    if (state.allVisible()) {
      // A loop, not flatMap: a list of thousands makes no array per id.
      const summaries: ArticleSummary[] = [];
      for (const id of ids) {
        const summary = state.byId.get(id)?.summary;
        if (summary !== undefined) summaries.push(summary);
      }
      return summaries;
    }
    return ids.map(visibleSummary).filter((summary): summary is ArticleSummary => summary !== undefined);
  };

  return {
    async list(filter) {
      return summariesOf(state.index.listIds(filter));
    },
    async get(id) {
      const entry = state.byId.get(id);
      if (!state.isVisible(entry)) return null;
      const file = await readEntryFile(entry);
      return file ? renderArticle(id, file) : null;
    },
    async getPrepared(id, prepare) {
      const entry = state.byId.get(id);
      return state.isVisible(entry) ? prepareEntry(entry, prepare) : null;
    },
    async getPreview(id, prepare) {
      const entry = state.byId.get(id);
      return state.isPreviewable(entry) ? prepareEntry(entry, prepare) : null;
    },
    async search(request) {
      const answer = state.index.search(request);
      return {
        total: answer.total,
        hits: answer.hits.flatMap((hit) => {
          const article = visibleSummary(hit.id);
          return article ? [{ article, ...(hit.snippet !== undefined ? { snippet: hit.snippet } : {}) }] : [];
        }),
        facets: answer.facets,
        ...(answer.suggestion ? { suggestion: answer.suggestion } : {}),
      };
    },
    async seriesParts(series) {
      const key = tagKey(series);
      return [...state.byId.values()]
        .filter((entry) => state.isVisible(entry) && entry.summary.series !== undefined && tagKey(entry.summary.series) === key)
        .sort((a, b) => (a.seriesOrder ?? Infinity) - (b.seriesOrder ?? Infinity) || a.time - b.time || a.summary.id.localeCompare(b.summary.id))
        .map((entry) => entry.summary);
    },
    async related(id, limit = 3, exclude = []) {
      const entry = state.byId.get(id);
      if (!state.isVisible(entry)) return [];
      return summariesOf(state.index.related(id, unpackTerms(entry.relatedTerms), limit, new Set(exclude)));
    },
    pendingWrites: () => Promise.all(preparedWrites),
  };
}
