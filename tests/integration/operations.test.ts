// What operators rely on: liveness and readiness probes, and one structured log line per request
// with its id, method, path, status and duration, and never a cookie or token.
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { sendJson, startFakeUpstream, type FakeUpstream } from '../support/fake-upstream';
import { FIXTURE_CONTENT_DIR } from '../support/fixtures';
import { createRecordingLogger, createTestApp, type TestApp } from '../support/test-app';

let ctx: TestApp | undefined;
let upstream: FakeUpstream | undefined;
afterEach(async () => {
  await ctx?.close();
  await upstream?.close();
  ctx = upstream = undefined;
});

describe('probes', () => {
  it('answers /healthz and /readyz with the built-in content loaded', async () => {
    ctx = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR });
    await request(ctx.app).get('/healthz').expect(200, { status: 'ok' }).expect('cache-control', 'no-store');
    await request(ctx.app).get('/readyz').expect(200, { status: 'ready', source: 'content' });
  });

  it('reports not ready while the upstream is unreachable, and ready once it answers', async () => {
    upstream = await startFakeUpstream((_req, res) => sendJson(res, 200, []));
    ctx = await createTestApp({ ITEMS_SERVICE_URL: upstream.baseUrl, UPSTREAM_TIMEOUT_MS: '500' });
    await request(ctx.app).get('/readyz').expect(200, { status: 'ready', source: 'upstream' });
    await upstream.close();
    upstream = undefined;
    await request(ctx.app).get('/readyz').expect(503, { status: 'unavailable', source: 'upstream' });
    await request(ctx.app).get('/healthz').expect(200);
  });
});

describe('request logs', () => {
  it('logs one JSON line per request with id, method, path, status and duration, without cookies or tokens', async () => {
    const recorder = createRecordingLogger();
    ctx = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR }, recorder.logger);
    const token = 'S3cr3tT0k3n-S3cr3tT0k3n-S3cr3tT0k3n-S3cr3t1';
    await request(ctx.app)
      .post('/www-be/items/v1.0/items')
      .set('Cookie', `XSRF-TOKEN=${token}; session=private-session-value`)
      .set('X-XSRF-TOKEN', token)
      .set('Authorization', 'Bearer private-bearer')
      .set('X-Request-Id', 'req-42')
      .expect(405);
    await request(ctx.app).get('/articles?f=java').expect(200);
    const requests = recorder.lines().filter((line) => line.req && line.res);
    expect(
      requests.map((line) => [
        (line.req as { id: string }).id,
        (line.req as { method: string }).method,
        (line.req as { path: string }).path,
        (line.res as { status: number }).status,
      ]),
    ).toEqual([
      ['req-42', 'POST', '/www-be/items/v1.0/items', 405],
      [expect.stringMatching(/^[0-9a-f-]{36}$/), 'GET', '/articles', 200],
    ]);
    for (const line of requests) expect(typeof line.responseTime).toBe('number');
    const everything = JSON.stringify(recorder.lines());
    expect(everything).not.toMatch(/S3cr3t|private-session-value|private-bearer|XSRF-TOKEN=/);
  });

  // Issue 25, finding 10: the rate limit answered before the logger ran, so kept API answers and 429s went unlogged.
  it('logs every answer behind the rate limit: kept API answers, refusals and malformed paths', async () => {
    const recorder = createRecordingLogger();
    ctx = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR, RATE_LIMIT_PER_MINUTE: '20' }, recorder.logger);
    const urls = [...Array.from({ length: 22 }, (_, at) => `/www-be/items/v1.0/items${at % 2 ? '?f=java' : ''}`), '/%C3', '/favicon.svg'];
    const statuses: number[] = [];
    for (const url of urls) statuses.push((await request(ctx.app).get(url)).status);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
    const logged = recorder.lines().filter((line) => line.req && line.res);
    expect(logged.map((line) => [(line.req as { path: string }).path, (line.res as { status: number }).status])).toEqual(
      urls.map((url, at) => [url.split('?')[0], statuses[at]]),
    );
  });
});
