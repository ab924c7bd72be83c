// Words → index terms, the same way for articles and queries: case, accents and ligatures folded,
// French elisions dropped, Snowball stems in the article's language (fr, en).
import snowball from 'snowball-stemmers';
import { eng, fra } from 'stopword';

import { foldText } from '../../../shared/items/search';

/** The site's one folding (shared/items/search.ts): the index and every other reader fold alike. */
export { foldText };

/** Longest search text kept for the search key. */
export const MAX_SEARCH_LENGTH = 200;

/** The search text as it keys caches: folded, apostrophes straightened, inner spaces collapsed, bounded. */
export function normalizeSearchKey(text: string | null | undefined): string {
  return foldText(text ?? '')
    .replace(/[’‘ʼ`]/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_SEARCH_LENGTH)
    .trim();
}

// l', d', qu', j', n', s', c', m', t' before a word (straight or curly apostrophe, after folding).
const ELISION = /\b(?:qu|[ldjnsctm])['’‘ʼ](?=\p{L})/gu;
const WORD = /[\p{L}\p{N}]+(?:[.+#][\p{L}\p{N}]+)*/gu;

/** Folded words of a text, elisions dropped ("l'architecture" → "architecture"). */
export function foldedWords(text: string): string[] {
  return foldedForWords(text).match(WORD) ?? [];
}

/** The text foldedWords cuts its words from: folded, elisions dropped. */
export function foldedForWords(text: string): string {
  return foldText(text).replace(ELISION, '');
}

const WORD_AT = new RegExp(WORD.source, 'uy');
const NEXT_WORD = new RegExp(WORD.source, 'gu');
const WORD_CHARACTER = /[\p{L}\p{N}]/u;
const isWordCharacter = (character: string | undefined) => character !== undefined && WORD_CHARACTER.test(character);

/**
 * The word of foldedWords that starts at `at` in `folded` (foldedForWords' text), with where it ends;
 * undefined when no word starts there (`at` inside a word, or not a letter or digit).
 */
export function wordAt(folded: string, at: number): { word: string; end: number } | undefined {
  const before = folded[at - 1];
  // Inside a word: after a letter, or after "." "+" "#" that joins two ("node.js", "c++" is "c").
  if (isWordCharacter(before) || (before !== undefined && '.+#'.includes(before) && isWordCharacter(folded[at - 2]))) return undefined;
  WORD_AT.lastIndex = at;
  const match = WORD_AT.exec(folded);
  return match ? { word: match[0], end: WORD_AT.lastIndex } : undefined;
}

/** The next word of foldedWords at or after `from`, with where it ends. */
export function nextWord(folded: string, from: number): { word: string; end: number } | undefined {
  NEXT_WORD.lastIndex = from;
  const match = NEXT_WORD.exec(folded);
  return match ? { word: match[0], end: NEXT_WORD.lastIndex } : undefined;
}

export type StemLanguage = 'fr' | 'en';

/** The stemmer language for an article's language code (anything not French is stemmed as English). */
export function stemLanguageOf(language: string): StemLanguage {
  return language.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

// The words of every text ("le", "de", "the", "and"): they would each list every article, doubling
// the index for nothing a search can use.
const stopWords = { fr: new Set(fra.map(foldText)), en: new Set(eng.map(foldText)) };

/** A folded word too common to search for, in that language. */
export function isStopWord(word: string, language: StemLanguage): boolean {
  return stopWords[language].has(word);
}

const stemmers = { fr: snowball.newStemmer('french'), en: snowball.newStemmer('english') };
// Snowball in JavaScript costs ~20 µs a word; a vocabulary is small, so each word is stemmed once.
const MEMO_LIMIT = 200_000;
const memo = { fr: new Map<string, string>(), en: new Map<string, string>() };

/** The stem of a folded word in a language. Numbers and very short words are kept as they are. */
export function stemWord(word: string, language: StemLanguage): string {
  if (word.length < 3 || /\d/.test(word)) return word;
  const known = memo[language].get(word);
  if (known !== undefined) return known;
  const stem = stemmers[language].stem(word);
  if (memo[language].size >= MEMO_LIMIT) memo[language].clear();
  memo[language].set(word, stem);
  return stem;
}

/** Stem → count, and for each stem the first word seen (shown in "did you mean"). */
export interface TermCounts {
  counts: Map<string, number>;
  surfaces: Map<string, string>;
}

/** The index terms of a text in one language. */
export function analyzeText(text: string, language: StemLanguage, into: TermCounts = { counts: new Map(), surfaces: new Map() }): TermCounts {
  // Each distinct word counted, then checked and stemmed once: an article says most of its words many
  // times, and this pass was half of a cold start's analysis. Same terms, counts and order as word by word.
  const words = new Map<string, number>();
  for (const word of foldedWords(text)) words.set(word, (words.get(word) ?? 0) + 1);
  const stops = stopWords[language];
  for (const [word, count] of words) {
    if (stops.has(word)) continue;
    const stem = stemWord(word, language);
    into.counts.set(stem, (into.counts.get(stem) ?? 0) + count);
    if (!into.surfaces.has(stem)) into.surfaces.set(stem, word);
  }
  return into;
}
