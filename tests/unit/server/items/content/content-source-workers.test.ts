// The content source with its work in worker threads (decision 027): the same articles and search
// as with the work on the event loop, and a failed job skips the file (analysis) or answers a
// content error (body), the other files serving on.
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createContentSource, type ContentSource } from '../../../../../server/items/content/content-source';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ArticleJobError,
  createArticleWorkers,
  createInlineArticleWorkers,
  FIRST_POOL_JOBS_PER_THREAD,
  type ArticleWorkers,
} from '../../../../../server/workers/worker-pool';
import { FIXTURE_CONTENT_DIR, FIXTURE_IDS_NEWEST_FIRST } from '../../../../support/fixtures';

const logger = pino({ level: 'silent' });
const closing: (ContentSource | ArticleWorkers)[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const each of closing.splice(0).reverse()) await each.close();
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A source on a copy of the fixture content, with an empty disk cache, so every file is analysed; `copies` more of each article under other names and ids. */
async function open(workers: ArticleWorkers, copies = 0): Promise<ContentSource> {
  const dir = await mkdtemp(path.join(tmpdir(), 'content-workers-'));
  dirs.push(dir);
  await cp(FIXTURE_CONTENT_DIR, dir, { recursive: true });
  const articles = path.join(dir, 'articles');
  for (const name of await readdir(articles)) {
    const text = await readFile(path.join(articles, name), 'utf8');
    for (let copy = 1; copy <= copies; copy += 1) await writeFile(path.join(articles, `${copy}-${name}`), text.replace(/^id: (.+)$/m, `id: $1-${copy}`));
  }
  const source = await createContentSource({ contentDir: dir, logger, watchFiles: false, cacheDir: path.join(dir, 'cache'), workers });
  closing.push(source);
  return source;
}

/** Inline jobs, except that the `job` on `file` fails as a dead thread's would. */
function failingOn(job: 'analyseFile' | 'renderFile', file: string): ArticleWorkers {
  const inline = createInlineArticleWorkers(logger);
  const fail = () => Promise.reject(new ArticleJobError(`${job} of ${file}`, new Error('worker exited with code: 1')));
  return {
    ...inline,
    [job]: (name: string, text: string) => (name.endsWith(file) ? fail() : inline[job](name, text)),
  };
}

describe('content source and worker threads', () => {
  it('answer the same lists, articles and searches with the work in threads as on the event loop', async () => {
    const workers = await createArticleWorkers({ threads: 2, logger });
    closing.push(workers);
    // Before, the first start analyses on the event loop (the next test shows it).
    await vi.waitFor(() => expect(workers.isReady()).toBe(true), { timeout: 10_000 });
    const [threaded, inline] = [await open(workers), await open(createInlineArticleWorkers(logger))];
    expect(threaded.stats().parsed).toBe(FIXTURE_IDS_NEWEST_FIRST.length);
    expect(await threaded.list('')).toEqual(await inline.list(''));
    for (const id of FIXTURE_IDS_NEWEST_FIRST) expect(await threaded.get(id)).toEqual(await inline.get(id));
    expect(await threaded.search({ text: 'cache' })).toEqual(await inline.search({ text: 'cache' }));
    // Every body rendered in a thread, and most analyses: the event loop took its share of the first load (next tests).
    expect(workers.stats().completed).toBeGreaterThan(FIXTURE_IDS_NEWEST_FIRST.length);
  });

  it('share the first load between the threads and the event loop, which serves nothing yet', async () => {
    const inline = createInlineArticleWorkers(logger);
    const inThreads: string[] = [];
    const workers: ArticleWorkers = {
      ...inline,
      stats: () => ({ threads: 1, completed: inThreads.length, queued: 0 }),
      analyseFile: (file, text, saveIn) => {
        inThreads.push(file);
        return inline.analyseFile(file, text, saveIn);
      },
    };
    const source = await open(workers, 9);
    const files = FIXTURE_IDS_NEWEST_FIRST.length * 10;
    expect(source.stats().parsed).toBe(files);
    expect(source.problems()).toEqual([]);
    // Both worked: the thread, and the event loop while the next file's analysis was not there yet.
    expect(inThreads.length).toBeGreaterThan(0);
    expect(inThreads.length).toBeLessThan(files);
    // The event loop's share is in the disk cache too: a second start, once the first stopped, parses nothing.
    await source.close();
    const dir = dirs.at(-1)!;
    const restarted = await createContentSource({ contentDir: dir, logger, watchFiles: false, cacheDir: path.join(dir, 'cache'), workers: inline });
    closing.push(restarted);
    expect(restarted.stats()).toMatchObject({ parsed: 0, fromCache: files });
    expect(await restarted.list('')).toEqual(await source.list(''));
  });

  it('analyse on the event loop what a slow thread has not taken, instead of waiting for it (decision 062)', async () => {
    const inline = createInlineArticleWorkers(logger);
    const inThreads: string[] = [];
    let thread: Promise<unknown> = Promise.resolve();
    const workers: ArticleWorkers = {
      ...inline,
      stats: () => ({ threads: 1, completed: inThreads.length, queued: 0 }),
      // One thread, 100 ms a file, one file after the other.
      analyseFile: (file, text, saveIn) => {
        inThreads.push(file);
        const done = thread.then(() => sleep(100)).then(() => inline.analyseFile(file, text, saveIn));
        thread = done.catch(() => {});
        return done;
      },
    };
    const source = await open(workers, 9);
    const files = FIXTURE_IDS_NEWEST_FIRST.length * 10;
    expect(source.stats().parsed).toBe(files);
    // The thread got the files it could hold at the start (FIRST_POOL_JOBS_PER_THREAD), and one more as each of them came back
    // if files were still waiting; the event loop analysed the others meanwhile, most of them.
    expect(inThreads.length).toBeGreaterThanOrEqual(FIRST_POOL_JOBS_PER_THREAD);
    expect(inThreads.length).toBeLessThan(files / 2);
    expect(source.problems()).toEqual([]);
    expect((await source.search({ text: 'cache' })).total).toBeGreaterThan(0);
  });

  it('analyse on the event loop while no thread has loaded the jobs yet, at the first start only', async () => {
    const inline = createInlineArticleWorkers(logger);
    const workers: ArticleWorkers = { ...inline, isReady: () => false, analyseFile: () => Promise.reject(new Error('not ready')) };
    const source = await open(workers);
    expect(source.stats().parsed).toBe(FIXTURE_IDS_NEWEST_FIRST.length);
    expect(source.problems()).toEqual([]);
  });

  it('skip a file whose analysis job fails, as a problem, and serve the others', async () => {
    const source = await open(failingOn('analyseFile', 'http-caching.md'));
    expect((await source.list('')).map((item) => item.id)).toEqual(FIXTURE_IDS_NEWEST_FIRST.filter((id) => id !== 'http-caching'));
    expect(source.problems()).toEqual([expect.objectContaining({ field: 'file', message: expect.stringContaining('cannot be analysed') })]);
  });

  it('answer a content error for an article whose body job fails', async () => {
    const source = await open(failingOn('renderFile', 'http-caching.md'));
    await expect(source.get('http-caching')).rejects.toBeInstanceOf(ArticleJobError);
    expect(await source.get('old-postgres')).toMatchObject({ id: 'old-postgres' });
  });

  it('renew the threads after a first load that analysed 1,000 files or more, not after a smaller one (decision 054)', async () => {
    const renewed: number[] = [];
    const inline = createInlineArticleWorkers(logger);
    const counting = (): ArticleWorkers => ({ ...inline, renew: async () => void renewed.push(1) });
    // The fixtures (a few files) parse few: the threads stay.
    await open(counting());
    expect(renewed).toHaveLength(0);
    const copies = Math.ceil(1_000 / FIXTURE_IDS_NEWEST_FIRST.length);
    const large = await open(counting(), copies);
    expect(large.stats().parsed).toBeGreaterThanOrEqual(1_000);
    expect(renewed).toHaveLength(1);
    // A restart from the disk cache analyses nothing: no renewal.
    await large.close();
    const dir = dirs.at(-1)!;
    const restarted = await createContentSource({ contentDir: dir, logger, watchFiles: false, cacheDir: path.join(dir, 'cache'), workers: counting() });
    closing.push(restarted);
    expect(restarted.stats().parsed).toBe(0);
    expect(renewed).toHaveLength(1);
    // Analyses 1,000 files on the event loop: 4–5 s on a loaded two-core machine, against vitest's default of 5.
  }, 30_000);
});
