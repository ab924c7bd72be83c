// What a 404's suggestions cost on a large site: 10,000 articles with ids and titles of real words,
// asked for ids with typos, ids of random letters and ids of 128 characters. Prints the time of the
// first call on a list (its words gathered) and the CPU time of later calls, after a few to warm the
// JIT up (the machine may be shared: CPU time, not wall time) (decision 040).
// Run: node tests/support/run-ts.mjs bench/suggest-bench.ts
import { suggestArticles } from '../shared/items/suggest-articles';
import type { ArticleSummary } from '../shared/items/types';

const WORDS = (
  'java spring boot postgresql index explain angular signals linux bash docker kubernetes performance securite architecture tests maven ' +
  'gradle jvm hibernate kafka http cache methode equipe devops observabilite git react memoire conteneurs threads virtuels records ' +
  'partitionnement requetes transactions verrous migrations flyway liquibase batch streams reactive webflux oauth2 jwt nginx systemd'
).split(' ');

let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = () => WORDS[Math.floor(random() * WORDS.length)]!;

const list: ArticleSummary[] = Array.from({ length: 10_000 }, (_, at) => {
  const words = Array.from({ length: 3 + Math.floor(random() * 4) }, pick);
  return { id: `${words.join('-')}-${at}`, title: words.join(' '), date: '2025-01-01', tags: [], images: [], summary: '' };
});

function withTypo(id: string): string {
  const at = 1 + Math.floor(random() * (id.length - 2));
  return id.slice(0, at) + id[at + 1] + id[at] + id.slice(at + 2);
}

const asked = [
  ...Array.from({ length: 200 }, () => withTypo(list[Math.floor(random() * list.length)]!.id)),
  ...Array.from({ length: 100 }, () => Array.from({ length: 12 }, () => String.fromCharCode(97 + Math.floor(random() * 26))).join('')),
  ...Array.from({ length: 100 }, () => Array.from({ length: 128 }, () => 'abcdefghij-'[Math.floor(random() * 11)]).join('')),
];

const started = performance.now();
suggestArticles(list, 'warm-up');
const first = performance.now() - started;
for (const id of asked.slice(0, 20)) suggestArticles(list, id);
const times: number[] = [];
let found = 0;
for (const id of asked) {
  const cpu = process.cpuUsage();
  if (suggestArticles(list, id).length > 0) found += 1;
  const used = process.cpuUsage(cpu);
  times.push((used.user + used.system) / 1000);
}
times.sort((a, b) => a - b);
const at = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))]!.toFixed(2);
console.log(
  `10,000 articles: first call ${first.toFixed(1)} ms (words gathered); then ${asked.length} calls, CPU time: median ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms; ${found} with suggestions`,
);
