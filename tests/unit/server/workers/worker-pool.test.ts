// The article worker threads (server/workers/, decision 027): the same results as on the event loop,
// the event loop free while a hostile article is prepared, failed jobs answered as content errors
// with the thread replaced, and no thread left once closed.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareArticle } from '../../../../server/html/prepare-article';
import { ContentCache, hashContent } from '../../../../server/items/content/content-cache';
import { parseArticleSource } from '../../../../server/items/content/parse-article-file';
import { ItemsContentError } from '../../../../server/items/source';
import { decodeUpstreamArticle, decodeUpstreamList } from '../../../../server/items/upstream-entries';
import {
  ArticleJobError,
  createArticleWorkers,
  createInlineArticleWorkers,
  THREAD_DECODE_MIN_BYTES,
  type ArticleWorkers,
} from '../../../../server/workers/worker-pool';
import type { Article } from '../../../../shared/items/types';
import { rootDir } from '../../../support/test-app';

const logger = pino({ level: 'silent' });
const FAILING_WORKER = path.join(rootDir, 'tests', 'fixtures', 'workers', 'failing-worker.mjs');

const opened: ArticleWorkers[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((workers) => workers.close()));
});

async function open(options: { threads?: number; workerFile?: string } = {}): Promise<ArticleWorkers> {
  const workers = await createArticleWorkers({ threads: options.threads ?? 2, logger, ...(options.workerFile ? { workerFile: options.workerFile } : {}) });
  opened.push(workers);
  return workers;
}

function article(id: string, body: string): Article {
  return { id, title: 'T', summary: '<p onclick="x()">Résumé</p>', body, date: '2024-01-01', language: 'fr', tags: ['SQL'], images: [] };
}

// The hostile shapes of issue 13, each cut to the limits as it is prepared: 200,000 headings, a 2 MB code block.
const MANY_HEADINGS = article('many-headings', '<h2>T</h2>'.repeat(200_000));
const HUGE_CODE = article('huge-code', `<pre><code class="language-java">${'public final class A { int x = 1; }\n'.repeat(60_000)}</code></pre>`);
const ORDINARY = article(
  'ordinary',
  '<h2>Partie</h2><p>Texte <a href="https://example.org" target="_blank">lien</a><script>alert(1)</script></p><pre><code class="language-sql">SELECT 1;</code></pre>',
);

const bytesOf = (value: unknown) => new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));

// Items service answers: a 2 MB article with fields of the wrong type, a list of 10,000 entries among which bad ones.
const HUGE_WIRE_ARTICLE = bytesOf({
  id: 'huge-code',
  tit: 'Code',
  date_m: '2024-05-01',
  sum: '<p>Résumé</p>',
  ctn: `<pre><code class="language-java">${'public final class A { int x = 1; }\n'.repeat(60_000)}</code></pre>`,
  lg: '__proto__',
  tags: 'SQL',
  img: ['http://[bad', '/a.png'],
});
const LONG_WIRE_LIST = bytesOf(
  Array.from({ length: 10_000 }, (_, at) =>
    at % 1_000 === 7
      ? { id: '..', tit: 'Chemin', date_m: '2024-01-01' }
      : { id: `a-${at}`, tit: `A ${at}`, date_m: '2024-01-01', tags: at % 1_000 === 8 ? 'x' : ['x'], sum: '<p>Résumé</p>' },
  ),
);

const FILE = `---
id: demo
title: Démo
date: 2024-03-01
language: fr
tags: [SQL]
summary: Un *résumé*.
---
# Titre

Un paragraphe sur les index.

\`\`\`sql
SELECT 1;
\`\`\`
`;

/** Turns of the event loop (setImmediate) while `work` runs. */
async function countTurnsDuring(work: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  let done = false;
  const spin = async () => {
    while (!done) {
      await new Promise((resolve) => setImmediate(resolve));
      turns += 1;
    }
  };
  const spinning = spin();
  await work();
  done = true;
  await spinning;
  return turns;
}

describe('article worker threads', () => {
  it('prepare articles in a thread, exactly as the event loop does', async () => {
    const workers = await open();
    for (const each of [ORDINARY, MANY_HEADINGS, HUGE_CODE]) expect(await workers.prepareArticle(each)).toEqual(await prepareArticle(each));
    const stats = workers.stats();
    expect(stats.completed).toBe(3);
    expect(stats.threads).toBeGreaterThan(0);
  });

  it('analyse a content file in a thread, as the event loop does, and write it to the disk cache there', async () => {
    const workers = await open();
    const dir = await mkdtemp(path.join(tmpdir(), 'worker-cache-'));
    try {
      const hash = hashContent(FILE);
      const written = new ContentCache(dir, '/content');
      written.open();
      const { analysed, savedAt } = await workers.analyseFile('demo.md', FILE, { dir: written.dir, hash });
      const parsed = parseArticleSource('demo.md', FILE, { renderBody: false });
      expect(analysed.article).toEqual(parsed.article);
      expect(analysed).toEqual((await createInlineArticleWorkers(logger).analyseFile('demo.md', FILE)).analysed);
      expect(savedAt).toMatchObject({ at: 0 });
      // Another process finds it by reading the folder, once this one stopped.
      written.close();
      const read = new ContentCache(dir, '/content');
      read.open();
      expect(await read.read(hash)).toEqual(analysed);
      expect(read.readText(hash)).toBe(`${parsed.text.summary}\n\n${parsed.text.body}`);
      read.close();
      expect(workers.stats().completed).toBe(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('render a content file in a thread, exactly as the event loop does', async () => {
    const workers = await open();
    expect(await workers.renderFile('demo.md', FILE)).toEqual(parseArticleSource('demo.md', FILE).article);
    expect(workers.stats().completed).toBe(1);
  });

  it('give a bad file back as the ContentFileError the event loop would throw', async () => {
    const workers = await open();
    const bad = FILE.replace('date: 2024-03-01', 'date: 2024-02-30');
    const inThread = await workers.renderFile('bad.md', bad).catch((error: unknown) => error);
    const inline = await createInlineArticleWorkers(logger)
      .renderFile('bad.md', bad)
      .catch((error: unknown) => error);
    expect(inThread).toMatchObject({ name: 'ContentFileError', file: 'bad.md', field: 'date' });
    expect(inThread).toEqual(inline);
    expect((inThread as Error).message).toBe((inline as Error).message);
  });

  it('leave the event loop turning while a hostile article is prepared, far more than preparing it inline', async () => {
    const workers = await open();
    const inline = createInlineArticleWorkers(logger);
    await workers.prepareArticle(ORDINARY);
    const inThread = await countTurnsDuring(() => workers.prepareArticle(MANY_HEADINGS));
    const onLoop = await countTurnsDuring(() => inline.prepareArticle(MANY_HEADINGS));
    // Inline, the loop only turns at the job's start and prepareArticle's two yields; the thread leaves it free throughout.
    expect(onLoop).toBeLessThan(10);
    expect(inThread).toBeGreaterThan(onLoop);
  });

  it('decode a large items service answer in a thread, as the event loop does, moving its bytes there', async () => {
    const workers = await open({ threads: 1 });
    const bytes = HUGE_WIRE_ARTICLE.slice();
    const decoded = await workers.decodeUpstreamArticle(bytes, 'article huge-code');
    expect(decoded).toEqual(decodeUpstreamArticle(HUGE_WIRE_ARTICLE));
    expect(decoded).toMatchObject({ replaced: ['tags', 'img', 'lg'] });
    // Moved, not copied: the buffer is the thread's now.
    expect(bytes.byteLength).toBe(0);
    const list = LONG_WIRE_LIST.slice();
    expect(await workers.decodeUpstreamList(list, 'list')).toEqual(await decodeUpstreamList(LONG_WIRE_LIST));
    expect(list.byteLength).toBe(0);
    expect(await workers.decodeUpstreamArticle(bytesOf(`{"id": "x", "ctn": "${'x'.repeat(THREAD_DECODE_MIN_BYTES)}`), 'article x')).toEqual({
      invalid: 'json',
    });
    expect(workers.stats().completed).toBe(3);
  });

  it('decode a small items service answer on the event loop, where it costs less than the hop to a thread', async () => {
    const workers = await open({ threads: 1 });
    const bytes = bytesOf({ id: '7', tit: 'Sept', date_m: '2024-05-01' });
    expect(await workers.decodeUpstreamArticle(bytes, 'article 7')).toEqual(decodeUpstreamArticle(bytes));
    expect(bytes.byteLength).toBeGreaterThan(0);
    expect(workers.stats().completed).toBe(0);
  });

  it('leave the event loop turning while a large items service answer is decoded, unlike decoding it inline', async () => {
    const workers = await open({ threads: 1 });
    const inline = createInlineArticleWorkers(logger);
    await workers.decodeUpstreamArticle(HUGE_WIRE_ARTICLE.slice(), 'warm-up');
    const inThread = await countTurnsDuring(() => workers.decodeUpstreamArticle(HUGE_WIRE_ARTICLE.slice(), 'article'));
    const onLoop = await countTurnsDuring(() => inline.decodeUpstreamArticle(HUGE_WIRE_ARTICLE.slice(), 'article'));
    expect(onLoop).toBeLessThan(3);
    expect(inThread).toBeGreaterThan(onLoop);
  });

  it('answer a job that throws with an ArticleJobError, a content error, and go on', async () => {
    const workers = await open({ workerFile: FAILING_WORKER });
    const error = await workers.prepareArticle(article('throw-1', '<p>x</p>')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ArticleJobError);
    expect(error).toBeInstanceOf(ItemsContentError);
    expect((error as Error).message).toContain('job failed on purpose');
    expect(await workers.prepareArticle(article('ok-1', '<p>x</p>'))).toMatchObject({ id: 'ok-1' });
  });

  it('answer a job whose thread dies with an ArticleJobError, and replace the thread', async () => {
    const workers = await open({ threads: 1, workerFile: FAILING_WORKER });
    await workers.prepareArticle(article('ok-1', '<p>x</p>'));
    await expect(workers.prepareArticle(article('crash-1', '<p>x</p>'))).rejects.toBeInstanceOf(ArticleJobError);
    await expect(workers.renderFile('crash.md', 'x')).rejects.toBeInstanceOf(ArticleJobError);
    expect(await workers.prepareArticle(article('ok-2', '<p>y</p>'))).toMatchObject({ id: 'ok-2' });
    expect(workers.stats().threads).toBe(1);
  });

  it('stop every thread when closed, and fail later jobs cleanly', async () => {
    const workers = await open({ threads: 2 });
    await Promise.all([MANY_HEADINGS, HUGE_CODE, ORDINARY].map((each) => workers.prepareArticle(each)));
    expect(workers.stats().threads).toBeGreaterThan(0);
    await workers.close();
    expect(workers.stats().threads).toBe(0);
    await expect(workers.prepareArticle(ORDINARY)).rejects.toBeInstanceOf(ArticleJobError);
  });

  it('run the same jobs on the event loop for WORKER_THREADS=0', async () => {
    const workers = await open({ threads: 0 });
    expect(await workers.prepareArticle(ORDINARY)).toEqual(await prepareArticle(ORDINARY));
    expect(workers.stats()).toEqual({ threads: 0, completed: 1, queued: 0 });
  });
});

describe('renewing the worker threads (after a cold start, decision 054)', () => {
  it('end the threads and answer the next jobs on new ones, the count of jobs kept', async () => {
    const workers = await open({ threads: 1 });
    const text = '---\nid: a\ntitle: A\ndate: 2024-01-01\nlanguage: fr\nsummary: Résumé.\n---\n\nDu texte sur le cache.\n';
    const before = await workers.analyseFile('a.md', text);
    expect(workers.stats().completed).toBe(1);
    // Sent while the threads are renewed: it waits for the new ones, it is not lost.
    const [, during] = await Promise.all([workers.renew(), workers.analyseFile('a.md', text)]);
    expect(during).toEqual(before);
    expect(await workers.analyseFile('a.md', text)).toEqual(before);
    expect(workers.stats()).toMatchObject({ threads: 1, completed: 3 });
    await workers.close();
    await expect(workers.analyseFile('a.md', text)).rejects.toThrow(ArticleJobError);
  });

  it('do nothing when the jobs run on the event loop', async () => {
    const workers = createInlineArticleWorkers(logger);
    await workers.renew();
    expect(workers.stats().threads).toBe(0);
  });
});
