// The app's article worker threads (decision 027): a page's article is prepared in a thread, a large
// answer of the items service decoded in one, closing the app stops the threads, and an article whose
// job fails (throws, or its thread dies) is answered as a malformed article from the items service is,
// while the server goes on.
import path from 'node:path';
import { pino } from 'pino';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { createItemsSource } from '../../../server/items';
import { loadSiteResources } from '../../../server/render/site-resources';
import { loadHashedAssets } from '../../../server/static/hashed-assets';
import { createArticleWorkers, type ArticleWorkers } from '../../../server/workers/worker-pool';
import { UPSTREAM_BASE_PATH, sendJson, startFakeUpstream, type FakeUpstream } from '../../support/fake-upstream';
import { FIXTURE_CONTENT_DIR, FIXTURE_IDS_NEWEST_FIRST } from '../../support/fixtures';
import { createRecordingLogger, createTestApp, rootDir, TEST_SITE_URL, type TestApp } from '../../support/test-app';

const logger = pino({ level: 'silent' });
const FAILING_WORKER = path.join(rootDir, 'tests', 'fixtures', 'workers', 'failing-worker.mjs');

let ctx: TestApp | undefined;
let upstream: FakeUpstream | undefined;
let workers: ArticleWorkers | undefined;
afterEach(async () => {
  await ctx?.close();
  await upstream?.close();
  await workers?.close();
  ctx = upstream = workers = undefined;
});

function wireItem(id: string) {
  return { id, tit: `Article ${id}`, sum: '<p>Résumé</p>', ctn: '<h2>Partie</h2><p>Texte.</p>', date_m: '2024-05-01', lg: 'fr', tags: ['SQL'], img: [] };
}

/** Larger than THREAD_DECODE_MIN_BYTES: a code block of about 200 KB. */
const BIG_BODY = `<pre><code class="language-java">${'public final class A { int x = 1; }\n'.repeat(6_000)}</code></pre>`;

/** An items service whose list (300 entries, 100 KB) and articles are large, with bad entries and fields among them. */
function serveLargeAnswers(_req: unknown, res: Parameters<typeof sendJson>[0], url: URL): void {
  if (url.pathname === `${UPSTREAM_BASE_PATH}/items`) {
    const entries: unknown[] = Array.from({ length: 300 }, (_, at) => ({
      ...wireItem(`item-${at}`),
      ctn: undefined,
      lg: undefined,
      sum: `<p>${'Résumé. '.repeat(40)}</p>`,
    }));
    entries[5] = { ...wireItem('/'), ctn: undefined };
    entries[9] = { id: 'date-impossible', tit: 'Date', date_m: '2026-02-30' };
    entries[12] = 'garbage';
    entries[20] = { id: 'wrong-tags', tit: 'Tags', date_m: '2024-05-01', tags: 'SQL', img: ['http://[bad', '/a.png'] };
    return sendJson(res, 200, entries);
  }
  const id = decodeURIComponent(url.pathname.slice(`${UPSTREAM_BASE_PATH}/items/`.length));
  if (id === 'big-1') return sendJson(res, 200, { ...wireItem(id), ctn: BIG_BODY, tags: 'SQL', lg: '__proto__' });
  if (id === 'big-untitled') return sendJson(res, 200, { ...wireItem(id), ctn: BIG_BODY, tit: 42 });
  if (id === 'big-invalid') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(`{"id": "big-invalid", "ctn": "${'x'.repeat(100_000)}`);
    return;
  }
  if (id === 'too-large') return sendJson(res, 200, { ...wireItem(id), ctn: 'x'.repeat(4 * 1024 * 1024) });
  return sendJson(res, 404, {});
}

const UPSTREAM_LOG_MESSAGES = ['malformed upstream item dropped', 'upstream item fields replaced', 'malformed upstream article'];

describe('article worker threads in the app', () => {
  it('decode large answers of the items service on a thread, answering and logging exactly as on the event loop', async () => {
    upstream = await startFakeUpstream(serveLargeAnswers);
    const runs = new Map<string, { answers: unknown[]; logs: unknown[]; jobs: number }>();
    for (const threads of ['1', '0']) {
      const recorder = createRecordingLogger();
      ctx = await createTestApp({ ITEMS_SERVICE_URL: upstream.baseUrl, WORKER_THREADS: threads, RATE_LIMIT_PER_MINUTE: '0' }, recorder.logger);
      const before = ctx.workers.stats().completed;
      const answers: unknown[] = [];
      for (const path of ['/items', '/items/big-1', '/items/big-untitled', '/items/big-invalid', '/items/too-large']) {
        const answer = await request(ctx.app).get(`/www-be/items/v1.0${path}`);
        answers.push({ path, status: answer.status, body: answer.body as unknown });
      }
      const logs = recorder
        .lines()
        .filter((line) => UPSTREAM_LOG_MESSAGES.includes(String(line.msg)))
        .map(({ msg, id, index, field, reason, fields }) => ({ msg, id, index, field, reason, fields }));
      runs.set(threads, { answers, logs, jobs: ctx.workers.stats().completed - before });
      const closing = ctx;
      ctx = undefined;
      await closing.close();
    }
    const [inThreads, onLoop] = [runs.get('1')!, runs.get('0')!];
    expect(inThreads.answers).toEqual(onLoop.answers);
    expect(inThreads.answers.map((answer) => (answer as { status: number }).status)).toEqual([200, 200, 503, 503, 503]);
    expect(inThreads.logs).toEqual(onLoop.logs);
    expect(inThreads.logs).toEqual([
      { msg: 'malformed upstream item dropped', id: '/', index: 5, field: 'id', reason: 'not a usable article id' },
      { msg: 'malformed upstream item dropped', id: 'date-impossible', index: 9, field: 'date_m', reason: expect.any(String) },
      { msg: 'malformed upstream item dropped', index: 12, field: '(entry)', reason: 'not an object' },
      { msg: 'upstream item fields replaced', id: 'wrong-tags', fields: ['tags', 'img'] },
      { msg: 'upstream item fields replaced', id: 'big-1', fields: ['tags', 'lg'] },
      { msg: 'malformed upstream article', id: 'big-untitled', field: 'tit', reason: expect.any(String) },
    ]);
    // On the thread: the list and three articles decoded (the one past 3 MB is refused unread), one article prepared.
    expect(inThreads.jobs).toBe(5);
    // On the event loop, only the preparation is a job.
    expect(onLoop.jobs).toBe(1);
  });

  it('prepare the article a page shows, and stop when the app is closed', async () => {
    ctx = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR, WORKER_THREADS: '2' });
    const before = ctx.workers.stats().completed;
    const page = await request(ctx.app).get(`/articles/${FIXTURE_IDS_NEWEST_FIRST[0]}`).expect(200);
    expect(page.text).toContain('class="heading-number"');
    // Rendering the file's body, then preparing its HTML: two jobs.
    expect(ctx.workers.stats().completed - before).toBe(2);
    expect(ctx.workers.stats().threads).toBeGreaterThan(0);
    const closing = ctx;
    ctx = undefined;
    await closing.close();
    expect(closing.workers.stats().threads).toBe(0);
  });

  it('answer an article whose job throws or whose thread dies like a malformed one, and go on', async () => {
    upstream = await startFakeUpstream((_req, res, url) => {
      const id = decodeURIComponent(url.pathname.slice(`${UPSTREAM_BASE_PATH}/items/`.length));
      if (url.pathname === `${UPSTREAM_BASE_PATH}/items`) return sendJson(res, 200, []);
      // A title that is not a string: the server refuses the article as malformed.
      if (id === 'malformed-1') return sendJson(res, 200, { ...wireItem(id), tit: 42 });
      return sendJson(res, 200, wireItem(id));
    });
    const config = loadConfig({ SITE_URL: TEST_SITE_URL, ITEMS_SERVICE_URL: upstream.baseUrl, RATE_LIMIT_PER_MINUTE: '0' }, rootDir);
    workers = await createArticleWorkers({ threads: 1, logger, workerFile: FAILING_WORKER });
    const source = await createItemsSource(config, logger, { workers });
    const [site, assets] = await Promise.all([loadSiteResources(rootDir, config.siteUrl), loadHashedAssets(path.join(rootDir, 'dist', 'public', 'assets'))]);
    const app = createApp({ config, logger, source, site, rootDir, assets, workers });

    const malformed = await request(app).get('/www-be/items/v1.0/items/malformed-1');
    expect(malformed.status).toBe(503);
    const malformedPage = await request(app).get('/articles/malformed-1');
    expect(malformedPage.status).toBe(503);
    for (const id of ['throw-1', 'crash-1']) {
      const answer = await request(app).get(`/www-be/items/v1.0/items/${id}`);
      expect({ status: answer.status, retryAfter: answer.headers['retry-after'], body: answer.body }, id).toEqual({
        status: malformed.status,
        retryAfter: malformed.headers['retry-after'],
        body: malformed.body,
      });
      const page = await request(app).get(`/articles/${id}`);
      expect(page.status, id).toBe(malformedPage.status);
    }
    // The thread that died was replaced: the next article is prepared and shown.
    await request(app).get('/www-be/items/v1.0/items/ok-1').expect(200);
    await request(app).get('/articles/ok-2').expect(200);
    await source.close();
  });
});
