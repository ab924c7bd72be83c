// The 200 queries of the search benchmarks and their in-process timing: search-bench.ts, and
// search-in-process.ts, which node-versions-bench.ts runs on each Node runtime.
import { performance } from 'node:perf_hooks';
import type { ContentSource } from '../server/items/content/content-source';
import type { SearchRequest } from '../server/items/source';

/** 200 queries a visitor could type: topic words, pairs, prefixes, typos, elisions, accents, tags, date order, syntax. */
export function queries(): SearchRequest[] {
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
  // Synonyms of content/synonyms.yml's defaults, and phrases the corpus holds.
  const syntaxWords = ['k8s', 'pg', 'js', '"garbage collector"', '"virtual thread"', 'db'];
  const list: SearchRequest[] = [];
  for (let i = 0; list.length < 200; i += 1) {
    const word = words[i % words.length]!;
    const other = words[(i * 7 + 3) % words.length]!;
    // One query in five uses the syntax (issue 29): a phrase, an exclusion, OR, a synonym.
    if (i % 5 === 4) {
      const syntax = [`"${word} ${other}"`, `${word} -${other}`, `${word} OR ${other}`, `${syntaxWords[i % syntaxWords.length]!} ${word}`];
      list.push({ text: syntax[Math.floor(i / 5) % syntax.length]! });
      continue;
    }
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

export async function timeSearches(source: ContentSource): Promise<{ timings: number[]; hits: number }> {
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
