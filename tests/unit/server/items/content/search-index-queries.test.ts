// What a reader sees of a search must not depend on how the index gets there (decision 067): the
// page asked (any size, any number), the edits the index went through, the queries asked before.
// Several hundred seeded articles long enough for snippets past the first chunk, and queries with
// every syntax: phrases, exclusions, OR, synonyms, prefixes, typos and transpositions, tags, sorts.
import { describe, expect, it } from 'vitest';
import { buildIndexDocument, SearchIndex, type SearchQuery, type SearchResults } from '../../../../../server/items/content/search-index';
import { foldText } from '../../../../../server/items/content/text-analysis';
import { createSeededRandom } from '../../../../support/seeded-random';

const FRENCH = [
  'architecture',
  'hexagonale',
  'requête',
  'requêtes',
  'optimiser',
  'équipe',
  'sécurité',
  'œuvre',
  'Œuvres',
  'déploiement',
  'conteneur',
  'mémoire',
  'base',
  'données',
  'partition',
  'journal',
  'latence',
  'jeton',
  'cœur',
  'straße',
];
const ENGLISH = ['garbage', 'collector', 'virtual', 'thread', 'threads', 'kafka', 'kubernetes', 'spring', 'angular', 'caching', 'index', 'memory', 'proxy'];
const TAGS = ['Java', 'Spring', 'PostgreSQL', 'Sécurité', 'Linux', 'Architecture', 'Tests', 'Kafka'];

interface Article {
  id: string;
  time: number;
  language: 'fr' | 'en';
  tags: string[];
  title: string;
  summary: string;
  body: string;
}

/** Seeded articles: a few words in the title, a summary, a body of 300 to 1,500 words, some words only near the end. */
function generate(count: number, seed: number, prefix = 'a'): Article[] {
  // The generator's high bits: its low ones repeat with a short period (a pick of 8 tags gave always the same).
  const next = createSeededRandom(seed);
  const random = (n: number) => Math.floor((next(2_147_483_648) / 2_147_483_648) * n);
  const pick = (words: string[]) => words[random(words.length)]!;
  return Array.from({ length: count }, (_, at) => {
    const language = random(3) === 0 ? 'en' : 'fr';
    const words = language === 'en' ? [...ENGLISH, ...ENGLISH, ...FRENCH.slice(0, 4)] : [...FRENCH, ...FRENCH, ...ENGLISH.slice(0, 6)];
    const sentence = (length: number) => Array.from({ length }, () => pick(words)).join(' ');
    const paragraphs = Array.from({ length: 6 + random(20) }, () => `${sentence(40 + random(30))}.`);
    // A word that only comes late: its snippet lies past the first chunks read.
    if (random(4) === 0) paragraphs.push(`Enfin, ${pick(words).toUpperCase()} et ${pick(words)}.`);
    return {
      id: `${prefix}-${String(at).padStart(4, '0')}`,
      // Some articles share a date: ties are broken by id.
      time: Date.UTC(2015, 0, 1 + random(900)),
      language,
      tags: Array.from(new Set([pick(TAGS), pick(TAGS)])),
      title: sentence(3 + random(4)),
      summary: sentence(12),
      body: paragraphs.join('\n\n'),
    };
  });
}

/** The first `maxBytes` of a text as the content cache reads it: a character cut short is left out. */
function startOf(text: string, maxBytes: number): { text: string; complete: boolean } {
  const bytes = Buffer.from(text);
  if (bytes.length <= maxBytes) return { text, complete: true };
  let end = maxBytes;
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end -= 1;
  return { text: bytes.toString('utf8', 0, end), complete: false };
}

function createIndex(): { index: SearchIndex; add: (article: Article) => void } {
  const texts = new Map<string, { text: string; language: string }>();
  const index = new SearchIndex({
    isVisible: () => true,
    allVisible: () => true,
    textOf: (id, maxBytes = Infinity) => {
      const entry = texts.get(id);
      return entry && { ...startOf(entry.text, maxBytes), language: entry.language };
    },
  });
  index.setSynonyms([
    ['k8s', 'kubernetes'],
    ['db', 'base de données'],
  ]);
  const add = (article: Article) => {
    const text = { title: article.title, tags: article.tags, headings: '', summary: article.summary, body: article.body, code: '' };
    index.set(buildIndexDocument(article.id, article.time, article.language, text));
    texts.set(article.id, { text: `${article.summary}\n\n${article.body}`, language: article.language });
  };
  return { index, add };
}

const articles = generate(400, 29);
const tagsOf = new Map(articles.map((article) => [article.id, article.tags]));

const TEXTS = [
  'kafka',
  'architecture hexagonale',
  'requêtes',
  'REQUÊTE',
  "l'équipe",
  'oeuvre',
  'coeur',
  'strasse',
  'arch',
  'k',
  'sécu',
  'architecure',
  'kafak',
  'colletcor',
  'garbage thread',
  'memory proxy caching',
  '"garbage collector"',
  '"virtual thread"',
  '"base données"',
  '"architecture hexagonale requête"',
  'kafka -kubernetes',
  'thread -"virtual thread"',
  'spring OR angular',
  '"garbage collector" OR kafka',
  'k8s',
  'db',
  'k8s spring',
  'kafka -k8s',
  'zzyzx',
  'kafka zzyzx',
  '',
];
const QUERIES: SearchQuery[] = TEXTS.flatMap((text) => [
  { text },
  { text, sort: 'date' as const },
  { text, tag: 'Kafka' },
  { text, tag: 'sécurité', sort: 'date' as const },
]);

/** Every hit of a query, pages of 100 one after the other. */
function allHits(index: SearchIndex, query: SearchQuery): { answer: SearchResults; ids: string[] } {
  const first = index.search({ ...query, page: 1, pageSize: 100 });
  const ids = first.hits.map((hit) => hit.id);
  for (let page = 2; (page - 1) * 100 < first.total; page += 1) ids.push(...index.search({ ...query, page, pageSize: 100 }).hits.map((hit) => hit.id));
  return { answer: first, ids };
}

describe('search index: the same answer however it is asked', () => {
  const { index, add } = createIndex();
  articles.forEach(add);

  it('finds something for most queries, so that the checks below check something', () => {
    const found = QUERIES.filter((query) => index.search(query).total > 0).length;
    expect(found).toBeGreaterThan(QUERIES.length * 0.6);
    expect(index.search({ text: 'kafka' }).total).toBeGreaterThan(100);
  });

  it('pages of any size are slices of one list, with the same total and facets', { timeout: 30_000 }, () => {
    for (const query of QUERIES) {
      const { answer, ids } = allHits(index, query);
      expect(ids.length, query.text).toBe(answer.total);
      expect(new Set(ids).size).toBe(ids.length);
      for (const pageSize of [1, 7, 20]) {
        for (const page of [1, 3]) {
          const slice = index.search({ ...query, page, pageSize });
          expect(
            slice.hits.map((hit) => hit.id),
            `${query.text} ${pageSize} ${page}`,
          ).toEqual(ids.slice((page - 1) * pageSize, page * pageSize));
          expect(slice.total).toBe(answer.total);
          expect(slice.facets).toEqual(answer.facets);
        }
      }
    }
  });

  it('counts in the facets every match, not only the page shown', () => {
    for (const query of QUERIES) {
      const { answer, ids } = allHits(index, query);
      const counts = new Map<string, number>();
      for (const id of ids) for (const tag of tagsOf.get(id)!) counts.set(foldText(tag), (counts.get(foldText(tag)) ?? 0) + 1);
      expect(new Map(answer.facets.map(({ tag, count }) => [foldText(tag), count])), query.text).toEqual(counts);
    }
  });

  it('lists for the items API the same matches as the search, newest first', () => {
    for (const text of TEXTS) {
      const { ids } = allHits(index, { text, sort: 'date' });
      expect(index.listIds(text), text).toEqual(ids);
    }
  });

  it('marks every form of the word in a snippet: case, accents, ligatures', () => {
    for (const [text, forms] of [
      ['oeuvre', /\b(oeuvre|oeuvres)\b/],
      ['securite', /\bsecurite\b/],
      ['requete', /\b(requete|requetes)\b/],
      ['equipe', /\bequipe\b/],
    ] as const) {
      const hits = index.search({ text, pageSize: 50 }).hits.filter((hit) => hit.snippet !== undefined);
      expect(hits.length, text).toBeGreaterThan(10);
      for (const hit of hits) {
        expect(foldText(hit.snippet!.replace(/<mark>.*?<\/mark>/g, ' ')), `${text} ${hit.id}`).not.toMatch(forms);
        expect(hit.snippet).toContain('<mark>');
      }
    }
  });

  it('answers a query alike before and after other queries of every kind', () => {
    const before = QUERIES.map((query) => index.search({ ...query, pageSize: 10 }));
    const after = [...QUERIES].reverse().map((query) => index.search({ ...query, pageSize: 10 }));
    expect(after.reverse()).toEqual(before);
  });
});

describe('search index: edits', () => {
  it('finds the words of an article added or removed since the same query was asked', () => {
    const { index, add } = createIndex();
    articles.slice(0, 50).forEach(add);
    const totals = () => ['archip', 'archipl', 'archipel'].map((text) => index.search({ text }).total);
    expect(totals()).toEqual([0, 0, 0]);
    add({ ...articles[0]!, id: 'new', title: 'Un archipel de services' });
    // A completion, a typo and the word itself: terms the index did not have when last asked.
    expect(totals()).toEqual([1, 1, 1]);
    index.remove('new');
    expect(totals()).toEqual([0, 0, 0]);
  });

  it('answers after edits as an index edited alike but never asked before', { timeout: 30_000 }, () => {
    const ask = (index: SearchIndex) => QUERIES.map((query) => index.search({ ...query, pageSize: 15 }));
    const asked = createIndex();
    const quiet = createIndex();
    articles.forEach(asked.add);
    articles.forEach(quiet.add);
    // Too few removals to compact the index: what a query keeps between queries must follow each edit.
    const extras = generate(30, 11, 'y');
    ask(asked.index);
    extras.forEach(asked.add);
    extras.forEach(quiet.add);
    ask(asked.index);
    // The 60 longest titles: the average length scores use moves.
    for (const article of [...articles].sort((a, b) => b.title.length - a.title.length).slice(0, 60)) {
      asked.index.remove(article.id);
      quiet.index.remove(article.id);
    }
    expect(ask(asked.index)).toEqual(ask(quiet.index));
  });

  it('answers after articles come and go as an index built with the final articles at once', { timeout: 30_000 }, () => {
    const edited = createIndex();
    articles.forEach(edited.add);
    const ask = (index: SearchIndex) => QUERIES.map((query) => index.search({ ...query, pageSize: 15 }));
    // Asked while the index grows and shrinks: whatever a query keeps between queries must follow.
    ask(edited.index);
    // 101 extra articles, then all removed: the last removal compacts the index (a fifth of it gone).
    const extras = generate(101, 7, 'x');
    extras.forEach(edited.add);
    ask(edited.index);
    for (const extra of extras) edited.index.remove(extra.id);
    const fresh = createIndex();
    articles.forEach(fresh.add);
    expect(ask(edited.index)).toEqual(ask(fresh.index));
  });
});
