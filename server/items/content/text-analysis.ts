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

const WORD = /[\p{L}\p{N}]+(?:[.+#][\p{L}\p{N}]+)*/gu;

/** Folded words of a text, elisions dropped ("l'architecture" → "architecture"). */
export function foldedWords(text: string): string[] {
  const words: string[] = [];
  const folded = foldedForWords(text);
  scanWords(folded, (start, end) => words.push(folded.slice(start, end)));
  return words;
}

/** The text foldedWords cuts its words from: folded, elisions dropped. */
export function foldedForWords(text: string): string {
  return dropElisions(foldText(text));
}

// What each UTF-16 code unit is for words (decision 059): 0 not yet known, 1 neither letter nor digit,
// 2 a digit (\p{N}), 3 a letter (\p{L}); learnt once per code, so the scan costs no regular expression.
const NOT_WORD = 1;
const DIGIT = 2;
const LETTER = 3;
const codeClasses = new Uint8Array(65_536);
const LETTER_CHARACTER = /^\p{L}$/u;
const NUMBER_CHARACTER = /^\p{N}$/u;
const classOfCharacter = (character: string) => (LETTER_CHARACTER.test(character) ? LETTER : NUMBER_CHARACTER.test(character) ? DIGIT : NOT_WORD);

/** The class of the character at `at` (a surrogate pair is one), plus its length in code units × 4. */
function kindAt(text: string, at: number): number {
  const code = text.charCodeAt(at);
  const known = codeClasses[code]!;
  if (known !== 0) return known | 4;
  if (code >= 0xd800 && code <= 0xdbff && at + 1 < text.length && (text.charCodeAt(at + 1) & 0xfc00) === 0xdc00) {
    return classOfCharacter(text.slice(at, at + 2)) | 8;
  }
  // A lone surrogate is no letter; a high one stays unknown, as its class depends on what follows.
  if (code >= 0xd800 && code <= 0xdfff) return NOT_WORD | 4;
  codeClasses[code] = classOfCharacter(String.fromCharCode(code));
  return codeClasses[code]! | 4;
}

/** A code of \w, which \b reads: ASCII letters, digits and "_". */
const isAsciiWord = (code: number) => (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || code === 95;

/**
 * The folded text without its elisions: l', d', qu', j', n', s', c', m', t' after a character that is not
 * \w and before a letter, with a straight or curly apostrophe; what /\b(?:qu|[ldjnsctm])['’‘ʼ](?=\p{L})/gu
 * replaced, as a loop. Where no apostrophe is, the text itself.
 */
function dropElisions(folded: string): string {
  let kept = '';
  let from = 0;
  // Only apostrophes are looked at: an elision ends with one.
  for (let apostrophe = nextApostrophe(folded, 0); apostrophe >= 0; apostrophe = nextApostrophe(folded, apostrophe + 1)) {
    if (apostrophe === 0 || apostrophe + 1 >= folded.length) continue;
    const code = folded.charCodeAt(apostrophe - 1);
    // l d j n s c t m, or "qu".
    let at = -1;
    if (code === 108 || code === 100 || code === 106 || code === 110 || code === 115 || code === 99 || code === 116 || code === 109) at = apostrophe - 1;
    else if (code === 117 && apostrophe >= 2 && folded.charCodeAt(apostrophe - 2) === 113) at = apostrophe - 2;
    // \b: after a character that is not \w (or the start), and before a letter.
    if (at < from || (at > 0 && isAsciiWord(folded.charCodeAt(at - 1)))) continue;
    if ((kindAt(folded, apostrophe + 1) & 3) !== LETTER) continue;
    kept += folded.slice(from, at);
    from = apostrophe + 1;
  }
  return from === 0 ? folded : kept + folded.slice(from);
}

const APOSTROPHES = /['’‘ʼ]/g;

/** Where the next apostrophe (straight or curly) is at or after `from`, -1 when none. */
function nextApostrophe(text: string, from: number): number {
  APOSTROPHES.lastIndex = from;
  return APOSTROPHES.exec(text)?.index ?? -1;
}

/**
 * WORD's matches in order, as a loop over char codes: letters and digits, joined by "." "+" "#" between
 * two. Each is given as where it starts and ends in `folded`: the index looks a word up without cutting
 * it out (decision 071).
 */
export function scanWords(folded: string, onWord: (start: number, end: number) => void): void {
  const length = folded.length;
  let at = 0;
  while (at < length) {
    let kind = kindAt(folded, at);
    if ((kind & 3) < DIGIT) {
      at += kind >> 2;
      continue;
    }
    const start = at;
    at += kind >> 2;
    while (at < length) {
      const code = folded.charCodeAt(at);
      // Lowercase ASCII letters and digits: nearly every character of a word.
      if ((code >= 97 && code <= 122) || (code >= 48 && code <= 57)) {
        at += 1;
        continue;
      }
      // "." "+" "#" join only when a letter or digit follows.
      if ((code === 46 || code === 43 || code === 35) && at + 1 < length && (kindAt(folded, at + 1) & 3) >= DIGIT) {
        at += 1;
        continue;
      }
      kind = kindAt(folded, at);
      if ((kind & 3) < DIGIT) break;
      at += kind >> 2;
    }
    onWord(start, at);
  }
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

/** Hashes of a text's adjacent stems (decision 058), gathered across the texts of one article. */
export interface PairCollector {
  hashes: number[];
  /** The hash of the last stem met (a stop word is skipped), -1 at the start. */
  previous: number;
}

/** A stem's 32-bit hash: FNV-1a over its char codes, then Murmur3's finaliser. */
export function hashStem(stem: string): number {
  let hash = 0x811c9dc5;
  for (let at = 0; at < stem.length; at += 1) hash = Math.imul(hash ^ stem.charCodeAt(at), 0x01000193);
  return mixHash(hash);
}

/** The hash of two stems one after the other (order matters). */
export function hashPair(first: number, second: number): number {
  return mixHash(Math.imul(first, 0x9e3779b1) ^ second);
}

function mixHash(value: number): number {
  let hash = value ^ (value >>> 16);
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}

/** What a folded word is for the index in one language, learnt once per thread (see Vocabulary). */
interface WordInfo {
  word: string;
  /** Its stem, null for a stop word. */
  stem: string | null;
  /** The stem's hash (hashStem), -1 for a stop word. */
  hash: number;
  /** Its occurrences in the text being analysed, valid while `pass` is the current one. */
  count: number;
  pass: number;
}

/**
 * Each folded word met in one language → its stem and hash (decision 071): an article's words are
 * mostly words other articles used, and a cold start checked, stemmed and hashed each anew in every
 * article. Looked up by the characters where the scan found the word (open addressing on an FNV-1a
 * hash of them), so that a word met again is never cut out of the text: nearly every occurrence is one.
 */
class Vocabulary {
  private slots = new Int32Array(1 << 12).fill(-1);
  private keys: number[] = [];
  private infos: WordInfo[] = [];

  constructor(private readonly language: StemLanguage) {}

  get size(): number {
    return this.infos.length;
  }

  clear(): void {
    this.slots = new Int32Array(1 << 12).fill(-1);
    this.keys = [];
    this.infos = [];
  }

  /** The word at [start, end) of `text`. */
  find(text: string, start: number, end: number): WordInfo {
    let key = 0x811c9dc5;
    for (let at = start; at < end; at += 1) key = Math.imul(key ^ text.charCodeAt(at), 0x01000193);
    const mask = this.slots.length - 1;
    let slot = key & mask;
    for (let index = this.slots[slot]!; index >= 0; index = this.slots[slot]!) {
      if (this.keys[index] === key) {
        const info = this.infos[index]!;
        if (info.word.length === end - start && text.startsWith(info.word, start)) return info;
      }
      slot = (slot + 1) & mask;
    }
    const info = learnWord(text.slice(start, end), this.language);
    this.slots[slot] = this.infos.length;
    this.keys.push(key);
    this.infos.push(info);
    // At most half full: a miss ends at an empty slot after a probe or two.
    if (this.infos.length * 2 > this.slots.length) this.grow();
    return info;
  }

  private grow(): void {
    const slots = new Int32Array(this.slots.length * 2).fill(-1);
    const mask = slots.length - 1;
    this.keys.forEach((key, index) => {
      let slot = key & mask;
      while (slots[slot]! >= 0) slot = (slot + 1) & mask;
      slots[slot] = index;
    });
    this.slots = slots;
  }
}

const vocabulary = { fr: new Vocabulary('fr'), en: new Vocabulary('en') };
/** Numbers the calls of analyzeText (from 1), so that a word's count is reset on its first occurrence in a text. */
let currentPass = 0;

/** Empties the words learnt (after a first load: later edits are few, and the memory is better given back). */
export function forgetVocabulary(): void {
  vocabulary.fr.clear();
  vocabulary.en.clear();
}

function learnWord(word: string, language: StemLanguage): WordInfo {
  if (stopWords[language].has(word)) return { word, stem: null, hash: -1, count: 0, pass: 0 };
  const stem = stemWord(word, language);
  return { word, stem, hash: hashStem(stem), count: 0, pass: 0 };
}

/**
 * The index terms of a text in one language; with `pairs`, the hashes of its adjacent stems too (stop
 * words skipped, as a phrase is read). One scan of the folded text cuts the words (decision 059).
 */
export function analyzeText(
  text: string,
  language: StemLanguage,
  into: TermCounts = { counts: new Map(), surfaces: new Map() },
  pairs?: PairCollector,
): TermCounts {
  // Each distinct word counted, then taken once: an article says most of its words many times, and
  // this pass was half of a cold start's analysis. Same terms, counts and order as word by word.
  if (currentPass >= 0x3fffffff) {
    // Numbered from 1 again: a word still holding an old number could take it for this text's.
    forgetVocabulary();
    currentPass = 0;
  }
  const pass = (currentPass += 1);
  const known = vocabulary[language];
  if (known.size >= MEMO_LIMIT) known.clear();
  const infos: WordInfo[] = [];
  const sequence: number[] = [];
  const folded = foldedForWords(text);
  scanWords(folded, (start, end) => {
    const info = known.find(folded, start, end);
    if (info.pass !== pass) {
      info.pass = pass;
      info.count = 0;
      infos.push(info);
    }
    info.count += 1;
    if (pairs && info.hash >= 0) sequence.push(info.hash);
  });
  const { counts, surfaces } = into;
  for (let at = 0; at < infos.length; at += 1) {
    const { word, stem, count } = infos[at]!;
    if (stem === null) continue;
    const before = counts.get(stem);
    counts.set(stem, before === undefined ? count : before + count);
    if (!surfaces.has(stem)) surfaces.set(stem, word);
  }
  if (pairs) {
    let previous = pairs.previous;
    for (let at = 0; at < sequence.length; at += 1) {
      const hash = sequence[at]!;
      if (previous >= 0) pairs.hashes.push(hashPair(previous, hash));
      previous = hash;
    }
    pairs.previous = previous;
  }
  return into;
}
