// Cold and warm start of the built server on the built-in content source (issue 30 item 3, issue 26's
// scale row): dist/server/index.js run as `npm start` runs it (its variables and Node flags), on 10,000
// generated articles, first with an empty CONTENT_CACHE_DIR (cold), then again on the same folder
// (warm). Time from the spawn to /readyz answering 200, and the process's VmRSS from /proc at ready and
// BENCH_HOLD_S (60) seconds later, and its high-water mark (VmHWM) from the spawn on.
//
// Two corpora: the default of generate-articles.ts (about 14 KB of Markdown an article, the corpus of
// both issues' targets) and one of larger articles (BENCH_LARGE_WORDS words, 0 skips it).
// BENCH_COMPARE="label=dir[@node],…" also runs other checkouts' built servers (each built beforehand),
// in alternation with this one, e.g. main's code and round 2's under Node 20: each row then reads beside
// its baseline, measured in the same minutes on the same machine.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { npmStartCommand } from '../tests/support/npm-start';
import { startServer } from '../tests/support/server-process';
import { generateArticles, type GeneratedCorpus } from './generate-articles';
import { writeReport } from './report';

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 10_000);
const HOLD_S = Number(process.env.BENCH_HOLD_S ?? 60);
const LARGE_WORDS = Number(process.env.BENCH_LARGE_WORDS ?? 3_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
/** The corpora to run, of `default` and `larger`. */
const CORPORA = (process.env.BENCH_CORPORA ?? 'default,larger').split(',');
const START_TIMEOUT_MS = 300_000;
/** The targets: issue 30 item 3 (cold ≤ 15 s; RSS ≤ 350 MB at ready and after, cold or warm). */
const READY_TARGET_S = 15;
const RSS_TARGET_MB = 350;

interface Variant {
  label: string;
  dir: string;
  /** The node binary (this process's unless given). */
  node: string;
}

interface Run {
  variant: string;
  corpus: string;
  mode: 'cold' | 'warm';
  readyS: number;
  rssReady: number;
  rssLater: number;
  rssPeak: number;
  /** CPU time of the process (every thread) from its spawn to ready: what the start cost, whatever the machine's load. */
  cpuS: number;
}

function readVariants(): Variant[] {
  const own: Variant = { label: 'this checkout', dir: process.cwd(), node: process.execPath };
  const others = (process.env.BENCH_COMPARE ?? '')
    .split(',')
    .filter(Boolean)
    .map((spec): Variant => {
      const [label, rest] = spec.split('=') as [string, string];
      const [dir, node] = rest.split('@') as [string, string | undefined];
      return { label, dir: path.resolve(dir), node: node ?? process.execPath };
    });
  return [own, ...others];
}

/** User and system CPU seconds of a process, its threads included (/proc/<pid>/stat, in clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /s, '')
    .split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** One start of a variant's built server on the corpus: time to ready, then RSS for HOLD_S seconds. */
async function startOnce(variant: Variant, contentDir: string, cacheDir: string): Promise<Omit<Run, 'variant' | 'corpus' | 'mode'>> {
  const start = npmStartCommand(variant.dir);
  const server = await startServer(
    { ...start.env, NODE_ENV: 'production', CONTENT_DIR: contentDir, CONTENT_CACHE_DIR: cacheDir, LOG_LEVEL: 'warn', ITEMS_SERVICE_URL: '' },
    {
      args: start.args,
      cwd: variant.dir,
      wrap: (_command, args) => [variant.node, args],
      ready: '/readyz',
      timeoutMs: START_TIMEOUT_MS,
      inheritEnv: true,
      stderr: 'inherit',
    },
  );
  try {
    const rssReady = server.memoryMb('VmRSS');
    const cpuS = cpuSeconds(server.child.pid!);
    await sleep(HOLD_S * 1000);
    // The kernel's high-water mark since the spawn: samples once a second missed the start's peak, which
    // reading the content snapshot reaches within a second (decision 088).
    return { readyS: server.startMs / 1000, cpuS, rssReady, rssLater: server.memoryMb('VmRSS'), rssPeak: server.memoryMb('VmHWM') };
  } finally {
    await server.stop();
  }
}

const variants = readVariants();
const work = await mkdtemp(path.join(tmpdir(), 'cold-start-bench-'));
const runs: Run[] = [];
const corpora: [string, GeneratedCorpus][] = [];
try {
  const corpusSpecs: [string, number | undefined][] = [['default', undefined], ...(LARGE_WORDS > 0 ? [['larger', LARGE_WORDS] as [string, number]] : [])];
  for (const [name, minWords] of corpusSpecs.filter(([name]) => CORPORA.includes(name))) {
    const corpus = await generateArticles(path.join(work, name), ARTICLES, minWords ? { minWords } : {});
    corpora.push([name, corpus]);
    // The files just written are flushed first: the first server started must not share the disk with the writeback.
    execFileSync('sync');
    const label = `${name} (${(corpus.bytesPerArticle / 1024).toFixed(1)} KB an article)`;
    for (let round = 0; round < ROUNDS; round += 1) {
      // Each round starts with the next variant: none is always the first after the corpus is written.
      for (const variant of [...variants.slice(round % variants.length), ...variants.slice(0, round % variants.length)]) {
        const cacheDir = path.join(work, `cache-${name}-${round}-${variants.indexOf(variant)}`);
        for (const mode of ['cold', 'warm'] as const) {
          const run = { variant: variant.label, corpus: label, mode, ...(await startOnce(variant, path.join(work, name), cacheDir)) };
          runs.push(run);
          console.log(
            `${run.corpus} ${run.variant} ${mode}: ready ${run.readyS.toFixed(1)} s (CPU ${run.cpuS.toFixed(1)} s), RSS ${run.rssReady.toFixed(0)} MB, +${HOLD_S} s ${run.rssLater.toFixed(0)} MB, peak ${run.rssPeak.toFixed(0)} MB`,
          );
        }
        await rm(cacheDir, { recursive: true, force: true });
      }
    }
  }
} finally {
  await rm(work, { recursive: true, force: true });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
const rows: string[][] = [];
for (const corpus of [...new Set(runs.map((run) => run.corpus))])
  for (const mode of ['cold', 'warm'] as const)
    for (const variant of variants) {
      const mine = runs.filter((run) => run.corpus === corpus && run.mode === mode && run.variant === variant.label);
      const of = (key: 'readyS' | 'cpuS' | 'rssReady' | 'rssLater' | 'rssPeak') => median(mine.map((run) => run[key]));
      rows.push([
        corpus,
        mode,
        variant.label,
        `${of('readyS').toFixed(1)} s${mode === 'cold' ? ` (≤ ${READY_TARGET_S})` : ''}`,
        `${of('cpuS').toFixed(1)} s`,
        `${of('rssReady').toFixed(0)} MB`,
        `${of('rssLater').toFixed(0)} MB`,
        `${of('rssPeak').toFixed(0)} MB (≤ ${RSS_TARGET_MB})`,
      ]);
    }
await writeReport('cold-start', {
  title: 'Cold and warm start of the built server',
  summary: [
    `${ARTICLES} generated articles (bench/generate-articles.ts) a corpus: ${corpora.map(([name, corpus]) => `${name}, ${corpus.wordsPerArticle} words and ${(corpus.bytesPerArticle / 1024).toFixed(1)} KB an article`).join('; ')}.`,
    `dist/server/index.js run as npm start runs it (${Object.entries(npmStartCommand(process.cwd()).env)
      .map(([name, value]) => `${name}=${value}`)
      .join(
        ' ',
      )} node ${npmStartCommand(process.cwd()).args.join(' ')}), NODE_ENV=production, LOG_LEVEL=warn, on 127.0.0.1. Cold: an empty CONTENT_CACHE_DIR; warm: the same folder again, after a clean stop.`,
    `Ready: from the spawn to /readyz answering 200 (polled every 100 ms). CPU to ready: the process's user + system time then, every thread included (/proc/<pid>/stat), which a busy machine changes less than the wall time. RSS: VmRSS from /proc at ready and ${HOLD_S} s later; its peak is VmHWM, the highest RSS of the process from its spawn on, the start included. ${ROUNDS > 1 ? `Medians of ${ROUNDS} rounds; ` : ''}variants in alternation${variants.length > 1 ? `: ${variants.map((variant) => `${variant.label} (${variant.dir}, ${variant.node === process.execPath ? `Node ${process.versions.node}` : variant.node})`).join(', ')}` : ''}.`,
  ],
  columns: ['corpus', 'start', 'code', 'to ready', 'CPU to ready', 'RSS at ready', `RSS +${HOLD_S} s`, 'RSS peak'],
  rows,
});
