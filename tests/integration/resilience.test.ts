// Failures that must not take the server down or leak internals: a page that throws while rendering,
// an upstream that sends far too much, an unexpected source error.
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pino } from 'pino';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createItemsSource } from '../../server/items';
import type { ItemsSource } from '../../server/items/source';
import { loadSiteResources } from '../../server/render/site-resources';
import { loadHashedAssets } from '../../server/static/hashed-assets';
import { UPSTREAM_BASE_PATH, startFakeUpstream, type FakeUpstream } from '../support/fake-upstream';
import { FIXTURE_CONTENT_DIR } from '../support/fixtures';
import { startHostileUpstream } from '../support/hostile-upstream';
import { createRecordingLogger, createTestApp, rootDir, type TestApp } from '../support/test-app';

let ctx: TestApp | undefined;
let upstream: FakeUpstream | undefined;
afterEach(async () => {
  await ctx?.close();
  await upstream?.close();
  ctx = upstream = undefined;
});

const INTERNALS = /TypeError|ReferenceError|at \w+ \(|node_modules|\/work\/|\.tsx?:\d+|stack/i;

/** The real app, with one dependency swapped for a broken one. */
async function createAppWith(overrides: { source?: ItemsSource; breakAboutPage?: boolean }) {
  const recorder = createRecordingLogger();
  const config = loadConfig({ CONTENT_DIR: FIXTURE_CONTENT_DIR }, rootDir);
  const source = overrides.source ?? (await createItemsSource(config, pino({ level: 'silent' }), { watchFiles: false }));
  const [site, assets] = await Promise.all([loadSiteResources(rootDir, config.siteUrl), loadHashedAssets(path.join(rootDir, 'dist/public/assets'))]);
  // The About page maps over the components list: null makes it throw while rendering.
  if (overrides.breakAboutPage) site.pageContexts = { ...site.pageContexts, fr: { ...site.pageContexts.fr, components: null as never } };
  return { app: createApp({ config, logger: recorder.logger, source, site, rootDir, assets }), recorder };
}

describe('resilience', () => {
  it('answers a page that throws while rendering with a 500 page without internals, and goes on', async () => {
    const { app, recorder } = await createAppWith({ breakAboutPage: true });
    const broken = await request(app).get('/help/about').expect(500).expect('content-type', /html/);
    expect(broken.text).toContain('Internal Server Error');
    expect(broken.text).not.toMatch(INTERNALS);
    expect(recorder.lines().some((line) => line.msg === 'request failed' && String((line.err as { message?: string })?.message).length > 0)).toBe(true);
    await request(app).get('/articles').expect(200);
    await request(app).get('/help/about').expect(500);
  });

  it('shows the generic error page inside the shell when the source fails unexpectedly', async () => {
    const failing: ItemsSource = {
      description: 'failing',
      list: () => Promise.reject(new TypeError("Cannot read properties of undefined (reading 'secret')")),
      get: () => Promise.reject(new Error('db password=hunter2 at 10.0.0.5')),
      onChange: () => () => {},
      isReady: async () => true,
      close: async () => {},
    };
    const { app } = await createAppWith({ source: failing });
    const list = await request(app).get('/articles').expect(500);
    expect(list.text).toContain('Une erreur est survenue');
    expect(list.text).toContain('<header');
    expect(list.text).not.toMatch(/secret|hunter2|10\.0\.0\.5|TypeError/);
    const api = await request(app).get('/www-be/items/v1.0/items/x').expect(500);
    expect(JSON.stringify(api.body)).not.toMatch(/hunter2|10\.0\.0\.5/);
  });

  it('refuses an upstream answer of 50 MB without reading it all, and keeps serving', async () => {
    upstream = await startFakeUpstream((_req, res, url) => {
      if (url.pathname !== `${UPSTREAM_BASE_PATH}/items`) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/json' });
      // Streamed without Content-Length: the limit must hold while reading.
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let sent = 0;
      const push = () => {
        while (sent < 50 && res.write(chunk)) sent += 1;
        if (sent >= 50) res.end();
        else res.once('drain', push);
      };
      res.write('[');
      push();
    });
    ctx = await createTestApp({ ITEMS_SERVICE_URL: upstream.baseUrl });
    const started = Date.now();
    await request(ctx.app).get('/articles').expect(503);
    expect(Date.now() - started).toBeLessThan(3_000);
    await request(ctx.app).get('/help/about').expect(200);
  });
});

describe('bounded work per article (hostile items service)', () => {
  it('answers a 7 MB body, a 2 MB code block and 200,000 headings without holding other visitors up', async () => {
    const hostile = await startHostileUpstream('huge-fields');
    upstream = hostile;
    ctx = await createTestApp({ ITEMS_SERVICE_URL: hostile.baseUrl, RESPONSE_CACHE_MAX_MB: '0' });
    // Warm: the list, the fixture's JSON texts and the code paths, so the measure is about the articles.
    await request(ctx.app).get('/articles/ok-1').expect(200);

    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    let done = false;
    const health: number[] = [];
    const probe = (async () => {
      while (!done) {
        const started = performance.now();
        await request(ctx!.app).get('/healthz').expect(200);
        health.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const pages = await Promise.all(['huge-body', 'huge-code', 'many-headings', 'long-title'].map((id) => request(ctx!.app).get(`/articles/${id}`)));
    done = true;
    await probe;
    delay.disable();

    // The 7 MB answer is refused unread past 3 MB (a 503, kept for the TTL); the others are cut and shown.
    expect(pages.map((page) => page.status)).toEqual([503, 200, 200, 200]);
    const maxDelayMs = delay.max / 1e6;
    // Seconds before the bounds (2.9 s and 8.6 s in issue 13); generous for a loaded 2-core machine.
    expect(maxDelayMs).toBeLessThan(1_000);
    expect(Math.max(...health)).toBeLessThan(1_000);
    console.info(
      `event-loop delay while preparing huge articles: max ${maxDelayMs.toFixed(0)} ms, p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms; /healthz max ${Math.max(...health).toFixed(0)} ms`,
    );
  }, 60_000);
});
