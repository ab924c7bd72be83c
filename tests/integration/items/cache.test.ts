// The items cache through HTTP, against a hostile items service on 127.0.0.1: a hanging service
// behind a stale copy, and 10,000 items searched again and again under a byte budget.
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { startHostileUpstream, type HostileUpstream } from '../../support/hostile-upstream';
import { createTestApp, type TestApp } from '../../support/test-app';

const API = '/www-be/items/v1.0';

let upstream: HostileUpstream | undefined;
let ctx: TestApp | undefined;
afterEach(async () => {
  await ctx?.close();
  await upstream?.close();
  ctx = upstream = undefined;
});

describe('items cache: stale-while-revalidate', () => {
  it('answers at once from the stale copy while the items service hangs, with one refresh per key', async () => {
    upstream = await startHostileUpstream('plain');
    // The page cache off: this is about the items cache behind it.
    ctx = await createTestApp({ ITEMS_SERVICE_URL: upstream.baseUrl, CACHE_TTL_SECONDS: '1', UPSTREAM_TIMEOUT_MS: '3000', RESPONSE_CACHE_MAX_MB: '0' });
    await request(ctx.app).get('/articles/ok-1').expect(200);
    upstream.use('plain', 'hanging');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const callsBefore = upstream.calls.length;

    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 10 }, () => request(ctx!.app).get('/articles/ok-1')));
    const elapsed = Date.now() - started;
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    // Well under the 3 s timeout the visitors used to wait.
    expect(elapsed).toBeLessThan(1_500);
    // One refresh of the article and one of the list (the page links its neighbours), not one per visitor.
    expect(upstream.calls.slice(callsBefore).sort()).toEqual(['/www-be/items/v1.0/items/ok-1', '/www-be/items/v1.0/items?s=-date_m']);
  });

  it('still waits for the service when there is no copy at all', async () => {
    upstream = await startHostileUpstream('plain', 'slow', { delayMs: 400 });
    ctx = await createTestApp({ ITEMS_SERVICE_URL: upstream.baseUrl });
    const started = Date.now();
    await request(ctx.app).get(`${API}/items/ok-1`).expect(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(380);
  });
});

describe('items cache: bounded in bytes', () => {
  it('holds no more than ITEMS_CACHE_MAX_MB however many searches of 10,000 items come', async () => {
    upstream = await startHostileUpstream('many-items');
    ctx = await createTestApp({ ITEMS_SERVICE_URL: upstream.baseUrl, ITEMS_CACHE_MAX_MB: '24', RESPONSE_CACHE_MAX_MB: '0' });
    for (const filter of ['java', 'spring', 'tag-1', 'tag-2']) {
      const response = await request(ctx.app).get(`${API}/items`).query({ s: '-date_m', f: filter }).expect(200);
      expect(response.body).toHaveLength(10_000);
    }
    const { bytes, keys } = ctx.app.locals.cache.stats();
    expect(bytes).toBeLessThanOrEqual(24 * 1024 * 1024);
    // Each list of 10,000 summaries weighs some 15 MB: one fits, the others were let go.
    expect(keys).toBe(1);
  }, 60_000);
});
