// The built-in items service: articles from CONTENT_DIR/articles/*.md, searched in memory.
// Changes are incremental (a changed file is read and indexed alone), bursts are coalesced, files are
// parsed and analysed by the worker threads (decision 027) while the index takes them in slices that
// yield to the event loop, and analysed articles are kept on disk by content hash.
// A file with errors is reported (one log line per problem) and keeps its last good version, if it had
// one; the others keep serving. The parts: content-state.ts (what is known), content-loader.ts
// (loading and validation), content-watcher.ts (watching), publication-timer.ts, content-queries.ts.
import type { FSWatcher } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Article, ArticleSummary } from '../../../shared/items/types';
import { createInlineArticleWorkers, type ArticleWorkers } from '../../workers/worker-pool';
import type { ItemsSource, SearchAnswer, SearchRequest } from '../source';
import { ContentCache } from './content-cache';
import { ContentLoader, type ContentStats } from './content-loader';
import { displayPath, formatProblem, linkProblems, type ContentProblem } from './content-problems';
import { createContentQueries } from './content-queries';
import { ContentState, type Entry } from './content-state';
import { ContentUpdates, watchArticles } from './content-watcher';
import { PublicationTimer } from './publication-timer';
import { releaseMemory } from './release-memory';
import { forgetVocabulary } from './text-analysis';
import { watchSynonyms } from './synonyms';

export type { ContentProblem, ContentProblemKind } from './content-problems';
export type { ContentStats } from './content-loader';

/** Files loaded (analysed, or restored warm) past which a first load's memory is released (a few hundred grow the heaps little). */
const RELEASE_AFTER_PARSED = 1_000;
/** From this many articles, the search code is run before ready, this many times over (decision 070): below, a first query is cheap anyway. */
const WARM_UP_ARTICLES = 1_000;
const WARM_UP_ROUNDS = 1;

export const DEFAULT_CONTENT_CACHE_DIR = path.join(tmpdir(), 'portfolio-site-cache');

export interface ContentSource extends ItemsSource {
  /** Problems found in the files as they are now (file, line, column, kind, message), for logs, tests and the dev overlay. */
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
  /** A draft or future-dated article as `prepare` makes it, for its preview link; null when there is no such hidden article. */
  getPreview(id: string, prepare: (article: Article) => Promise<Article>): Promise<Article | null>;
  /** The visible translations of a visible article (same `translationKey`), by language. */
  translations(id: string): Promise<ArticleSummary[]>;
  /** Every group of visible translations, two articles or more each (ids by language). */
  translationGroups(): Promise<string[][]>;
  /** The visible article a former id (`aliases`) now leads to. */
  resolveAlias(id: string): Promise<string | null>;
}

export interface ContentSourceOptions {
  contentDir: string;
  logger: Logger;
  watchFiles?: boolean;
  /** Serve drafts as if published (SHOW_DRAFTS, for previewing). */
  showDrafts?: boolean;
  /** CONTENT_CACHE_DIR. */
  cacheDir?: string;
  /** public/: local images and files that articles point at are looked for there; not checked when not given. */
  publicDir?: string;
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

export async function createContentSource({
  contentDir,
  logger,
  watchFiles = true,
  showDrafts = false,
  cacheDir = DEFAULT_CONTENT_CACHE_DIR,
  publicDir,
  now = Date.now,
  workers = createInlineArticleWorkers(logger),
  preparedVersion,
  buildVersion,
}: ContentSourceOptions): Promise<ContentSource> {
  const log = logger.child({ source: 'content' });
  const articlesDir = path.join(contentDir, 'articles');
  const cache = new ContentCache(cacheDir, contentDir);
  const state = new ContentState(showDrafts, now, cache, (name) => displayPath(path.join(articlesDir, name)));
  // Conflicts between files are logged once each, when they appear, as the loader does a file's problems.
  let loggedLinkProblems = new Set<string>();
  const logLinkProblems = () => {
    const current = new Set<string>();
    for (const problem of linkProblems(state.links.problems())) {
      const line = formatProblem(problem);
      current.add(line);
      if (!loggedLinkProblems.has(line)) log.error({ file: problem.file, field: problem.field, kind: problem.kind }, line);
    }
    loggedLinkProblems = current;
  };
  const loader = new ContentLoader(state, { articlesDir, cache, workers, logger: log, ...(publicDir ? { publicDir } : {}) });
  const listeners = new Set<() => void>();
  const notify = () => {
    loader.stats.updates += 1;
    for (const listener of listeners) listener();
  };
  const timer = new PublicationTimer({
    now,
    nextPublication: () => state.nextPublication(),
    onPublish: () => {
      log.info('scheduled article published');
      notify();
    },
  });
  let dirty = false;
  const updates = new ContentUpdates(async ({ names, full }) => {
    const changed = full ? await loader.fullScan() : await loader.applyFiles(names);
    if (!changed) return;
    dirty = true;
    log.info({ articles: state.byId.size, skipped: loader.skipped, files: full ? 'all' : names.length }, 'content updated');
    logLinkProblems();
    timer.schedule();
    notify();
  }, log);
  // content/synonyms.yml: read now, and again when it changes, as an article is.
  const synonyms = watchSynonyms({
    contentDir,
    watchFiles,
    log,
    onChange: (groups) => {
      state.index.setSynonyms(groups);
      notify();
    },
  });
  state.index.setSynonyms(synonyms.groups);
  // Before the first load: an edit saved while the folder is read is queued, not missed.
  const watcher: FSWatcher | null = watchFiles ? watchArticles(articlesDir, updates, log) : null;

  try {
    dirty = await loadFirst(cache, loader, log, buildVersion);
    // What a cold start's analyses needed goes before ready: the threads' heaps (they end, new ones serve
    // from now on), then the event loop's garbage and the pages V8 keeps pooled (decision 054).
    if (loader.stats.parsed >= RELEASE_AFTER_PARSED) await workers.renew().catch((error: unknown) => log.warn({ err: error }, 'worker threads not renewed'));
    // The words the event loop learnt analysing its share of the files (text-analysis.ts) go too.
    if (loader.stats.parsed >= RELEASE_AFTER_PARSED) forgetVocabulary();
    // The search code compiled before the first reader asks (decision 070); its garbage goes with the snapshot's.
    try {
      if (state.index.size >= WARM_UP_ARTICLES) state.index.warmUp(WARM_UP_ROUNDS);
    } catch (error) {
      log.warn({ err: error }, 'search warm-up failed');
    }
    // A warm start's snapshot (its index as JSON) is garbage once restored: released too.
    if (loader.stats.parsed + loader.stats.fromCache >= RELEASE_AFTER_PARSED) releaseMemory();
  } catch (error) {
    watcher?.close();
    synonyms.close();
    // Its slot's lock too (decision 050): a source made again in this process would otherwise take another slot.
    cache.close();
    throw error;
  }
  logLinkProblems();
  timer.schedule();
  await updates.start();

  const queries = createContentQueries({ state, loader, cache, workers, articlesDir, preparedVersion });
  return {
    description: `content ${contentDir}`,
    ...queries,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async isReady() {
      return true;
    },
    problems: () => loader.problems(),
    searchKey: (text) => state.index.keyOf(text),
    isUnpublished: (id) => state.isPreviewable(state.byId.get(id)),
    async translations(id) {
      if (!state.isVisible(state.byId.get(id))) return [];
      return state.links
        .translationsOf(id)
        .map((each) => state.byId.get(each))
        .filter((entry) => state.isVisible(entry))
        .map((entry) => entry!.summary);
    },
    async translationGroups() {
      return state.links
        .groups()
        .map((group) => group.filter((id) => state.isVisible(state.byId.get(id))))
        .filter((group) => group.length > 1);
    },
    async resolveAlias(id) {
      const target = state.links.resolveAlias(id);
      return target !== undefined && state.isVisible(state.byId.get(target)) ? target : null;
    },
    reload: () => updates.fullScan(),
    stats: () => ({ ...loader.stats }),
    async close() {
      timer.close();
      watcher?.close();
      synonyms.close();
      await updates.close();
      await queries.pendingWrites();
      if (dirty) cache.writeSnapshot([...state.byName.values()], state.index.toJSON());
      dirty = false;
      cache.close();
    },
  };
}

/** The first load: the snapshot of the last stop, then the files whose size or time changed since; true when a snapshot must be written. */
async function loadFirst(cache: ContentCache, loader: ContentLoader, log: Logger, buildVersion: string | undefined): Promise<boolean> {
  const started = performance.now();
  try {
    cache.open();
  } catch (error) {
    log.warn({ err: error, cacheDir: cache.dir }, 'content cache folder not writable: every start parses all articles');
  }
  // The state saved at the last stop: only files whose hash changed since are read again.
  const snapshot = await cache.readSnapshot<Entry>();
  const restored = snapshot ? loader.restore(snapshot.entries, snapshot.index) : false;
  if (snapshot && !restored) log.warn('content snapshot unreadable, loading file by file');
  const changed = await loader.fullScan({ trustUnchangedStat: true });
  loader.markLoaded();
  const { stats } = loader;
  const entries = loader.entries();
  log.info(
    { articles: entries.length, skipped: loader.skipped, parsed: stats.parsed, fromCache: stats.fromCache, ms: Math.round(performance.now() - started) },
    'content loaded',
  );
  void cache.prune(new Set(entries.map((entry) => entry.hash)), buildVersion).catch((error: unknown) => log.warn({ err: error }, 'content cache not pruned'));
  return changed || !restored;
}
