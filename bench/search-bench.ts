// Built-in search over 10,000 generated articles: load time, then p50/p99 of source.list(f)
// for a mix of one-, two- and three-word queries with and without accents. Bounded in time.
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { pino } from 'pino';
import { createContentSource } from '../server/items/content/content-source';
import { writeReport, percentile } from './report';

const ARTICLES = 10_000;
const WORDS_PER_BODY = 400;
const TIME_BUDGET_MS = 10_000;
const MAX_RUNS_PER_QUERY = 300;

const topics = [
  'java thread virtuel record classe scellée jvm mémoire garbage',
  'spring boot sécurité jeton transaction batch chunk reprise',
  'postgresql index requête explain plan partition jsonb vacuum',
  'angular signal composant route formulaire rxjs standalone',
  'http cache etag latence débit http2 compression proxy',
  'linux systemd journal bash diagnostic réseau mémoire disque',
  'équipe revue qualité test intégration mise en œuvre méthode',
  'architecture hexagonal domaine événement adaptateur port microservice',
].map((topic) => topic.split(' '));

// A fixed seed: the same corpus on every run, so runs compare.
let seed = 42;
function random(): number {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
}
const syllables = ['ka', 'lo', 'mi', 'ne', 'ra', 'tu', 'vé', 'zo', 'pri', 'sta', 'gré', 'don', 'fil', 'mar', 'cho', 'bel'];
// 5,000 filler words, so that a word matches a realistic share of the corpus.
const filler = Array.from({ length: 5_000 }, () => Array.from({ length: 2 + Math.floor(random() * 3) }, () => syllables[Math.floor(random() * syllables.length)]).join(''));
const choose = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
/** Mostly filler, one word in ten from the article's topic. */
const words = (count: number, topic: string[]) => Array.from({ length: count }, () => (random() < 0.1 ? choose(topic) : choose(filler))).join(' ');

async function writeCorpus(dir: string): Promise<void> {
  await mkdir(path.join(dir, 'articles'), { recursive: true });
  const writes: Promise<void>[] = [];
  for (let index = 0; index < ARTICLES; index += 1) {
    const topic = topics[index % topics.length]!;
    const day = new Date(Date.UTC(2010, 0, 1) + index * 3_600_000 * 11).toISOString().slice(0, 10);
    const text = [
      '---',
      `id: article-${index}`,
      `title: "${words(6, topic)}"`,
      `date: ${day}`,
      `language: ${index % 4 === 0 ? 'en' : 'fr'}`,
      `tags: [${words(3, topic).split(' ').join(', ')}]`,
      `summary: "${words(35, topic)}"`,
      '---',
      `## ${words(4, topic)}`,
      '',
      words(WORDS_PER_BODY / 2, topic),
      '',
      `## ${words(4, topic)}`,
      '',
      words(WORDS_PER_BODY / 2, topic),
      '',
    ].join('\n');
    writes.push(writeFile(path.join(dir, 'articles', `article-${index}.md`), text));
  }
  await Promise.all(writes);
}

const queries = ['java', 'equipe', 'oeuvre', 'spring boot', 'postgresql index requete', 'perf', 'signal composant', 'thread virtuel', 'kalomi', 'zzz-nothing'];

const dir = await mkdtemp(path.join(tmpdir(), 'search-bench-'));
try {
  await writeCorpus(dir);
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
