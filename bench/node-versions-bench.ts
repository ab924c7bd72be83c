// npm run bench: the server-side benchmarks' key figures on each Node runtime of BENCH_NODES ("24,20"),
// side by side in one report, bench/results/node-versions.md (decision 056). The same built bundle
// (dist/server/index.js) runs on each runtime's binary, on 127.0.0.1, pinned to CPU 0 with wrk on CPU 1.
//   - server-bench's (c) and (d): a page cache hit and a page rendered per request (req/s, p99, RSS);
//   - search-bench's start: the built server on BENCH_ARTICLES generated articles to /readyz, cold
//     (empty cache folder) then warm, with its RSS; and its in-process search (search-in-process.ts,
//     run by the runtime's binary) p50/p99 over the 200 queries × 3;
//   - rounds alternate the runtimes' order (A B, B A, A B), a figure is its median round, so that the
//     machine's drift favours neither; then event-loop-bench.ts and soak-bench.ts's short mode
//     (SOAK_SECONDS=60) run whole, once a runtime (the server on it through BENCH_SERVER_NODE), the
//     first runtime first for one and last for the other, their reports read back from a temporary folder.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { npmStartCommand } from '../tests/support/npm-start';
import { startServer, type ServerProcess } from '../tests/support/server-process';
import { onCpu, pinned } from './cpu-pinning';
import { generateArticles } from './generate-articles';
import { benchRuntimes, roundOrder, type Runtime } from './node-runtimes';
import { readEventLoopFigures, readSoakFigures, sideBySideRows, type Measure, type Unit } from './node-versions-figures';
import { writeReport, type Report } from './report';
import { runWrk } from './run-wrk';
import { parseWrkOutput } from './wrk-output';

const ROOT = process.cwd();
const ROUNDS = 3;
const PAGE = '/articles/postgresql-index-explain';
const WARM_UP_S = 2;
const DURATION_S = 5;
const CONNECTIONS = 50;
const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 10_000);
const START_TIMEOUT_MS = 180_000;
/** A whole benchmark rerun, bounded: killed past this. */
const RERUN_TIMEOUT_MS = 15 * 60_000;
const NPM_START = npmStartCommand(ROOT);

type Found = Extract<Runtime, { binary: string }>;

/** The figures of one runtime: each measure's value per round. */
type Samples = Map<string, { unit: Unit; values: number[] }>;

function record(samples: Samples, name: string, unit: Unit, value: number): void {
  const entry = samples.get(name) ?? { unit, values: [] };
  entry.values.push(value);
  samples.set(name, entry);
}

function startOn(runtime: Found, env: Record<string, string>, ready: `/${string}`): Promise<ServerProcess> {
  return startServer(
    { ...NPM_START.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '0', ...env },
    { node: runtime.binary, args: NPM_START.args, wrap: (command, args) => onCpu(0, command, args), ready, timeoutMs: START_TIMEOUT_MS, stderr: 'inherit' },
  );
}

async function load(url: string, seconds: number) {
  return parseWrkOutput(await runWrk({ url, connections: CONNECTIONS, seconds, answerTimeout: '5s', header: 'Accept-Encoding: gzip', graceSeconds: 15 }));
}

/** server-bench's (c) and (d) on one runtime: a fresh server each, warm-up, then one measured run. */
async function measureThroughput(runtime: Found, work: string, samples: Samples): Promise<void> {
  const scenarios: { name: string; env: Record<string, string> }[] = [
    { name: 'page cache hit', env: {} },
    { name: 'page rendered per request', env: { RESPONSE_CACHE_MAX_MB: '0' } },
  ];
  for (const scenario of scenarios) {
    const server = await startOn(
      runtime,
      { CONTENT_DIR: path.join(ROOT, 'content'), CONTENT_CACHE_DIR: path.join(work, `sample-cache-${runtime.major}`), ...scenario.env },
      '/healthz',
    );
    try {
      const rssAtStart = server.memoryMb('VmRSS');
      await load(server.url + PAGE, WARM_UP_S);
      const result = await load(server.url + PAGE, DURATION_S);
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${scenario.name} on Node ${runtime.version}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      record(samples, `${scenario.name}: throughput`, 'req/s', result.reqPerSec);
      record(samples, `${scenario.name}: p99`, 'ms', result.p99);
      record(samples, `${scenario.name}: RSS at start`, 'MB', rssAtStart);
      record(samples, `${scenario.name}: peak RSS (VmHWM)`, 'MB', server.memoryMb('VmHWM'));
    } finally {
      await server.stop(10_000);
    }
  }
}

/** Runs a command to its end (bounded), its output shown; resolves with its stdout. */
function run(command: string, args: string[], env: Record<string, string | undefined>, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      process.stdout.write(chunk);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(stdout);
      else reject(new Error(`${command} ${args.join(' ')}: ${signal ?? `exit code ${code}`}`));
    });
  });
}

/** search-bench's start and in-process search on one runtime, with an empty cache folder of its own. */
async function measureSearch(runtime: Found, corpus: string, work: string, round: number, script: string, samples: Samples): Promise<void> {
  const cacheDir = path.join(work, `corpus-cache-${runtime.major}-${round}`);
  for (const start of ['cold', 'warm'] as const) {
    const server = await startOn(runtime, { CONTENT_DIR: corpus, CONTENT_CACHE_DIR: cacheDir, ITEMS_SERVICE_URL: '' }, '/readyz');
    record(samples, `built server, ${start} start: spawn to /readyz`, 's', server.startMs / 1000);
    record(samples, `built server, ${start} start: RSS at ready`, 'MB', server.memoryMb('VmRSS'));
    await server.stop(10_000);
  }
  const stdout = await run(runtime.binary, [script, corpus, cacheDir], { PATH: process.env.PATH }, START_TIMEOUT_MS);
  const figures = JSON.parse(stdout.trim().split('\n').at(-1)!) as { loadMs: number; p50: number; p99: number; rssMb: number };
  record(samples, 'in-process search p50, 200 queries × 3', 'ms', figures.p50);
  record(samples, 'in-process search p99, 200 queries × 3', 'ms', figures.p99);
  await rm(cacheDir, { recursive: true, force: true });
}

/** A whole benchmark with the server on this runtime; its report, read back from `dir`. */
async function rerun(runtime: Found, file: string, name: string, dir: string, env: Record<string, string>): Promise<Report> {
  await run(
    process.execPath,
    ['tests/support/run-ts.mjs', file],
    { ...process.env, ...env, BENCH_SERVER_NODE: runtime.binary, BENCH_RESULTS_DIR: dir },
    RERUN_TIMEOUT_MS,
  );
  return JSON.parse(await readFile(path.join(dir, `${name}.json`), 'utf8')) as Report;
}

const runtimes = benchRuntimes(ROOT);
const found = runtimes.filter((runtime): runtime is Found => 'binary' in runtime);
const samples = new Map(found.map((runtime) => [runtime.major, new Map() as Samples]));
const started = performance.now();
const work = await mkdtemp(path.join(tmpdir(), 'node-versions-bench-'));
try {
  // search-in-process.ts, bundled here (esbuild runs on Node 24) and run by each runtime's binary.
  const script = path.join(ROOT, 'node_modules', '.cache', 'bench', 'search-in-process.mjs');
  // Imported where it lies (not bundled into this script: it finds the project from its own path).
  const { NODE_BUNDLE_OPTIONS } = (await import(pathToFileURL(path.join(ROOT, 'esbuild.config.mjs')).href)) as { NODE_BUNDLE_OPTIONS: esbuild.BuildOptions };
  await esbuild.build({ ...NODE_BUNDLE_OPTIONS, entryPoints: ['./bench/search-in-process.ts'], packages: 'external', outfile: script, logLevel: 'warning' });
  const corpus = path.join(work, 'corpus');
  await generateArticles(corpus, ARTICLES);

  for (let round = 0; round < ROUNDS; round += 1) {
    for (const runtime of roundOrder(found, round)) {
      console.log(`round ${round + 1} of ${ROUNDS}: Node ${runtime.version}`);
      await measureThroughput(runtime, work, samples.get(runtime.major)!);
      await measureSearch(runtime, corpus, work, round, script, samples.get(runtime.major)!);
    }
  }

  const reruns: [string, string, Record<string, string>][] = [
    ['bench/event-loop-bench.ts', 'event-loop', {}],
    ['bench/soak-bench.ts', 'soak', { SOAK_SECONDS: '60' }],
  ];
  for (const [at, [file, name, env]] of reruns.entries()) {
    for (const runtime of roundOrder(found, at)) {
      const dir = path.join(work, `results-${runtime.major}`);
      const report = await rerun(runtime, file, name, dir, env);
      const figures = samples.get(runtime.major)!;
      if (name === 'event-loop') {
        for (const [column, ms] of readEventLoopFigures(report)) record(figures, `event-loop bench, worst event-loop delay: ${column}`, 'ms', ms);
      } else {
        const soak = readSoakFigures(report);
        const rows: [string, Unit, number | undefined][] = [
          ['soak (60 s): RSS after warm-up', 'MB', soak.rssAfterWarmUpMb],
          ['soak (60 s): RSS growth after warm-up', '%', soak.growthPercent],
          ['soak (60 s): peak RSS (VmHWM)', 'MB', soak.peakMb],
          ['soak (i): peak RSS, 1,500 searches from one client', 'MB', soak.burstPeakMb],
          ['soak (ii): peak RSS, 10,000 upstream items', 'MB', soak.upstreamPeakMb],
        ];
        for (const [row, unit, value] of rows) if (value !== undefined) record(figures, row, unit, value);
      }
    }
  }
} finally {
  await rm(work, { recursive: true, force: true });
}

const names = [...new Set(found.flatMap((runtime) => [...samples.get(runtime.major)!.keys()]))];
const measures: Measure[] = names.map((name) => {
  const unit = found.map((runtime) => samples.get(runtime.major)!.get(name)?.unit).find(Boolean)!;
  return {
    name,
    unit,
    samples: runtimes.map((runtime) => ('binary' in runtime ? (samples.get(runtime.major)!.get(name)?.values ?? []) : [])),
  };
});
const minutes = (performance.now() - started) / 60_000;
await writeReport('node-versions', {
  title: 'The server on each Node runtime, side by side',
  summary: [
    `Runtimes (BENCH_NODES): ${runtimes.map((runtime) => ('binary' in runtime ? `Node ${runtime.version} (${runtime.binary})` : runtime.missing)).join('; ')}. The same bundle (dist/server/index.js, esbuild target node24) with npm start's variables and flags (\`${Object.entries(
      NPM_START.env,
    )
      .map(([name, value]) => `${name}=${value} `)
      .join(
        '',
      )}node ${NPM_START.args.join(' ')}\`), NODE_ENV=production, LOG_LEVEL=warn, no rate limit, on 127.0.0.1${pinned ? ', pinned to CPU 0 and wrk to CPU 1' : ''}.`,
    `Throughput: \`${PAGE}\` of the sample content, gzip, wrk with one thread and ${CONNECTIONS} connections, ${WARM_UP_S} s of warm-up then ${DURATION_S} s, a fresh server each; the page cache on (a hit) and off (RESPONSE_CACHE_MAX_MB=0: every request renders, as server-bench's (c) and (d)).`,
    `Start: the built server on ${ARTICLES.toLocaleString('en')} articles of bench/generate-articles.ts, from its spawn until /readyz answers, with an empty cache folder (cold) then the one it left (warm). In-process search: bench/search-in-process.ts run by the runtime's binary on that warm folder, search-bench's 200 queries × 3.`,
    `${ROUNDS} rounds, the runtimes' order alternating from round to round; each figure is its median round. Then event-loop-bench.ts and soak-bench.ts (SOAK_SECONDS=60) whole, once on each runtime, in alternate order, the benchmark itself on Node ${process.versions.node} and the server on the runtime (BENCH_SERVER_NODE).`,
    `A figure is the median of its rounds, their range in brackets; the last column is the second runtime's median over the first's (above 1: the second's figure is larger). This run took ${minutes.toFixed(1)} min.`,
  ],
  columns: [
    'measure',
    ...runtimes.map((runtime) => ('binary' in runtime ? `Node ${runtime.version}` : `Node ${runtime.major} (not available)`)),
    ...(runtimes.length === 2 ? [`Node ${runtimes[1]!.major} / Node ${runtimes[0]!.major}`] : []),
  ],
  rows: sideBySideRows(measures, runtimes.length),
});
