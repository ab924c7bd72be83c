// Words → index terms (text-analysis.ts): each distinct word is stemmed once, with the same counts,
// first-seen words and order as a word-by-word pass.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  analyzeText,
  foldedWords,
  foldText,
  forgetVocabulary,
  hashPair,
  hashStem,
  isStopWord,
  stemWord,
  type StemLanguage,
} from '../../../../../server/items/content/text-analysis';
import { createSeededRandom } from '../../../../support/seeded-random';

describe('analyzeText', () => {
  it('count every occurrence under its stem, in the order the stems first appear, stop words left out', () => {
    const { counts, surfaces } = analyzeText("Les caches et le cache : l'équipe cache ses caches. Équipes !", 'fr');
    const cache = stemWord('caches', 'fr');
    const team = stemWord('equipe', 'fr');
    expect([...counts]).toEqual([
      [cache, 4],
      [team, 2],
    ]);
    // The first word seen for each stem, as "did you mean" shows it.
    expect(surfaces.get(cache)).toBe('caches');
    expect(surfaces.get(team)).toBe('equipe');
  });

  it('add to the counts given, as the body and its code blocks are counted together', () => {
    const into = analyzeText('thread pool', 'en');
    analyzeText('thread threads', 'en', into);
    expect(into.counts.get(stemWord('thread', 'en'))).toBe(3);
    expect(into.counts.get(stemWord('pool', 'en'))).toBe(1);
  });
});

// Decision 059: words are cut by one loop over char codes; it must cut exactly what the regular
// expressions cut (fold, drop elisions, match letters and digits joined by "." "+" "#").
describe('foldedWords', () => {
  const ELISION = /\b(?:qu|[ldjnsctm])['’‘ʼ](?=\p{L})/gu;
  const WORD = /[\p{L}\p{N}]+(?:[.+#][\p{L}\p{N}]+)*/gu;
  const byRegex = (text: string) => foldText(text).replace(ELISION, '').match(WORD) ?? [];
  const pieces = [
    'a',
    'b',
    'l',
    'd',
    'q',
    'u',
    'qu',
    's',
    'x',
    'Z',
    '_',
    '0',
    '9',
    ' ',
    '\n',
    '\t',
    '.',
    '+',
    '#',
    ',',
    '-',
    "'",
    '’',
    '‘',
    'ʼ',
    '"',
    'é',
    'É',
    'œ',
    'Æ',
    'ß',
    'ﬁ',
    'ı',
    'İ',
    'α',
    'Ω',
    'я',
    '中',
    '٣',
    '½',
    '²',
    '\u0301',
    '\ud835\udc00',
    '\ud83d\ude00',
    '\ud800',
    '\udc00',
    '—',
    '«',
    '»',
    "l'",
    "qu'",
    'd’',
    'node.js',
    'c++',
    'c#',
    'v8',
    'ﬁchiers',
  ];
  const random = createSeededRandom(11);

  it('cuts what the regular expressions cut, on random text', () => {
    for (let round = 0; round < 20_000; round += 1) {
      const text = Array.from({ length: 1 + random(12) }, () => pieces[random(pieces.length)]!).join('');
      expect(foldedWords(text), JSON.stringify(text)).toEqual(byRegex(text));
    }
  });

  it('cuts what the regular expressions cut, on the site’s articles', async () => {
    const dir = path.resolve('content', 'articles');
    const files = (await readdir(dir)).filter((name) => name.endsWith('.md'));
    expect(files.length).toBeGreaterThan(5);
    for (const name of files) {
      const text = await readFile(path.join(dir, name), 'utf8');
      expect(foldedWords(text), name).toEqual(byRegex(text));
    }
  });
});

describe('analyzeText: adjacent stems', () => {
  it('hashes each pair of stems next to each other, stop words skipped, across the texts given', () => {
    const pairs = { hashes: [] as number[], previous: -1 };
    analyzeText('Le garbage collector', 'fr', undefined, pairs);
    analyzeText('des threads', 'fr', undefined, pairs);
    const stem = (word: string) => hashStem(stemWord(word, 'fr'));
    expect(pairs.hashes).toEqual([hashPair(stem('garbage'), stem('collector')), hashPair(stem('collector'), stem('threads'))]);
    expect(hashPair(stem('garbage'), stem('collector'))).not.toBe(hashPair(stem('collector'), stem('garbage')));
  });
});

// Decision 071: each word's stem and hash are learnt once per thread, and a text's counts start from
// zero on each word's first occurrence in it. The result must be what a word-by-word pass gives.
describe('analyzeText: words learnt across texts', () => {
  function byWord(texts: string[], language: StemLanguage) {
    const counts = new Map<string, number>();
    const surfaces = new Map<string, string>();
    const stems: string[] = [];
    for (const text of texts) {
      for (const word of foldedWords(text)) {
        if (isStopWord(word, language)) continue;
        const stem = stemWord(word, language);
        counts.set(stem, (counts.get(stem) ?? 0) + 1);
        if (!surfaces.has(stem)) surfaces.set(stem, word);
        stems.push(stem);
      }
    }
    const hashes = stems.slice(1).map((stem, at) => hashPair(hashStem(stems[at]!), hashStem(stem)));
    return { counts: [...counts], surfaces: [...surfaces], hashes };
  }
  const vocabulary = [
    'cache',
    'caches',
    'Caché',
    'le',
    'the',
    'thread',
    'threads',
    'équipe',
    "l'équipe",
    'node.js',
    'c++',
    '42',
    'déploie',
    'running',
    'and',
    'de',
  ];
  const random = createSeededRandom(71);
  const randomText = () => Array.from({ length: random(30) }, () => vocabulary[random(vocabulary.length)]).join(random(3) === 0 ? ', ' : ' ');

  it('counts, first words and adjacent stems as a word-by-word pass, whatever the texts before', () => {
    for (let round = 0; round < 2_000; round += 1) {
      const language: StemLanguage = random(2) === 0 ? 'fr' : 'en';
      const texts = Array.from({ length: 1 + random(3) }, randomText);
      // Words already learnt from other texts (or none, once in a while) change nothing.
      if (random(10) === 0) forgetVocabulary();
      const into = { counts: new Map<string, number>(), surfaces: new Map<string, string>() };
      const pairs = { hashes: [] as number[], previous: -1 };
      for (const text of texts) analyzeText(text, language, into, pairs);
      const expected = byWord(texts, language);
      expect({ counts: [...into.counts], surfaces: [...into.surfaces], hashes: pairs.hashes }, JSON.stringify(texts)).toEqual(expected);
    }
  });

  it('does not carry the counts of a text into the next one', () => {
    analyzeText('cache cache cache', 'en');
    expect([...analyzeText('cache', 'en').counts]).toEqual([[stemWord('cache', 'en'), 1]]);
  });
});
