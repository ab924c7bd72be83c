// Full-text search over the built-in articles (decisions 020 and 028): BM25 with field boosts
// (title > tags > headings > summary > body), Snowball stems per language, prefix on the last word,
// typo tolerance by word length, exact tag filter, tag facets, snippets and "did you mean".
// MiniSearch's radix tree (SearchableMap) finds the terms, exact, by prefix and within an edit
// distance; the postings are typed arrays and the scores accumulate in one array a query: at 10,000
// articles of 1,500 words, MiniSearch's own maps took 200 MB and 15 ms a search.
import { LRUCache } from 'lru-cache';
import SearchableMap from 'minisearch/SearchableMap';
import {
  analyzeText,
  foldedForWords,
  foldedWords,
  foldText,
  nextWord,
  wordAt,
  isStopWord,
  MAX_SEARCH_LENGTH,
  stemLanguageOf,
  stemWord,
  hashPair,
  hashStem,
  type PairCollector,
  type StemLanguage,
  type TermCounts,
} from './text-analysis';
import { encodePairSet, grown, PairSetStore } from './pair-set';
import { toTagKey, type SearchRequest, type SearchSort } from '../../../shared/items/search';
import { describeQuery, parseQuery, type ParsedQuery, type QueryPart } from './query-syntax';

export { foldText, normalizeSearchKey } from './text-analysis';

const FIELDS = ['title', 'tags', 'headings', 'summary', 'body'] as const;
type Field = (typeof FIELDS)[number];
const BOOSTS = [8, 5, 3, 2, 1];
const BODY = FIELDS.indexOf('body');
const SUMMARY = FIELDS.indexOf('summary');
/** Occurrences counted per field: beyond 4, a repeated word says little more; a body counts each term once. */
const MAX_FREQUENCY = 4;
/** BM25+ parameters, MiniSearch's defaults. */
const K = 1.2;
const B = 0.7;
const D = 0.5;
/** A prefix or a typo counts less than the word itself (MiniSearch's default weights). */
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;
/** Query words whose expansions are kept between queries (a few hundred bytes each). */
const MAX_CACHED_EXPANSIONS = 4_096;
/** Phrases whose checks are kept (one byte an article each: 640 KB at 10,000 articles). */
const MAX_CACHED_PHRASES = 64;
/** Completions of a short prefix kept, the most frequent first: "a" would otherwise score the whole index. */
const MAX_PREFIX_TERMS = 64;
/** localeCompare(…, 'fr') makes its collator at each call (about 3 µs): facets sort with one made once. */
const frenchTagOrder = new Intl.Collator('fr');

/** One article as the index takes it: its terms per field, already stemmed in its language. */
export interface IndexDocument {
  id: string;
  /** Epoch ms of the article's date, for the date order. */
  time: number;
  tags: string[];
  terms: Record<Field, FieldTerms>;
  /** For "did you mean": each stem, then the word it was first seen as, joined by newlines. */
  surfaces: string;
  /** Base64 of the pair set (pair-set.ts) of the summary's and body's adjacent stems: quoted phrases (decision 058). */
  pairs: string;
}

/**
 * A field's terms: its stems joined by newlines (a stem has none), and their counts in the same order.
 * One string, not an array per term: a thread's answer is copied to the event loop at a tenth of the cost.
 */
export interface FieldTerms {
  stems: string;
  counts: number[];
}

const splitLines = (joined: string): string[] => (joined === '' ? [] : joined.split('\n'));

export interface IndexText {
  title: string;
  tags: string[];
  headings: string;
  summary: string;
  body: string;
  code: string;
}

/** A map's keys and values, each after the other, joined by newlines: what `[...map].flat().join('\n')` gives, without its arrays. */
function joinEntries(map: Map<string, string>): string {
  const parts: string[] = [];
  for (const [key, value] of map) parts.push(key, value);
  return parts.join('\n');
}

/** Analyses an article's text once (the result is what the disk cache keeps). */
export function buildIndexDocument(id: string, time: number, language: string, text: IndexText): IndexDocument {
  const stemLanguage = stemLanguageOf(language);
  const surfaces = new Map<string, string>();
  // A phrase is read in the summary, then the body (the text the content cache keeps), not in code blocks.
  const pairs: PairCollector = { hashes: [], previous: -1 };
  const field = (value: string, extra?: string, phrases?: PairCollector): FieldTerms => {
    const counts: TermCounts = { counts: new Map(), surfaces };
    analyzeText(value, stemLanguage, counts, phrases);
    if (extra) analyzeText(extra, stemLanguage, counts);
    // One pass over the map, no array of entries (decision 071).
    const stems: string[] = [];
    const numbers: number[] = [];
    for (const [stem, count] of counts.counts) {
      stems.push(stem);
      numbers.push(count);
    }
    return { stems: stems.join('\n'), counts: numbers };
  };
  const summary = field(text.summary, undefined, pairs);
  const body = field(text.body, text.code, pairs);
  return {
    id,
    time,
    tags: text.tags,
    terms: {
      title: field(text.title),
      tags: field(text.tags.join(' ')),
      headings: field(text.headings),
      summary,
      body,
    },
    surfaces: joinEntries(surfaces),
    pairs: base64Of(encodePairSet(pairs.hashes, stemLanguage)),
  };
}

/** What the index is asked: the same request as every reader's (shared/items/search.ts). */
export type SearchQuery = SearchRequest;
export type { SearchSort };

export interface SearchHit {
  id: string;
  /** HTML: escaped text with <mark> around the words that matched. */
  snippet?: string;
}

export interface SearchResults {
  total: number;
  hits: SearchHit[];
  facets: { tag: string; count: number }[];
  suggestion?: string;
}

export interface SearchIndexOptions {
  /** Articles the search may return now (drafts and future dates are not). */
  isVisible: (id: string) => boolean;
  /** True when no indexed article is hidden now (drafts, future dates): searches then skip the filter. */
  allVisible?: () => boolean;
  /**
   * Plain text of an article (summary, then body) and its language, for snippets; undefined when
   * unknown. Its first `maxBytes` of UTF-8 (cut before a character that does not fit), or from
   * `fromByte` on (the start of a character); `complete` is false when the text goes on past them.
   */
  textOf?: (id: string, maxBytes?: number, fromByte?: number) => { text: string; language: string; complete?: boolean } | undefined;
}

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
const SNIPPET_LENGTH = 200;
/** Bytes read for a snippet that is the start of the text: more than SNIPPET_LENGTH characters. */
const START_READ_BYTES = 1_024;
const NO_TERMS = new Set<string>();
/**
 * Bytes of an article's text read first for its snippet: the first chunk (SCAN_CHUNK characters and
 * the 40 after) and the snippet cut there, as most are; the whole text only when it is not there.
 * 6 KB before: a third of a query's allocation was those texts decoded (decision 075).
 */
export const SNIPPET_READ_BYTES = 2_560;
/** Characters of the start scanned again with the rest of a text: more than a phrase of the longest query spans. */
const PHRASE_OVERLAP = 1_000;

/** Edits allowed for a typed word: none below 5 letters, 1 from 5, 2 from 9. */
export function typoBudget(word: string): number {
  return word.length >= 9 ? 2 : word.length >= 5 ? 1 : 0;
}

/** The tag as compared by the tag filter: the key of every tag reader (shared/items/search.ts). */
export const tagKey = toTagKey;

const MAX_MARKS = 200;
const SCAN_CHUNK = 2_000;
/** A snippet's text past the start is read in parts of this many bytes, then twice, four times as many… (decision 089). */
const PART_READ_BYTES = 8_192;
/** Characters read again before the chunk a part is scanned from: the context a snippet shows before its first match (40) and the start of the word ahead. */
const PART_OVERLAP = 80;

// Snippets fold the same few thousand words again and again: each is folded once.
const FOLD_MEMO_LIMIT = 50_000;
const foldMemo = new Map<string, string>();
function foldWord(word: string): string {
  let folded = foldMemo.get(word);
  if (folded === undefined) {
    if (foldMemo.size >= FOLD_MEMO_LIMIT) foldMemo.clear();
    folded = foldText(word);
    foldMemo.set(word, folded);
  }
  return folded;
}

/** A character of a word as snippets cut them: digits, Latin letters with their accented forms. */
function isWordCode(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || (code >= 0xc0 && code <= 0x24f);
}

/** Codes isWordCode accepts; the folded letter of each that folds to one ("É" → "e"), else 0. */
const WORD_CODES = 0x250;
// One slot a UTF-16 code: a read past the end of a typed array is a slow path in the scanning loop.
const wordCodes = new Uint8Array(65_536);
const singleFoldedCodes = new Uint16Array(65_536);
for (let code = 0; code < WORD_CODES; code += 1) {
  if (!isWordCode(code)) continue;
  wordCodes[code] = 1;
  const folded = foldText(String.fromCharCode(code));
  if (folded.length === 1 && folded.charCodeAt(0) < 1_024) singleFoldedCodes[code] = folded.charCodeAt(0);
}

/** A word's first two folded letters as one number (the second 0 when it has one letter), as candidateWords reads them. */
function pairKeyOf(word: string): number {
  return word.charCodeAt(0) * 1_024 + (word.length > 1 ? word.charCodeAt(1) : 0);
}

const WORD_CLASS = '0-9A-Za-z\\u00c0-\\u024f';
// By the matched terms' first two letters: a pattern finding the words that may start like one of them.
// Each hit of a long-tail search matches its own set, and a new pattern costs about 60 µs more than a
// kept one (compiled at its first scans): 1,024 kept, about 3.5 KB of heap each (decision 087).
const MAX_WORD_START_PATTERNS = 1_024;
const wordStartPatterns = new LRUCache<string, RegExp>({ max: MAX_WORD_START_PATTERNS });
/** What each word code folds to ("É" → "e", "œ" → "oe"). */
const foldedWordCodes = Array.from({ length: WORD_CODES }, (_, code) => (isWordCode(code) ? foldText(String.fromCharCode(code)) : ''));

/** A character class body of the word codes whose folding passes `test`; empty when none does. */
function classOf(test: (folded: string) => boolean): string {
  let codes = '';
  for (let code = 0; code < WORD_CODES; code += 1)
    if (wordCodes[code] === 1 && test(foldedWordCodes[code]!)) codes += `\\u${code.toString(16).padStart(4, '0')}`;
  return codes;
}

// Each class is made once (a scan of 592 codes), not again for each new set of terms (decision 087).
// Keyed by one or two folded letters: a few hundred for Latin text, bounded for any other.
const wordClasses = new LRUCache<string, string>({ max: 4_096 });
function classOnce(key: string, test: (folded: string) => boolean): string {
  let codes = wordClasses.get(key);
  if (codes === undefined) {
    codes = classOf(test);
    wordClasses.set(key, codes);
  }
  return codes;
}

/**
 * A pattern for the words (isWordCode's) whose folding may start with the first two letters of one of
 * `terms`: a letter that folds to the first and one whose folding starts with the second, or one
 * letter that folds to both ("œ" for "oe"), at a word start (the look-behind after the first letter:
 * the engine then skips to the letters it needs). More words than the terms start, never fewer: the
 * caller checks each word found. The engine rejects the others, with no match handed back a word.
 */
function wordStartPattern(terms: string[]): RegExp {
  const heads = [...new Set(terms.map((term) => term.slice(0, 2)))].sort();
  const key = heads.join('\n');
  let pattern = wordStartPatterns.get(key);
  if (!pattern) {
    const start = `(?<![${WORD_CLASS}].)`;
    const alternatives: string[] = [];
    const empty = classOnce('', (folded) => folded === '');
    if (empty) alternatives.push(`[${empty}]${start}`);
    for (const head of heads) {
      const single = classOnce(`=${head[0]!}`, (folded) => folded === head[0]);
      if (head.length === 1) {
        if (single) alternatives.push(`[${single}]${start}(?![${WORD_CLASS}])`);
        continue;
      }
      const next = classOnce(`>${head[1]!}`, (folded) => folded === '' || folded.startsWith(head[1]!));
      if (single && next) alternatives.push(`[${single}]${start}[${next}]`);
      const double = classOnce(`^${head}`, (folded) => folded.startsWith(head));
      if (double) alternatives.push(`[${double}]${start}`);
    }
    pattern = new RegExp(alternatives.length > 0 ? `(?:${alternatives.join('|')})[${WORD_CLASS}]*` : '(?!)', 'g');
    wordStartPatterns.set(key, pattern);
  }
  return pattern;
}

/**
 * The words of `text` starting from `from` up to `limit` whose first two folded letters may start one
 * of the matched terms (`pairs`, pairKeyOf of each; `pattern`, wordStartPattern of their first
 * letters), as start and end pairs; a word ends by `end` at the latest. The pattern skips the other
 * words in the regular expression engine, nothing is folded: folding whole chunks, finding the terms'
 * first letters there and mapping the offsets back was most of a snippet's cost (decision 067). A word
 * whose first letters do not fold one to one ("œ", "ß") is kept, for the caller's full check. A word
 * that `from` is inside of is not one.
 */
function candidateWords(text: string, from: number, end: number, limit: number, pattern: RegExp, pairs: Set<number>): number[] {
  const found: number[] = [];
  // From the character before: the pattern sees whether `from` starts a word.
  const offset = from > 0 ? from - 1 : 0;
  const part = text.slice(offset, end);
  pattern.lastIndex = from - offset;
  for (let match = pattern.exec(part); match !== null; match = pattern.exec(part)) {
    const start = offset + match.index;
    if (start >= limit) break;
    const wordEnd = start + match[0].length;
    const first = singleFoldedCodes[text.charCodeAt(start)]!;
    const second = wordEnd - start > 1 ? singleFoldedCodes[text.charCodeAt(start + 1)]! : -1;
    if (first === 0 || second === 0 || pairs.has(first * 1_024 + (second < 0 ? 0 : second))) found.push(start, wordEnd);
  }
  return found;
}

/** Whitespace that `\s+` → " " would change: any but a lone space. */
const SPACE_RUN = /[^\S ]| {2}/;
/** Any pattern: running it over a rope makes V8 copy the rope into one string, in place. */
const FLATTEN = /\0/;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** One field's postings of a term: article numbers, ascending, and how often the term occurs in each. */
interface Postings {
  /** 16 bits a number while the index has fewer than 65,536 (10 MB fewer at 10,000 articles), else 32. */
  docs: DocNumbers;
  frequencies: Uint8Array;
  length: number;
}

type DocNumbers = Uint16Array | Uint32Array;
/** Article numbers below this fit in 16 bits. */
const SMALL_NUMBERS = 65_536;

/** A term's postings by field (FIELDS order); undefined where the term never occurs. */
type TermPostings = (Postings | undefined)[];

/** A term a query word reaches, and how much a match on it counts. */
interface Expansion {
  term: string;
  weight: number;
  postings: TermPostings;
}

/** The whole index as plain data, for the disk cache: postings as base64 of little-endian arrays. */
export interface SearchIndexJson {
  /** The shape of this JSON; the content cache's version (index-version.ts) covers what is in it. */
  format: typeof JSON_FORMAT;
  /** [id, time, tags, field lengths, pair set (base64)], numbered from 0 in this order. */
  docs: [string, number, string[], number[], string][];
  /** [term, [field, article numbers, frequencies][]] */
  terms: [string, [number, string, string][]][];
  surfaces: [string, string][];
}
const JSON_FORMAT = 'postings-2';

/** Every adjacent pair of letters of a word swapped in turn ("kafak" → "akfak", "kfaak", "kaafk", "kafka"). */
function swapsOf(word: string): string[] {
  const swaps: string[] = [];
  for (let at = 0; at + 1 < word.length; at += 1) {
    if (word[at] !== word[at + 1]) swaps.push(word.slice(0, at) + word[at + 1]! + word[at]! + word.slice(at + 2));
  }
  return swaps;
}

/** Every word required, the last one completed: the query of a plain text. */
const plainQuery = (words: string[]): ParsedQuery => ({
  clauses: words.map((word, at) => [{ words: [word], phrase: false, ...(at === words.length - 1 ? { prefix: true } : {}) }]),
  excluded: [],
});

/** Index of the first element ≥ value in the first `length` elements of a sorted array. */
function lowerBound(array: DocNumbers, length: number, value: number): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (array[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

const postingsCount = (postings: TermPostings) => postings.reduce((sum, field) => sum + (field?.length ?? 0), 0);

/** The first `count` items in order: a bounded insertion when few are needed of many, else a sort. */
function firstInOrder(items: number[], count: number, compare: (a: number, b: number) => number): number[] {
  if (count * 8 >= items.length) return items.sort(compare).slice(0, count);
  const best: number[] = [];
  for (const item of items) {
    if (best.length === count && compare(item, best[count - 1]!) >= 0) continue;
    let low = 0;
    let high = best.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(best[middle]!, item) <= 0) low = middle + 1;
      else high = middle;
    }
    best.splice(low, 0, item);
    if (best.length > count) best.pop();
  }
  return best;
}

/** An article's answer to a phrase check, as phraseAnswers keeps it. */
const PHRASE_UNKNOWN = 0;
const PHRASE_MISSING = 1;
const PHRASE_HELD = 2;

/** What one query matched: article numbers (visible, of the tag) and their scores, in the same order. */
interface Matches {
  docs: number[];
  scores: Float64Array;
  expansions: Expansion[][];
}

/** What one part of a query matched (SearchIndex.matchPart): article numbers and their scores, in the same order. */
interface PartMatches {
  docs: Int32Array;
  scores: Float64Array;
}

/** A scratch of the query (SearchIndex.takeScratch): a score and a mark an article, and the articles reached. */
interface Scratch {
  scores: Float64Array;
  marks: Uint8Array;
  reached: Reached;
}

/** Article numbers in the order a query reached them (each once), in an array of one slot an article: none grown a query. */
interface Reached {
  numbers: Int32Array;
  length: number;
}

/** Articles a part may match: those whose mark in `marks` is `low` or `high`. */
interface Gate {
  marks: Uint8Array;
  low: number;
  high: number;
}

/**
 * True when the words of `text` (as foldedWords cuts them, stop words skipped) hold these stems one
 * after the other. Only words that may have the first stem are stemmed, with the words after them: a
 * Snowball stem keeps its word's first two letters (but for three English exceptions), so the others
 * are skipped by indexOf (decision 052).
 */
export function findPhrase(text: string, stems: string[], language: StemLanguage): boolean {
  if (stems.length === 0) return false;
  const folded = foldedForWords(text);
  for (const head of headsOf(stems[0]!, language)) {
    for (let at = folded.indexOf(head); at >= 0; at = folded.indexOf(head, at + 1)) {
      const first = wordAt(folded, at);
      if (!first || isStopWord(first.word, language) || stemWord(first.word, language) !== stems[0]) continue;
      let end = first.end;
      let matched = 1;
      while (matched < stems.length) {
        const next = nextWord(folded, end);
        if (!next) break;
        end = next.end;
        if (isStopWord(next.word, language)) continue;
        if (stemWord(next.word, language) !== stems[matched]) break;
        matched += 1;
      }
      if (matched === stems.length) return true;
    }
  }
  return false;
}

/** English Snowball's exceptions whose stem does not start as the word does: dying → die. */
const ENGLISH_HEADS = new Map([
  ['die', 'dy'],
  ['lie', 'ly'],
  ['tie', 'ty'],
]);

/** How the words that have this stem begin. */
function headsOf(stem: string, language: StemLanguage): string[] {
  const head = stem.slice(0, 2);
  const other = language === 'en' ? ENGLISH_HEADS.get(stem) : undefined;
  return other ? [head, other] : [head];
}

export class SearchIndex {
  private terms = new SearchableMap<TermPostings>();
  // The same postings by exact term: a Map lookup is several times cheaper than the tree's, and indexing does one a term.
  private exact = new Map<string, TermPostings>();
  /** Article number → id; undefined once removed (its postings stay until the next vacuum). */
  private ids: (string | undefined)[] = [];
  private readonly numbers = new Map<string, number>();
  private times: number[] = [];
  /** Each article's tag numbers, in runs of one typed array (decision 066), not an array an article. */
  private tagNumbersOf = new NumberRuns();
  /** Per article, its adjacent stems (pair-set.ts): a phrase is checked there (decision 058); one store, not an array an article (decision 066). */
  private pairSets = new PairSetStore();
  /** Where the saved index's arrays are decoded. */
  private arena = new ByteArena();
  /** Per field, the length of each article's field (terms counted as indexed). */
  private lengths: number[][] = FIELDS.map(() => []);
  private readonly totalLengths = new Float64Array(FIELDS.length);
  private removed = 0;
  // Stem → a word that has it, for "did you mean"; grows with the vocabulary, which is small.
  private readonly surfaces = new Map<string, string>();
  // Tag key → number, and the first spelling seen of each; grows with the set of tags, which is small.
  private readonly tagNumbers = new Map<string, number>();
  private readonly tagNames: string[] = [];
  // Folded term → the terms that stand for it (content/synonyms.yml).
  private readonly synonyms = new Map<string, QueryPart[]>();

  constructor(private readonly options: SearchIndexOptions) {}

  get size(): number {
    return this.numbers.size;
  }

  has(id: string): boolean {
    return this.numbers.has(id);
  }

  toJSON(): SearchIndexJson {
    // Numbered again from 0, without the removed articles.
    const renumber = new Int32Array(this.ids.length).fill(-1);
    const docs: SearchIndexJson['docs'] = [];
    this.ids.forEach((id, number) => {
      if (id === undefined) return;
      renumber[number] = docs.length;
      docs.push([
        id,
        this.times[number]!,
        this.tagNumbersOf.valuesOf(number).map((tag) => this.tagNames[tag]!),
        FIELDS.map((_, field) => this.lengths[field]![number]!),
        base64Of(this.pairSets.setOf(number)),
      ]);
    });
    const terms: SearchIndexJson['terms'] = [];
    this.terms.forEach((term, postings) => {
      const fields: [number, string, string][] = [];
      postings.forEach((field, at) => {
        if (!field) return;
        const kept: number[] = [];
        for (let i = 0; i < field.length; i += 1) if (renumber[field.docs[i]!]! >= 0) kept.push(i);
        if (kept.length === 0) return;
        const docNumbers = Uint32Array.from(kept, (i) => renumber[field.docs[i]!]!);
        const frequencies = Uint8Array.from(kept, (i) => field.frequencies[i]!);
        fields.push([at, base64Of(docNumbers), base64Of(frequencies)]);
      });
      if (fields.length > 0) terms.push([term, fields]);
    });
    return { format: JSON_FORMAT, docs, terms, surfaces: [...this.surfaces] };
  }

  /** Replaces the content with a saved index (see toJSON); throws on another format. */
  load(json: SearchIndexJson): void {
    if (json.format !== JSON_FORMAT) throw new Error(`search index format ${String(json.format)}, expected ${JSON_FORMAT}`);
    this.terms = new SearchableMap();
    this.exact = new Map();
    this.ids = [];
    this.numbers.clear();
    this.times = [];
    this.tagNumbersOf = new NumberRuns();
    this.lengths = FIELDS.map(() => []);
    this.totalLengths.fill(0);
    this.removed = 0;
    this.pairSets = new PairSetStore();
    this.arena = new ByteArena();
    this.norms = undefined;
    this.expansions.clear();
    this.phrases.clear();
    this.wide = json.docs.length > SMALL_NUMBERS;
    for (const [id, time, tags, lengths, pairs] of json.docs) this.addInfo(id, time, tags, lengths, pairs);
    for (const [term, fields] of json.terms) {
      const postings: TermPostings = [];
      for (const [field, docNumbers, frequencies] of fields) {
        const docs = this.wide ? this.arena.takeUint32(docNumbers) : this.arena.takeUint32AsUint16(docNumbers);
        postings[field] = { docs, frequencies: this.arena.take(frequencies, 1), length: docs.length };
      }
      this.terms.set(term, postings);
      this.exact.set(term, postings);
    }
    this.surfaces.clear();
    for (const [stem, word] of json.surfaces) this.surfaces.set(stem, word);
  }

  private numberOfTag(tag: string): number {
    const key = tagKey(tag);
    let number = this.tagNumbers.get(key);
    if (number === undefined) {
      number = this.tagNames.length;
      this.tagNumbers.set(key, number);
      this.tagNames.push(tag);
    }
    return number;
  }

  /** Numbers a new article; its postings are added by the caller. */
  private addInfo(id: string, time: number, tags: string[], lengths: number[], pairs: string): number {
    this.dateOrder = undefined;
    this.tagRuns = undefined;
    this.norms = undefined;
    this.expansions.clear();
    this.phrases.clear();
    const number = this.ids.length;
    if (number >= SMALL_NUMBERS && !this.wide) this.widen();
    this.ids.push(id);
    this.pairSets.push(pairs);
    this.numbers.set(id, number);
    this.times.push(time);
    this.tagNumbersOf.push([...new Set(tags.map((tag) => this.numberOfTag(tag)))]);
    lengths.forEach((length, field) => {
      this.lengths[field]!.push(length);
      this.totalLengths[field]! += length;
    });
    return number;
  }

  /** Adds or replaces one article. */
  set(doc: IndexDocument): void {
    this.remove(doc.id);
    // Plain loops, no array a field: this runs on the event loop for each of a cold start's files (decision 071).
    const stems: string[][] = [];
    const lengths: number[] = [];
    for (let at = 0; at < FIELDS.length; at += 1) {
      const { stems: joined, counts } = doc.terms[FIELDS[at]!];
      const terms = splitLines(joined);
      let length = 0;
      for (let each = 0; each < terms.length; each += 1) if (terms[each]) length += frequencyOf(at, counts[each]!);
      stems.push(terms);
      lengths.push(length);
    }
    const number = this.addInfo(doc.id, doc.time, doc.tags, lengths, doc.pairs);
    let newTerms = false;
    for (let at = 0; at < FIELDS.length; at += 1) {
      const terms = stems[at]!;
      const counts = doc.terms[FIELDS[at]!].counts;
      for (let each = 0; each < terms.length; each += 1) {
        const term = terms[each]!;
        if (term && this.append(term, at, number, frequencyOf(at, counts[each]!))) newTerms = true;
      }
    }
    // Every term indexed has its surface already (a document's surfaces name all its stems, and none is
    // ever dropped): only a document that brings a new term can add one. Most of a cold start's bring
    // none, and reading their 700 surfaces was as costly as indexing them (decision 071). A stem that
    // is no term (empty) shows as an empty line.
    if (!newTerms && !doc.surfaces.startsWith('\n') && !doc.surfaces.includes('\n\n')) return;
    const surfaces = splitLines(doc.surfaces);
    for (let at = 0; at + 1 < surfaces.length; at += 2) if (!this.surfaces.has(surfaces[at]!)) this.surfaces.set(surfaces[at]!, surfaces[at + 1]!);
  }

  /** True once an article number needs 32 bits: every postings array is then 32-bit. */
  private wide = false;

  private newDocNumbers(length: number): DocNumbers {
    return this.wide ? new Uint32Array(length) : new Uint16Array(length);
  }

  /** Makes every postings array 32-bit, once, when the 65,536th article is numbered. */
  private widen(): void {
    this.wide = true;
    for (const postings of this.exact.values()) {
      for (const field of postings) if (field) field.docs = Uint32Array.from(field.docs);
    }
  }

  /** Adds an article's frequency to a term's postings in a field; true when the term is new to the index. */
  private append(term: string, field: number, number: number, frequency: number): boolean {
    let postings = this.exact.get(term);
    const added = !postings;
    if (!postings) {
      postings = [];
      this.terms.set(term, postings);
      this.exact.set(term, postings);
    }
    let entry = postings[field];
    if (!entry) entry = postings[field] = { docs: this.newDocNumbers(2), frequencies: new Uint8Array(2), length: 0 };
    if (entry.length === entry.docs.length) {
      const docs = this.newDocNumbers(entry.length * 2);
      docs.set(entry.docs);
      const frequencies = new Uint8Array(entry.length * 2);
      frequencies.set(entry.frequencies);
      entry.docs = docs;
      entry.frequencies = frequencies;
    }
    entry.docs[entry.length] = number;
    entry.frequencies[entry.length] = frequency;
    entry.length += 1;
    return added;
  }

  remove(id: string): void {
    const number = this.numbers.get(id);
    if (number === undefined) return;
    this.numbers.delete(id);
    this.ids[number] = undefined;
    this.dateOrder = undefined;
    this.tagRuns = undefined;
    this.norms = undefined;
    this.expansions.clear();
    this.phrases.clear();
    this.tagNumbersOf.clear(number);
    this.pairSets.clear(number);
    FIELDS.forEach((_, field) => {
      this.totalLengths[field]! -= this.lengths[field]![number]!;
    });
    this.removed += 1;
    // Removed articles are skipped by every query; their postings go once they are a fifth of the index.
    if (this.removed > 64 && this.removed * 4 > this.numbers.size) this.vacuum();
  }

  /**
   * Drops the postings of removed articles and numbers the others again from 0, so that memory and the
   * per-query arrays follow the articles there are: tens of milliseconds at 10,000 articles, once per
   * thousands of edits.
   */
  private vacuum(): void {
    const renumber = new Int32Array(this.ids.length).fill(-1);
    const kept = this.ids.flatMap((id, number) => (id === undefined ? [] : [number]));
    kept.forEach((number, at) => {
      renumber[number] = at;
    });
    const gone: string[] = [];
    this.terms.forEach((term, postings) => {
      postings.forEach((field, at) => {
        if (!field) return;
        let length = 0;
        for (let i = 0; i < field.length; i += 1) {
          const number = renumber[field.docs[i]!]!;
          if (number < 0) continue;
          field.docs[length] = number;
          field.frequencies[length] = field.frequencies[i]!;
          length += 1;
        }
        field.length = length;
        if (length === 0) postings[at] = undefined;
      });
      if (postings.every((field) => field === undefined)) gone.push(term);
    });
    for (const term of gone) {
      this.terms.delete(term);
      this.exact.delete(term);
    }
    this.ids = kept.map((number) => this.ids[number]);
    this.times = kept.map((number) => this.times[number]!);
    this.tagNumbersOf = this.tagNumbersOf.copyOf(kept);
    // Copied to a new store: the removed articles' sets go with the old one.
    const pairSets = new PairSetStore();
    for (const number of kept) pairSets.pushCopy(this.pairSets, number);
    this.pairSets = pairSets;
    this.lengths = this.lengths.map((lengths) => kept.map((number) => lengths[number]!));
    this.ids.forEach((id, number) => this.numbers.set(id!, number));
    this.removed = 0;
    this.dateOrder = undefined;
    this.tagRuns = undefined;
    this.norms = undefined;
    this.expansions.clear();
    this.phrases.clear();
  }

  /** True when some article not removed has the term (until a vacuum, removed ones keep their postings). */
  private isLive(postings: TermPostings): boolean {
    if (this.removed === 0) return true;
    return postings.some((field) => {
      if (!field) return false;
      for (let i = 0; i < field.length; i += 1) if (this.ids[field.docs[i]!] !== undefined) return true;
      return false;
    });
  }

  // Article numbers newest first, and each one's place in that order: sorting by date is then comparing
  // two integers, and a list in date order a walk (undefined after a change: made again when needed).
  private dateOrder: Int32Array | undefined;
  private dateRanks: Int32Array | undefined;

  private readDateRanks(): { order: Int32Array; ranks: Int32Array } {
    if (!this.dateOrder || !this.dateRanks) {
      const numbers: number[] = [];
      for (let number = 0; number < this.ids.length; number += 1) if (this.ids[number] !== undefined) numbers.push(number);
      numbers.sort((a, b) => this.times[b]! - this.times[a]! || this.ids[a]!.localeCompare(this.ids[b]!));
      this.dateOrder = Int32Array.from(numbers);
      this.dateRanks = new Int32Array(this.ids.length).fill(-1);
      this.dateOrder.forEach((number, rank) => {
        this.dateRanks![number] = rank;
      });
    }
    return { order: this.dateOrder, ranks: this.dateRanks };
  }

  private compareByDate = (a: number, b: number): number => {
    const { ranks } = this.readDateRanks();
    return ranks[a]! - ranks[b]!;
  };

  /** The first `count` of `numbers` newest first, or all of them when no count: a walk of the date order, no sort. */
  private inDateOrder(numbers: number[], count = numbers.length): number[] {
    const { order } = this.readDateRanks();
    if (numbers.length * 16 < order.length) return firstInOrder(numbers, count, this.compareByDate);
    const wanted = new Uint8Array(this.ids.length);
    for (const number of numbers) wanted[number] = 1;
    const ordered: number[] = [];
    for (let rank = 0; rank < order.length && ordered.length < count; rank += 1) if (wanted[order[rank]!] === 1) ordered.push(order[rank]!);
    return ordered;
  }

  /** Article numbers that may be shown now (and carry the tag, when one is given). */
  private visibleFilter(tag: string | undefined): (number: number) => boolean {
    const tagNumber = tag === undefined ? undefined : (this.tagNumbers.get(tagKey(tag)) ?? -1);
    // Without a tag and with every article public (the usual case), no article needs a look.
    const all = this.options.allVisible?.() ?? false;
    if (tagNumber === undefined) return (number) => this.ids[number] !== undefined && (all || this.options.isVisible(this.ids[number]!));
    // The tag looked up in the typed arrays facets count with, not in an array an article.
    const { starts, tags } = this.readTagRuns();
    return (number) => {
      if (this.ids[number] === undefined) return false;
      let run = starts[number]!;
      const end = starts[number + 1]!;
      while (run < end && tags[run] !== tagNumber) run += 1;
      return run < end && (all || this.options.isVisible(this.ids[number]!));
    };
  }

  /** Every visible article carrying the tag (or all when no tag). */
  private listAll(tag: string | undefined): number[] {
    const keep = this.visibleFilter(tag);
    const numbers: number[] = [];
    for (let number = 0; number < this.ids.length; number += 1) if (keep(number)) numbers.push(number);
    return numbers;
  }

  /**
   * The terms a query word reaches: its French and English stems; on the last word, their completions;
   * with typos allowed, terms within its budget — only when the word itself and its completions are
   * not in the index, so that a correctly spelt word never brings in look-alikes (spring, string). Two
   * adjacent letters swapped count as one typo (Damerau), as in the search engines readers know.
   */
  private expand(word: string, last: boolean, typos = typoBudget(word)): Expansion[] {
    // The same word reaches the same terms until the index changes: readers' queries share most words.
    const key = `${typos}${last ? '+' : ' '}${word}`;
    let found = this.expansions.get(key);
    if (!found) {
      found = this.expandAnew(word, last, typos);
      if (this.expansions.size >= MAX_CACHED_EXPANSIONS) this.expansions.clear();
      this.expansions.set(key, found);
    }
    return found;
  }

  // Query word → the terms it reaches (read-only arrays, shared), emptied on any change of the index.
  private readonly expansions = new Map<string, Expansion[]>();

  private expandAnew(word: string, last: boolean, typos: number): Expansion[] {
    const forms = [...new Set([stemWord(word, 'fr'), stemWord(word, 'en')])];
    const found = new Map<string, Expansion>();
    const add = (term: string, weight: number, postings: TermPostings) => {
      const known = found.get(term);
      if (!known || known.weight < weight) found.set(term, { term, weight, postings });
    };
    for (const form of forms) {
      const postings = this.exact.get(form);
      if (postings && this.isLive(postings)) add(form, 1, postings);
    }
    if (last) {
      for (const form of forms) {
        const completions: [string, TermPostings][] = [...this.terms.atPrefix(form)].filter(
          ([term, postings]) => term.length > form.length && this.isLive(postings),
        );
        const kept =
          completions.length > MAX_PREFIX_TERMS
            ? completions.sort((a, b) => postingsCount(b[1]) - postingsCount(a[1])).slice(0, MAX_PREFIX_TERMS)
            : completions;
        for (const [term, postings] of kept) {
          const distance = term.length - form.length;
          add(term, (PREFIX_WEIGHT * term.length) / (term.length + 0.3 * distance), postings);
        }
      }
    }
    if (found.size === 0 && typos > 0) {
      const typo = (term: string, postings: TermPostings, distance: number) => {
        if (distance > 0 && this.isLive(postings)) add(term, (FUZZY_WEIGHT * term.length) / (term.length + distance), postings);
      };
      for (const form of new Set([...forms, word])) {
        for (const [term, [postings, distance]] of this.terms.fuzzyGet(form, typos)) typo(term, postings, distance);
        // A swap is one typo; with two allowed, a swap and one more edit.
        for (const swapped of swapsOf(form)) {
          if (typos === 1) {
            const postings = this.exact.get(swapped);
            if (postings) typo(swapped, postings, 1);
          } else {
            for (const [term, [postings, distance]] of this.terms.fuzzyGet(swapped, typos - 1)) typo(term, postings, distance + 1);
          }
        }
      }
    }
    return [...found.values()];
  }

  // Per field, each article's K × (1 − B + B × length / average length), the BM25 denominator's share
  // that depends on the article: made once per change, not per posting and query (decision 067).
  private norms: Float64Array[] | undefined;

  private readNorms(): Float64Array[] {
    if (!this.norms) {
      const count = this.numbers.size;
      this.norms = FIELDS.map((_, field) => {
        const averageLength = this.totalLengths[field]! / Math.max(1, count) || 1;
        const lengths = this.lengths[field]!;
        const norms = new Float64Array(lengths.length);
        for (let number = 0; number < lengths.length; number += 1) norms[number] = K * (1 - B + (B * lengths[number]!) / averageLength);
        return norms;
      });
    }
    return this.norms;
  }

  // Arrays of one slot an article, zero between queries: each query takes them and clears the slots it
  // wrote, rather than allocating (and the collector freeing) 90 KB at 10,000 articles a clause.
  private readonly scratches: Scratch[] = [];

  private takeScratch(): Scratch {
    const scratch = this.scratches.pop();
    if (scratch && scratch.marks.length >= this.ids.length) return scratch;
    const size = this.ids.length;
    return { scores: new Float64Array(size), marks: new Uint8Array(size), reached: { numbers: new Int32Array(size), length: 0 } };
  }

  /** Gives a scratch back, the slots of the articles it reached and of `touched` (every other it wrote) cleared. */
  private giveBack(scratch: Scratch, touched: number[] = []): void {
    const { numbers, length } = scratch.reached;
    for (let at = 0; at < length; at += 1) {
      scratch.scores[numbers[at]!] = 0;
      scratch.marks[numbers[at]!] = 0;
    }
    for (let at = 0; at < touched.length; at += 1) {
      scratch.scores[touched[at]!] = 0;
      scratch.marks[touched[at]!] = 0;
    }
    scratch.reached.length = 0;
    this.scratches.push(scratch);
  }

  /**
   * Adds each posting's BM25+ score to the articles still in the running for step `step`: those whose
   * mark is `step` or `step + 1` and, at step 0, whose gate mark is `gateLow` or `gateHigh` (no gate:
   * every article). An article at `step` moves to `step + 1`; at step 0 it is added to the scratch's reached.
   * Loops over typed arrays and no closure a posting: this is most of a query's matching time.
   */
  private scorePostings(expansions: Expansion[], into: Scratch, step: number, gate?: Gate, only = false): void {
    const count = this.numbers.size;
    const norms = this.readNorms();
    const { scores, marks, reached } = into;
    // `only`: the articles whose mark is `step` are scored, and nothing else changes.
    const next = only ? step : step + 1;
    for (const { weight, postings } of expansions) {
      for (let fieldAt = 0; fieldAt < postings.length; fieldAt += 1) {
        const field = postings[fieldAt];
        if (!field) continue;
        const idf = Math.log(1 + (count - field.length + 0.5) / (field.length + 0.5));
        const boost = BOOSTS[fieldAt]! * weight * idf;
        const norm = norms[fieldAt]!;
        const { docs, frequencies } = field;
        for (let i = 0; i < field.length; i += 1) {
          const number = docs[i]!;
          const mark = marks[number]!;
          if (mark !== step && mark !== next) continue;
          if (mark === step && !only) {
            if (step === 0 && gate !== undefined) {
              const open = gate.marks[number]!;
              if (open !== gate.low && open !== gate.high) continue;
            }
            marks[number] = next;
            if (step === 0) reached.numbers[reached.length++] = number;
          }
          const frequency = frequencies[i]!;
          scores[number]! += boost * (D + (frequency * (K + 1)) / (frequency + norm[number]!));
        }
      }
    }
  }

  /**
   * Articles having every word of a part (each through any of its terms; a phrase's words only as
   * typed, stemmed), among those `gate` lets through, with their scores (in the same order); a phrase
   * checked in the text.
   */
  private matchPart(part: QueryPart, gate: Gate, reached: Expansion[], exact = part.phrase): PartMatches {
    const scratch = this.takeScratch();
    const { numbers: docs } = scratch.reached;
    const words = part.words.slice(0, 255);
    const expansions = words.map((word, at) => {
      const found = exact ? this.expand(word, false, 0) : this.expand(word, part.prefix === true && at === part.words.length - 1);
      reached.push(...found);
      return found;
    });
    if (part.phrase) {
      // Articles having every word first, then the phrase checked, then only those scored: the
      // phrase of two common words that few articles hold no longer scores thousands (decision 067).
      expansions.forEach((found, at) => this.markPostings(found, scratch, at, gate));
      const isPhrase = this.phraseCheck(part.words);
      const known = this.phraseAnswers(part.words);
      let left = 0;
      for (let each = 0; each < scratch.reached.length; each += 1) {
        const number = docs[each]!;
        let holds = false;
        if (scratch.marks[number] === words.length) {
          // Each article's answer is kept: a phrase asked again checks no pair set and reads no text.
          if (known[number] === PHRASE_UNKNOWN) known[number] = isPhrase(number) ? PHRASE_HELD : PHRASE_MISSING;
          holds = known[number] === PHRASE_HELD;
        }
        scratch.marks[number] = holds ? 1 : 0;
        left += scratch.marks[number]!;
      }
      // The same sums in the same order as scoring word by word: the same scores to the last bit.
      if (left > 0) for (const found of expansions) this.scorePostings(found, scratch, 1, undefined, true);
    } else {
      expansions.forEach((found, at) => this.scorePostings(found, scratch, at, gate));
    }
    const matched = this.copyMarked(scratch, part.phrase ? 1 : words.length);
    this.giveBack(scratch);
    return matched;
  }

  /**
   * The articles a scratch reached whose mark is `mark`, with their scores, in reached order: counted
   * first, then copied into typed arrays of exactly that size. Arrays pushed to from empty changed
   * their elements' kind as they grew (small integers, then doubles), and the optimised code of the
   * functions reading them was thrown away each time the kind differed: a recompilation on a query
   * first seen (decision 070).
   */
  private copyMarked(scratch: Scratch, mark: number): PartMatches {
    const { numbers, length } = scratch.reached;
    let count = 0;
    for (let each = 0; each < length; each += 1) if (scratch.marks[numbers[each]!] === mark) count += 1;
    const matched: PartMatches = { docs: new Int32Array(count), scores: new Float64Array(count) };
    let at = 0;
    for (let each = 0; each < length; each += 1) {
      const number = numbers[each]!;
      if (scratch.marks[number] !== mark) continue;
      matched.docs[at] = number;
      matched.scores[at] = scratch.scores[number]!;
      at += 1;
    }
    return matched;
  }

  // Phrase (its words) → each article's answer to the phrase check (PHRASE_*), filled as articles are
  // asked; emptied on any change of the index, as the expansions are.
  private readonly phrases = new Map<string, Uint8Array>();

  private phraseAnswers(words: string[]): Uint8Array {
    const key = words.join(' ');
    let answers = this.phrases.get(key);
    if (!answers) {
      if (this.phrases.size >= MAX_CACHED_PHRASES) this.phrases.clear();
      answers = new Uint8Array(this.ids.length);
      this.phrases.set(key, answers);
    }
    return answers;
  }

  /** scorePostings' walk without the scores: which articles are still in the running for step `step`. */
  private markPostings(expansions: Expansion[], into: Scratch, step: number, gate: Gate): void {
    const { marks, reached } = into;
    const next = step + 1;
    for (const { postings } of expansions) {
      for (const field of postings) {
        if (!field) continue;
        const { docs } = field;
        for (let i = 0; i < field.length; i += 1) {
          const number = docs[i]!;
          if (marks[number] !== step) continue;
          if (step === 0) {
            const open = gate.marks[number]!;
            if (open !== gate.low && open !== gate.high) continue;
            reached.numbers[reached.length++] = number;
          }
          marks[number] = next;
        }
      }
    }
  }

  /**
   * Whether an article holds the words next to each other, in order, after folding and stemming: each
   * two words next to each other must be one of its pairs of adjacent stems (decision 058), the
   * hashes made once a phrase in each language. Two words are then the phrase; three or more may have
   * every pair apart ("a b … b c"), so the text of the articles having them all decides.
   */
  private phraseCheck(words: string[]): (number: number) => boolean {
    const pairsIn = (language: StemLanguage) => {
      const stems = words.map((word) => hashStem(stemWord(word, language)));
      return stems.slice(1).map((hash, at) => hashPair(stems[at]!, hash));
    };
    const french = pairsIn('fr');
    const english = pairsIn('en');
    const sets = this.pairSets;
    return (number) => {
      if (number >= sets.size) return false;
      // Thousands of articles a phrase of common words: a loop, no closure a call.
      const hashes = sets.languageOf(number) === 'en' ? english : french;
      for (let at = 0; at < hashes.length; at += 1) if (!sets.has(number, hashes[at]!)) return false;
      return words.length === 2 || this.hasPhraseInText(number, words);
    };
  }

  /** True when the article's text (summary and body) holds the words next to each other, in order, after folding and stemming. */
  private hasPhraseInText(number: number, words: string[]): boolean {
    const id = this.ids[number]!;
    // The start of the text first, as for snippets: a phrase an article is about is most often there.
    const start = this.options.textOf?.(id, SNIPPET_READ_BYTES);
    if (!start) return false;
    const language = stemLanguageOf(start.language);
    const wanted = words.map((word) => stemWord(word, language));
    if (findPhrase(start.text, wanted, language)) return true;
    if (start.complete !== false) return false;
    const whole = this.options.textOf?.(id);
    if (!whole) return false;
    // Only the rest, from a space well before where the start ended: a phrase across the cut is found there.
    const from = whole.text.lastIndexOf(' ', Math.max(0, start.text.length - PHRASE_OVERLAP));
    return findPhrase(from > 0 ? whole.text.slice(from) : whole.text, wanted, language);
  }

  /**
   * Articles meeting every clause (each through any of its parts) and no exclusion, with their BM25+
   * scores: per term and field, idf × saturated frequency × field boost × the term's weight, summed.
   * A clause of single words (the usual case) walks the postings once; a phrase or a group is matched
   * on its own, among the articles the earlier clauses left.
   */
  private match(query: ParsedQuery, tag: string | undefined): Matches {
    // The scores, and how many of the clauses, in order, each article has met so far (its mark).
    const scratch = this.takeScratch();
    const { scores, marks, reached: reachedFirst } = scratch;
    const expansions: Expansion[][] = [];
    // Clauses of single words first: a phrase is then checked in the fewest texts.
    const isSimple = (clause: QueryPart[]) => clause.every((part) => part.words.length === 1);
    const clauses = [...query.clauses.filter(isSimple), ...query.clauses.filter((clause) => !isSimple(clause))];
    clauses.forEach((clause, at) => {
      const reached: Expansion[] = [];
      for (const part of clause) {
        if (part.words.length === 1) {
          const expansions = this.expand(part.words[0]!, part.prefix === true);
          reached.push(...expansions);
          this.scorePostings(expansions, scratch, at);
        } else {
          const found = this.matchPart(part, { marks, low: at, high: at + 1 }, reached);
          for (let each = 0; each < found.docs.length; each += 1) {
            const number = found.docs[each]!;
            if (marks[number] !== at && marks[number] !== at + 1) continue;
            if (marks[number] === at) {
              marks[number] = at + 1;
              if (at === 0) reachedFirst.numbers[reachedFirst.length++] = number;
            }
            scores[number]! += found.scores[each]!;
          }
        }
      }
      expansions.push(reached);
    });
    // Every article public and no tag: only removed ones are left out, with no call an article.
    const keep = tag === undefined && (this.options.allVisible?.() ?? false) ? undefined : this.visibleFilter(tag);
    // Gathered in a typed array, then copied into an array of their number: thousands of pushes
    // allocated about three times the final array as it grew (decision 075).
    if (this.kept.length < this.ids.length) this.kept = new Int32Array(this.ids.length);
    const kept = this.kept;
    let keptCount = 0;
    for (let each = 0; each < reachedFirst.length; each += 1) {
      const number = reachedFirst.numbers[each]!;
      if (marks[number] === clauses.length && (keep ? keep(number) : this.ids[number] !== undefined)) kept[keptCount++] = number;
    }
    for (let at = 0; at < query.excluded.length && keptCount > 0; at += 1) keptCount = this.exclude(query.excluded[at]!, kept, keptCount);
    const candidates: number[] = new Array<number>(keptCount);
    for (let at = 0; at < keptCount; at += 1) candidates[at] = kept[at]!;
    // A loop: Float64Array.from with a map function cost more than the whole scoring.
    const candidateScores = new Float64Array(candidates.length);
    for (let at = 0; at < candidates.length; at += 1) candidateScores[at] = scores[candidates[at]!]!;
    this.giveBack(scratch);
    return { docs: candidates, scores: candidateScores, expansions };
  }

  // The matches of a query before they are copied out (match), one slot an article, reused.
  private kept = new Int32Array(0);

  /**
   * Drops from the first `count` of `candidates` the articles matching an excluded part, in place,
   * keeping their order; returns how many are left. An excluded word is excluded as typed (and
   * stemmed): no typo, no completion. A word costs a walk of its postings, nothing scored; a phrase
   * is matched among the candidates as a clause is.
   */
  private exclude(part: QueryPart, candidates: Int32Array, count: number): number {
    const scratch = this.takeScratch();
    const { marks } = scratch;
    for (let at = 0; at < count; at += 1) marks[candidates[at]!] = 1;
    if (!part.phrase && part.words.length === 1) {
      for (const { postings } of this.expand(part.words[0]!, false, 0)) {
        for (let fieldAt = 0; fieldAt < postings.length; fieldAt += 1) {
          const field = postings[fieldAt];
          if (!field) continue;
          const { docs } = field;
          for (let i = 0; i < field.length; i += 1) if (marks[docs[i]!] === 1) marks[docs[i]!] = 2;
        }
      }
    } else {
      const excluded = this.matchPart({ ...part, prefix: false }, { marks, low: 1, high: 1 }, [], true);
      for (let each = 0; each < excluded.docs.length; each += 1) marks[excluded.docs[each]!] = 2;
    }
    let left = 0;
    for (let at = 0; at < count; at += 1) {
      const number = candidates[at]!;
      if (marks[number] === 1) candidates[left++] = number;
      // Every mark written was a candidate's: the scratch goes back clear.
      marks[number] = 0;
    }
    this.giveBack(scratch);
    return left;
  }

  /** The index terms through which a matched article matched, for its snippet. */
  private termsMatched(number: number, expansions: Expansion[][]): { terms: Set<string>; inText: boolean } {
    const terms = new Set<string>();
    let inText = false;
    for (const reached of expansions) {
      for (const { term, postings } of reached) {
        // A loop, not forEach: no closure a term and hit.
        for (let at = 0; at < postings.length; at += 1) {
          const field = postings[at];
          if (field === undefined || field.docs[lowerBound(field.docs, field.length, number)] !== number) continue;
          terms.add(term);
          if (at === SUMMARY || at === BODY) inText = true;
        }
      }
    }
    return { terms, inText };
  }

  /** Replaces the synonyms: each group's terms (words or phrases) stand for one another, both ways. */
  setSynonyms(groups: string[][]): void {
    this.synonyms.clear();
    for (const group of groups) {
      // A phrase's stop words are not indexed: "base de données" is "base données" next to each other.
      const parts = group
        .map((term) => foldedWords(term))
        .map((words) => (words.length > 1 ? words.filter((word) => !isStopWord(word, 'fr') && !isStopWord(word, 'en')) : words));
      for (const words of parts) {
        if (words.length === 0) continue;
        const key = words.join(' ');
        const others = parts.filter((other) => other.length > 0 && other.join(' ') !== key).map((other) => ({ words: other, phrase: other.length > 1 }));
        this.synonyms.set(key, [...(this.synonyms.get(key) ?? []), ...others]);
      }
    }
  }

  /** A query's syntax read, its words' synonyms as alternatives (decision 046). */
  parse(text: string): ParsedQuery {
    return parseQuery(text.replace(/\s+/g, ' ').trim().slice(0, MAX_SEARCH_LENGTH), (part) => [part, ...(this.synonyms.get(part.words.join(' ')) ?? [])]);
  }

  /** What the answer to a text depends on: two texts with the same key get the same answer. */
  keyOf(text: string): string {
    return describeQuery(this.parse(text));
  }

  /** Searches; an empty text lists every visible article (of the tag), newest first. */
  search(query: SearchQuery): SearchResults {
    const parsed = this.parse(query.text);
    const words = parsed.clauses.flat().flatMap((part) => part.words);
    const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(query.pageSize ?? DEFAULT_PAGE_SIZE)));
    const page = Math.max(1, Math.floor(query.page ?? 1));
    const matches = parsed.clauses.length === 0 ? undefined : this.match(parsed, query.tag);
    const numbers = matches?.docs ?? this.listAll(query.tag);
    const total = numbers.length;
    const facets = this.facetsOf(numbers);
    const pageNumbers = (!matches || query.sort === 'date' ? this.inDateOrder(numbers, page * pageSize) : this.bestOf(matches, page * pageSize)).slice(
      (page - 1) * pageSize,
    );
    const answer: SearchResults = {
      total,
      hits: pageNumbers.map((number) => {
        const id = this.ids[number]!;
        const snippet = matches ? this.snippetOf(id, this.termsMatched(number, matches.expansions)) : undefined;
        return snippet === undefined ? { id } : { id, snippet };
      }),
      facets,
    };
    if (total === 0 && words.length > 0 && parsed.excluded.length === 0 && parsed.clauses.every((clause) => clause.length === 1)) {
      const suggestion = this.suggest(words, query.tag);
      if (suggestion) answer.suggestion = suggestion;
    }
    return answer;
  }

  /**
   * Asks, and forgets, queries of every kind (words, a prefix, typos, a phrase, exclusions, OR, a tag
   * and its second page, date order, a word found nowhere) made of the index's own words (of about one article in twenty),
   * `rounds` times: V8 compiles the query code, in the background, once it has run enough, so that
   * the first readers' queries after a start do not pay for it (decision 070). Nothing asked is kept:
   * the words' expansions and the phrases' answers are forgotten; the answers are the same after it.
   */
  warmUp(rounds: number): void {
    const words = this.commonWords(6);
    const tag = this.tagNames[0];
    if (words.length < 2) return;
    const texts = words.flatMap((word, at) => {
      const other = words[(at + 1) % words.length]!;
      const swapped = word[0]! + word[2]! + word[1]! + word.slice(3);
      return [word, `${word} ${other}`, word.slice(0, 4), swapped, word.slice(0, -2) + word.slice(-1), `"${word} ${other}"`, `${word} -${other}`];
    });
    const mixed = words.map((word, at) => `${words[(at + 2) % words.length]!} OR ${word} -"${word} ${words[(at + 1) % words.length]!}"`);
    for (let round = 0; round < rounds; round += 1) {
      for (const text of texts) this.search({ text });
      for (const text of mixed) this.search({ text, sort: 'date' });
      for (const word of words) this.search({ text: word.toUpperCase(), ...(tag === undefined ? {} : { tag }), page: 2 });
      this.search({ text: `${words[0]!}${words[1]!}` });
      this.search({ text: '', ...(tag === undefined ? {} : { tag }) });
    }
    this.expansions.clear();
    this.phrases.clear();
  }

  /** Up to `count` words of the index, among the first thousands it learnt, found in about one article in twenty: plain letters, 5 to 12 of them. */
  private commonWords(count: number): string[] {
    const found: { word: string; articles: number }[] = [];
    let seen = 0;
    for (const [stem, word] of this.surfaces) {
      if ((seen += 1) > 5_000) break;
      if (!/^[a-z]{5,12}$/.test(word)) continue;
      const postings = this.exact.get(stem);
      if (postings) found.push({ word, articles: postingsCount(postings) });
    }
    // Words of about one article in twenty: postings long enough for the loops to run, phrases of
    // the commonest words (thousands of pair-set checks) would make the warm-up cost several times more.
    const aim = this.numbers.size / 20;
    return found
      .sort((a, b) => Math.abs(a.articles - aim) - Math.abs(b.articles - aim) || (a.word < b.word ? -1 : 1))
      .slice(0, count)
      .map(({ word }) => word);
  }

  /**
   * The first `count` matches by score, then newest first (a total order: the same page whatever the
   * matches' order): a sort when the page is a large share of them, else one pass keeping the best
   * few in order, compared inline.
   */
  private bestOf({ docs, scores }: Matches, count: number): number[] {
    const { ranks } = this.readDateRanks();
    // True when the match at `a` comes before the one at `b`.
    const before = (a: number, b: number) => scores[a]! > scores[b]! || (scores[a] === scores[b] && ranks[docs[a]!]! < ranks[docs[b]!]!);
    if (count * 8 >= docs.length) {
      const all = docs.map((_, at) => at);
      all.sort((a, b) => scores[b]! - scores[a]! || ranks[docs[a]!]! - ranks[docs[b]!]!);
      return all.slice(0, count).map((at) => docs[at]!);
    }
    const best: number[] = [];
    for (let at = 0; at < docs.length; at += 1) {
      if (best.length === count && !before(at, best[count - 1]!)) continue;
      let low = 0;
      let high = best.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (before(at, best[middle]!)) high = middle;
        else low = middle + 1;
      }
      best.splice(low, 0, at);
      if (best.length > count) best.pop();
    }
    return best.map((at) => docs[at]!);
  }

  /** Ids of every visible article matching the text (all when empty), newest first: the items API's list. */
  listIds(text: string): string[] {
    const parsed = this.parse(text);
    const numbers = parsed.clauses.length === 0 ? this.listAll(undefined) : this.match(parsed, undefined).docs;
    return this.inDateOrder(numbers).map((number) => this.ids[number]!);
  }

  // Each article's tag numbers one after the other (undefined after a change): counting facets over
  // thousands of matches reads two typed arrays, not an array an article.
  private tagRuns: { starts: Uint32Array; tags: Uint32Array } | undefined;

  private readTagRuns(): { starts: Uint32Array; tags: Uint32Array } {
    if (!this.tagRuns) {
      const runs = this.tagNumbersOf;
      const starts = new Uint32Array(this.ids.length + 1);
      for (let number = 0; number < runs.size; number += 1) starts[number + 1] = starts[number]! + runs.countOf(number);
      const tags = new Uint32Array(starts[this.ids.length]!);
      for (let number = 0; number < runs.size; number += 1) runs.copyTo(number, tags, starts[number]!);
      this.tagRuns = { starts, tags };
    }
    return this.tagRuns;
  }

  private facetsOf(numbers: number[]): { tag: string; count: number }[] {
    const counts = new Uint32Array(this.tagNames.length);
    const { starts, tags } = this.readTagRuns();
    for (let at = 0; at < numbers.length; at += 1) {
      const number = numbers[at]!;
      for (let run = starts[number]!, end = starts[number + 1]!; run < end; run += 1) counts[tags[run]!]! += 1;
    }
    const facets: { tag: string; count: number }[] = [];
    counts.forEach((count, tag) => {
      if (count > 0) facets.push({ tag: this.tagNames[tag]!, count });
    });
    return facets.sort((a, b) => b.count - a.count || frenchTagOrder.compare(a.tag, b.tag));
  }

  /** True when the word alone (completed, as the last word of a query) finds a visible article of the tag: the first one found ends the walk. */
  private matchesAny(word: string, tag: string | undefined): boolean {
    const keep = this.visibleFilter(tag);
    for (const { postings } of this.expand(word, true)) {
      for (const field of postings) {
        if (!field) continue;
        for (let i = 0; i < field.length; i += 1) if (keep(field.docs[i]!)) return true;
      }
    }
    return false;
  }

  /** The closest query made of indexed words, when it finds something. */
  private suggest(words: string[], tag: string | undefined): string | undefined {
    const replaced = words.map((word) => {
      if (this.matchesAny(word, tag)) return word;
      // One word alone, with one more typo allowed: the nearest term, then the most common one.
      let best: { term: string; distance: number; count: number } | undefined;
      for (const form of new Set([stemWord(word, 'fr'), stemWord(word, 'en')])) {
        for (const [term, [postings, distance]] of this.terms.fuzzyGet(form, typoBudget(word) + 1)) {
          if (!this.isLive(postings)) continue;
          const count = postingsCount(postings);
          if (!best || distance < best.distance || (distance === best.distance && (count > best.count || (count === best.count && term < best.term)))) {
            best = { term, distance, count };
          }
        }
      }
      return best === undefined ? word : (this.surfaces.get(best.term) ?? best.term);
    });
    const suggestion = replaced.join(' ');
    if (suggestion === words.join(' ')) return undefined;
    return this.match(plainQuery(foldedWords(suggestion)), tag).docs.length > 0 ? suggestion : undefined;
  }

  /** Escaped text around the place with the most matched words, those words in <mark>. */
  private snippetOf(id: string, { terms, inText }: { terms: Set<string>; inText: boolean }): string | undefined {
    if (terms.size === 0) return undefined;
    // Matched by its title, tags or headings only: the snippet is the start of its text, and nothing of
    // the rest is read or scanned (a page of such hits read and scanned 20 whole texts for no word).
    if (!inText) {
      const start = this.options.textOf?.(id, START_READ_BYTES);
      const snippet = start && this.cutSnippet(start.text, start.complete !== false, start.language, NO_TERMS);
      if (typeof snippet === 'string' || !start) return snippet as string | undefined;
    }
    // The start of the text first: where most snippets are.
    const start = this.options.textOf?.(id, SNIPPET_READ_BYTES);
    if (!start) return undefined;
    const snippet = this.cutSnippet(start.text, start.complete !== false, start.language, terms);
    if (typeof snippet === 'string') return snippet;
    const past = this.snippetPastStart(id, start.text, start.language, terms, snippet);
    if (past !== undefined) return past;
    // No matched word in the text after all (its other fields matched): its start, as for those.
    const plain = this.cutSnippet(start.text, false, start.language, NO_TERMS);
    return typeof plain === 'string' ? plain : undefined;
  }

  /**
   * The snippet of a text whose start holds no matched word before the chunk at `resume`: the rest is
   * read on a part at a time, from a little before that chunk, each part twice the last, until the
   * snippet is found or the text ends. Most are found in the first part; the whole text used to be read
   * and decoded for them (decision 089). The same snippet as cut from the whole text; undefined when no
   * part holds a matched word.
   */
  private snippetPastStart(id: string, startText: string, language: string, terms: Set<string>, resume: number): string | undefined {
    let text = startText;
    // Where `text` begins in the whole text: in characters, and in bytes.
    let base = 0;
    let baseByte = 0;
    for (let part = 0; ; part += 1) {
      // From a little before the chunk: the context before a match, and the word ahead of the chunk's first.
      let keep = Math.max(0, resume - base - PART_OVERLAP);
      // Never between the two halves of a character outside the BMP (an emoji): its bytes start before.
      if (keep > 0 && (text.charCodeAt(keep - 1) & 0xfc00) === 0xd800) keep -= 1;
      const fromByte = baseByte + Buffer.byteLength(text.slice(0, keep));
      const next = this.options.textOf?.(id, PART_READ_BYTES << Math.min(part, 4), fromByte);
      if (!next) return undefined;
      base += keep;
      baseByte = fromByte;
      text = next.text;
      const complete = next.complete !== false;
      const cut = this.cutSnippet(text, complete, language, terms, resume - base, base);
      // Without a mark (the text's '<' are all escaped), the last part's snippet is only its start.
      if (typeof cut === 'string') return cut.includes('<mark>') ? cut : undefined;
      if (complete) return undefined;
      resume = base + cut;
    }
  }

  /**
   * The snippet of a text, scanned from the chunk `firstChunk`; when `text` ends before the whole text
   * does and the snippet may lie beyond, the chunk to scan from in more of it (those before hold no
   * word). `base`: where `text` begins in the whole text, which a snippet cut past its start shows.
   */
  private cutSnippet(text: string, complete: boolean, textLanguage: string, terms: Set<string>, firstChunk = 0, base = 0): string | number {
    const language: StemLanguage = stemLanguageOf(textLanguage);
    // Candidate words start like a matched term; each is confirmed by its own stem.
    const termList = [...terms];
    // Cheap first test of each word: its first three folded letters must start some matched term.
    const heads = new Set(termList.map((term) => term.slice(0, 3)));
    const pairs = new Set(termList.map(pairKeyOf));
    const pattern = wordStartPattern(termList);
    const marks: { start: number; end: number; term: string }[] = [];
    // Scans a chunk at a time and stops after the first chunk with a match: the snippet is cut there.
    let chunk = firstChunk;
    for (; termList.length > 0 && chunk < text.length && marks.length === 0; chunk += SCAN_CHUNK) {
      if (!complete && chunk + SCAN_CHUNK + 40 > text.length) return chunk;
      const partEnd = Math.min(text.length, chunk + SCAN_CHUNK + 40);
      // Words starting past the chunk are the next chunk's, unless this is the last one.
      const startsBefore = chunk + SCAN_CHUNK < text.length ? chunk + SCAN_CHUNK : partEnd;
      const found = candidateWords(text, chunk, partEnd, startsBefore, pattern, pairs);
      for (let each = 0; each < found.length; each += 2) {
        const start = found[each]!;
        const end = found[each + 1]!;
        const raw = text.slice(start, end);
        // eslint-disable-next-line no-control-regex
        const word = /^[\x00-\x7f]*$/.test(raw) ? raw.toLowerCase() : foldWord(raw);
        if (!heads.has(word.slice(0, 3))) continue;
        const stem = stemWord(word, language);
        const term = terms.has(stem) ? stem : terms.has(word) ? word : termList.find((candidate) => stem.startsWith(candidate) || word.startsWith(candidate));
        if (term === undefined) continue;
        marks.push({ start, end, term });
        if (marks.length >= MAX_MARKS) break;
      }
    }
    let from = 0;
    if (marks.length > 0) {
      // The window of SNIPPET_LENGTH characters with the most distinct matched terms (two pointers).
      let best = -1;
      const inWindow = new Map<string, number>();
      let last = 0;
      for (let first = 0; first < marks.length; first += 1) {
        const limit = marks[first]!.start + SNIPPET_LENGTH;
        while (last < marks.length && marks[last]!.end <= limit) {
          inWindow.set(marks[last]!.term, (inWindow.get(marks[last]!.term) ?? 0) + 1);
          last += 1;
        }
        if (inWindow.size > best) {
          best = inWindow.size;
          from = marks[first]!.start;
        }
        const leaving = marks[first]!.term;
        const count = (inWindow.get(leaving) ?? 0) - 1;
        if (count > 0) inWindow.set(leaving, count);
        else inWindow.delete(leaving);
      }
      // A little context before the first word, from a word boundary.
      from = Math.max(0, from - 40);
      if (from > 0) from = text.indexOf(' ', from) + 1 || from;
    }
    if (!complete && from + SNIPPET_LENGTH >= text.length) return Math.max(firstChunk, chunk - SCAN_CHUNK);
    let to = Math.min(text.length, from + SNIPPET_LENGTH);
    if (to < text.length) to = text.lastIndexOf(' ', to) > from + SNIPPET_LENGTH / 2 ? text.lastIndexOf(' ', to) : to;
    let html = base + from > 0 ? '…' : '';
    let at = from;
    for (const mark of marks) {
      if (mark.start < from || mark.end > to) continue;
      html += `${escapeHtml(text.slice(at, mark.start))}<mark>${escapeHtml(text.slice(mark.start, mark.end))}</mark>`;
      at = mark.end;
    }
    html += escapeHtml(text.slice(at, to)) + (to < text.length ? '…' : '');
    // Most snippets have no run of spaces to collapse: then no copy is made.
    const snippet = SPACE_RUN.test(html) ? html.replace(/\s+/g, ' ') : html;
    // Either way a rope over slices of the text read, which it would keep alive as long as its answer
    // in the items cache (three times the heap for 10,000 snippets): flattened here (decision 068).
    FLATTEN.test(snippet);
    return snippet;
  }

  /** Articles close to this one by shared tags and terms: any of its terms, scored, times one plus the tags shared. */
  related(id: string, terms: string[], limit: number, exclude: Set<string>): string[] {
    const number = this.numbers.get(id);
    if (number === undefined || terms.length === 0) return [];
    const tags = new Set(this.tagNumbersOf.valuesOf(number));
    const count = this.numbers.size;
    const scores = new Float64Array(this.ids.length);
    const candidates: number[] = [];
    for (const term of new Set(terms)) {
      this.exact.get(term)?.forEach((field, at) => {
        if (!field) return;
        const idf = Math.log(1 + (count - field.length + 0.5) / (field.length + 0.5));
        const averageLength = this.totalLengths[at]! / Math.max(1, count) || 1;
        for (let i = 0; i < field.length; i += 1) {
          const other = field.docs[i]!;
          const frequency = field.frequencies[i]!;
          if (scores[other] === 0) candidates.push(other);
          scores[other]! += BOOSTS[at]! * idf * (D + (frequency * (K + 1)) / (frequency + K * (1 - B + (B * this.lengths[at]![other]!) / averageLength)));
        }
      });
    }
    const keep = this.visibleFilter(undefined);
    // Shared tags count most: an article with the same tags is related before one with the same words.
    const weighted = (other: number) => scores[other]! * (1 + this.tagNumbersOf.countIn(other, tags));
    const eligible = candidates.filter((other) => other !== number && keep(other) && !exclude.has(this.ids[other]!));
    const weights = new Map(eligible.map((other) => [other, weighted(other)]));
    return firstInOrder(eligible, limit, (a, b) => weights.get(b)! - weights.get(a)! || this.compareByDate(a, b)).map((other) => this.ids[other]!);
  }
}

/** Frequency as indexed: capped, and once per article in the body. */
function frequencyOf(field: number, count: number): number {
  return field === BODY ? 1 : Math.min(count, MAX_FREQUENCY);
}

const base64Of = (array: Uint32Array | Uint16Array | Uint8Array) => Buffer.from(array.buffer, array.byteOffset, array.byteLength).toString('base64');
const ARENA_CHUNK_BYTES = 1 << 20;

/**
 * Postings decoded from the saved index into chunks of a megabyte (the pair sets have their own store,
 * pair-set.ts), each array a
 * view: 10,000 pair sets of 3 KB and 16,000 postings arrays allocated one by one, between the base64
 * decoder's own buffers, left holes the process kept (a loaded index took 67 MB of RSS for 38 MB of
 * arrays and heap; decision 058).
 */
class ByteArena {
  private chunk = Buffer.alloc(0);
  private used = 0;
  /** Where takeUint32AsUint16 decodes, reused. */
  private scratch = Buffer.alloc(0);

  /** The bytes of a base64 text, in this arena, at an offset that is a multiple of `align`. */
  take(base64: string, align: number): Uint8Array {
    const bytes = Buffer.byteLength(base64, 'base64');
    const at = this.reserve(bytes, align);
    const written = this.chunk.write(base64, at, bytes, 'base64');
    return new Uint8Array(this.chunk.buffer, this.chunk.byteOffset + at, written);
  }

  /** The 32-bit numbers of a base64 text (little-endian). */
  takeUint32(base64: string): Uint32Array {
    const bytes = this.take(base64, 4);
    return new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >>> 2);
  }

  /** The 32-bit numbers of a base64 text, each below 65,536, as 16-bit ones. */
  takeUint32AsUint16(base64: string): Uint16Array {
    const bytes = Buffer.byteLength(base64, 'base64');
    if (this.scratch.length < bytes) this.scratch = Buffer.allocUnsafeSlow(Math.max(bytes, 2 * this.scratch.length));
    const count = this.scratch.write(base64, 0, bytes, 'base64') >>> 2;
    const at = this.reserve(count * 2, 2);
    const numbers = new Uint16Array(this.chunk.buffer, this.chunk.byteOffset + at, count);
    for (let each = 0; each < count; each += 1) numbers[each] = this.scratch.readUInt32LE(each * 4);
    return numbers;
  }

  /** Where `bytes` fit in the current chunk (a new one when they do not), aligned. */
  private reserve(bytes: number, align: number): number {
    let at = Math.ceil(this.used / align) * align;
    if (at + bytes > this.chunk.length) {
      this.chunk = Buffer.allocUnsafeSlow(Math.max(ARENA_CHUNK_BYTES, bytes));
      at = 0;
    }
    this.used = at + bytes;
    return at;
  }
}

/**
 * Runs of numbers by article number, in one growing typed array: an article's run is appended, made
 * empty when it is removed (its numbers stay until the index is renumbered: copyOf).
 */
class NumberRuns {
  private data = new Uint32Array(256);
  private used = 0;
  private starts = new Uint32Array(64);
  private ends = new Uint32Array(64);
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** The next article's numbers. */
  push(numbers: ArrayLike<number>): void {
    if (this.count === this.starts.length) {
      this.starts = grown(this.starts, this.count + 1);
      this.ends = grown(this.ends, this.count + 1);
    }
    if (this.used + numbers.length > this.data.length) this.data = grown(this.data, this.used + numbers.length);
    this.starts[this.count] = this.used;
    for (let at = 0; at < numbers.length; at += 1) this.data[this.used++] = numbers[at]!;
    this.ends[this.count] = this.used;
    this.count += 1;
  }

  clear(number: number): void {
    this.ends[number] = this.starts[number]!;
  }

  countOf(number: number): number {
    return number < this.count ? this.ends[number]! - this.starts[number]! : 0;
  }

  /** The article's numbers as an array (a copy). */
  valuesOf(number: number): number[] {
    return number < this.count ? Array.from(this.data.subarray(this.starts[number], this.ends[number])) : [];
  }

  /** How many of the article's numbers the set has. */
  countIn(number: number, set: Set<number>): number {
    let found = 0;
    for (let at = this.starts[number]!, end = number < this.count ? this.ends[number]! : at; at < end; at += 1) if (set.has(this.data[at]!)) found += 1;
    return found;
  }

  copyTo(number: number, into: Uint32Array, at: number): void {
    if (number < this.count) into.set(this.data.subarray(this.starts[number], this.ends[number]), at);
  }

  /** These articles' runs, numbered from 0 in this order. */
  copyOf(numbers: number[]): NumberRuns {
    const copy = new NumberRuns();
    for (const number of numbers) copy.push(this.data.subarray(this.starts[number], this.ends[number]));
    return copy;
  }
}

/** The stems "related" searches with: the article's tags, title and headings. */
export function relatedTermsOf(doc: IndexDocument): string[] {
  return (['tags', 'title', 'headings'] as const)
    .flatMap((field) => splitLines(doc.terms[field].stems).map((term, at): [string, number] => [term, doc.terms[field].counts[at]!]))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 24)
    .map(([term]) => term);
}
