// npm run bench (part 2): throughput, latency and memory of this server against three baselines, in
// one run, on loopback, each load bounded in time (wrk). Report: bench/results/server.md.
//   (n) nginx gzip_static serving the same gzip bytes from disk — the reference of issue 12;
//   (a) plain Node http sending the page as a precompressed buffer — Node's limit;
//   (b) naive Express 5 + compression + renderToString per request — the naive design;
//   (c) this server, page cache hit;      (d) this server, page cache miss (items cache warm);
//   (e) the items API, cache hit;         (f) the built-in search over 10,000 articles;
// and the share of repeated page requests that docs/deploy.md's nginx answers from its own cache.
// Each server runs in a fresh process pinned to CPU 0 and wrk (one thread) to CPU 1: every server
// gets the same single core, and the load generator never competes with it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { filler, writeCorpus } from './corpus';
import { npmStartCommand } from '../tests/support/npm-start';
import { onCpu, pinned } from './cpu-pinning';
import { runWrk } from './run-wrk';
import { parseWrkOutput, type WrkResult } from './wrk-output';
import { writeReport } from './report';
import { findFreePort } from '../tests/support/free-port';
import { startServer } from '../tests/support/server-process';
import { SORT_NEWEST_FIRST } from '../shared/items/wire-format';
import { startDocumentedNginx } from '../tests/support/documented-nginx';
import { request as httpRequest } from 'node:http';
import { mkdir } from 'node:fs/promises';

const ROOT = process.cwd();
const PAGE = '/articles/postgresql-index-explain';
const API = '/www-be/items/v1.0/items/postgresql-index-explain';
const WARM_UP_S = 3;
const DURATION_S = 6;
const ROUNDS = 3;
const CONNECTIONS = 50;
const SEARCH_ARTICLES = 10_000;

interface Running {
  child: ChildProcess;
  url: string;
  /** Resident memory once up, before any load (MB). */
  startRssMb: number;
}

async function readStatusMb(pid: number, field: 'VmHWM' | 'VmRSS'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN) / 1024;
}

async function waitUntilUp(url: string, child: ChildProcess): Promise<void> {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${url}: server exited with ${child.exitCode}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${url}: not up within 120 s`);
}

async function start(args: string[], env: Record<string, string>, probePath: `/${string}`): Promise<Running> {
  const port = await findFreePort();
  // NODE_ENV=production for every server: the baselines load React from node_modules and must run its production build too.
  const { child, url, memoryMb } = await startServer(
    { NODE_ENV: 'production', ...env },
    {
      args: args.map((arg) => arg.replace('$PORT', String(port))),
      port,
      wrap: (command, argv) => onCpu(0, command, argv),
      ready: probePath,
      timeoutMs: 120_000,
    },
  );
  return { child, url, startRssMb: memoryMb('VmRSS') };
}

async function stop(running: Running): Promise<void> {
  const exited = new Promise((resolve) => running.child.once('exit', resolve));
  running.child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (running.child.exitCode === null) running.child.kill('SIGKILL');
}

/** One wrk run, bounded: wrk stops itself after `seconds`, and is killed 15 s later if it has not. */
async function wrk(url: string, seconds: number, script?: string): Promise<WrkResult> {
  return parseWrkOutput(
    await runWrk({ url, connections: CONNECTIONS, seconds, answerTimeout: '5s', header: 'Accept-Encoding: gzip', script, graceSeconds: 15 }),
  );
}

interface Result extends WrkResult {
  name: string;
  startRssMb: number;
  peakRssMb: number;
  /** Throughput of each round, for the spread. */
  rounds: number[];
}

/** One scenario: a server and the URL (or wrk script) that loads it. */
interface Scenario {
  name: string;
  running: Running;
  urlPath: string;
  script?: string;
}

const median = <T>(values: T[], by: (value: T) => number): T => [...values].sort((x, y) => by(x) - by(y))[Math.floor(values.length / 2)]!;

/**
 * Runs the scenarios in alternation, ROUNDS times, after one warm-up each (JIT, caches): this machine's
 * speed drifts over minutes, and the ratios must compare runs made side by side. Each scenario is
 * reported by its median round; memory as its process's peak (VmHWM) over all of them.
 */
async function measureTogether(scenarios: Scenario[], rounds = ROUNDS): Promise<Result[]> {
  for (const scenario of scenarios) await wrk(scenario.running.url + scenario.urlPath, WARM_UP_S, scenario.script);
  const runs = scenarios.map(() => [] as WrkResult[]);
  for (let round = 0; round < rounds; round += 1) {
    for (const [at, scenario] of scenarios.entries()) runs[at]!.push(await wrk(scenario.running.url + scenario.urlPath, DURATION_S, scenario.script));
  }
  return Promise.all(
    scenarios.map(async (scenario, at) => ({
      name: scenario.name,
      ...median(runs[at]!, (run) => run.reqPerSec),
      rounds: runs[at]!.map((run) => run.reqPerSec),
      startRssMb: scenario.running.startRssMb,
      peakRssMb: await readStatusMb(scenario.running.child.pid!, 'VmHWM'),
    })),
  );
}

/** The median over rounds of the throughput ratio of two scenarios measured together. */
function ratioOf(numerator: Result, denominator: Result): number {
  return median(
    numerator.rounds.map((value, round) => value / denominator.rounds[round]!),
    (value) => value,
  );
}

/** The page as this server sends it to a client that takes gzip: the very bytes every baseline serves. */
function fetchGzipBytes(url: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => (res.headers['content-encoding'] === 'gzip' ? resolve(Buffer.concat(chunks)) : reject(new Error(`${url} did not answer gzip`))));
    });
    req.on('error', reject);
    req.end();
  });
}

/** (n): nginx with gzip_static, one worker pinned to CPU 0, serving the page's gzip file as is. */
async function startNginxStatic(dir: string, gzipBytes: Buffer): Promise<Running> {
  const root = path.join(dir, 'nginx-root');
  const file = path.join(root, PAGE);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, gunzipSync(gzipBytes));
  await writeFile(`${file}.gz`, gzipBytes);
  const port = await findFreePort();
  const conf = path.join(dir, 'nginx-static.conf');
  await writeFile(
    conf,
    [
      process.getuid?.() === 0 ? 'user root;' : '',
      'worker_processes 1;',
      `pid ${path.join(dir, 'nginx-static.pid')};`,
      `error_log ${path.join(dir, 'nginx-static.log')} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  access_log off; sendfile on; tcp_nopush on; keepalive_requests 1000000; default_type "text/html; charset=utf-8";',
      `  client_body_temp_path ${dir}/cb; proxy_temp_path ${dir}/px; fastcgi_temp_path ${dir}/fc; uwsgi_temp_path ${dir}/uw; scgi_temp_path ${dir}/sc;`,
      `  server { listen 127.0.0.1:${port}; root ${root}; location / { gzip_static on; } }`,
      '}',
    ].join('\n'),
  );
  const [command, argv] = onCpu(0, 'nginx', ['-p', dir, '-c', conf, '-g', 'daemon off;']);
  const child = spawn(command, argv, { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(url + PAGE, child);
  return { child, url, startRssMb: await readStatusMb(child.pid!, 'VmRSS') };
}

/** Repeated requests for four page types through docs/deploy.md's nginx: the share it answers itself. */
async function measureProxyCache(): Promise<{ served: number; fromCache: number }> {
  const server = await start(ourServer, { ...ourEnv, SITE_URL: 'https://www.example.org/', TRUST_PROXY: 'loopback' }, '/healthz');
  const nginx = await startDocumentedNginx(ROOT, Number(new URL(server.url).port));
  let served = 0;
  let fromCache = 0;
  try {
    for (const page of ['/architecte-logiciel-freelance-java-spring-angular', '/articles', PAGE, '/help/about']) {
      for (let round = 0; round < 50; round += 1) {
        const answer = await nginx.get('https', page, { 'accept-encoding': 'gzip, deflate, br' });
        served += 1;
        if (answer.status === 200 && answer.headers['x-cache-status'] === 'HIT') fromCache += 1;
      }
    }
  } finally {
    await nginx.stop();
    await stop(server);
  }
  return { served, fromCache };
}

// The two baseline servers are TypeScript: bundle them for Node first.
const cacheDir = path.join(ROOT, 'node_modules', '.cache', 'bench');
// Imported where it lies, not bundled into this script: it reads the project's files from its own folder.
const { NODE_BUNDLE_OPTIONS } = (await import(pathToFileURL(path.join(ROOT, 'esbuild.config.mjs')).href)) as { NODE_BUNDLE_OPTIONS: esbuild.BuildOptions };
for (const name of ['plain-http', 'naive-express']) {
  await esbuild.build({
    ...NODE_BUNDLE_OPTIONS,
    entryPoints: [`./bench/servers/${name}.ts${name === 'naive-express' ? 'x' : ''}`],
    packages: 'external',
    outfile: path.join(cacheDir, `${name}.mjs`),
    logLevel: 'warning',
  });
}

// As npm start, the Dockerfile and PM2 run it: its variables (MALLOC_ARENA_MAX) and Node flags.
const npmStart = npmStartCommand(ROOT);
const ourServer = npmStart.args;
const ourEnv = { ...npmStart.env, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '0', CONTENT_DIR: path.join(ROOT, 'content') };
const results: Result[] = [];
let proxyCache = { served: 0, fromCache: 0 };
const work = await mkdtemp(path.join(tmpdir(), 'server-bench-'));
try {
  // The page bytes every scenario serves: this server's gzip of the page, byte for byte.
  let ours = await start(ourServer, ourEnv, '/healthz');
  const gzipBytes = await fetchGzipBytes(ours.url + PAGE);
  await stop(ours);
  const gzFile = path.join(work, 'page.html.gz');
  await writeFile(gzFile, gzipBytes);

  // (n), (a) and (c) side by side, then (b) and (d): each ratio compares runs made minutes apart at most.
  const nginxStatic = await startNginxStatic(work, gzipBytes);
  const plain = await start([path.join(cacheDir, 'plain-http.mjs'), '$PORT', gzFile], {}, '/');
  ours = await start(ourServer, ourEnv, '/healthz');
  const [n, a, c] = await measureTogether([
    { name: '(n) nginx gzip_static, same gzip bytes', running: nginxStatic, urlPath: PAGE },
    { name: '(a) plain http, precompressed buffer', running: plain, urlPath: PAGE },
    { name: '(c) this server, page cache hit', running: ours, urlPath: PAGE },
  ]);
  await Promise.all([stop(nginxStatic), stop(plain), stop(ours)]);

  const naive = await start([path.join(cacheDir, 'naive-express.mjs'), '$PORT', ROOT], {}, '/help/about');
  // The response cache off (RESPONSE_CACHE_MAX_MB=0): every request renders, the items cache (warm) answers.
  ours = await start(ourServer, { ...ourEnv, RESPONSE_CACHE_MAX_MB: '0' }, '/healthz');
  const [b, d] = await measureTogether([
    { name: '(b) naive Express + compression + renderToString', running: naive, urlPath: PAGE },
    { name: '(d) this server, page rendered per request', running: ours, urlPath: PAGE },
  ]);
  await Promise.all([stop(naive), stop(ours)]);

  ours = await start(ourServer, ourEnv, '/healthz');
  const [e] = await measureTogether([{ name: '(e) items API, cache hit', running: ours, urlPath: API }]);
  await stop(ours);
  results.push(n!, a!, b!, c!, d!, e!);
  proxyCache = await measureProxyCache();

  const corpus = path.join(work, 'corpus');
  await writeCorpus(corpus, SEARCH_ARTICLES);
  const large = await start(ourServer, { ...ourEnv, CONTENT_DIR: corpus }, '/healthz');
  // Distinct filters, more than the runs can use up, so that each search misses the cache and runs.
  const words = ['java', 'spring', 'postgresql', 'angular', 'http', 'linux', 'equipe', 'architecture'];
  // Percent-encoded: some generated words have accents, and a raw non-ASCII byte in a request line is a 400.
  const searches = filler.map((word, at) => `/www-be/items/v1.0/items?s=${SORT_NEWEST_FIRST}&f=${encodeURIComponent(`${words[at % words.length]} ${word}`)}`);
  const script = path.join(work, 'searches.lua');
  await writeFile(
    script,
    `local paths = {${searches.map((search) => JSON.stringify(search)).join(',')}}\nlocal at = 0\nrequest = function()\n  at = at % #paths + 1\n  return wrk.format("GET", paths[at])\nend\n`,
  );
  // One round: distinct searches are what this scenario measures, and the corpus is slow to load.
  results.push(
    ...(await measureTogether(
      [{ name: `(f) search over ${SEARCH_ARTICLES.toLocaleString('en')} articles (API, uncached)`, running: large, urlPath: '/', script }],
      1,
    )),
  );
  await stop(large);
} finally {
  await rm(work, { recursive: true, force: true });
}

const byName = (prefix: string) => results.find((result) => result.name.startsWith(prefix))!;
const cOverA = ratioOf(byName('(c)'), byName('(a)'));
const cOverN = ratioOf(byName('(c)'), byName('(n)'));
const dOverB = ratioOf(byName('(d)'), byName('(b)'));
const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(0));
await writeReport('server', {
  title: 'Server throughput, latency and memory (wrk, loopback)',
  summary: [
    `Page ${PAGE} of the sample content, gzip; wrk with one thread and ${CONNECTIONS} connections${pinned ? ' on CPU 1, each server pinned to CPU 0' : ''}. Each server in a fresh process; this server with LOG_LEVEL=warn and no rate limit.`,
    `(n), (a) and (c), then (b) with (d), measured in alternation: ${WARM_UP_S} s of warm-up each, then ${ROUNDS} rounds of ${DURATION_S} s; each row is its median round, each ratio the median of the rounds' ratios.`,
    `**c/n = ${cOverN.toFixed(2)}** (target ≥ 0.6): a cache hit against nginx gzip_static sending the same gzip bytes.`,
    `**c/a = ${cOverA.toFixed(2)}**: a cache hit against a plain Node server sending a buffer.`,
    `**nginx proxy_cache (docs/deploy.md): ${proxyCache.fromCache} of ${proxyCache.served} repeated page requests (${((100 * proxyCache.fromCache) / Math.max(1, proxyCache.served)).toFixed(0)} %) answered from nginx's cache** (target ≥ 90 %), 4 page types.`,
    `**d/b = ${dOverB.toFixed(2)}** (target ≥ 2.5): a page cache miss against the naive design.`,
    `API p99 at ${CONNECTIONS} connections: **${ms(byName('(e)').p99)} ms** (target < 2 ms). Peak RSS (c)/(d)/(e): ${[byName('(c)'), byName('(d)'), byName('(e)')].map((r) => r.peakRssMb.toFixed(0)).join(' / ')} MB (target < 150 MB).`,
  ],
  columns: ['scenario', 'req/s', 'rounds req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'RSS at start MB', 'peak RSS MB', 'bytes/resp'],
  rows: results.map((r) => [
    r.name,
    r.reqPerSec.toFixed(0),
    r.rounds.map((value) => value.toFixed(0)).join(', '),
    ms(r.p50),
    ms(r.p99),
    String(r.non2xx),
    String(r.errors),
    r.startRssMb.toFixed(0),
    r.peakRssMb.toFixed(0),
    r.bytesPerResponse.toFixed(0),
  ]),
});
