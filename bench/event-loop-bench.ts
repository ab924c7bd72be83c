// The worst event-loop block of the built server (issue 13: no request may hold the others up more
// than 50 ms) while hostile articles are asked for: a 7 MB body, a 2 MB code block and 200,000
// headings, each under a new id so that every request prepares an article, through the items API
// and then through article pages. Measured inside the server (bench/event-loop-probe.mjs, preloaded:
// monitorEventLoopDelay and a 1 ms interval) with the article work on the worker threads
// (WORKER_THREADS unset) and on the event loop (WORKER_THREADS=0). Everything listens on 127.0.0.1
// and every wait is bounded in time.
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { defaultWorkerThreads } from '../server/config';
import { npmStartCommand } from '../tests/support/npm-start';
import { startServer, type ServerProcess } from '../tests/support/server-process';
import { askProbe, sendTimedGet, type LoopReading } from './event-loop-client';
import { percentile, writeReport } from './report';

/** Seconds of hostile requests per configuration. */
const LOAD_SECONDS = Number(process.env.BENCH_LOOP_SECONDS ?? 15);
/** Requests in flight at once. */
const CONCURRENCY = 4;
const REQUEST_TIMEOUT_MS = 30_000;
const START_TIMEOUT_MS = 60_000;
const TARGET_MS = 50;
/** The built server as npm start runs it, variables included, with the probe preloaded. */
const NPM_START = npmStartCommand(process.cwd());
const SERVER_ARGS = ['--import', './bench/event-loop-probe.mjs', ...NPM_START.args];

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// The shapes of tests/support/hostile-upstream.ts ('huge-fields'): the server refuses the first unread
// past 3 MB, and cuts the others to 512 KB and 3,000 elements before preparing them.
const BODIES = {
  'huge-body': `<p>${'Un paragraphe assez long pour peser. '.repeat(40)}</p>\n`.repeat(4_700),
  'huge-code': `<pre><code class="language-java">${escapeHtml('public final class A { int x = 1; String s = "texte"; }\n'.repeat(36_000))}</code></pre>`,
  'many-headings': '<h2>T</h2>'.repeat(200_000),
};
type Kind = keyof typeof BODIES;
const KINDS = Object.keys(BODIES) as Kind[];

/** Each kind's JSON around its id, as bytes: 7 MB serialised once, not per request. */
const TEMPLATES = new Map(
  KINDS.map((kind) => [
    kind,
    JSON.stringify({
      id: '__ID__',
      tit: `Article ${kind}`,
      sum: '<p>Résumé</p>',
      ctn: BODIES[kind],
      date_m: '2024-05-01',
      lg: 'fr',
      tags: ['Java'],
      img: [],
    })
      .split('__ID__')
      .map((part) => Buffer.from(part)),
  ]),
);

/** An items service on 127.0.0.1 answering `{kind}-{n}` with that kind's hostile article, and an empty list. */
async function startUpstream(): Promise<{ server: Server; baseUrl: string }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const id = decodeURIComponent(url.pathname.replace(/^\/www-be\/items\/v1\.0\/items\/?/, ''));
    const kind = KINDS.find((each) => id.startsWith(`${each}-`));
    const body = id === '' ? Buffer.from('[]') : kind ? Buffer.concat([TEMPLATES.get(kind)![0]!, Buffer.from(id), TEMPLATES.get(kind)![1]!]) : null;
    if (body === null) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/www-be/items/v1.0` };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const send = (port: number, urlPath: string) => sendTimedGet(port, urlPath, { timeoutMs: REQUEST_TIMEOUT_MS });

type Phase = 'items API' | 'pages';
const PHASES: Phase[] = ['items API', 'pages'];

interface Measure {
  reading: LoopReading;
  statuses: Map<number, number>;
  requests: number;
  healthzWorstMs: number;
  p50Ms: number;
}

/** LOAD_SECONDS of hostile requests of one kind (each article under a new id), /healthz beside them. */
async function runPhase(child: ChildProcess, port: number, phase: Phase): Promise<Measure> {
  await askProbe(child, 'reset');
  const statuses = new Map<number, number>();
  const latencies: number[] = [];
  let next = 0;
  const stopAt = performance.now() + LOAD_SECONDS * 1000;
  const load = async () => {
    while (performance.now() < stopAt) {
      const at = next++;
      const id = `${KINDS[at % KINDS.length]}-${phase === 'pages' ? 'p' : 'a'}${at}`;
      const answer = await send(port, phase === 'pages' ? `/articles/${id}` : `/www-be/items/v1.0/items/${id}`);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      latencies.push(answer.ms);
    }
  };
  let loading = true;
  let healthzWorstMs = 0;
  const probeHealth = async () => {
    while (loading) {
      healthzWorstMs = Math.max(healthzWorstMs, (await send(port, '/healthz')).ms);
      await sleep(10);
    }
  };
  const health = probeHealth();
  await Promise.all(Array.from({ length: CONCURRENCY }, load));
  loading = false;
  await health;
  return { reading: await askProbe(child, 'read'), statuses, requests: next, healthzWorstMs, p50Ms: percentile(latencies, 50) };
}

/** The built server with WORKER_THREADS as given, measured through each phase in turn. */
async function measure(baseUrl: string, workerThreads: string | undefined): Promise<Map<Phase, Measure>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'event-loop-bench-'));
  let server: ServerProcess | undefined;
  try {
    server = await startServer(
      {
        ...NPM_START.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'error',
        ITEMS_SERVICE_URL: baseUrl,
        UPSTREAM_TIMEOUT_MS: '20000',
        RATE_LIMIT_PER_MINUTE: '0',
        // Every request renders: no kept answer hides the work.
        RESPONSE_CACHE_MAX_MB: '0',
        IMAGE_CACHE_DIR: path.join(dir, 'images'),
        CONTENT_CACHE_DIR: path.join(dir, 'content-cache'),
        ...(workerThreads === undefined ? {} : { WORKER_THREADS: workerThreads }),
      },
      { args: SERVER_ARGS, ready: '/healthz', timeoutMs: START_TIMEOUT_MS, ipc: true, stderr: 'inherit' },
    );
    const { child, port } = server;
    // Warm: code paths, the threads, the upstream connection.
    for (const kind of KINDS) await send(port, `/articles/${kind}-warm`);
    const measures = new Map<Phase, Measure>();
    for (const phase of PHASES) measures.set(phase, await runPhase(child, port, phase));
    return measures;
  } finally {
    await server?.stop(15_000);
    await rm(dir, { recursive: true, force: true });
  }
}

const upstream = await startUpstream();
try {
  // What the server starts with WORKER_THREADS unset, as it counts them.
  const threads = defaultWorkerThreads();
  const configurations: [string, Map<Phase, Measure>][] = [
    [`worker threads (${threads})`, await measure(upstream.baseUrl, undefined)],
    ['on the event loop (WORKER_THREADS=0)', await measure(upstream.baseUrl, '0')],
  ];
  const verdict = (ms: number) => `${ms.toFixed(1)} ms (target ≤ ${TARGET_MS} ms) ${ms <= TARGET_MS ? 'met' : 'MISSED'}`;
  const describeStatuses = (statuses: Map<number, number>) =>
    [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ');
  const columns = ['measure', ...configurations.flatMap(([name]) => PHASES.map((phase) => `${name}: ${phase}`))];
  const row = (label: string, value: (each: Measure) => string) => [
    label,
    ...configurations.flatMap(([, measures]) => PHASES.map((phase) => value(measures.get(phase)!))),
  ];
  await writeReport('event-loop', {
    title: 'Worst event-loop block while hostile articles are prepared',
    summary: [
      `The built server on 127.0.0.1 with an items service (127.0.0.1) whose articles have a 7 MB body (refused unread past 3 MB), a 2 MB code block or 200,000 headings (cut to 512 KB and 3,000 elements, then prepared), each asked under a new id so that every request prepares one: ${LOAD_SECONDS} s of items API answers, then ${LOAD_SECONDS} s of article pages, ${CONCURRENCY} at a time, no response cache (RESPONSE_CACHE_MAX_MB=0), /healthz every 10 ms beside them.`,
      'Measured inside the server (bench/event-loop-probe.mjs, preloaded with --import): monitorEventLoopDelay (1 ms resolution) and the longest gap of a 1 ms interval, from the first hostile request of a phase to its last answer.',
      `Load average when the report was written: ${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(' / ')} (1/5/15 min) on ${os.cpus().length} cores shared with other work.`,
    ],
    columns,
    rows: [
      row('worst event-loop delay (monitorEventLoopDelay max)', (each) => verdict(each.reading.maxMs)),
      row('worst gap of a 1 ms interval', (each) => verdict(each.reading.worstGapMs)),
      row('event-loop delay p99 / mean', (each) => `${each.reading.p99Ms.toFixed(1)} / ${each.reading.meanMs.toFixed(1)} ms`),
      row('worst /healthz answer meanwhile (client side)', (each) => `${each.healthzWorstMs.toFixed(1)} ms`),
      row('hostile requests (statuses)', (each) => `${each.requests} (${describeStatuses(each.statuses)})`),
      row('answer p50', (each) => `${each.p50Ms.toFixed(0)} ms`),
    ],
  });
} finally {
  await new Promise((resolve) => upstream.server.close(resolve));
}
