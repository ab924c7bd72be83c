// npm run bench (part 2): throughput and latency of this server against two baselines, in one run,
// on loopback, each load bounded in time. Report: bench/results/server.md.
//   (a) plain Node http sending the page as a precompressed buffer — the limit;
//   (b) naive Express 5 + compression + renderToString per request — the naive design;
//   (c) this server, page cache hit;      (d) this server, page cache miss (items cache warm);
//   (e) the items API, cache hit;         (f) the built-in search over 10,000 articles.
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import * as esbuild from 'esbuild';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { filler, writeCorpus } from './corpus';
import { writeReport } from './report';
import { findFreePort } from '../tests/support/free-port';

const ROOT = process.cwd();
const PAGE = '/articles/postgresql-index-explain';
const API = '/www-be/items/v1.0/items/postgresql-index-explain';
const DURATION_S = 8;
const CONNECTIONS = 50;
const SEARCH_ARTICLES = 10_000;

interface Running {
  child: ChildProcess;
  url: string;
}

async function waitUntilUp(url: string, child: ChildProcess): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${url}: server exited with ${child.exitCode}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${url}: not up within 60 s`);
}

async function start(args: string[], env: Record<string, string>, probePath: string): Promise<Running> {
  const port = await findFreePort();
  // NODE_ENV=production for every server: the baselines load React from node_modules and must run its production build too.
  const child = spawn(process.execPath, args.map((arg) => arg.replace('$PORT', String(port))), { cwd: ROOT, env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', ...env }, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(url + probePath, child);
  return { child, url };
}

/** Peak resident memory of a process (VmHWM), in MB. */
async function peakRssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

async function stop(running: Running): Promise<void> {
  const exited = new Promise((resolve) => running.child.once('exit', resolve));
  running.child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (running.child.exitCode === null) running.child.kill('SIGKILL');
}

interface Result {
  name: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  rssMb: number;
  bytes: number;
}

async function load(name: string, running: Running, options: { path: string; vary?: (at: number) => string; connections?: number }): Promise<Result> {
  let at = 0;
  const result = await autocannon({
    url: running.url,
    connections: options.connections ?? CONNECTIONS,
    duration: DURATION_S,
    headers: { 'accept-encoding': 'gzip' },
    requests: [{ method: 'GET', path: options.path, ...(options.vary ? { setupRequest: (request: autocannon.Request) => ({ ...request, path: options.vary!(at++) }) } : {}) }],
  });
  return {
    name,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    rssMb: await peakRssMb(running.child.pid!),
    bytes: result.throughput.total / Math.max(1, result.requests.total),
  };
}

// The two baseline servers are TypeScript: bundle them for Node first.
const cacheDir = path.join(ROOT, 'node_modules', '.cache', 'bench');
for (const name of ['plain-http', 'naive-express']) {
  await esbuild.build({ entryPoints: [`./bench/servers/${name}.ts${name === 'naive-express' ? 'x' : ''}`], bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', jsx: 'automatic', outfile: path.join(cacheDir, `${name}.mjs`), logLevel: 'warning' });
}

const ourEnv = { LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '0', CONTENT_DIR: path.join(ROOT, 'content') };
const results: Result[] = [];
const work = await mkdtemp(path.join(tmpdir(), 'server-bench-'));
try {
  // The page bytes every scenario serves, as this server renders them.
  let ours = await start(['dist/server/index.js'], ourEnv, '/healthz');
  const page = Buffer.from(await (await fetch(ours.url + PAGE)).arrayBuffer());
  const gzFile = path.join(work, 'page.html.gz');
  await writeFile(gzFile, gzipSync(page, { level: 6 }));

  const plain = await start([path.join(cacheDir, 'plain-http.mjs'), '$PORT', gzFile], {}, '/');
  results.push(await load('(a) plain http, precompressed buffer', plain, { path: PAGE }));
  await stop(plain);

  const naive = await start([path.join(cacheDir, 'naive-express.mjs'), '$PORT', ROOT], {}, '/help/about');
  results.push(await load('(b) naive Express + compression + renderToString', naive, { path: PAGE }));
  await stop(naive);

  results.push(await load('(c) this server, page cache hit', ours, { path: PAGE }));
  await stop(ours);

  // The response cache off (RESPONSE_CACHE_MAX_ENTRIES=0): every request renders, the items cache (warm) answers.
  ours = await start(['dist/server/index.js'], { ...ourEnv, RESPONSE_CACHE_MAX_ENTRIES: '0' }, '/healthz');
  await fetch(ours.url + API);
  results.push(await load('(d) this server, page rendered per request', ours, { path: PAGE }));
  await stop(ours);

  ours = await start(['dist/server/index.js'], ourEnv, '/healthz');
  await fetch(ours.url + API);
  results.push(await load('(e) items API, cache hit', ours, { path: API }));
  await stop(ours);

  const corpus = path.join(work, 'corpus');
  await writeCorpus(corpus, SEARCH_ARTICLES);
  const large = await start(['dist/server/index.js'], { ...ourEnv, CONTENT_DIR: corpus }, '/healthz');
  const words = ['java', 'spring', 'postgresql', 'angular', 'http', 'linux', 'equipe', 'architecture'];
  // Distinct filters, so that each search misses the cache and runs.
  results.push(await load(`(f) search over ${SEARCH_ARTICLES.toLocaleString('en')} articles (API, uncached)`, large, { path: '/www-be/items/v1.0/items?f=java', vary: (at) => `/www-be/items/v1.0/items?s=-date_m&f=${words[at % words.length]}+${filler[at % filler.length]}` }));
  await stop(large);
} finally {
  await rm(work, { recursive: true, force: true });
}

const byName = (prefix: string) => results.find((result) => result.name.startsWith(prefix))!;
const ratio = (a: Result, b: Result) => a.reqPerSec / b.reqPerSec;
const cOverA = ratio(byName('(c)'), byName('(a)'));
const dOverB = ratio(byName('(d)'), byName('(b)'));
await writeReport('server', {
  title: 'Server throughput and latency (autocannon, loopback)',
  summary: [
    `Page ${PAGE} of the sample content, gzip; ${CONNECTIONS} connections, ${DURATION_S} s per scenario, each server in its own process; this server with LOG_LEVEL=warn and no rate limit.`,
    `**c/a = ${cOverA.toFixed(2)}** (target ≥ 0.5): a cache hit against a plain Node server sending a buffer.`,
    `**d/b = ${dOverB.toFixed(2)}** (target ≥ 2.5): a page cache miss against the naive design.`,
    `API p99 at ${CONNECTIONS} connections: **${byName('(e)').p99} ms** (target < 2 ms). Peak RSS (c)/(d)/(e): ${[byName('(c)'), byName('(d)'), byName('(e)')].map((r) => r.rssMb.toFixed(0)).join(' / ')} MB (target < 150 MB).`,
  ],
  columns: ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'peak RSS MB', 'bytes/resp'],
  rows: results.map((r) => [r.name, r.reqPerSec.toFixed(0), String(r.p50), String(r.p99), String(r.non2xx), String(r.errors), r.rssMb.toFixed(0), r.bytes.toFixed(0)]),
});
