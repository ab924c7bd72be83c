// The built-in items service: articles from CONTENT_DIR/articles/*.md, searched in memory,
// reloaded when the files change. A bad file is reported and skipped; the others keep serving.
import { watch, type FSWatcher } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { normalizeFilter } from '../../../shared/items/items-reader';
import type { Article, ArticleSummary } from '../../../shared/items/types';
import type { ItemsSource } from '../source';
import { ContentFileError, parseArticleFile } from './parse-article-file';
import { buildSearchIndex, type SearchIndex } from './search-index';

export interface ContentProblem {
  file: string;
  field: string;
  message: string;
}

interface Snapshot {
  byId: Map<string, Article>;
  /** All summaries, newest first. */
  summaries: ArticleSummary[];
  index: SearchIndex;
  problems: ContentProblem[];
}

function toSummary({ id, tit, date_m, tags, img, sum }: Article): ArticleSummary {
  return { id, tit, date_m, tags, img, sum };
}

function byDateDescending(a: ArticleSummary, b: ArticleSummary): number {
  return Date.parse(b.date_m) - Date.parse(a.date_m) || a.id.localeCompare(b.id);
}

/** Reads and parses every article file; never throws for a bad file. */
export async function loadContent(contentDir: string): Promise<Snapshot> {
  const dir = path.join(contentDir, 'articles');
  const relative = (file: string) => path.relative(process.cwd(), path.join(dir, file)) || file;
  const names = (await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  }))
    .filter((name) => name.endsWith('.md'))
    .sort();
  const byId = new Map<string, Article>();
  const fileOf = new Map<string, string>();
  const problems: ContentProblem[] = [];
  const texts = await Promise.all(names.map((name) => readFile(path.join(dir, name), 'utf8').catch((error: Error) => error)));
  names.forEach((name, at) => {
    const file = relative(name);
    const text = texts[at];
    try {
      if (text instanceof Error) throw new ContentFileError(file, 'file', `cannot be read (${text.message})`);
      const article = parseArticleFile(file, text ?? '');
      const first = fileOf.get(article.id);
      if (first) throw new ContentFileError(file, 'id', `duplicate id "${article.id}", already used by ${first}`);
      byId.set(article.id, article);
      fileOf.set(article.id, file);
    } catch (error) {
      if (!(error instanceof ContentFileError)) throw error;
      problems.push({ file: error.file, field: error.field, message: error.message });
    }
  });
  const summaries = [...byId.values()].map(toSummary).sort(byDateDescending);
  return { byId, summaries, index: buildSearchIndex(byId.values()), problems };
}

export interface ContentSource extends ItemsSource {
  /** Problems found in the last load, for logs and tests. */
  problems(): ContentProblem[];
  /** Reads the files again now (the watcher calls it). */
  reload(): Promise<void>;
}

export async function createContentSource({ contentDir, logger, watchFiles = true }: { contentDir: string; logger: Logger; watchFiles?: boolean }): Promise<ContentSource> {
  const log = logger.child({ source: 'content' });
  const listeners = new Set<() => void>();
  const report = (next: Snapshot) => {
    for (const problem of next.problems) log.error({ file: problem.file, field: problem.field }, `content file skipped: ${problem.message}`);
    log.info({ articles: next.byId.size, skipped: next.problems.length }, 'content loaded');
  };
  let snapshot = await loadContent(contentDir);
  report(snapshot);

  let reloading: Promise<void> | null = null;
  let again = false;
  const reload = async (): Promise<void> => {
    if (reloading) {
      again = true;
      return reloading;
    }
    reloading = (async () => {
      do {
        again = false;
        try {
          snapshot = await loadContent(contentDir);
          report(snapshot);
          for (const listener of listeners) listener();
        } catch (error) {
          // Keep serving the last good snapshot.
          log.error({ err: error }, 'content reload failed');
        }
      } while (again);
    })().finally(() => {
      reloading = null;
    });
    return reloading;
  };

  let watcher: FSWatcher | null = null;
  let timer: NodeJS.Timeout | null = null;
  if (watchFiles) {
    try {
      watcher = watch(path.join(contentDir, 'articles'), () => {
        // Editors write in bursts: wait for quiet before reloading once.
        if (timer) clearTimeout(timer);
        timer = setTimeout(() => void reload(), 150);
      });
      watcher.on('error', (error) => log.warn({ err: error }, 'content watcher stopped'));
    } catch (error) {
      log.warn({ err: error }, 'content folder not watched; restart to see changes');
    }
  }

  return {
    description: `content ${contentDir}`,
    async list(filter) {
      const query = normalizeFilter(filter);
      if (!query) return snapshot.summaries;
      const matches = snapshot.index.search(query);
      return snapshot.summaries.filter((summary) => matches.has(summary.id));
    },
    async get(id) {
      return snapshot.byId.get(id) ?? null;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async isReady() {
      return true;
    },
    problems: () => snapshot.problems,
    reload,
    async close() {
      if (timer) clearTimeout(timer);
      watcher?.close();
    },
  };
}
