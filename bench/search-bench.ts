// Built-in search over 10,000 realistic generated articles (bench/generate-articles.ts): cold start to
// ready, restart with the on-disk cache, RSS, one edit through the built server (time until it shows,
// worst /healthz latency meanwhile), and in-process search p50/p99 over 200 varied queries.
// Everything listens on 127.0.0.1 and every wait is bounded in time.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { pino } from 'pino';
import { defaultWorkerThreads } from '../server/config';
import { createContentSource, type ContentSource } from '../server/items/content/content-source';
import type { SearchRequest } from '../server/items/source';
import { createArticleWorkers } from '../server/workers/worker-pool';
import { generateArticles } from './generate-articles';
import { percentile, writeReport } from './report';

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 10_000);
const EDIT_TIMEOUT_MS = 60_000;
const SERVER_START_TIMEOUT_MS = 120_000;

const gc = () => {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
};
const rssMb = () => process.memoryUsage().rss / 1024 / 1024;

/** 200 queries a visitor could type: topic words, pairs, prefixes, typos, elisions, accents, tags, date order. */
function queries(): SearchRequest[] {
  const words = [
    'postgresql',
    'index',
    'requête',
    'optimiser',
    'caching',
    'thread',
    'virtuel',
    'spring',
    'jeton',
    'transaction',
    'composant',
    'signal',
    'latence',
    'systemd',
    'équipe',
    'architecture',
    'hexagonale',
    'conteneur',
    'déploiement',
    'dependency',
    'merge',
    'kafka',
    'observable',
    'hydratation',
    'vacuum',
    'partition',
    'memory',
    'garbage',
    'proxy',
    'journal',
  ];
  const typos = ['postgrsql', 'optimsation', 'architecure', 'transacton', 'composnat', 'deploiment', 'hydratatoin', 'conteneru'];
  const tags = ['Java', 'PostgreSQL', 'Spring Boot', 'Performance', 'Sécurité', 'Linux', 'Architecture', 'Tests'];
  const list: SearchRequest[] = [];
  for (let i = 0; list.length < 200; i += 1) {
    const word = words[i % words.length]!;
    const other = words[(i * 7 + 3) % words.length]!;
    switch (i % 8) {
      case 0:
        list.push({ text: word });
        break;
      case 1:
        list.push({ text: `${word} ${other}` });
        break;
      case 2:
        list.push({ text: word.slice(0, 4) });
        break;
      case 3:
        list.push({ text: typos[i % typos.length]! });
        break;
      case 4:
        list.push({ text: `l'${word}`, sort: 'date' });
        break;
      case 5:
        list.push({ text: word.toUpperCase(), tag: tags[i % tags.length]!, page: 2 });
        break;
      case 6:
        list.push({ text: '', tag: tags[i % tags.length]! });
        break;
      default:
        list.push({ text: `${word} ${other} ${words[(i * 3) % words.length]!.slice(0, 5)}` });
    }
  }
  return list;
}

async function timeSearches(source: ContentSource): Promise<{ timings: number[]; hits: number }> {
  const list = queries();
  for (const query of list.slice(0, 20)) await source.search(query); // warm-up
  const timings: number[] = [];
  let hits = 0;
  for (let round = 0; round < 3; round += 1) {
    for (const query of list) {
      const start = performance.now();
      const answer = await source.search(query);
      timings.push(performance.now() - start);
      hits += answer.hits.length;
    }
  }
  return { timings, hits };
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

async function fetchTimed(url: string): Promise<{ ms: number; status: number; body: string }> {
  const start = performance.now();
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  const body = await response.text();
  return { ms: performance.now() - start, status: response.status, body };
}

/** The built server on the corpus: start time with the disk cache, RSS, then one edit. */
async function measureServer(contentDir: string, cacheDir: string) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/server/index.js'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      CONTENT_DIR: contentDir,
      CONTENT_CACHE_DIR: cacheDir,
      LOG_LEVEL: 'warn',
      ITEMS_SERVICE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    let ready = false;
    while (!ready && performance.now() - started < SERVER_START_TIMEOUT_MS) {
      ready = await fetchTimed(`${base}/readyz`).then(
        (answer) => answer.status === 200,
        () => false,
      );
      if (!ready) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!ready) throw new Error('server did not start in time');
    const startMs = performance.now() - started;
    const vmRss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
    const rssAfterStart = vmRss();

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
    return { startMs, rssAfterStart, shownMs, worstHealthz, rssAfterEdit: vmRss() };
  } finally {
    // The server saves its index as it stops: wait for it before the folder is removed.
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
  }
}

const dir = await mkdtemp(path.join(tmpdir(), 'search-bench-'));
const cacheDir = path.join(dir, 'cache');
try {
  const corpus = await generateArticles(dir, ARTICLES);
  const logger = pino({ level: 'silent' });
  // As the server runs it: files parsed and analysed on the worker threads (decision 027).
  const workers = await createArticleWorkers({ threads: defaultWorkerThreads(), logger });

  const coldStart = performance.now();
  const cold = await createContentSource({ contentDir: dir, logger, watchFiles: false, cacheDir, workers });
  const coldMs = performance.now() - coldStart;
  gc();
  const coldRss = rssMb();
  const { timings, hits } = await timeSearches(cold);
  const list = cold.list('');
  const total = (await list).length;
  await cold.close();

  const restartStart = performance.now();
  const warm = await createContentSource({ contentDir: dir, logger, watchFiles: false, cacheDir, workers });
  const restartMs = performance.now() - restartStart;
  const warmStats = warm.stats();
  await warm.close();
  await workers.close();

  const server = await measureServer(dir, cacheDir);
  const target = (value: number, limit: number, unit: string) =>
    `${value.toFixed(unit === 'ms' ? 2 : 1)} ${unit} (target ≤ ${limit} ${unit}) ${value <= limit ? 'met' : 'MISSED'}`;
  const rows = [
    ['cold start to ready (in-process, empty disk cache)', target(coldMs / 1000, 20, 's')],
    ['restart with the on-disk cache (in-process)', target(restartMs / 1000, 3, 's')],
    ['built server: start to /readyz with the disk cache', `${(server.startMs / 1000).toFixed(1)} s`],
    ['RSS after start: built server', target(server.rssAfterStart, 350, 'MB')],
    ['RSS after start and a full GC: in-process (bench process)', `${coldRss.toFixed(0)} MB`],
    ['one edit: until it shows through the API', target(server.shownMs / 1000, 5, 's')],
    ['one edit: worst /healthz meanwhile', target(server.worstHealthz, 200, 'ms')],
    ['search p50, in-process, 200 queries × 3', target(percentile(timings, 50), 3, 'ms')],
    ['search p99, in-process, 200 queries × 3', target(percentile(timings, 99), 15, 'ms')],
  ];
  await writeReport('search', {
    title: `Built-in search over ${ARTICLES.toLocaleString('en')} articles`,
    summary: [
      `Corpus: ${corpus.count} articles from bench/generate-articles.ts (~${corpus.wordsPerArticle} words each with code blocks, French and English, tags and series); ${total} listed.`,
      `Load average when the report was written: ${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(' / ')} (1/5/15 min) on ${os.cpus().length} cores shared with other work.`,
      `Restart read ${warmStats.fromCache} articles from the disk cache and parsed ${warmStats.parsed}.`,
      `Searches returned ${hits} hits in all (pages of 20, snippets included). Built server RSS after the edit: ${server.rssAfterEdit.toFixed(0)} MB.`,
    ],
    columns: ['measure', 'value'],
    rows,
  });
} finally {
  await rm(dir, { recursive: true, force: true });
}
