// Built-in search over 10,000 generated articles: load time, then p50/p99 of source.list(f)
// for a mix of one-, two- and three-word queries with and without accents. Bounded in time.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { pino } from 'pino';
import { createContentSource } from '../server/items/content/content-source';
import { WORDS_PER_BODY, writeCorpus } from './corpus';
import { writeReport, percentile } from './report';

const ARTICLES = 10_000;
const TIME_BUDGET_MS = 10_000;
const MAX_RUNS_PER_QUERY = 300;

const queries = ['java', 'equipe', 'oeuvre', 'spring boot', 'postgresql index requete', 'perf', 'signal composant', 'thread virtuel', 'kalomi', 'zzz-nothing'];

const dir = await mkdtemp(path.join(tmpdir(), 'search-bench-'));
try {
  await writeCorpus(dir, ARTICLES);
  const loadStart = performance.now();
  const source = await createContentSource({ contentDir: dir, logger: pino({ level: 'silent' }), watchFiles: false });
  const loadMs = performance.now() - loadStart;

  const rows: string[][] = [];
  const all: number[] = [];
  const deadline = performance.now() + TIME_BUDGET_MS;
  for (const query of queries) {
    const timings: number[] = [];
    let hits = 0;
    for (let run = 0; run < MAX_RUNS_PER_QUERY && performance.now() < deadline; run += 1) {
      const start = performance.now();
      hits = (await source.list(query)).length;
      timings.push(performance.now() - start);
    }
    all.push(...timings);
    rows.push([query, String(hits), String(timings.length), percentile(timings, 50).toFixed(2), percentile(timings, 99).toFixed(2)]);
  }
  await source.close();
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  const { rss, heapUsed } = process.memoryUsage();
  const rssMb = rss / 1024 / 1024;
  const heapMb = heapUsed / 1024 / 1024;

  await writeReport('search', {
    title: `Built-in search over ${ARTICLES.toLocaleString('en')} articles`,
    summary: [
      `Corpus: ${ARTICLES} generated Markdown articles (~${WORDS_PER_BODY} words each), loaded and indexed in ${(loadMs / 1000).toFixed(1)} s.`,
      `All queries: p50 ${percentile(all, 50).toFixed(2)} ms, p99 ${percentile(all, 99).toFixed(2)} ms over ${all.length} searches. Memory after a full GC, with the index loaded: heap ${heapMb.toFixed(0)} MB, RSS ${rssMb.toFixed(0)} MB.`,
    ],
    columns: ['query', 'results', 'runs', 'p50 ms', 'p99 ms'],
    rows,
  });
} finally {
  await rm(dir, { recursive: true, force: true });
}
