// The server as an operator starts it: configuration errors stop it at once, naming the variable.
import { mkdtemp, rm } from 'node:fs/promises';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateArticles } from '../../bench/generate-articles';
import { WARM_UP_BUDGET_MS, WARM_UP_MIN_ARTICLES } from '../../server/render/page-warm-up';
import { UPSTREAM_BASE_PATH, sendJson, startFakeUpstream } from '../support/fake-upstream';
import { startServer } from '../support/server-process';
import { benchRuntimes } from '../../bench/node-runtimes';

describe('server start', () => {
  it('refuses to start with an invalid variable and says which', async () => {
    await expect(startServer({ PORT: 'eighty', SITE_URL: 'nowhere' })).rejects.toThrow(
      /exited with 1: Invalid configuration:\n {2}- PORT: .*\n {2}- SITE_URL: /,
    );
  });

  it('starts, answers, and stops cleanly on SIGTERM', async () => {
    const server = await startServer();
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await server.stop()).toBe(0);
    expect(server.logs.map((line) => line.msg)).toContain('stopped');
    // The sample content is small: no page is rendered ahead (decision 081).
    expect(server.logs.map((line) => line.msg)).not.toContain('pages warmed up');
  });

  // Decision 081: on large built-in content, pages are rendered before the server listens, within its budget.
  it(`renders pages before it listens on ${WARM_UP_MIN_ARTICLES.toLocaleString('en')} articles, within its budget`, async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'warm-up-'));
    try {
      await generateArticles(path.join(dir, 'content'), WARM_UP_MIN_ARTICLES, { minWords: 60 });
      const server = await startServer({ CONTENT_DIR: path.join(dir, 'content'), CONTENT_CACHE_DIR: path.join(dir, 'cache') }, { timeoutMs: 60_000 });
      try {
        const messages = server.logs.map((line) => line.msg);
        const warmed = server.logs.find((line) => line.msg === 'pages warmed up') as { pages: number; ms: number } | undefined;
        expect(warmed?.pages).toBeGreaterThan(0);
        // The budget is checked before each page: the last one may end past it.
        expect(warmed!.ms).toBeLessThan(WARM_UP_BUDGET_MS + 1_000);
        expect(messages.indexOf('pages warmed up')).toBeLessThan(messages.findIndex((msg) => String(msg).startsWith('listening')));
        expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
        expect((await fetch(`${server.url}/articles?f=architecture`)).status).toBe(200);
      } finally {
        expect(await server.stop()).toBe(0);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  // npm run bench compares the same bundle on Node 24 and the machine's Node 20 (decision 056): each
  // runtime found here must start it, and be the one that runs it (its version on the About page).
  it('runs the built bundle on each runtime the benchmarks compare, on its binary', async () => {
    const found = benchRuntimes(process.cwd()).filter((runtime) => 'binary' in runtime);
    expect(found.map((runtime) => runtime.major)).toContain(24);
    for (const runtime of found) {
      const server = await startServer({}, { node: runtime.binary, timeoutMs: 30_000 });
      try {
        const about = await fetch(`${server.url}/help/about`);
        expect(about.status).toBe(200);
        expect(await about.text()).toContain(runtime.version);
      } finally {
        expect(await server.stop()).toBe(0);
      }
    }
  });

  it.each(['SIGTERM', 'SIGINT'] as const)('on %s, finishes the request in flight, refuses new ones and exits 0 within 10 s', async (signal) => {
    // A slow upstream keeps one request in flight while the signal arrives.
    const upstream = await startFakeUpstream(async (_req, res, url) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      if (url.pathname === `${UPSTREAM_BASE_PATH}/items/42`) sendJson(res, 200, { id: 42, tit: 'Lent', date_m: '2024-01-01', sum: '', ctn: '', lg: 'fr' });
      else sendJson(res, 404, {});
    });
    const server = await startServer({ ITEMS_SERVICE_URL: upstream.baseUrl });
    try {
      const inFlight = fetch(`${server.url}/articles/42`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const stopped = Date.now();
      const exit = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
      server.child.kill(signal);
      // A new connection is refused (one already open would be answered, with Connection: close),
      // once the signal is handled: within 2 s on a busy machine.
      expect(await waitUntilRefused(`${server.url}/healthz`, 2_000)).toBe(true);
      const response = await inFlight;
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('Lent');
      expect(await exit).toBe(0);
      expect(Date.now() - stopped).toBeLessThan(10_000);
    } finally {
      await server.stop();
      await upstream.close();
    }
  });
});

/** A GET on a connection of its own, never one a pool keeps open: its status. */
function getOnNewConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpGet(url, { agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
  });
}

/** Whether new connections are refused within `ms`. */
async function waitUntilRefused(url: string, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const refused = await getOnNewConnection(url).then(
      () => false,
      (error: NodeJS.ErrnoException) => error.code === 'ECONNREFUSED',
    );
    if (refused) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}
