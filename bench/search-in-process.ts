// search-bench.ts's in-process search, alone, for node-versions-bench.ts to run on each Node runtime:
// the content source on a corpus (and its disk cache), as the server loads it (worker threads), then
// the 200 queries × 3. Prints one JSON line: the load time, the search p50/p99 and the RSS after a GC.
// Usage: <node> search-in-process.mjs <content dir> <cache dir> (bundled by node-versions-bench.ts).
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { pino } from 'pino';
import { defaultWorkerThreads } from '../server/config';
import { createContentSource } from '../server/items/content/content-source';
import { createArticleWorkers } from '../server/workers/worker-pool';
import { percentile } from './report';
import { timeSearches } from './search-queries';

const [contentDir, cacheDir] = process.argv.slice(2);
if (!contentDir || !cacheDir) throw new Error('usage: search-in-process.mjs <content dir> <cache dir>');
const logger = pino({ level: 'silent' });
// The built worker (npm run build), as the server runs it: compiling the source would need Node 24's esbuild step.
const workers = await createArticleWorkers({ threads: defaultWorkerThreads(), logger, workerFile: path.resolve('dist', 'server', 'article-worker.js') });
const started = performance.now();
const source = await createContentSource({ contentDir, logger, watchFiles: false, cacheDir, workers });
const loadMs = performance.now() - started;
const { timings } = await timeSearches(source);
await source.close();
await workers.close();
setFlagsFromString('--expose-gc');
(runInNewContext('gc') as () => void)();
console.log(JSON.stringify({ loadMs, p50: percentile(timings, 50), p99: percentile(timings, 99), rssMb: process.memoryUsage().rss / 1024 / 1024 }));
