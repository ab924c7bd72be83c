// The built-in items service: articles from CONTENT_DIR/articles/*.md, searched in memory.
// Changes are incremental (a changed file is read and indexed alone), bursts are coalesced, files are
// parsed and analysed by the worker threads (decision 027) while the index takes them in slices that
// yield to the event loop, and analysed articles are kept on disk by content hash.
// A bad file is reported and skipped; the others keep serving.
import { watch, type FSWatcher } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Logger } from 'pino';
import { readArticleAids, rememberArticleAids } from '../../../shared/items/article-aids';
import type { Article, ArticleSummary } from '../../../shared/items/types';
import { ArticleJobError, createInlineArticleWorkers, type ArticleWorkers } from '../../workers/worker-pool';
import type { ItemsSource, SearchAnswer, SearchRequest } from '../source';
import { ContentCache, hashContent, type CachedArticle } from './content-cache';
import { ContentFileError } from './parse-article-file';
import { relatedTermsOf, SearchIndex, tagKey } from './search-index';

export interface ContentProblem {
  file: string;
  field: string;
  message: string;
}

export const DEFAULT_CONTENT_CACHE_DIR = path.join(tmpdir(), 'portfolio-site-cache');

/** Quiet time after the last file event before the changes are applied, and the longest wait in a burst. */
const DEBOUNCE_MS = 150;
const MAX_DEBOUNCE_MS = 1_000;
/** Longest stretch of synchronous work before yielding to the event loop. */
const SLICE_MS = 20;
/**
 * Files the event loop analyses during the first load for each one waiting per thread. The threads run
 * niced, beside the garbage collector's helpers, and their answers cost the event loop a copy: with one
 * thread on two cores, 1 left the event loop idle 16 % of a cold start (10,000 articles: 17.8-19.9 s),
 * 1.8 gave 16.4-18.6 s, 2.5 gave 15.3-16.6 s and 3.5 gave 17.5-17.8 s.
 */
const FIRST_LOAD_INLINE_SHARE = 2;
/** Files read at once. */
const READ_BATCH = 32;
/** Batches read and handed to the worker threads ahead of the one entering the index. */
const BATCHES_AHEAD = 2;
/** setTimeout's longest delay; a later publication is re-checked then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface Entry {
  name: string;
  hash: string;
  /** The file's modification time and size when it was read: a start skips files that kept both. */
  mtimeMs: number;
  size: number;
  summary: ArticleSummary;
  language: string;
  draft: boolean;
  seriesOrder?: number;
  time: number;
  relatedTerms: string[];
}

export interface ContentStats {
  /** Files parsed and analysed since start (not found in the disk cache). */
  parsed: number;
  /** Files taken from the disk cache since start. */
  fromCache: number;
  /** Times the articles changed (listeners called). */
  updates: number;
}

export interface ContentSource extends ItemsSource {
  /** Problems found in the files as they are now, for logs and tests. */
  problems(): ContentProblem[];
  /** Reads the folder again now (changed files only). */
  reload(): Promise<void>;
  search(request: SearchRequest): Promise<SearchAnswer>;
  /** The visible parts of a series, in order: `seriesOrder` when given, then date. */
  seriesParts(series: string): Promise<ArticleSummary[]>;
  /** Up to `limit` visible articles sharing tags and words with this one, other than `exclude`. */
  related(id: string, limit?: number, exclude?: string[]): Promise<ArticleSummary[]>;
  stats(): ContentStats;
  /** The article as `prepare` makes it, read from the disk cache when this version prepared it before. */
  getPrepared(id: string, prepare: (article: Article) => Promise<Article>): Promise<Article | null>;
}

export interface ContentSourceOptions {
  contentDir: string;
  logger: Logger;
  watchFiles?: boolean;
  /** Serve drafts as if published (SHOW_DRAFTS, for previewing). */
  showDrafts?: boolean;
  /** CONTENT_CACHE_DIR. */
  cacheDir?: string;
  now?: () => number;
  /** Where files are parsed (server/workers/); on the event loop when not given. The caller closes them. */
  workers?: ArticleWorkers;
  /**
   * What prepared HTML kept on disk is valid for (the build of the preparing code, the image catalog);
   * undefined keeps none, as when running from source.
   */
  preparedVersion?: () => string | undefined;
  /** The build part of that version, known at start: prepared HTML of other builds is deleted then. */
  buildVersion?: string;
}

/** A changed file's analysis: from the disk cache, from a worker, or why it failed. */
type Analysis = { cached: CachedArticle } | { analysed: CachedArticle } | { error: unknown };

// In this order: the items API answers the fields in the order they come (wire-format.ts).
function toSummary({ id, title, date, tags, images, summary, updated, series }: Article): ArticleSummary {
  return { id, title, date, tags, images, summary, ...(updated ? { updated } : {}), ...(series ? { series } : {}) };
}

export async function createContentSource({
  contentDir,
  logger,
  watchFiles = true,
  showDrafts = false,
  cacheDir = DEFAULT_CONTENT_CACHE_DIR,
  now = Date.now,
  workers = createInlineArticleWorkers(logger),
  preparedVersion,
  buildVersion,
}: ContentSourceOptions): Promise<ContentSource> {
  const log = logger.child({ source: 'content' });
  const articlesDir = path.join(contentDir, 'articles');
  const relative = (name: string) => path.relative(process.cwd(), path.join(articlesDir, name)) || name;
  const cache = new ContentCache(cacheDir, contentDir);
  const listeners = new Set<() => void>();
  const byName = new Map<string, Entry>();
  const byId = new Map<string, Entry>();
  const problems = new Map<string, ContentProblem>();
  const stats: ContentStats = { parsed: 0, fromCache: 0, updates: 0 };

  const isVisible = (entry: Entry | undefined): entry is Entry => entry !== undefined && (showDrafts || !entry.draft) && entry.time <= now();
  // Hidden articles (drafts, future dates) are rare: when there are none, searches skip the filter.
  // The answer holds until the articles change (version) or the next scheduled one is due.
  let version = 0;
  let visibility = { version: -1, all: false, until: 0 };
  const allVisible = () => {
    const current = now();
    if (visibility.version === version && (visibility.all || current < visibility.until)) return visibility.all;
    let all = true;
    let until = Infinity;
    for (const entry of byId.values()) {
      const visible: boolean = isVisible(entry);
      if (visible) continue;
      all = false;
      if (showDrafts || !entry.draft) until = Math.min(until, entry.time);
    }
    visibility = { version, all, until };
    return all;
  };
  const index = new SearchIndex({
    allVisible,
    isVisible: (id) => isVisible(byId.get(id)),
    textOf: (id) => {
      const entry = byId.get(id);
      const text = entry && cache.readText(entry.hash);
      return entry && text !== undefined ? { text, language: entry.language } : undefined;
    },
  });

  const forget = (name: string) => {
    version += 1;
    const entry = byName.get(name);
    byName.delete(name);
    problems.delete(name);
    if (entry && byId.get(entry.summary.id) === entry) {
      byId.delete(entry.summary.id);
      index.remove(entry.summary.id);
    }
  };

  // The first load serves nothing yet (the server listens after it): until a thread has loaded the jobs,
  // the event loop analyses the files, and then it keeps a share of them (FIRST_LOAD_INLINE_SHARE for
  // each one waiting per thread), so that a cold start works on every core and not only on the threads'.
  const inline = createInlineArticleWorkers(logger);
  let loaded = false;
  const waiting = { inline: 0, threads: 0 };
  const chooseRunner = (): 'inline' | 'threads' => {
    if (loaded) return 'threads';
    if (!workers.isReady()) return 'inline';
    const { threads } = workers.stats();
    return threads > 0 && waiting.inline * threads < waiting.threads * FIRST_LOAD_INLINE_SHARE ? 'inline' : 'threads';
  };
  /** Starts a file's analysis in a worker, which also writes it to the disk cache; never rejects: a failure is kept in the answer. */
  const startAnalysis = (name: string, text: string, hash: string): Promise<Analysis> => {
    const runner = chooseRunner();
    waiting[runner] += 1;
    return (runner === 'inline' ? inline : workers)
      .analyseFile(relative(name), text, { dir: cache.dir, hash })
      .then(
        ({ analysed, savedAt }) => {
          if (savedAt) cache.remember(hash, savedAt);
          return { analysed };
        },
        (error: unknown) => ({ error }),
      )
      .finally(() => {
        waiting[runner] -= 1;
      });
  };

  /** The analysed article. Throws ContentFileError. */
  const takeAnalysis = (name: string, analysis: Analysis | null): CachedArticle => {
    if (analysis === null) throw new Error(`${relative(name)} changed but was not analysed`);
    if ('cached' in analysis) {
      stats.fromCache += 1;
      return analysis.cached;
    }
    if ('error' in analysis) {
      // A job that failed (its thread died, say) skips the file like a bad one; the next change retries it.
      if (analysis.error instanceof ArticleJobError) throw new ContentFileError(relative(name), 'file', `cannot be analysed (${analysis.error.message})`);
      throw analysis.error;
    }
    stats.parsed += 1;
    return analysis.analysed;
  };

  /** Brings one file's article up to date (synchronously: its reads and analysis are done); true when something changed. */
  const apply = (
    name: string,
    text: string | Error | null,
    hash: string,
    analysis: Analysis | null,
    fileStat: { mtimeMs: number; size: number } = { mtimeMs: 0, size: -1 },
  ): boolean => {
    if (text === null) {
      const known = byName.has(name) || problems.has(name);
      forget(name);
      return known;
    }
    const file = relative(name);
    if (text instanceof Error) {
      forget(name);
      problems.set(name, { file, field: 'file', message: `${file}: file: cannot be read (${text.message})` });
      return true;
    }
    const known = byName.get(name);
    if (known?.hash === hash) {
      known.mtimeMs = fileStat.mtimeMs;
      known.size = fileStat.size;
      return false;
    }
    try {
      const { article, draft, seriesOrder, doc } = takeAnalysis(name, analysis);
      const owner = byId.get(article.id);
      if (owner && owner.name !== name) throw new ContentFileError(file, 'id', `duplicate id "${article.id}", already used by ${relative(owner.name)}`);
      forget(name);
      const entry: Entry = {
        name,
        hash,
        mtimeMs: fileStat.mtimeMs,
        size: fileStat.size,
        summary: toSummary(article),
        language: article.language,
        draft,
        ...(seriesOrder !== undefined ? { seriesOrder } : {}),
        time: doc.time,
        relatedTerms: relatedTermsOf(doc),
      };
      byName.set(name, entry);
      byId.set(article.id, entry);
      version += 1;
      index.set(doc);
    } catch (error) {
      if (!(error instanceof ContentFileError)) throw error;
      forget(name);
      problems.set(name, { file: error.file, field: error.field, message: error.message });
      log.error({ file: error.file, field: error.field }, `content file skipped: ${error.message}`);
    }
    return true;
  };

  const readText = (name: string) =>
    readFile(path.join(articlesDir, name), 'utf8').catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? null : error));

  /** A batch of files as read from disk, with the analyses of the changed ones under way. */
  interface ReadBatch {
    names: string[];
    texts: (string | Error | null)[];
    hashes: string[];
    /** Per file: null when unchanged or unreadable, else its analysis (under way in a worker, or found in the disk cache). */
    analyses: (Promise<Analysis> | null)[];
    statOf: Map<string, { mtimeMs: number; size: number } | undefined>;
  }

  /** Reads a batch of files (in parallel: stats, texts, then disk cache entries of the changed ones) and starts analysing the others. */
  const readBatch = async (all: string[], trustUnchangedStat: boolean): Promise<ReadBatch> => {
    const stats = await Promise.all(all.map((name) => stat(path.join(articlesDir, name)).catch(() => null)));
    // At start, a file with the modification time and size it had when indexed is not read again.
    const names = all.filter((name, at) => {
      const known = byName.get(name);
      const now = stats[at];
      return !(trustUnchangedStat && known && now && known.mtimeMs === now.mtimeMs && known.size === now.size);
    });
    const statOf = new Map(all.map((name, at) => [name, stats[at] ? { mtimeMs: stats[at].mtimeMs, size: stats[at].size } : undefined]));
    const texts = await Promise.all(names.map(readText));
    const hashes = texts.map((text) => (typeof text === 'string' ? hashContent(text) : ''));
    const changed = names.map((name, at) => hashes[at] !== '' && byName.get(name)?.hash !== hashes[at]);
    const cached = await Promise.all(names.map((_name, at) => (changed[at] ? cache.read(hashes[at]!) : null)));
    const analyses = names.map((name, at): Promise<Analysis> | null => {
      const entry = cached[at];
      if (entry) return Promise.resolve({ cached: entry });
      return changed[at] ? startAnalysis(name, texts[at] as string, hashes[at]!) : null;
    });
    return { names, texts, hashes, analyses, statOf };
  };

  /** Applies the given files (their current state on disk), a slice at a time; true when anything changed. */
  const applyFiles = async (names: string[], { trustUnchangedStat = false } = {}): Promise<boolean> => {
    let changed = false;
    let sliceStart = performance.now();
    // Indexing in order, in slices, while the workers analyse the batches ahead.
    const applyBatch = async ({ names: batch, texts, hashes, analyses, statOf }: ReadBatch) => {
      for (const [at, name] of batch.entries()) {
        const analysis = analyses[at] ? await analyses[at] : null;
        if (apply(name, texts[at] ?? null, hashes[at]!, analysis, statOf.get(name))) changed = true;
        if (performance.now() - sliceStart > SLICE_MS) {
          await yieldToEventLoop();
          sliceStart = performance.now();
        }
      }
    };
    // The reads of the batches ahead go on while one enters the index: the disk's latency is hidden too.
    const ahead: Promise<ReadBatch>[] = [];
    let next = 0;
    const readAhead = () => {
      while (ahead.length <= BATCHES_AHEAD && next < names.length) {
        ahead.push(readBatch(names.slice(next, next + READ_BATCH), trustUnchangedStat));
        next += READ_BATCH;
      }
    };
    readAhead();
    while (ahead.length > 0) {
      const batch = await ahead.shift()!;
      readAhead();
      await applyBatch(batch);
    }
    // A file refused for a duplicate id gets its chance when the first owner goes away.
    const waiting = [...problems.entries()].filter(
      ([name, problem]) => problem.field === 'id' && problem.message.includes('duplicate id') && !names.includes(name),
    );
    for (const [name] of waiting) {
      const text = await readText(name);
      problems.delete(name);
      const hash = typeof text === 'string' ? hashContent(text) : '';
      const cached = hash ? await cache.read(hash) : null;
      const analysis = cached ? { cached } : typeof text === 'string' ? await startAnalysis(name, text, hash) : null;
      if (apply(name, text, hash, analysis)) changed = true;
    }
    return changed;
  };

  const listNames = async (): Promise<string[]> =>
    (
      await readdir(articlesDir).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [] as string[];
        throw error;
      })
    )
      .filter((name) => name.endsWith('.md'))
      .sort();

  // Scheduled articles: a timer to the next publication time tells the listeners, so caches drop the old lists.
  let publishTimer: NodeJS.Timeout | null = null;
  let closed = false;
  const notify = () => {
    stats.updates += 1;
    for (const listener of listeners) listener();
  };
  const schedulePublication = () => {
    if (publishTimer) clearTimeout(publishTimer);
    publishTimer = null;
    if (closed) return;
    const current = now();
    let next = Infinity;
    for (const entry of byName.values()) if (entry.time > current && entry.time < next && (showDrafts || !entry.draft)) next = entry.time;
    if (next === Infinity) return;
    publishTimer = setTimeout(
      () => {
        publishTimer = null;
        if (now() >= next) {
          log.info('scheduled article published');
          notify();
        }
        schedulePublication();
      },
      Math.min(MAX_TIMER_MS, next - current + 1),
    );
    publishTimer.unref();
  };

  const fullScan = async ({ trustUnchangedStat = false } = {}): Promise<boolean> => {
    const names = await listNames();
    const present = new Set(names);
    const gone = [...new Set([...byName.keys(), ...problems.keys()])].filter((name) => !present.has(name));
    for (const name of gone) forget(name);
    return (await applyFiles(names, { trustUnchangedStat })) || gone.length > 0;
  };

  const started = performance.now();
  try {
    cache.open();
  } catch (error) {
    log.warn({ err: error, cacheDir }, 'content cache folder not writable: every start parses all articles');
  }
  // The state saved at the last stop: only files whose hash changed since are read again.
  const snapshot = await cache.readSnapshot<Entry>();
  if (snapshot) {
    try {
      index.load(snapshot.index);
      for (const entry of snapshot.entries) {
        byName.set(entry.name, entry);
        byId.set(entry.summary.id, entry);
      }
      version += 1;
      stats.fromCache += snapshot.entries.length;
      // An entry whose record is gone is read and analysed again, never served without its text (decision 050).
      for (const entry of snapshot.entries) {
        if (cache.has(entry.hash)) continue;
        forget(entry.name);
        stats.fromCache -= 1;
      }
    } catch (error) {
      log.warn({ err: error }, 'content snapshot unreadable, loading file by file');
      byName.clear();
      byId.clear();
      index.load(new SearchIndex({ isVisible: () => false }).toJSON());
    }
  }
  let dirty = !snapshot;
  dirty = (await fullScan({ trustUnchangedStat: true })) || dirty;
  loaded = true;
  log.info(
    { articles: byId.size, skipped: problems.size, parsed: stats.parsed, fromCache: stats.fromCache, ms: Math.round(performance.now() - started) },
    'content loaded',
  );
  schedulePublication();
  void cache
    .prune(new Set([...byName.values()].map((entry) => entry.hash)), buildVersion)
    .catch((error: unknown) => log.warn({ err: error }, 'content cache not pruned'));

  // One update at a time; changes arriving meanwhile wait for the next round.
  let pendingNames = new Set<string>();
  let pendingFullScan = false;
  let running: Promise<void> | null = null;
  const run = (): Promise<void> => {
    if (running) return running;
    running = (async () => {
      while ((pendingNames.size > 0 || pendingFullScan) && !closed) {
        const names = [...pendingNames].sort();
        const full = pendingFullScan;
        pendingNames = new Set();
        pendingFullScan = false;
        try {
          const changed = full ? await fullScan() : await applyFiles(names);
          if (changed) {
            dirty = true;
            log.info({ articles: byId.size, skipped: problems.size, files: full ? 'all' : names.length }, 'content updated');
            schedulePublication();
            notify();
          }
        } catch (error) {
          // Keep serving what is loaded.
          log.error({ err: error }, 'content update failed');
        }
      }
    })().finally(() => {
      running = null;
    });
    return running;
  };

  let watcher: FSWatcher | null = null;
  let debounce: NodeJS.Timeout | null = null;
  let burstStart = 0;
  const onFileEvent = (name: string | null) => {
    // No name: the platform could not say which file, so every file is checked (by hash).
    if (name === null) pendingFullScan = true;
    else if (name.endsWith('.md') && !name.includes(path.sep)) pendingNames.add(name);
    else return;
    const current = performance.now();
    if (!debounce) burstStart = current;
    else clearTimeout(debounce);
    // Editors write in bursts: wait for quiet, but not forever.
    const wait = Math.max(0, Math.min(DEBOUNCE_MS, burstStart + MAX_DEBOUNCE_MS - current));
    debounce = setTimeout(() => {
      debounce = null;
      void run();
    }, wait);
    debounce.unref();
  };
  if (watchFiles) {
    try {
      watcher = watch(articlesDir, (_event, name) => onFileEvent(name ? String(name) : null));
      watcher.on('error', (error) => log.warn({ err: error }, 'content watcher stopped'));
    } catch (error) {
      log.warn({ err: error }, 'content folder not watched; restart to see changes');
    }
  }

  // Written after the answer; a stop waits for them.
  const preparedWrites = new Set<Promise<void>>();

  /** A visible article's file text as it is now, and the name it is known by. */
  const readArticleFile = async (id: string): Promise<{ name: string; text: string } | null> => {
    const entry = byId.get(id);
    if (!isVisible(entry)) return null;
    const text = await readFile(path.join(articlesDir, entry.name), 'utf8').catch(() => null);
    return text === null ? null : { name: entry.name, text };
  };

  /** The file's article with its body rendered, when it is still the article the index knows by this id. */
  const renderArticle = async (id: string, { name, text }: { name: string; text: string }): Promise<Article | null> => {
    try {
      const article = await workers.renderFile(relative(name), text);
      // The file may have changed since it was indexed: answer only for the article the index knows.
      return article.id === id ? article : null;
    } catch (error) {
      if (error instanceof ContentFileError) return null;
      throw error;
    }
  };

  const visibleSummary = (id: string): ArticleSummary | undefined => {
    const entry = byId.get(id);
    return isVisible(entry) ? entry.summary : undefined;
  };
  const summariesOf = (ids: string[]) => ids.map(visibleSummary).filter((summary): summary is ArticleSummary => summary !== undefined);

  return {
    description: `content ${contentDir}`,
    async list(filter) {
      return summariesOf(index.listIds(filter));
    },
    async get(id) {
      const file = await readArticleFile(id);
      return file ? renderArticle(id, file) : null;
    },
    async getPrepared(id, prepare) {
      const file = await readArticleFile(id);
      if (!file) return null;
      const version = preparedVersion?.();
      const hash = version === undefined ? undefined : hashContent(file.text);
      if (version !== undefined && hash !== undefined) {
        // Kept whole: no Markdown rendered, nothing sanitised or highlighted again.
        const kept = await cache.readPrepared(hash, version);
        if (kept && kept.article.id === id) {
          rememberArticleAids(kept.article, kept.aids);
          return kept.article;
        }
      }
      const rendered = await renderArticle(id, file);
      if (!rendered) return null;
      const article = await prepare(rendered);
      if (version !== undefined && hash !== undefined) {
        // The aids were computed with the HTML (on its worker thread): this reads them back, it does not scan again.
        const write = cache.writePrepared(hash, version, { article, aids: readArticleAids(article) });
        preparedWrites.add(write);
        void write.finally(() => preparedWrites.delete(write));
      }
      return article;
    },
    async search(request) {
      const answer = index.search(request);
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
      return [...byId.values()]
        .filter((entry) => isVisible(entry) && entry.summary.series !== undefined && tagKey(entry.summary.series) === key)
        .sort((a, b) => (a.seriesOrder ?? Infinity) - (b.seriesOrder ?? Infinity) || a.time - b.time || a.summary.id.localeCompare(b.summary.id))
        .map((entry) => entry.summary);
    },
    async related(id, limit = 3, exclude = []) {
      const entry = byId.get(id);
      if (!isVisible(entry)) return [];
      return summariesOf(index.related(id, entry.relatedTerms, limit, new Set(exclude)));
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async isReady() {
      return true;
    },
    problems: () => [...problems.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, problem]) => problem),
    async reload() {
      pendingFullScan = true;
      await run();
    },
    stats: () => ({ ...stats }),
    async close() {
      closed = true;
      if (debounce) clearTimeout(debounce);
      if (publishTimer) clearTimeout(publishTimer);
      watcher?.close();
      await running;
      await Promise.all(preparedWrites);
      if (dirty) cache.writeSnapshot([...byName.values()], index.toJSON());
      dirty = false;
      cache.close();
    },
  };
}
