// Issue 25's hostile items service against the built server: the worst event-loop block and the peak
// RSS while an article with 100,000 tags and one with a 2 MB title are shown and shared, and while
// /llms.txt, /tags and the list are built from 27,000 items; then a second visitor's fresh search with
// 10,000 upstream items, alone and while one client floods 36 distinct searches at once. Each case in
// a fresh server (npm start's command, the event-loop probe preloaded); everything on 127.0.0.1,
// every loop bounded in time.
//
// BENCH_HOSTILE_ROWS=wide,fairness runs those rows alone (many-tags, huge-title, wide, fairness).
// BENCH_HOSTILE_BASELINE=<a checkout of another commit, built> runs each row against it too, in
// alternation with this one, BENCH_HOSTILE_ROUNDS times (2), and writes hostile-upstream-compare.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { findFreePort } from '../tests/support/free-port';
import { startHostileUpstream, type HostileContent, type HostileUpstream } from '../tests/support/hostile-upstream';
import { npmStartCommand } from '../tests/support/npm-start';
import { askProbe, sendTimedGet, type LoopReading } from './event-loop-client';
import { percentile, writeReport } from './report';

const LOAD_SECONDS = Number(process.env.BENCH_HOSTILE_SECONDS ?? 12);
const ROWS = process.env.BENCH_HOSTILE_ROWS?.split(',').map((row) => row.trim());
const BASELINE = process.env.BENCH_HOSTILE_BASELINE ? path.resolve(process.env.BENCH_HOSTILE_BASELINE) : undefined;
const ROUNDS = BASELINE ? Number(process.env.BENCH_HOSTILE_ROUNDS ?? 2) : 1;
const REQUEST_TIMEOUT_MS = 60_000;
const START_TIMEOUT_MS = 60_000;
const BLOCK_TARGET_MS = 50;
const RSS_TARGET_MB = 300;
const FLOOD_CONCURRENCY = 36;
const PROBE = path.resolve('bench', 'event-loop-probe.mjs');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const send = (port: number, urlPath: string, client?: string) => sendTimedGet(port, urlPath, { timeoutMs: REQUEST_TIMEOUT_MS, ...(client ? { client } : {}) });

/** The process's peak resident memory so far (VmHWM), in MB. */
function readPeakRssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((each) => each.startsWith('VmHWM:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) / 1024;
}

interface Server {
  child: ChildProcess;
  port: number;
  stop: () => Promise<void>;
}

/** The built server of the checkout in `root` (this one, or the baseline), as its npm start runs it. */
async function startServer(root: string, upstream: HostileUpstream, env: Record<string, string>): Promise<Server> {
  const port = await findFreePort();
  const dir = await mkdtemp(path.join(tmpdir(), 'hostile-bench-'));
  const start = npmStartCommand(root);
  const child = spawn(process.execPath, ['--import', PROBE, ...start.args], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      ...start.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'error',
      ITEMS_SERVICE_URL: upstream.baseUrl,
      UPSTREAM_TIMEOUT_MS: '30000',
      IMAGE_CACHE_DIR: path.join(dir, 'images'),
      CONTENT_CACHE_DIR: path.join(dir, 'content-cache'),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const stop = async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(15_000)]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  };
  const until = Date.now() + START_TIMEOUT_MS;
  while ((await send(port, '/healthz')).status !== 200) {
    if (child.exitCode !== null || Date.now() > until) {
      await stop();
      throw new Error('server did not start');
    }
    await sleep(200);
  }
  return { child, port, stop };
}

interface HostileCase {
  /** Its name in BENCH_HOSTILE_ROWS. */
  id: string;
  name: string;
  content: HostileContent;
  paths: (round: number) => string[];
}

// A short TTL makes the items cache fetch and check the hostile answers again and again, and no
// response cache keeps a page: every request does the work.
const CASES: HostileCase[] = [
  {
    id: 'many-tags',
    name: 'article with 100,000 tags',
    content: 'huge-fields',
    paths: () => ['/articles/many-tags', '/www-be/items/v1.0/items/many-tags', '/articles/many-tags.md'],
  },
  {
    id: 'huge-title',
    name: 'article with a 2 MB title, and its share card',
    content: 'huge-fields',
    paths: () => ['/articles/huge-title', '/share/articles/huge-title.png', '/articles/huge-title.md'],
  },
  {
    id: 'wide',
    name: '27,000 items (54,000 distinct tags): /llms.txt, /tags, /articles',
    content: 'wide-list',
    paths: () => ['/llms.txt', '/tags', '/articles'],
  },
];

interface CaseResult {
  name: string;
  reading: LoopReading;
  peakRssMb: number;
  statuses: Map<number, number>;
  requests: number;
  p50Ms: number;
}

async function runCase(root: string, upstream: HostileUpstream, hostile: HostileCase): Promise<CaseResult> {
  upstream.use(hostile.content);
  const server = await startServer(root, upstream, { CACHE_TTL_SECONDS: '1', RESPONSE_CACHE_MAX_MB: '0', RATE_LIMIT_PER_MINUTE: '0' });
  try {
    await askProbe(server.child, 'reset');
    const statuses = new Map<number, number>();
    const latencies: number[] = [];
    let requests = 0;
    const stopAt = performance.now() + LOAD_SECONDS * 1000;
    const load = async (worker: number) => {
      for (let round = 0; performance.now() < stopAt; round += 1) {
        for (const urlPath of hostile.paths(round * 2 + worker)) {
          const answer = await send(server.port, urlPath);
          requests += 1;
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          latencies.push(answer.ms);
        }
      }
    };
    await Promise.all([load(0), load(1)]);
    return {
      name: hostile.name,
      reading: await askProbe(server.child, 'read'),
      peakRssMb: readPeakRssMb(server.child.pid!),
      statuses,
      requests,
      p50Ms: percentile(latencies, 50),
    };
  } finally {
    await server.stop();
  }
}

interface FairnessResult {
  aloneMs: number[];
  floodedMs: number[];
  floodStatuses: Map<number, number>;
  floodRequests: number;
  reading: LoopReading;
  peakRssMb: number;
}

/** A visitor's fresh searches (a new text each time) with 10,000 upstream items, alone, then beside a client with 36 distinct searches in flight. */
async function runFairness(root: string, upstream: HostileUpstream): Promise<FairnessResult> {
  upstream.use('many-items');
  // The default rate limit (600 a minute and client) stays on: the flood is under it, as in the issue.
  const server = await startServer(root, upstream, { TRUST_PROXY: 'loopback' });
  try {
    const visitor = (label: string) => send(server.port, `/articles?f=${encodeURIComponent(label)}`, '203.0.113.9');
    // Warm: the code paths, the threads, the sanitised summaries.
    await visitor('warm');
    const aloneMs: number[] = [];
    for (let at = 0; at < 5; at += 1) aloneMs.push((await visitor(`seul ${at}`)).ms);
    await askProbe(server.child, 'reset');
    const floodStatuses = new Map<number, number>();
    let floodRequests = 0;
    let flooding = true;
    const flood = async (worker: number) => {
      for (let round = 0; flooding; round += 1) {
        const answer = await send(server.port, `/articles?f=${encodeURIComponent(`flot ${worker} ${round}`)}`, '198.51.100.7');
        floodRequests += 1;
        floodStatuses.set(answer.status, (floodStatuses.get(answer.status) ?? 0) + 1);
      }
    };
    const flooders = Array.from({ length: FLOOD_CONCURRENCY }, (_, worker) => flood(worker));
    // Once the flood's backlog has built up.
    await sleep(3_000);
    const floodedMs: number[] = [];
    for (let at = 0; at < 5; at += 1) {
      floodedMs.push((await visitor(`pendant ${at}`)).ms);
      await sleep(500);
    }
    flooding = false;
    await Promise.all(flooders);
    return { aloneMs, floodedMs, floodStatuses, floodRequests, reading: await askProbe(server.child, 'read'), peakRssMb: readPeakRssMb(server.child.pid!) };
  } finally {
    await server.stop();
  }
}

const describeStatuses = (statuses: Map<number, number>) =>
  [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
const verdict = (value: number, target: number, unit: string) => `${value.toFixed(0)} ${unit} (≤ ${target}) ${value <= target ? 'met' : 'MISSED'}`;

const caseRow = (result: CaseResult, name = result.name) => [
  name,
  verdict(result.reading.maxMs, BLOCK_TARGET_MS, 'ms'),
  verdict(result.reading.worstGapMs, BLOCK_TARGET_MS, 'ms'),
  `${result.reading.worstBusyMs.toFixed(0)} ms`,
  verdict(result.peakRssMb, RSS_TARGET_MB, 'MB'),
  `${result.requests} (${describeStatuses(result.statuses)}), ${result.p50Ms.toFixed(0)} ms`,
];

function fairnessRow(fairness: FairnessResult, label = ''): string[] {
  const alone = percentile(fairness.aloneMs, 50);
  const flooded = percentile(fairness.floodedMs, 50);
  return [
    `${label}visitor's fresh search: ${alone.toFixed(0)} ms alone (${fairness.aloneMs.map((ms) => ms.toFixed(0)).join(', ')}), ${flooded.toFixed(0)} ms during the flood (${fairness.floodedMs.map((ms) => ms.toFixed(0)).join(', ')}): ${(flooded / alone).toFixed(2)} × (≤ 2) ${flooded <= 2 * alone ? 'met' : 'MISSED'}`,
    `${fairness.reading.maxMs.toFixed(0)} ms`,
    `${fairness.reading.worstGapMs.toFixed(0)} ms`,
    `${fairness.reading.worstBusyMs.toFixed(0)} ms`,
    verdict(fairness.peakRssMb, RSS_TARGET_MB, 'MB'),
    `flood: ${fairness.floodRequests} (${describeStatuses(fairness.floodStatuses)})`,
  ];
}

const selected = (id: string) => ROWS === undefined || ROWS.includes(id);
const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' / ');
const summary = (floodLine: string) => [
  `The built server on 127.0.0.1 (npm start's command, bench/event-loop-probe.mjs preloaded) against tests/support/hostile-upstream.ts on 127.0.0.1, a fresh server per row. Hostile rows: ${LOAD_SECONDS} s of the row's paths in turn, 2 at a time, CACHE_TTL_SECONDS=1 (the upstream's answers are fetched and checked again every second), no response cache, no rate limit.`,
  `Fairness: 10,000 upstream items (every search answers all of them), the default rate limit, TRUST_PROXY=loopback; a visitor's fresh search (a new text each time, /articles?f=…) 5 times alone, then 5 times while another client keeps ${FLOOD_CONCURRENCY} distinct searches in flight${floodLine}.`,
  'Peak RSS is the server process’s VmHWM at the end of the row; event-loop block is monitorEventLoopDelay’s max and the worst gap of a 1 ms interval; own CPU in one gap is the most CPU time the main thread used within one gap of that interval (process.threadCpuUsage): on a busy machine, the part of a block that is the server’s own work rather than its wait for a core (for information, not a target).',
  `Load average when the report was written: ${loadAverage()} (1/5/15 min) on ${os.cpus().length} cores shared with other work.`,
];
const COLUMNS = ['case', 'worst event-loop delay', 'worst 1 ms interval gap', 'own CPU in one gap', 'peak RSS', 'requests (statuses), p50'];

const upstream = await startHostileUpstream('plain');
try {
  if (BASELINE) {
    // Each row on both checkouts, in turn, so that the machine's drift weighs on both alike.
    const rows: string[][] = [];
    const here = process.cwd();
    for (const hostile of CASES.filter((each) => selected(each.id))) {
      for (let round = 1; round <= ROUNDS; round += 1) {
        for (const [label, root] of [
          ['this branch', here],
          ['baseline', BASELINE],
        ] as const) {
          rows.push(caseRow(await runCase(root, upstream, hostile), `${hostile.name} — ${label}, round ${round} (load ${loadAverage()})`));
        }
      }
    }
    if (selected('fairness')) {
      for (let round = 1; round <= ROUNDS; round += 1) {
        rows.push(fairnessRow(await runFairness(here, upstream), `this branch, round ${round}: `));
        rows.push(fairnessRow(await runFairness(BASELINE, upstream), `baseline, round ${round}: `));
      }
    }
    await writeReport('hostile-upstream-compare', {
      title: 'A hostile items service: this branch against a baseline, in alternation',
      summary: [`Baseline: ${BASELINE} (its own build and npm start command). Rows: ${ROWS?.join(', ') ?? 'all'}, ${ROUNDS} rounds.`, ...summary('')],
      columns: COLUMNS,
      rows,
    });
  } else {
    const results: CaseResult[] = [];
    for (const hostile of CASES.filter((each) => selected(each.id))) results.push(await runCase(process.cwd(), upstream, hostile));
    const fairness = selected('fairness') ? await runFairness(process.cwd(), upstream) : undefined;
    await writeReport(ROWS ? 'hostile-upstream-rows' : 'hostile-upstream', {
      title: 'A hostile items service: event-loop blocks, peak RSS, and one client’s flood of searches',
      summary: summary(fairness ? ` (${fairness.floodRequests} answered: ${describeStatuses(fairness.floodStatuses)})` : ''),
      columns: COLUMNS,
      rows: [...results.map((result) => caseRow(result)), ...(fairness ? [fairnessRow(fairness)] : [])],
    });
  }
} finally {
  await upstream.close();
}
