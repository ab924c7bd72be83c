// The writing kit's cost (issue 26): the time to prepare the sample article that uses all of it
// (content/articles/facturation-outbox-evenements.md) on a worker thread, as the server does it
// (render the Markdown, then sanitise and enhance), and the cost of each feature: an article of
// plain prose, then the same with one feature added, each prepared many times in alternation.
// BENCH_SCALE=1 also times a cold start of the content source on BENCH_ARTICLES (10,000) generated
// articles, with the process's RSS after it: the scale targets this change must keep.
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { pino } from 'pino';
import { createContentSource } from '../server/items/content/content-source';
import { createArticleWorkers } from '../server/workers/worker-pool';
import { generateArticles } from './generate-articles';
import { percentile, writeReport } from './report';

const SAMPLE = path.resolve('content', 'articles', 'facturation-outbox-evenements.md');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const SCALE_ARTICLES = Number(process.env.BENCH_ARTICLES ?? 10_000);

const gc = () => {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
};

const FRONT = (id: string) => `---\nid: ${id}\ntitle: Mesure\ndate: 2025-01-01\nlanguage: fr\nsummary: Mesure.\n---\n\n`;
const PROSE = Array.from(
  { length: 12 },
  (_, index) =>
    `## Partie ${index + 1}\n\nUn paragraphe de prose ordinaire, avec un [lien](https://example.org/${index}) et du \`code\` en ligne, qui dit ce qu’un article dit d’habitude sur l’architecture d’un système.\n`,
).join('\n');

/** One block of each feature, as an author writes it; each added to the prose four times. */
const FEATURES: Record<string, string> = {
  'code: title, highlighted lines, line numbers (java)':
    '```java title="A.java" {2,4-5} showLineNumbers\nclass A {\n  int b;\n  String c;\n  void d() {}\n  void e() {}\n}\n```\n',
  'code: diff': '```diff\n class A {\n-  int b;\n+  long b;\n+  int c;\n }\n```\n',
  callouts: '> [!WARNING]\n> Un avertissement, avec du *texte* en forme.\n',
  footnotes: 'Une affirmation[^n].\n\n[^n]: Sa source.\n',
  'math: inline and display': 'La loi $L = \\lambda W$ et :\n\n$$\nW_{\\text{total}} = \\sum_{i=1}^{n} W_i \\le 0{,}55\n$$\n',
  'diagram (flowchart, 6 nodes)':
    '```mermaid\nflowchart TD\n  M(Monolithe) -->|tx| O[(Outbox)]\n  O --> R[Relais]\n  R --> K{{Kafka}}\n  K --> C[Compta]\n  K --> P[Portail]\n```\n',
  'table with alignment': '| a | b | c |\n| :-- | :-: | --: |\n| 1 | 2 | 3 |\n| 4 | 5 | 6 |\n',
};

const logger = pino({ level: 'silent' });
const workers = await createArticleWorkers({ threads: 1, logger });

async function prepareOnce(file: string, text: string): Promise<number> {
  const started = performance.now();
  const article = await workers.renderFile(file, text);
  await workers.prepareArticle(article);
  return performance.now() - started;
}

try {
  const sample = await readFile(SAMPLE, 'utf8');
  // The first diagram a thread meets loads the renderer: timed apart.
  const firstDiagram = await prepareOnce('first.md', FRONT('first') + FEATURES['diagram (flowchart, 6 nodes)']);
  const texts: [string, string][] = [
    ['plain prose (12 sections)', FRONT('prose') + PROSE],
    ...Object.entries(FEATURES).map(([name, block]): [string, string] => [name, FRONT('f') + PROSE + `\n${block}\n`.repeat(4)]),
    ['the sample article (every feature)', sample],
  ];
  for (const [, text] of texts) await prepareOnce('warm.md', text);
  const timings = new Map<string, number[]>(texts.map(([name]) => [name, []]));
  // In alternation, so that the machine's noise falls on every variant alike.
  for (let round = 0; round < ROUNDS; round += 1) for (const [name, text] of texts) timings.get(name)!.push(await prepareOnce(`${round}.md`, text));
  const median = (name: string) => percentile(timings.get(name)!, 50);
  const prose = median('plain prose (12 sections)');
  const rows = texts.map(([name]) => {
    const feature = Object.hasOwn(FEATURES, name);
    return [
      name,
      median(name).toFixed(2),
      percentile(timings.get(name)!, 90).toFixed(2),
      feature
        ? `+${((median(name) - prose) / 4).toFixed(2)} ms a block`
        : name.startsWith('the sample')
          ? `${(median(name) - prose).toFixed(2)} ms over the prose`
          : '–',
    ];
  });
  rows.push(['first diagram in a thread (loads the renderer)', firstDiagram.toFixed(0), '–', 'once per thread']);

  const summary = [
    `Each variant rendered from Markdown and prepared (sanitise, highlight, enhance) on one worker thread, timed from the event loop (structured clone included), ${ROUNDS} rounds in alternation after a warm-up; medians and p90 in ms. A feature's cost is (variant − prose) / 4, the variant holding four blocks of it.`,
  ];
  if (process.env.BENCH_SCALE === '1') {
    const dir = await mkdtemp(path.join(tmpdir(), 'kit-scale-'));
    try {
      await generateArticles(dir, SCALE_ARTICLES);
      const scaleWorkers = await createArticleWorkers({ threads: Math.max(1, Math.min(4, (await import('node:os')).cpus().length - 1)), logger });
      const started = performance.now();
      const source = await createContentSource({ contentDir: dir, logger, watchFiles: false, cacheDir: path.join(dir, '.cache'), workers: scaleWorkers });
      const readyMs = performance.now() - started;
      gc();
      const rss = process.memoryUsage().rss / 1024 / 1024;
      await source.close();
      await scaleWorkers.close();
      rows.push([
        `scale: ${SCALE_ARTICLES} articles, cold start to ready (in-process, empty disk cache)`,
        (readyMs / 1000).toFixed(1) + ' s',
        '–',
        'target ≤ 20 s',
      ]);
      rows.push([`scale: RSS after start and a full GC (bench process)`, `${rss.toFixed(0)} MB`, '–', '–']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  await writeReport('writing-kit', {
    title: 'Writing kit: prepare time on a worker thread',
    summary,
    columns: ['article', 'p50 (ms)', 'p90 (ms)', 'cost'],
    rows,
  });
} finally {
  await workers.close();
}
