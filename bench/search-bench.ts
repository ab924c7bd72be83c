// Built-in search over 10,000 realistic generated articles (bench/generate-articles.ts): cold start to
// ready, restart with the on-disk cache, RSS, one edit through the built server (time until it shows,
// worst /healthz latency meanwhile), in-process search p50/p99 over 200 varied queries, and through
// the built server the weight of the list page and the throughput of the same 200 searches as pages
// (wrk), with the page cache on and off. Everything listens on 127.0.0.1 and every wait is bounded in time.
// BENCH_SEARCH_ROWS=long-tail BENCH_COMPARE="main=/path/to/main" also runs another checkout's built
// server on the long-tail loads, in alternation with this one.
import { closeSync, openSync, readFileSync } from 'node:fs';
import { copyFile, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { pino } from 'pino';
import { defaultWorkerThreads } from '../server/config';
import { createContentSource, type ContentSource } from '../server/items/content/content-source';
import type { SearchRequest } from '../server/items/source';
import { SYNONYMS_FILE } from '../server/items/content/synonyms';
import { createArticleWorkers } from '../server/workers/worker-pool';
import { buildListUrl } from '../shared/components/article-results';
import { LIST_PARAMS, writeListQuery } from '../shared/items/list-query';
import { countPages, PAGE_SIZE } from '../shared/items/search';
import { ITEMS_API_PATH } from '../shared/items/items-api';
import { paths } from '../shared/paths';
import { generateArticles } from './generate-articles';
import { queries, timeSearches } from './search-queries';
import { percentile, writeReport } from './report';
import { npmStartCommand } from '../tests/support/npm-start';
import { startServer, type ServerProcess } from '../tests/support/server-process';
import { onCpu, pinned } from './cpu-pinning';
import { runWrk } from './run-wrk';
import { parseWrkOutput, type WrkResult } from './wrk-output';

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 10_000);
/**
 * `long-tail`: only the in-process searches and the long-tail rows (issue 29), in about a minute at
 * 10,000 articles, written to bench/results/search-long-tail.md; anything else: every row.
 */
const ROWS = process.env.BENCH_SEARCH_ROWS === 'long-tail' ? 'long-tail' : 'all';
const EDIT_TIMEOUT_MS = 60_000;
const SERVER_START_TIMEOUT_MS = 120_000;
/** Search over HTTP: wrk's connections (one thread) and how long it runs. */
const HTTP_CONNECTIONS = 20;
const HTTP_SECONDS = 15;
/** What a browser sends: the server answers brotli, as to most visitors. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br';
/** The built server runs as npm start, the Dockerfile and PM2 run it: its variables and Node flags. */
const NPM_START = npmStartCommand(process.cwd());

const gc = () => {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
};
const rssMb = () => process.memoryUsage().rss / 1024 / 1024;

async function fetchTimed(url: string): Promise<{ ms: number; status: number; body: string }> {
  const start = performance.now();
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  const body = await response.text();
  return { ms: performance.now() - start, status: response.status, body };
}

/** dist/server/index.js on 127.0.0.1 over the corpus, once /readyz answers 200; on `cpu` when given and taskset can pin it. */
function startBuiltServer(
  contentDir: string,
  cacheDir: string,
  options: { env?: Record<string, string>; cpu?: number; stdout?: number; checkout?: string } = {},
): Promise<ServerProcess> {
  const { cpu, checkout } = options;
  // Another checkout's build: its own npm start, run from its folder.
  const start = checkout === undefined ? NPM_START : npmStartCommand(checkout);
  return startServer(
    { ...start.env, CONTENT_DIR: contentDir, CONTENT_CACHE_DIR: cacheDir, LOG_LEVEL: 'warn', ITEMS_SERVICE_URL: '', ...options.env },
    {
      args: checkout === undefined ? start.args : [...start.args.slice(0, -1), path.join(checkout, start.args.at(-1)!)],
      ...(checkout === undefined ? {} : { cwd: checkout }),
      ...(cpu === undefined ? {} : { wrap: (command: string, args: string[]) => onCpu(cpu, command, args) }),
      ready: '/readyz',
      timeoutMs: SERVER_START_TIMEOUT_MS,
      inheritEnv: true,
      stderr: 'inherit',
      ...(options.stdout === undefined ? {} : { stdout: options.stdout }),
    },
  );
}

/** The built server on the corpus: start time with the disk cache, RSS, then one edit. */
async function measureServer(contentDir: string, cacheDir: string) {
  const server = await startBuiltServer(contentDir, cacheDir);
  const { url: base } = server;
  try {
    const rssAfterStart = server.memoryMb('VmRSS');

    const id = 'article-1234';
    const file = path.join(contentDir, 'articles', `${id}.md`);
    const marker = `Titre modifié ${Date.now()}`;
    await fetchTimed(`${base}/www-be/items/v1.0/items/${id}`);
    const original = await readFile(file, 'utf8');
    const editStart = performance.now();
    await writeFile(file, original.replace(/^title: .*$/m, `title: "${marker}"`));
    let shownMs = Number.NaN;
    let worstHealthz = 0;
    const healthz = (async () => {
      while (Number.isNaN(shownMs) && performance.now() - editStart < EDIT_TIMEOUT_MS) {
        worstHealthz = Math.max(worstHealthz, (await fetchTimed(`${base}/healthz`)).ms);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    while (Number.isNaN(shownMs) && performance.now() - editStart < EDIT_TIMEOUT_MS) {
      const answer = await fetchTimed(`${base}/www-be/items/v1.0/items/${id}`);
      if (answer.body.includes(marker)) shownMs = performance.now() - editStart;
      else await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await healthz;
    await writeFile(file, original);
    return { startMs: server.startMs, rssAfterStart, shownMs, worstHealthz, rssAfterEdit: server.memoryMb('VmRSS') };
  } finally {
    await server.stop();
  }
}

/**
 * The URL a visitor's browser asks for each query, as the site builds it: the list's GET form for a text
 * (`f` as typed, `+` for spaces and UTF-8 percent-encoded by the form encoding, the hidden `sort=date`
 * of a list in date order), the next-page link for a page past the first (the shown, lower-cased
 * filter: `buildListUrl`), a tag badge for a tag alone (`/tags/…`). A list page has no tag filter, so a
 * text with a tag asks for the text. `pages` is the number of pages the query fills: a visitor never
 * gets a link past the last page (a 404), so such a page becomes the last one.
 */
function visitorUrl(query: SearchRequest, pages: number): string {
  const page = Math.min(query.page ?? 1, pages);
  if (!query.text && query.tag) return paths.tag(query.tag) + writeListQuery({ page });
  if (page > 1) return buildListUrl(query.text, query.sort ?? 'relevance', page, 'fr');
  const form = new URLSearchParams({ f: query.text });
  if (query.sort === 'date') form.set('sort', 'date');
  return `${paths.articles}?${form.toString()}`;
}

/** The 200 queries as visitors' URLs; the page counts come from the in-process source on the same corpus. */
async function visitorUrls(source: ContentSource): Promise<{ urls: string[]; pastLastPage: number }> {
  const urls: string[] = [];
  let pastLastPage = 0;
  for (const query of queries()) {
    const tagAlone = !query.text && query.tag !== undefined;
    const answer = await source.search(
      tagAlone
        ? { text: '', tag: query.tag, sort: 'date', page: 1, pageSize: PAGE_SIZE }
        : { text: LIST_PARAMS.f(query.text), sort: query.sort ?? 'relevance', page: 1, pageSize: PAGE_SIZE },
    );
    const pages = countPages(answer.total);
    if ((query.page ?? 1) > pages) pastLastPage += 1;
    urls.push(visitorUrl(query, pages));
  }
  return { urls, pastLastPage };
}

interface PageWeight {
  path: string;
  status: number;
  /** Body bytes on the wire, per encoding asked for, and once decoded. */
  gzip: number;
  br: number;
  decoded: number;
}

/** One GET with this Accept-Encoding: the status, the encoding sent and the body as received (not decoded). */
function fetchRaw(url: string, acceptEncoding: string): Promise<{ status: number; encoding: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { 'accept-encoding': acceptEncoding }, agent: false, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, encoding: String(res.headers['content-encoding'] ?? 'identity'), body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${url}: no answer in 30 s`)));
    req.on('error', reject);
    req.end();
  });
}

/** A page's weight: its compressed body in gzip and in brotli, as a browser that takes each gets it. */
async function measurePageWeight(base: string, pagePath: string): Promise<PageWeight> {
  const gzip = await fetchRaw(base + pagePath, 'gzip');
  const br = await fetchRaw(base + pagePath, 'br');
  if (gzip.encoding !== 'gzip' || br.encoding !== 'br') throw new Error(`${pagePath}: answered ${gzip.encoding} and ${br.encoding}, not gzip and br`);
  const decoded = gunzipSync(gzip.body);
  if (!decoded.equals(brotliDecompressSync(br.body))) throw new Error(`${pagePath}: the gzip and brotli bodies differ`);
  return { path: pagePath, status: gzip.status, gzip: gzip.body.length, br: br.body.length, decoded: decoded.length };
}

/**
 * wrk (one thread, HTTP_CONNECTIONS connections, HTTP_SECONDS) cycling through `urls` in order, each
 * response's status counted by the script (printed as "status <code> <count>" when it is done). Bounded:
 * wrk stops itself, and is killed 30 s later if it has not.
 */
async function wrkUrls(base: string, urls: string[], script: string): Promise<WrkResult & { statuses: Map<number, number> }> {
  await writeFile(
    script,
    [
      `local paths = {${urls.map((url) => JSON.stringify(url)).join(',')}}`,
      'local at = 0',
      'local threads = {}',
      'function setup(thread) table.insert(threads, thread) end',
      'function init(args) statuses = {} end',
      'function request()',
      '  at = at % #paths + 1',
      '  return wrk.format("GET", paths[at])',
      'end',
      'function response(status, headers, body) statuses[status] = (statuses[status] or 0) + 1 end',
      'function done(summary, latency, requests)',
      '  for _, thread in ipairs(threads) do',
      '    for status, count in pairs(thread:get("statuses")) do io.write(string.format("status %d %d\\n", status, count)) end',
      '  end',
      'end',
      '',
    ].join('\n'),
  );
  const stdout = await runWrk({
    url: base,
    connections: HTTP_CONNECTIONS,
    seconds: HTTP_SECONDS,
    answerTimeout: '10s',
    header: `Accept-Encoding: ${BROWSER_ACCEPT_ENCODING}`,
    script,
    graceSeconds: 30,
  });
  const statuses = new Map([...stdout.matchAll(/^status (\d+) (\d+)$/gm)].map((match) => [Number(match[1]), Number(match[2])]));
  return { ...parseWrkOutput(stdout), statuses };
}

/** The server's request log (pino, one JSON line a request): list and tag pages served from the page cache, and rendered with their server time. */
function readPageLog(text: string): { hits: number; renderMs: number[] } {
  let hits = 0;
  const renderMs: number[] = [];
  // The last piece is empty, or a line still being written.
  for (const line of text.split('\n').slice(0, -1)) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { req?: { path?: string }; responseCache?: string; responseTime?: number };
    const pagePath = entry.req?.path ?? '';
    if (pagePath !== paths.articles && !pagePath.startsWith(`${paths.tags}/`)) continue;
    if (entry.responseCache === 'hit') hits += 1;
    else renderMs.push(entry.responseTime ?? Number.NaN);
  }
  return { hits, renderMs };
}

interface HttpSearch extends WrkResult {
  statuses: Map<number, number>;
  hits: number;
  renderMs: number[];
  rssAfterStart: number;
  peakRss: number;
  /** The weights of the list, one search and the tags page, when asked for. */
  weights: PageWeight[];
}

/**
 * Search pages over HTTP: a fresh built server (npm start's flags, LOG_LEVEL=info as in production so
 * that its log tells page cache hits from renders, no rate limit), on CPU 0 with wrk on CPU 1 when they
 * can be pinned, loaded from the moment it is ready, with no warm-up: the first pass through the URLs
 * renders each one, later passes may be answered from the page cache. Then, with the cache as the load
 * left it, the weight of the list, one search and the tags page.
 */
async function measureHttpSearch(
  contentDir: string,
  cacheDir: string,
  work: string,
  urls: string[],
  options: { env?: Record<string, string>; weigh: boolean },
): Promise<HttpSearch> {
  const logFile = path.join(work, `server-${Date.now()}.log`);
  const log = openSync(logFile, 'w');
  try {
    const server = await startBuiltServer(contentDir, cacheDir, {
      env: { NODE_ENV: 'production', LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '0', ...options.env },
      cpu: 0,
      stdout: log,
    });
    try {
      const rssAfterStart = server.memoryMb('VmRSS');
      const logStart = (await readFile(logFile, 'utf8')).length;
      const load = await wrkUrls(server.url, urls, path.join(work, 'search-pages.lua'));
      const peakRss = server.memoryMb('VmHWM');
      // The server logs a request once it has sent it, some after wrk has counted the answer: wait for
      // the log to settle (at most 10 s). It then also holds the requests wrk left in flight as it stopped.
      const settleBy = performance.now() + 10_000;
      for (let logSize = -1; performance.now() < settleBy;) {
        const size = (await stat(logFile)).size;
        if (size === logSize) break;
        logSize = size;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
      const { hits, renderMs } = readPageLog((await readFile(logFile, 'utf8')).slice(logStart));
      const weights: PageWeight[] = [];
      for (const pagePath of options.weigh ? [paths.articles, paths.articleSearch('spring'), paths.tags] : []) {
        weights.push(await measurePageWeight(server.url, pagePath));
      }
      return { ...load, hits, renderMs, rssAfterStart, peakRss, weights };
    } finally {
      await server.stop();
    }
  } finally {
    closeSync(log);
  }
}

/** The long tail: 64 words a reader of this corpus types, two at a time, so that almost every search is new. */
const LONG_TAIL_WORDS =
  'postgresql index requete optimiser caching thread virtuel spring jeton transaction composant signal latence systemd equipe architecture hexagonale conteneur deploiement dependency merge kafka observable hydratation vacuum partition memory garbage proxy journal cache securite test performance linux docker kubernetes java angular react maven gradle jvm hibernate http methode devops git bash sql typescript requetes serveur client donnees modele service module version fichier projet code application reseau'.split(
    ' ',
  );
const LONG_TAIL_CONNECTIONS = 10;
const LONG_TAIL_SECONDS = 15;

interface LongTail extends WrkResult {
  rssAfterStart: number;
  /** The most RSS sampled during the load (every 250 ms). */
  peakRss: number;
  /** CPU time of the server (every thread) during the load, per answer: it follows the machine's speed. */
  cpuMsPerRequest: number;
  /** Pages only: the same load again on the same server, AGAIN_PAUSE_MS later, from new connections (for information). */
  again?: WrkResult & { peakRss: number; cpuMsPerRequest: number };
}

/** Between a long-tail page load and the same load again on the same server. */
const AGAIN_PAUSE_MS = 3_000;

/** User and system CPU milliseconds of a process, its threads included (/proc/<pid>/stat, ticks of 1/100 s). */
function cpuMs(pid: number | undefined): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /s, '')
    .split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * BENCH_COMPARE="label=dir,…": other checkouts' built servers (built beforehand) measured on the same
 * long-tail loads, in alternation with this one, e.g. main's code: each row then reads beside its
 * baseline, measured in the same minutes on the same machine.
 */
const COMPARED = (process.env.BENCH_COMPARE ?? '')
  .split(',')
  .filter(Boolean)
  .map((spec) => {
    const [label, dir] = spec.split('=') as [string, string];
    return { label, dir: path.resolve(dir) };
  });

/**
 * Distinct searches (issue 29): wrk asks for two random words of LONG_TAIL_WORDS a request, as list
 * pages (page 1 or 2, either order; page cache on, as shipped) or as the items API's list (every
 * match), from a fresh built server on CPU 0, 10 connections. Almost no URL comes twice, so nothing
 * is answered from a cache: each request searches, renders or serialises, and is kept.
 */
async function measureLongTail(contentDir: string, cacheDir: string, work: string, kind: 'pages' | 'api', checkout?: string): Promise<LongTail> {
  const script = path.join(work, `long-tail-${kind}.lua`);
  await writeFile(
    script,
    [
      `local words = {${LONG_TAIL_WORDS.map((word) => JSON.stringify(word)).join(',')}}`,
      'function init(args) math.randomseed(os.time()) end',
      'function request()',
      '  local f = words[math.random(#words)] .. "+" .. words[math.random(#words)]',
      kind === 'api'
        ? `  return wrk.format("GET", "${ITEMS_API_PATH}/items?f=" .. f)`
        : [
            `  local path = "${paths.articles}?f=" .. f`,
            '  if math.random(2) == 2 then path = path .. "&sort=date" end',
            '  if math.random(2) == 2 then path = path .. "&page=2" end',
            '  return wrk.format("GET", path)',
          ].join('\n'),
      'end',
      '',
    ].join('\n'),
  );
  const server = await startBuiltServer(contentDir, cacheDir, {
    env: { NODE_ENV: 'production', RATE_LIMIT_PER_MINUTE: '0' },
    cpu: 0,
    ...(checkout === undefined ? {} : { checkout }),
  });
  let result: LongTail;
  try {
    const rssAfterStart = server.memoryMb('VmRSS');
    /** One wrk run of the script: what wrk measured, the highest RSS meanwhile, the server's CPU per answer. */
    const load = async () => {
      const cpuBefore = cpuMs(server.child.pid);
      let peakRss = server.memoryMb('VmRSS');
      const sampler = setInterval(() => {
        peakRss = Math.max(peakRss, server.memoryMb('VmRSS'));
      }, 250);
      try {
        const stdout = await runWrk({
          url: server.url,
          connections: LONG_TAIL_CONNECTIONS,
          seconds: LONG_TAIL_SECONDS,
          answerTimeout: '10s',
          header: `Accept-Encoding: ${BROWSER_ACCEPT_ENCODING}`,
          script,
          graceSeconds: 30,
        });
        const requests = Number(/(\d+) requests in/.exec(stdout)?.[1] ?? Number.NaN);
        return { ...parseWrkOutput(stdout), peakRss, cpuMsPerRequest: (cpuMs(server.child.pid) - cpuBefore) / requests };
      } finally {
        clearInterval(sampler);
      }
    };
    result = { ...(await load()), rssAfterStart };
    if (kind === 'pages') {
      await new Promise((resolve) => setTimeout(resolve, AGAIN_PAUSE_MS));
      result.again = await load();
    }
  } finally {
    await server.stop();
  }
  return result;
}

const target = (value: number, limit: number, unit: string) =>
  `${value.toFixed(unit === 'ms' ? 2 : 1)} ${unit} (target ≤ ${limit} ${unit}) ${value <= limit ? 'met' : 'MISSED'}`;

/** The in-process rows (issue 29's targets): each search's wall time, syntax included. */
const inProcessRows = (timings: number[]) => [
  ['search p50, in-process, 200 queries × 3 (syntax included)', target(percentile(timings, 50), 1, 'ms')],
  ['search p99, in-process, 200 queries × 3 (syntax included)', target(percentile(timings, 99), 5, 'ms')],
];

const longTailRows = (name: string, result: LongTail, minimum: number, p99: number | undefined) => [
  [
    `long tail, ${name}: throughput`,
    `${result.reqPerSec.toFixed(0)} req/s (target ≥ ${minimum} req/s) ${result.reqPerSec >= minimum ? 'met' : 'MISSED'}; non-2xx ${result.non2xx} (page 2 of a one-page search: 404)`,
  ],
  [
    `long tail, ${name}: p50 / p99`,
    p99 === undefined ? `${result.p50.toFixed(2)} ms / ${result.p99.toFixed(2)} ms` : `${result.p50.toFixed(2)} ms / ${target(result.p99, p99, 'ms')}`,
  ],
  [`long tail, ${name}: RSS after start / peak during the load`, `${result.rssAfterStart.toFixed(0)} MB / ${target(result.peakRss, 350, 'MB')}`],
  [
    `long tail, ${name}: server CPU per answer (all threads)`,
    `${result.cpuMsPerRequest.toFixed(2)} ms, i.e. ${(1000 / result.cpuMsPerRequest).toFixed(0)} req/s of one free core`,
  ],
  ...(result.again
    ? [
        [
          `long tail, ${name}, the same load again on the same server (for information: the target's measure is the first load)`,
          `${result.again.reqPerSec.toFixed(0)} req/s, p50 ${result.again.p50.toFixed(2)} ms / p99 ${result.again.p99.toFixed(2)} ms, RSS peak ${result.again.peakRss.toFixed(0)} MB, CPU ${result.again.cpuMsPerRequest.toFixed(2)} ms an answer`,
        ],
      ]
    : []),
];

const loadLine = () =>
  `Load average when the report was written: ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' / ')} (1/5/15 min) on ${os.cpus().length} cores shared with other work.`;
const longTailLine = () =>
  `Long tail (issue 29): wrk (one thread, ${LONG_TAIL_CONNECTIONS} connections, ${LONG_TAIL_SECONDS} s${pinned ? ', on CPU 1, the server on CPU 0' : ''}) asks for two random words of ${LONG_TAIL_WORDS.length} a request, as list pages (page 1 or 2, either order; page cache on) and as the items API's list (every match, newest first), from a fresh built server each, loaded as soon as it answers /readyz (it renders pages of its own before it listens, decision 081, as npm start does): almost every URL is new, so each request searches. RSS sampled every 250 ms. CPU per answer: the server's CPU time (all threads) over the answers wrk counted. It follows this shared machine's speed, which changes up to twofold within minutes (decision 084): loads compare by it, and only within one run. The page load then runs again on the same server, ${AGAIN_PAUSE_MS / 1000} s later and from new connections, for information: a fresh server's first seconds cost up to twice as much an answer as later ones, while V8 optimises the code a page runs (decision 084), and the second load shows what the same server answers once that is done.${COMPARED.length > 0 ? ` Compared in the same run, each load right after this checkout's: ${COMPARED.map(({ label, dir }) => `${label} (${dir})`).join(', ')}.` : ''}`;

const dir = await mkdtemp(path.join(tmpdir(), 'search-bench-'));
const cacheDir = path.join(dir, 'cache');
// wrk's script and the servers' logs, outside the corpus folder the servers read.
const work = await mkdtemp(path.join(tmpdir(), 'search-bench-http-'));
try {
  const corpus = await generateArticles(dir, ARTICLES);
  // The synonyms as shipped (the syntax queries use them).
  await copyFile(path.join('content', SYNONYMS_FILE), path.join(dir, SYNONYMS_FILE));
  const logger = pino({ level: 'silent' });
  // As the server runs it: files parsed and analysed on the worker threads (decision 027).
  const workers = await createArticleWorkers({ threads: defaultWorkerThreads(), logger });

  const coldStart = performance.now();
  const cold = await createContentSource({ contentDir: dir, logger, watchFiles: false, cacheDir, workers });
  const coldMs = performance.now() - coldStart;
  gc();
  const coldRss = rssMb();
  const { timings, hits } = await timeSearches(cold);
  if (ROWS === 'long-tail') {
    await cold.close();
    await workers.close();
    // Each built server starts once before its loads: it fills its content cache (a compared checkout's
    // own), and this one's first start after the in-process one has work left that would load its
    // first row. Every load then starts warm, as a restarted server does.
    await (await startBuiltServer(dir, cacheDir)).stop();
    for (const { label, dir: checkout } of COMPARED) await (await startBuiltServer(dir, `${cacheDir}-${label}`, { checkout })).stop();
    const longTailPages = await measureLongTail(dir, cacheDir, work, 'pages');
    const comparedPages = [];
    for (const { label, dir: checkout } of COMPARED) {
      comparedPages.push({ label, result: await measureLongTail(dir, `${cacheDir}-${label}`, work, 'pages', checkout) });
    }
    const longTailApi = await measureLongTail(dir, cacheDir, work, 'api');
    const comparedApi = [];
    for (const { label, dir: checkout } of COMPARED) {
      comparedApi.push({ label, result: await measureLongTail(dir, `${cacheDir}-${label}`, work, 'api', checkout) });
    }
    await writeReport('search-long-tail', {
      title: `Long-tail search over ${ARTICLES.toLocaleString('en')} articles (BENCH_SEARCH_ROWS=long-tail)`,
      summary: [
        `Corpus: ${corpus.count} articles from bench/generate-articles.ts. Cold start (in-process) ${(coldMs / 1000).toFixed(1)} s, RSS ${coldRss.toFixed(0)} MB after a full GC; searches returned ${hits} hits in all.`,
        loadLine(),
        longTailLine(),
      ],
      columns: ['measure', 'value'],
      rows: [
        ...inProcessRows(timings),
        ...longTailRows('distinct search pages (page cache on)', longTailPages, 400, 50),
        ...comparedPages.flatMap(({ label, result }) => longTailRows(`distinct search pages, ${label}`, result, 400, 50)),
        ...longTailRows('items API list of every match, distinct searches', longTailApi, 200, undefined),
        ...comparedApi.flatMap(({ label, result }) => longTailRows(`items API list, ${label}`, result, 200, undefined)),
      ],
    });
  } else {
    const list = cold.list('');
    const total = (await list).length;
    const visitors = await visitorUrls(cold);
    await cold.close();

    const restartStart = performance.now();
    const warm = await createContentSource({ contentDir: dir, logger, watchFiles: false, cacheDir, workers });
    const restartMs = performance.now() - restartStart;
    const warmStats = warm.stats();
    await warm.close();
    await workers.close();

    const server = await measureServer(dir, cacheDir);
    const cached = await measureHttpSearch(dir, cacheDir, work, visitors.urls, { weigh: true });
    const uncached = await measureHttpSearch(dir, cacheDir, work, visitors.urls, { env: { RESPONSE_CACHE_MAX_MB: '0' }, weigh: false });
    const longTailPages = await measureLongTail(dir, cacheDir, work, 'pages');
    const longTailApi = await measureLongTail(dir, cacheDir, work, 'api');
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    const weightRows = cached.weights.map((weight, at) => [
      `page weight: \`${weight.path}\`${weight.status === 200 ? '' : ` (${weight.status})`}, gzip${at === 0 ? ' (first page, 20 articles)' : ''}`,
      at === 0 ? target(weight.gzip / 1024, 60, 'KB') : kb(weight.gzip),
    ]);
    const httpRows = (name: string, result: HttpSearch) => {
      const statuses = [...result.statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${count} × ${status}`);
      const requests = [...result.statuses.values()].reduce((sum, count) => sum + count, 0);
      return [
        [
          `search pages over HTTP, ${name}: throughput`,
          `${result.reqPerSec.toFixed(0)} req/s (target ≥ 400 req/s) ${result.reqPerSec >= 400 ? 'met' : 'MISSED'}`,
        ],
        [`search pages over HTTP, ${name}: p50 / p99`, `${result.p50.toFixed(2)} ms / ${result.p99.toFixed(2)} ms`],
        [
          `search pages over HTTP, ${name}: answers`,
          `${requests} (${statuses.join(', ')}); non-2xx ${result.non2xx}, socket errors ${result.errors}; ${kb(result.bytesPerResponse)} a response`,
        ],
        [
          `search pages over HTTP, ${name}: rendered / from the page cache (server log)`,
          `${result.renderMs.length} rendered (server time p50 ${percentile(result.renderMs, 50)} ms, p99 ${percentile(result.renderMs, 99)} ms) / ${result.hits} from the page cache`,
        ],
        [`search pages over HTTP, ${name}: RSS after start / peak`, `${result.rssAfterStart.toFixed(0)} MB / ${result.peakRss.toFixed(0)} MB`],
      ];
    };
    const rows = [
      ['cold start to ready (in-process, empty disk cache)', target(coldMs / 1000, 20, 's')],
      ['restart with the on-disk cache (in-process)', target(restartMs / 1000, 3, 's')],
      ['built server: start to /readyz with the disk cache', `${(server.startMs / 1000).toFixed(1)} s`],
      ['RSS after start: built server', target(server.rssAfterStart, 350, 'MB')],
      ['RSS after start and a full GC: in-process (bench process)', `${coldRss.toFixed(0)} MB`],
      ['one edit: until it shows through the API', target(server.shownMs / 1000, 5, 's')],
      ['one edit: worst /healthz meanwhile', target(server.worstHealthz, 200, 'ms')],
      ...inProcessRows(timings),
      ...weightRows,
      [`page weight: \`${paths.articles}\`, brotli / decoded`, `${kb(cached.weights[0]!.br)} / ${kb(cached.weights[0]!.decoded)}`],
      ...cached.weights.slice(1).map((weight) => [`page weight: \`${weight.path}\`, brotli / decoded`, `${kb(weight.br)} / ${kb(weight.decoded)}`]),
      ...httpRows('page cache on', cached),
      ...httpRows('page cache off (every request renders)', uncached),
      ...longTailRows('distinct search pages (page cache on)', longTailPages, 400, 50),
      ...longTailRows('items API list of every match, distinct searches', longTailApi, 200, undefined),
    ];
    await writeReport('search', {
      title: `Built-in search over ${ARTICLES.toLocaleString('en')} articles`,
      summary: [
        `Corpus: ${corpus.count} articles from bench/generate-articles.ts (~${corpus.wordsPerArticle} words each with code blocks, French and English, tags and series); ${total} listed.`,
        loadLine(),
        `Restart read ${warmStats.fromCache} articles from the disk cache and parsed ${warmStats.parsed}.`,
        `Searches returned ${hits} hits in all (pages of 20, snippets included). Built server RSS after the edit: ${server.rssAfterEdit.toFixed(0)} MB.`,
        longTailLine(),
        `Page weight: the body bytes on the wire (compressed, 1 KB = 1,024 bytes) of one GET with \`Accept-Encoding: gzip\`, then \`br\`, after the load below.`,
        `Search pages over HTTP: the 200 queries as the URLs a visitor's browser asks for (the list's GET form, a next-page link, a tag badge; ${new Set(visitors.urls).size} distinct; ${visitors.pastLastPage} page-2 queries of a search with one page asked for its page 1, as a visitor gets no link past the last page), in a loop by wrk (one thread, ${HTTP_CONNECTIONS} connections, ${HTTP_SECONDS} s, \`Accept-Encoding: ${BROWSER_ACCEPT_ENCODING}\`${pinned ? ', on CPU 1, the server on CPU 0' : ''}). A fresh built server each (npm start's Node flags, NODE_ENV=production, LOG_LEVEL=info as in production, whose request log tells page cache hits from renders and also counts the requests wrk left in flight as it stopped, no rate limit), loaded as soon as /readyz answers, with no warm-up: the first pass renders every page, later ones may come from the page cache. Page cache off (RESPONSE_CACHE_MAX_MB=0): every request renders and searches (the items cache keeps no built-in search, decision 080).`,
      ],
      columns: ['measure', 'value'],
      rows,
    });
  }
} finally {
  await rm(dir, { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
}
