// The CPU work on articles (preparing HTML, parsing and analysing content files) runs on a pool of
// worker threads (piscina), so that no article holds the event loop and every other request with it
// (issue 13; decision 027). WORKER_THREADS=0 runs the same jobs on the event loop instead.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BuildOptions } from 'esbuild';
import { Piscina } from 'piscina';
import type { Logger } from 'pino';
import { rememberArticleAids } from '../../shared/items/article-aids';
import type { Article } from '../../shared/items/types';
import { boundHtml, MAX_BODY_CHARS, MAX_BODY_ELEMENTS } from '../html/prepare-article';
import { getImageCatalog } from '../html/responsive-images';
import { ContentFileError } from '../items/content/parse-article-file';
import { ItemsContentError } from '../items/source';
import * as jobs from './article-worker';
import { decodeUpstreamArticle, decodeUpstreamList, unpackList, type DecodedArticle, type DecodedList } from '../items/upstream-entries';
import type { AnalyseFileTask, AnalysedFile, DrawShareCardTask, FileProblem, FileTask, PrepareArticleTask } from './article-worker';
import type { ShareCard } from '../../shared/seo/share-image';

export interface WorkerStats {
  /** Threads running now (0 when the jobs run inline). */
  threads: number;
  /** Jobs finished, in a thread or inline (an items service answer decoded on the event loop is not a job). */
  completed: number;
  /** Jobs waiting for a thread. */
  queued: number;
}

/** Where articles are prepared and content files parsed: a pool of threads, or the event loop. */
export interface ArticleWorkers {
  /** The article sanitised and enhanced (prepareArticle); an ArticleJobError when the job fails. */
  prepareArticle(article: Article): Promise<Article>;
  /**
   * A content file parsed and analysed for the index, and appended to the disk cache in `saveIn.dir`
   * under `saveIn.hash` when given (`savedAt` says where); ContentFileError for a bad file, ArticleJobError when the job fails.
   */
  analyseFile(file: string, text: string, saveIn?: { dir: string; hash: string }): Promise<AnalysedFile>;
  /** A content file's article with its body rendered; ContentFileError for a bad file, ArticleJobError when the job fails. */
  renderFile(file: string, text: string): Promise<Article>;
  /**
   * An items service's article answer decoded, checked and cut (upstream-entries.ts); `bytes` is moved
   * to a thread when large, and unusable here afterwards. ArticleJobError when the job fails.
   */
  decodeUpstreamArticle(bytes: Uint8Array, subject: string): Promise<DecodedArticle>;
  /** The same for a list answer: its entries checked one by one, their summaries sanitised; from a thread, read back in slices with turns of the event loop between them. */
  decodeUpstreamList(bytes: Uint8Array, subject: string): Promise<DecodedList>;
  /** A share card drawn to PNG with the owner's photo (a data URL); an ArticleJobError when the job fails. */
  drawShareCard(card: ShareCard, photo: string): Promise<Buffer>;
  stats(): WorkerStats;
  /** True once a thread has loaded the jobs (0.5 to 1 s after the start), always inline: until then, work that holds up no request may be done inline. */
  isReady(): boolean;
  /**
   * Starts new threads for the next jobs and ends the current ones once their jobs are done: what a
   * thread's heap grew to over thousands of jobs (a cold start's analyses) goes with it.
   */
  renew(): Promise<void>;
  /** Lets running jobs finish, then stops the threads; later jobs fail. */
  close(): Promise<void>;
}

/** A job threw or its thread died: the article cannot be used now, like a malformed one from a source. */
export class ArticleJobError extends ItemsContentError {
  constructor(job: string, cause: unknown) {
    super(`${job} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'ArticleJobError';
  }
}

export interface ArticleWorkersOptions {
  /** Threads (WORKER_THREADS), all started at once; 0 runs the jobs on the event loop. */
  threads: number;
  logger: Logger;
  /** The worker module; by default the built one beside the server bundle, or the source compiled. */
  workerFile?: string;
}

type Jobs = typeof jobs;
type JobName = keyof Jobs;
type TaskOf<N extends JobName> = Parameters<Jobs[N]>[0];
type ResultOf<N extends JobName> = Awaited<ReturnType<Jobs[N]>>;
/** Runs the named job of article-worker.ts on its task, in a thread (moving the buffers of `transfer`) or inline. */
type Runner = (name: JobName, task: unknown, transfer?: ArrayBuffer[]) => Promise<unknown>;

const WORKER_NAME = 'article-worker';

/**
 * Jobs a thread of the first pool holds at once (piscina's concurrentTasksPerWorker). A thread given one
 * job at a time waits, after each, for the event loop to read its answer and send the next: during a
 * cold start the event loop is busy indexing, and the thread idled a large part of it. With a few jobs
 * queued in the thread it goes from one to the next. A pool started by renew() (after a cold start)
 * takes one job at a time, as before (decision 062).
 */
export const FIRST_POOL_JOBS_PER_THREAD = 8;

/**
 * Smallest items service answer decoded on a thread. Below it, decoding on the event loop takes well
 * under a millisecond, less than the hop to a thread, and it does not wait behind articles being prepared.
 */
export const THREAD_DECODE_MIN_BYTES = 64 * 1024;

/** All `threads` started at once and kept; or the inline runner for 0. */
export async function createArticleWorkers({ threads, logger, workerFile }: ArticleWorkersOptions): Promise<ArticleWorkers> {
  if (threads === 0) return createInlineArticleWorkers(logger);
  const log = logger.child({ component: 'workers' });
  const filename = workerFile ?? (await findWorkerFile());
  let closing: Promise<void> | undefined;
  let ready = false;
  let warmUps = 0;
  /** Jobs completed by the pools renewed before this one. */
  let completedBefore = 0;
  let renewals = 0;
  const startPool = () => {
    const started = new Piscina({
      filename,
      // A fixed pool: threads started on demand and stopped when idle (36 MB each) made the memory rise and fall every minute.
      minThreads: threads,
      maxThreads: threads,
      concurrentTasksPerWorker: renewals === 0 ? FIRST_POOL_JOBS_PER_THREAD : 1,
      // piscina require()s the worker first; Node 20's require() of an ES module can abort the whole process
      // ("IsGraphAsync must be used on an instantiated module", seen once in the test suite). Refused, it imports.
      execArgv: ['--no-experimental-require-module'],
      // Jobs take milliseconds: a stop (PM2 and docker give 10 s) never waits long for one.
      closeTimeout: 2_000,
      // Below the event loop's priority (Linux, with @napi-rs/nice): requests come first on a busy host.
      niceIncrement: 10,
    });
    // Errors outside a job (a thread dying between jobs): piscina replaces the thread; an unheard 'error' would end the process.
    started.on('error', (error: unknown) => log.error({ err: error }, 'worker thread failed'));
    started.run(null, { name: 'warmUpJob' }).then(
      () => {
        warmUps += 1;
        ready = true;
      },
      (error: unknown) => {
        if (!closing) log.error({ err: error }, 'worker thread cannot start');
      },
    );
    return started;
  };
  let pool = startPool();
  let renewing: Promise<void> | undefined;
  // Piscina would start threads again for a job sent after close().
  const runInPool: Runner = async (name, task, transfer) => {
    if (renewing) await renewing;
    if (closing) throw new Error('the worker threads are closed');
    return (await pool.run(task, { name, ...(transfer ? { transferList: transfer } : {}) })) as unknown;
  };
  // The old threads end first (their jobs done: idle, they stop in milliseconds), so that the old and new heaps are never there together; jobs sent meanwhile wait.
  const renew = () =>
    (renewing ??= (async () => {
      const old = pool;
      try {
        await old.close();
      } finally {
        completedBefore += old.completed - warmUps;
        warmUps = 0;
        renewals += 1;
        if (!closing) pool = startPool();
        renewing = undefined;
      }
    })());
  return wrapRunner({
    run: runInPool,
    inline: false,
    log,
    stats: () => ({ threads: pool.threads.length, completed: completedBefore + pool.completed - warmUps, queued: pool.queueSize }),
    isReady: () => ready,
    renew,
    close: () => (closing ??= (renewing ?? Promise.resolve()).then(() => pool.close())),
  });
}

/** The same jobs, run on the event loop: for WORKER_THREADS=0, and for callers given no pool. */
export function createInlineArticleWorkers(logger: Logger): ArticleWorkers {
  let completed = 0;
  let queue: Promise<unknown> = Promise.resolve();
  // One job a turn of the event loop, in order: a batch of files handed over at once must not run in one stretch.
  const runInline: Runner = (name, task) => {
    const running = queue
      .then(() => yieldToEventLoop())
      .then(() => (jobs[name] as (input: unknown) => unknown)(task))
      .finally(() => {
        completed += 1;
      });
    queue = running.catch(() => {});
    return running;
  };
  return wrapRunner({
    run: runInline,
    inline: true,
    log: logger.child({ component: 'workers' }),
    stats: () => ({ threads: 0, completed, queued: 0 }),
    isReady: () => true,
    renew: async () => {},
    close: async () => {},
  });
}

/**
 * A content file analysed on the event loop, now (synchronously), and appended to the event loop's own
 * pack: what a thread's analyseFile does, for the first load, which serves nothing yet and takes a
 * file itself rather than wait for a busy thread (decision 062). ContentFileError for a bad file,
 * ArticleJobError when the job fails.
 */
export function analyseFileHere(file: string, text: string, saveIn?: { dir: string; hash: string }): AnalysedFile {
  let result: AnalysedFile | FileProblem;
  try {
    result = jobs.analyseFileJob({ file, text, ...(saveIn ? { saveIn } : {}) });
  } catch (error) {
    throw new ArticleJobError(`analyseFileJob of ${file}`, error);
  }
  if (isFileProblem(result)) throw new ContentFileError(result.fileProblems);
  return result;
}

/** `bytes` on a buffer of their own, with it, to be moved to a thread: moving a shared one (Node's buffer pool) would break its other users. */
function withOwnBuffer(bytes: Uint8Array): [Uint8Array, ArrayBuffer] {
  const own = bytes.buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
  return [own, own.buffer as ArrayBuffer];
}

function isFileProblem(value: unknown): value is FileProblem {
  return typeof value === 'object' && value !== null && 'fileProblems' in value;
}

/** The jobs behind the ArticleWorkers methods: file problems become ContentFileErrors again, anything else an ArticleJobError. */
function wrapRunner({
  run,
  inline,
  log,
  ...rest
}: { run: Runner; inline: boolean; log: Logger } & Pick<ArticleWorkers, 'stats' | 'isReady' | 'renew' | 'close'>): ArticleWorkers {
  const runJob = async <N extends JobName>(name: N, task: TaskOf<N>, subject: string, transfer?: ArrayBuffer[]): Promise<Exclude<ResultOf<N>, FileProblem>> => {
    let result: unknown;
    try {
      result = await run(name, task, transfer);
    } catch (error) {
      log.warn({ err: error, job: name, subject }, 'article job failed');
      throw new ArticleJobError(`${name} of ${subject}`, error);
    }
    if (isFileProblem(result)) throw new ContentFileError(result.fileProblems);
    return result as Exclude<ResultOf<N>, FileProblem>;
  };
  return {
    async prepareArticle(raw) {
      // Cut here (a scan, no parse): only what the job keeps is copied to its thread. Cutting again there changes nothing.
      const article = { ...raw, body: boundHtml(raw.body, MAX_BODY_CHARS, MAX_BODY_ELEMENTS) };
      const { bySrc } = getImageCatalog();
      const task: PrepareArticleTask = bySrc.size > 0 && article.body.includes('<img') ? { article, images: bySrc } : { article };
      const prepared = await runJob('prepareArticleJob', task, `article ${article.id}`);
      rememberArticleAids(prepared.article, prepared.aids);
      return prepared.article;
    },
    analyseFile(file, text, saveIn) {
      // The job writes the disk cache itself: an append to its thread's pack (content-cache.ts).
      return runJob('analyseFileJob', { file, text, ...(saveIn ? { saveIn } : {}) } satisfies AnalyseFileTask, file);
    },
    async renderFile(file, text) {
      const { article, warnings } = await runJob('renderFileJob', { file, text } satisfies FileTask, file);
      for (const { file: name, line, detail } of warnings) log.warn({ file: name, line }, `${name}:${line}: ${detail}`);
      return article;
    },
    async decodeUpstreamArticle(bytes, subject) {
      // Decoded here as before when small, or with WORKER_THREADS=0.
      if (inline || bytes.byteLength < THREAD_DECODE_MIN_BYTES) return decodeUpstreamArticle(bytes);
      const [own, buffer] = withOwnBuffer(bytes);
      return runJob('decodeUpstreamArticleJob', { bytes: own }, subject, [buffer]);
    },
    async decodeUpstreamList(bytes, subject) {
      // On the event loop, the entries are checked in slices with a turn of the loop between them.
      if (inline || bytes.byteLength < THREAD_DECODE_MIN_BYTES) return decodeUpstreamList(bytes, () => yieldToEventLoop());
      const [own, buffer] = withOwnBuffer(bytes);
      return unpackList(await runJob('decodeUpstreamListJob', { bytes: own }, subject, [buffer]), () => yieldToEventLoop());
    },
    async drawShareCard(card, photo) {
      const png = await runJob('drawShareCardJob', { card, photo } satisfies DrawShareCardTask, `share card ${card.kind}`);
      // From a thread, a Buffer arrives as a plain Uint8Array: the same bytes, without a copy.
      return Buffer.isBuffer(png) ? png : Buffer.from(png.buffer, png.byteOffset, png.byteLength);
    },
    ...rest,
  };
}

let compiled: Promise<string> | undefined;

/** The worker module: built beside dist/server/index.js, or compiled from the TypeScript source. */
async function findWorkerFile(): Promise<string> {
  const built = fileURLToPath(new URL(`./${WORKER_NAME}.js`, import.meta.url));
  if (existsSync(built)) return built;
  // vitest and tests/support/run-ts.mjs run the source, which a worker thread cannot load: bundle it once a process.
  return (compiled ??= compileWorkerFromSource());
}

/** The nearest folder above this module holding esbuild.config.mjs (the module may be bundled elsewhere). */
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'esbuild.config.mjs'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`${WORKER_NAME}.js is not beside the server bundle and the project source is not found: run npm run build`);
    dir = parent;
  }
  return dir;
}

/** Bundles server/workers/article-worker.ts into node_modules/.cache, named by its hash so that concurrent test processes agree. */
async function compileWorkerFromSource(): Promise<string> {
  const root = findProjectRoot();
  // A dev dependency, left out of the server bundle (esbuild.config.mjs): only reached from the source.
  const esbuild = await import('esbuild');
  const { NODE_BUNDLE_OPTIONS } = (await import(pathToFileURL(path.join(root, 'esbuild.config.mjs')).href)) as { NODE_BUNDLE_OPTIONS: BuildOptions };
  const result = await esbuild.build({
    ...NODE_BUNDLE_OPTIONS,
    absWorkingDir: root,
    entryPoints: [path.join(root, 'server', 'workers', `${WORKER_NAME}.ts`)],
    packages: 'external',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.contents;
  const dir = path.join(root, 'node_modules', '.cache', WORKER_NAME);
  const file = path.join(dir, `${WORKER_NAME}-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
  if (!existsSync(file)) {
    await mkdir(dir, { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, code);
    await rename(temporary, file);
  }
  return file;
}
