import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../../../../server/items/content/query-syntax';
import { buildIndexDocument, SearchIndex } from '../../../../../server/items/content/search-index';

const articles: Record<string, { title: string; language?: string; tags?: string[]; body: string }> = {
  'virtual-threads': { title: 'Loom in Java 21', language: 'en', tags: ['Java'], body: 'Virtual threads are cheap to start.' },
  'virtual-machines': { title: 'Sizing a host', language: 'en', tags: ['Java'], body: 'Virtual machines share a host. Each one runs many threads.' },
  kafka: { title: 'Kafka en production', tags: ['Kafka'], body: 'Les partitions de Kafka.' },
  'kafka-k8s': { title: 'Kafka sur Kubernetes', tags: ['Kafka', 'Kubernetes'], body: 'Un opérateur pour Kafka sur Kubernetes.' },
  k8s: { title: 'Déployer sur k8s', tags: ['DevOps'], body: 'Un cluster k8s se prépare.' },
  spring: { title: 'Spring Security', tags: ['Spring'], body: 'Les jetons du framework Spring.' },
  angular: { title: 'Angular signals', tags: ['Angular'], body: 'Les signaux du framework Angular.' },
  bdd: { title: 'Choisir sa base de données', tags: ['SQL'], body: 'Une base de données relationnelle.' },
};

function buildIndex() {
  const texts = new Map<string, { text: string; language: string }>();
  const index = new SearchIndex({ isVisible: () => true, textOf: (id) => texts.get(id) });
  let day = 1;
  for (const [id, { title, language = 'fr', tags = [], body }] of Object.entries(articles)) {
    index.set(buildIndexDocument(id, Date.UTC(2024, 0, (day += 1)), language, { title, tags, headings: '', summary: '', body, code: '' }));
    texts.set(id, { text: body, language });
  }
  index.setSynonyms([
    ['k8s', 'kubernetes'],
    ['db', 'database', 'base de données'],
  ]);
  return index;
}
const index = buildIndex();
const ids = (text: string) =>
  index
    .search({ text, pageSize: 100 })
    .hits.map((hit) => hit.id)
    .sort();

describe('search syntax', () => {
  it('matches a quoted phrase only where its words are next to each other, in order', () => {
    expect(ids('virtual threads')).toEqual(['virtual-machines', 'virtual-threads']);
    expect(ids('"virtual threads"')).toEqual(['virtual-threads']);
    expect(ids('"threads virtual"')).toEqual([]);
    // Folded and stemmed: "Virtual Thread" is the same phrase.
    expect(ids('“Virtual Thread”')).toEqual(['virtual-threads']);
  });

  it('drops articles with an excluded word or phrase', () => {
    expect(ids('kafka')).toEqual(['kafka', 'kafka-k8s']);
    expect(ids('kafka -kubernetes')).toEqual(['kafka']);
    expect(ids('virtual -"virtual machines"')).toEqual(['virtual-threads']);
  });

  it('takes OR (in capitals) between words or phrases, and "or" as a word', () => {
    expect(ids('spring OR angular')).toEqual(['angular', 'spring']);
    expect(ids('spring OR "virtual threads"')).toEqual(['spring', 'virtual-threads']);
    expect(ids('framework spring OR angular')).toEqual(['angular', 'spring']);
    expect(ids('spring or angular')).toEqual([]);
  });

  it('finds synonyms both ways, phrases included', () => {
    expect(ids('k8s')).toEqual(['k8s', 'kafka-k8s']);
    expect(ids('kubernetes')).toEqual(['k8s', 'kafka-k8s']);
    expect(ids('db')).toEqual(['bdd']);
  });

  it('counts a transposition of two adjacent letters as one typo', () => {
    expect(ids('kafak')).toEqual(['kafka', 'kafka-k8s']);
    expect(ids('sprnig')).toEqual(['spring']);
    // Four letters allow no typo, swapped or not.
    expect(ids('jvaa')).toEqual([]);
  });

  it('degrades malformed syntax to the plain reading, never an error', () => {
    expect(ids('"virtual threads')).toEqual(['virtual-machines', 'virtual-threads']);
    expect(ids('-kafka')).toEqual(['kafka', 'kafka-k8s']);
    expect(ids('OR kafka OR')).toEqual(['kafka', 'kafka-k8s']);
    expect(ids('"" - -- kafka')).toEqual(['kafka', 'kafka-k8s']);
    expect(() => index.search({ text: Array.from({ length: 200 }, (_, at) => `mot${at}`).join(' ') })).not.toThrow();
    expect(parseQuery(Array.from({ length: 200 }, () => 'kafka').join(' ')).clauses.length).toBeLessThanOrEqual(32);
  });

  it('keys two texts alike only when their answers cannot differ', () => {
    expect(index.keyOf('Kafka  Kubernetes')).toBe(index.keyOf('kafka kubernetes'));
    expect(index.keyOf('spring OR angular')).not.toBe(index.keyOf('spring or angular'));
  });
});
