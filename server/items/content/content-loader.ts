// Loading and validation: reads article files (in batches, ahead of the index), has the worker threads
// parse and analyse the changed ones, takes them into the state a slice at a time, and keeps the
// problems of each file. A file with errors keeps its last good version when it had one; the checks
// across articles (links, images) run after each round.
import { existsSync, readFile as readFileCallback, stat as statCallback } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { promisify } from 'node:util';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { Article, ArticleSummary } from '../../../shared/items/types';
import type { AnalysedFile } from '../../workers/article-worker';
import { analyseFileHere, ArticleJobError, FIRST_POOL_JOBS_PER_THREAD, type ArticleWorkers } from '../../workers/worker-pool';
import { hashContent, hashContentBytes, type CachedArticle, type ContentCache } from './content-cache';
import { ContentFileError, displayPath, formatProblem, linkProblems, sortProblems, type ContentProblem } from './content-problems';
import { checkArticles } from './content-rules';
import type { ContentState, Entry } from './content-state';
import { FirstLoadQueue, type QueuedFile } from './first-load-queue';
import { compactSummary, packReferences, packTerms, readPackedReferences } from './packed-entry';
import { relatedTermsOf } from './search-index';

/** Longest stretch of synchronous work before yielding to the event loop. */
const SLICE_MS = 20;
/** The same during the first load: the threads' answers are read, and the threads given more files, this often (decision 062). */
const FIRST_LOAD_SLICE_MS = 4;
/** Files read at once. */
const READ_BATCH = 32;
/** Batches read and handed to the worker threads ahead of the one entering the index. */
const BATCHES_AHEAD = 2;
// A file's stat and bytes through the callback API: 60-85 µs of CPU for a 14 KB file, against 85-120 µs through fs/promises.
const statFile = promisify(statCallback);
const readBytes = promisify(readFileCallback);

export interface ContentStats {
  /** Files parsed and analysed since start (not found in the disk cache). */
  parsed: number;
  /** Files taken from the disk cache since start. */
  fromCache: number;
  /** Times the articles changed (listeners called). */
  updates: number;
}

/** Texts of good versions kept in memory, so that a file broken by an edit serves what it was. */
const LAST_GOOD_TEXTS_MAX_BYTES = 8 * 1024 * 1024;

/** A changed file's analysis: from the disk cache, from a worker, or why it failed. */
type Analysis = { cached: CachedArticle } | { analysed: CachedArticle } | { error: unknown };
type FileStat = { mtimeMs: number; size: number };

/** A batch of files as read from disk, with the analyses of the changed ones under way. */
interface ReadBatch {
  names: string[];
  texts: (string | Error | null)[];
  hashes: string[];
  /** Per file: null when unchanged or unreadable, else its analysis (under way in a worker, found in the disk cache, or queued for the first load). */
  analyses: (Promise<Analysis> | QueuedFile<Analysis> | null)[];
  statOf: Map<string, FileStat | undefined>;
}

// In this order: the items API answers the fields in the order they come (wire-format.ts).
function toSummary({ id, title, date, tags, images, summary, updated, series, language }: Article): ArticleSummary {
  return compactSummary({ id, title, date, tags, images, summary, ...(updated ? { updated } : {}), ...(series ? { series } : {}), language });
}

export interface ContentLoaderOptions {
  articlesDir: string;
  /** public/: local images and files links point at are looked for there; not checked when undefined. */
  publicDir?: string;
  cache: ContentCache;
  workers: ArticleWorkers;
  logger: Logger;
}

export class ContentLoader {
  readonly stats: ContentStats = { parsed: 0, fromCache: 0, updates: 0 };
  /** Errors of each file as it is now. */
  private readonly fileProblems = new Map<string, ContentProblem[]>();
  /** Problems across articles (links, images), from the last check. */
  private referenceProblems: ContentProblem[] = [];
  // The first load serves nothing yet (the server listens after it): the event loop analyses a file
  // itself whenever the next one to index is not analysed yet (first-load-queue.ts), so that a cold
  // start works on every core and not only on the threads'.
  private loaded = false;
  private readonly log: Logger;
  private readonly goodTexts = new LRUCache<string, string>({ maxSize: LAST_GOOD_TEXTS_MAX_BYTES, sizeCalculation: (text) => Math.max(1, text.length) });

  constructor(
    private readonly state: ContentState,
    private readonly options: ContentLoaderOptions,
  ) {
    this.log = options.logger;
  }

  relative(name: string): string {
    return displayPath(path.join(this.options.articlesDir, name));
  }

  /** Every problem now: each file's errors, then the checks across articles; by file and line. */
  problems(): ContentProblem[] {
    return sortProblems([...[...this.fileProblems.values()].flat(), ...this.referenceProblems, ...linkProblems(this.state.links.problems())]);
  }

  /** Files with errors (those of them that serve a last good version included). */
  get skipped(): number {
    return this.fileProblems.size;
  }

  /** Whether a file's entry is its last good version, the file having errors now. */
  isStale(name: string): boolean {
    return this.fileProblems.has(name) && this.state.byName.has(name);
  }

  /** The text of a file's entry when the file has errors now (its last good version), if still in memory. */
  lastGoodText(name: string): string | undefined {
    return this.goodTexts.get(name);
  }

  entries(): Entry[] {
    return [...this.state.byName.values()];
  }

  markLoaded(): void {
    this.loaded = true;
  }

  /** Reads the folder again: files gone are forgotten, changed ones applied; true when anything changed. */
  async fullScan({ trustUnchangedStat = false } = {}): Promise<boolean> {
    const names = await this.listNames();
    const present = new Set(names);
    const gone = [...new Set([...this.state.byName.keys(), ...this.fileProblems.keys()])].filter((name) => !present.has(name));
    for (const name of gone) this.forget(name);
    return (await this.applyFiles(names, { trustUnchangedStat })) || gone.length > 0;
  }

  /** Applies the given files (their current state on disk), a slice at a time; true when anything changed. */
  async applyFiles(names: string[], { trustUnchangedStat = false } = {}): Promise<boolean> {
    let changed = false;
    let sliceStart = performance.now();
    const queue = this.firstLoadQueue();
    const sliceMs = queue ? FIRST_LOAD_SLICE_MS : SLICE_MS;
    // The reads of the batches ahead go on while one enters the index: the disk's latency is hidden too.
    const ahead: Promise<ReadBatch>[] = [];
    let next = 0;
    const readAhead = () => {
      while (ahead.length <= BATCHES_AHEAD && next < names.length) {
        ahead.push(this.readBatch(names.slice(next, next + READ_BATCH), trustUnchangedStat, queue));
        next += READ_BATCH;
      }
    };
    readAhead();
    while (ahead.length > 0) {
      const { names: batch, texts, hashes, analyses, statOf } = await ahead.shift()!;
      readAhead();
      // Indexing in order, in slices, while the workers analyse the batches ahead.
      for (const [at, name] of batch.entries()) {
        const pending = analyses[at];
        const analysis = !pending ? null : pending instanceof Promise ? await pending : await queue!.take(pending);
        if (this.apply(name, texts[at] ?? null, hashes[at]!, analysis, statOf.get(name))) changed = true;
        if (performance.now() - sliceStart > sliceMs) {
          await yieldToEventLoop();
          sliceStart = performance.now();
        }
      }
    }
    if (await this.retryDuplicates(names)) changed = true;
    this.checkReferences();
    return changed;
  }

  /** Files written at the last stop's snapshot, restored without reading them. */
  restore(entries: Entry[], indexJson: Parameters<ContentState['restore']>[1]): boolean {
    const restored = this.state.restore(entries, indexJson);
    if (!restored) return false;
    this.stats.fromCache += entries.length;
    // An entry whose record is gone is read and analysed again, never served without its text (decision 050).
    for (const entry of entries) {
      if (this.options.cache.has(entry.hash)) continue;
      this.state.forget(entry.name);
      this.stats.fromCache -= 1;
    }
    return true;
  }

  // A file refused for a duplicate id gets its chance when the first owner goes away.
  private async retryDuplicates(applied: string[]): Promise<boolean> {
    let changed = false;
    const waiting = [...this.fileProblems.entries()].filter(
      ([name, problems]) => problems.some((problem) => problem.kind === 'duplicate-id') && !applied.includes(name),
    );
    for (const [name] of waiting) {
      const text = await this.readText(name);
      this.fileProblems.delete(name);
      const hash = typeof text === 'string' ? hashContent(text) : '';
      const cached = hash ? await this.options.cache.read(hash) : null;
      const analysis = cached ? { cached } : typeof text === 'string' ? await this.startAnalysis(name, text, hash) : null;
      // The hash is compared with the known entry's: a stale one is taken again only if the file changed.
      if (this.apply(name, text, hash, analysis)) changed = true;
    }
    return changed;
  }

  private forget(name: string): void {
    this.state.forget(name);
    this.fileProblems.delete(name);
    this.goodTexts.delete(name);
  }

  /** Keeps a file's errors: its last good version (if any) serves on. Logs one line per problem. */
  private refuse(name: string, problems: ContentProblem[]): void {
    const previous = this.fileProblems.get(name);
    this.fileProblems.set(name, problems);
    const kept = this.state.byName.has(name);
    const same = previous && previous.map(formatProblem).join('\n') === problems.map(formatProblem).join('\n');
    if (same) return;
    for (const problem of problems) {
      this.log.error(
        { file: problem.file, line: problem.line, column: problem.column, kind: problem.kind },
        `${formatProblem(problem)}${kept ? ' (serving its last good version)' : ''}`,
      );
    }
  }

  /** Brings one file's article up to date (synchronously: its reads and analysis are done); true when something changed. */
  private apply(name: string, text: string | Error | null, hash: string, analysis: Analysis | null, fileStat: FileStat = { mtimeMs: 0, size: -1 }): boolean {
    if (text === null) {
      const known = this.state.byName.has(name) || this.fileProblems.has(name);
      this.forget(name);
      return known;
    }
    const file = this.relative(name);
    if (text instanceof Error) {
      this.refuse(name, ContentFileError.of(file, 'unreadable', 'file', `file: cannot be read (${text.message})`).problems);
      return true;
    }
    const known = this.state.byName.get(name);
    if (known?.hash === hash) {
      known.mtimeMs = fileStat.mtimeMs;
      known.size = fileStat.size;
      if (this.fileProblems.has(name)) this.goodTexts.set(name, text);
      return this.fileProblems.delete(name);
    }
    try {
      const { article, draft, seriesOrder, translationKey, aliases, doc, refs } = this.takeAnalysis(name, analysis);
      const owner = this.state.byId.get(article.id);
      if (owner && owner.name !== name) {
        throw ContentFileError.of(
          file,
          'duplicate-id',
          'id',
          `id: duplicate id "${article.id}", already used by ${this.relative(owner.name)}`,
          this.idPosition(text),
        );
      }
      const summary = toSummary(article);
      const entry: Entry = {
        name,
        hash,
        mtimeMs: fileStat.mtimeMs,
        size: fileStat.size,
        summary,
        language: summary.language ?? article.language,
        draft,
        ...(seriesOrder !== undefined ? { seriesOrder } : {}),
        ...(translationKey !== undefined ? { translationKey } : {}),
        ...(aliases ? { aliases } : {}),
        time: doc.time,
        relatedTerms: packTerms(relatedTermsOf(doc)),
        ...(refs ? { refs: packReferences(refs) } : {}),
      };
      this.fileProblems.delete(name);
      this.goodTexts.set(name, text);
      this.state.set(entry, doc);
    } catch (error) {
      if (!(error instanceof ContentFileError)) throw error;
      this.refuse(name, error.problems);
    }
    return true;
  }

  /** The line of `id:` in a file's text, for a duplicate id. */
  private idPosition(text: string): { line: number; column: number } {
    const line = text.split(/\r?\n/).findIndex((each) => /^id\s*:/.test(each));
    return { line: line < 0 ? 1 : line + 1, column: 1 };
  }

  /** The analysed article. Throws ContentFileError. */
  private takeAnalysis(name: string, analysis: Analysis | null): CachedArticle {
    if (analysis === null) throw new Error(`${this.relative(name)} changed but was not analysed`);
    if ('cached' in analysis) {
      this.stats.fromCache += 1;
      return analysis.cached;
    }
    if ('error' in analysis) {
      // A job that failed (its thread died, say) skips the file like a bad one; the next change retries it.
      if (analysis.error instanceof ArticleJobError)
        throw ContentFileError.of(this.relative(name), 'analysis-failed', 'file', `file: cannot be analysed (${analysis.error.message})`);
      throw analysis.error;
    }
    this.stats.parsed += 1;
    return analysis.analysed;
  }

  /** The checks across articles, on every entry; logs the problems not logged before. */
  private checkReferences(): void {
    const publicDir = this.options.publicDir;
    const seen = new Map<string, boolean>();
    const hasPublicFile = publicDir
      ? (pathname: string) => {
          let found = seen.get(pathname);
          if (found === undefined) seen.set(pathname, (found = existsSync(path.join(publicDir, path.normalize(pathname).replace(/^([/\\])+/, '')))));
          return found;
        }
      : undefined;
    const articles = [...this.state.byName.values()].flatMap((entry) =>
      entry.refs ? [{ file: this.relative(entry.name), id: entry.summary.id, tags: entry.summary.tags, refs: readPackedReferences(entry.refs) }] : [],
    );
    const before = new Set(this.referenceProblems.map(formatProblem));
    this.referenceProblems = checkArticles(articles, hasPublicFile ? { hasPublicFile } : {});
    for (const problem of this.referenceProblems) {
      const line = formatProblem(problem);
      if (!before.has(line)) this.log[problem.severity === 'error' ? 'error' : 'warn']({ file: problem.file, line: problem.line, kind: problem.kind }, line);
    }
  }

  /** The first load's sharing of the analyses between the threads and the event loop; none once loaded. */
  private firstLoadQueue(): FirstLoadQueue<Analysis> | undefined {
    const { workers, cache } = this.options;
    if (this.loaded) return undefined;
    return new FirstLoadQueue<Analysis>({
      runOnThread: ({ name, text, hash }) => this.startAnalysis(name, text, hash),
      runHere: ({ name, text, hash }) => {
        try {
          return this.keepAnalysis(hash, analyseFileHere(this.relative(name), text, { dir: cache.dir, hash }));
        } catch (error) {
          return { error };
        }
      },
      // Until a thread has loaded the jobs, the event loop takes every file. Inline workers (WORKER_THREADS=0) count as one.
      threadCapacity: () => (workers.isReady() ? Math.max(1, workers.stats().threads) * FIRST_POOL_JOBS_PER_THREAD : 0),
    });
  }

  /** Starts a file's analysis in a worker, which also writes it to the disk cache; never rejects: a failure is kept in the answer. */
  private startAnalysis(name: string, text: string, hash: string): Promise<Analysis> {
    const { cache, workers } = this.options;
    return workers.analyseFile(this.relative(name), text, { dir: cache.dir, hash }).then(
      (done) => this.keepAnalysis(hash, done),
      (error: unknown) => ({ error }),
    );
  }

  /** An analysis as the loader takes it, wherever it ran; the disk cache learns where it was saved. */
  private keepAnalysis(hash: string, { analysed, savedAt }: AnalysedFile): Analysis {
    if (savedAt) this.options.cache.remember(hash, savedAt);
    return { analysed };
  }

  readText(name: string): Promise<string | Error | null> {
    return this.readFileBytes(name).then((file) => (Buffer.isBuffer(file) ? file.toString('utf8') : file));
  }

  private readFileBytes(name: string): Promise<Buffer | Error | null> {
    return readBytes(path.join(this.options.articlesDir, name)).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? null : error));
  }

  /** Reads a batch of files (in parallel: stats, texts, then disk cache entries of the changed ones) and starts analysing the others. */
  private async readBatch(all: string[], trustUnchangedStat: boolean, queue: FirstLoadQueue<Analysis> | undefined): Promise<ReadBatch> {
    const { articlesDir, cache } = this.options;
    const stats = await Promise.all(all.map((name) => statFile(path.join(articlesDir, name)).catch(() => null)));
    // At start, a file with the modification time and size it had when indexed is not read again.
    const names = all.filter((name, at) => {
      const known = this.state.byName.get(name);
      const now = stats[at];
      return !(trustUnchangedStat && known && now && known.mtimeMs === now.mtimeMs && known.size === now.size);
    });
    const statOf = new Map(all.map((name, at) => [name, stats[at] ? { mtimeMs: stats[at].mtimeMs, size: stats[at].size } : undefined]));
    const files = await Promise.all(names.map((name) => this.readFileBytes(name)));
    const texts = files.map((file) => (Buffer.isBuffer(file) ? file.toString('utf8') : file));
    // Hashed from the bytes read: the same hash as hashContent(text), without encoding the text again.
    const hashes = files.map((file) => (Buffer.isBuffer(file) ? hashContentBytes(file) : ''));
    const changed = names.map((name, at) => hashes[at] !== '' && this.state.byName.get(name)?.hash !== hashes[at]);
    const cached = await Promise.all(names.map((_name, at) => (changed[at] ? cache.read(hashes[at]!) : null)));
    const analyses = names.map((name, at): Promise<Analysis> | QueuedFile<Analysis> | null => {
      const entry = cached[at];
      if (entry) return Promise.resolve({ cached: entry });
      if (!changed[at]) return null;
      return queue ? queue.add(name, texts[at] as string, hashes[at]!) : this.startAnalysis(name, texts[at] as string, hashes[at]!);
    });
    return { names, texts, hashes, analyses, statOf };
  }

  private async listNames(): Promise<string[]> {
    const names = await readdir(this.options.articlesDir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [] as string[];
      throw error;
    });
    return names.filter((name) => name.endsWith('.md')).sort();
  }
}
