// Graceful reload under load (issue 25, finding 11): the built server under PM2 in cluster mode, as
// ecosystem.config.cjs runs it (2 workers, its own port, a private PM2_HOME), no nginx in front.
// A bounded loop of requests over keep-alive connections runs while `pm2 reload` is done RELOADS
// times; every request that fails (ECONNRESET, socket hang up, refused, 5xx) is counted.
// Target: 0 failed requests across 5 reloads. Report: bench/results/reload.md and reload.json.
// Run: node esbuild.config.mjs --if-stale && node tests/support/run-ts.mjs bench/reload-bench.ts
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findFreePort } from '../tests/support/free-port';
import { writeReport } from './report';

const ROOT = process.cwd();
const RELOADS = Number(process.env.RELOADS ?? 5);
const CONCURRENCY = 8;
const INSTANCES = 2;
const APP_NAME = 'portfolio-reload-bench';
/** No reload, nor the whole run, may take longer than this. */
const DEADLINE_MS = 10 * 60_000;
const URLS = ['/help/about', '/articles', '/healthz', '/www-be/items/v1.0/items', '/rss.xml', '/en/articles'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function pm2(home: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(ROOT, 'node_modules', '.bin', 'pm2'), args, { env: { ...process.env, PM2_HOME: home }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new Error(`pm2 ${args.join(' ')} exited ${code}: ${output.slice(-2000)}`));
    });
  });
}

interface Outcome {
  ok: boolean;
  detail: string;
}

function get(agent: Agent, port: number, url: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: url, agent, headers: { 'Accept-Encoding': 'br' }, timeout: 15_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve({ ok: (res.statusCode ?? 0) < 500, detail: String(res.statusCode) }));
      res.on('error', (error: NodeJS.ErrnoException) => resolve({ ok: false, detail: error.code ?? error.message }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ ok: false, detail: error.code ?? error.message }));
    req.end();
  });
}

async function waitUntilUp(port: number): Promise<void> {
  const agent = new Agent();
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if ((await get(agent, port, '/healthz')).detail === '200') return;
    await sleep(250);
  }
  throw new Error('the server did not come up within 60 s');
}

async function main(): Promise<void> {
  const home = await mkdtemp(path.join(tmpdir(), 'pm2-home-'));
  const port = await findFreePort();
  const ecosystem = path.join(home, 'ecosystem.config.cjs');
  // The project's PM2 file, on a free port with two workers: the same script, flags, kill_timeout.
  await writeFile(
    ecosystem,
    `const base = require(${JSON.stringify(path.join(ROOT, 'ecosystem.config.cjs'))}).apps[0];
module.exports = { apps: [{ ...base, name: ${JSON.stringify(APP_NAME)}, cwd: ${JSON.stringify(ROOT)}, instances: ${INSTANCES},
  env: { ...base.env, PORT: '${port}', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '0' } }] };
`,
  );
  const started = Date.now();
  const perPhase: { phase: string; requests: number; failed: number; details: Record<string, number> }[] = [];
  try {
    await pm2(home, ['start', ecosystem]);
    await waitUntilUp(port);
    const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    let phase = { phase: 'before the first reload', requests: 0, failed: 0, details: {} as Record<string, number> };
    perPhase.push(phase);
    let running = true;
    const loops = Array.from({ length: CONCURRENCY }, async (_, worker) => {
      let at = worker;
      while (running && Date.now() - started < DEADLINE_MS) {
        // Counted in the phase it was sent in.
        const sentIn = phase;
        const sentAt = Date.now();
        const url = URLS[at % URLS.length]!;
        const outcome = await get(agent, port, url);
        at += 1;
        sentIn.requests += 1;
        if (!outcome.ok) {
          sentIn.failed += 1;
          sentIn.details[outcome.detail] = (sentIn.details[outcome.detail] ?? 0) + 1;
          console.log(`failed: ${outcome.detail} ← ${url}, sent ${sentAt - started} ms into the run, in ${sentIn.phase}`);
        }
      }
    });
    // Warm: every worker has rendered the pages once, and the loop runs at its pace.
    while (phase.requests < 500 && Date.now() - started < DEADLINE_MS) await sleep(250);
    for (let reload = 1; reload <= RELOADS; reload += 1) {
      phase = { phase: `reload ${reload}`, requests: 0, failed: 0, details: {} };
      perPhase.push(phase);
      console.log(`${phase.phase} at ${Date.now() - started} ms`);
      await pm2(home, ['reload', APP_NAME]);
      // The old workers drain for up to their keep-alive timeout: the loop runs on through it.
      await sleep(8_000);
      console.log(`${phase.phase}: ${phase.requests} requests, ${phase.failed} failed`, phase.details);
    }
    running = false;
    await Promise.all(loops);
    agent.destroy();
  } finally {
    await pm2(home, ['delete', APP_NAME]).catch(() => undefined);
    await pm2(home, ['kill']).catch(() => undefined);
    await rm(home, { recursive: true, force: true });
  }
  const reloads = perPhase.slice(1);
  const failed = reloads.reduce((sum, each) => sum + each.failed, 0);
  const requests = reloads.reduce((sum, each) => sum + each.requests, 0);
  console.log(`${failed} failed of ${requests} requests across ${reloads.length} reloads`);
  await writeReport('reload', {
    title: 'Failed requests across pm2 reloads under load',
    summary: [
      `The built server under PM2 (ecosystem.config.cjs: cluster mode, ${INSTANCES} workers here, kill_timeout 10 s), no nginx in front, on 127.0.0.1.`,
      `${CONCURRENCY} loops of requests over keep-alive connections (Node's http.Agent, keepAlive) on ${URLS.join(', ')}, while \`pm2 reload\` runs ${RELOADS} times, 8 s apart.`,
      `A request fails on a socket error (ECONNRESET, socket hang up, refused), a time-out or a 5xx. Target: 0 across ${RELOADS} reloads.`,
      `Result: **${failed} failed of ${requests} requests** during the reloads.`,
    ],
    columns: ['phase', 'requests', 'failed', 'failures'],
    rows: perPhase.map((each) => [
      each.phase,
      String(each.requests),
      String(each.failed),
      Object.entries(each.details)
        .map(([detail, count]) => `${detail} × ${count}`)
        .join(', ') || '—',
    ]),
  });
  if (failed > 0) process.exitCode = 1;
}

await main();
