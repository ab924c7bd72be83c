// The app's article worker threads (decision 027): a page's article is prepared in a thread, closing
// the app stops the threads, and an article whose job fails (throws, or its thread dies) is answered
// as a malformed article from the items service is, while the server goes on.
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
import { createTestApp, rootDir, TEST_SITE_URL, type TestApp } from '../../support/test-app';

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

describe('article worker threads in the app', () => {
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
