// The articles a visitor most likely meant by an id that names none, for the 404 page: the ids a few
// typos away, then the articles whose id and title words the asked id holds (decision 040). A 404 may
// be asked for by anyone, with any id: the work is bounded by the asked id's length and word count
// (both cut) and by the list, whose words are gathered once per list (the items cache keeps one list
// object per content version), never by what the visitor sends.
import type { ArticleSummary } from './types';

export const MAX_SUGGESTIONS = 5;
/** Characters of the asked id that count; longer ids are cut (an id may be 128). */
const MAX_ASKED_LENGTH = 64;
/** Words of the asked id that count. */
const MAX_ASKED_WORDS = 8;
/** Words shorter than this say little ("le", "a", "of"). */
const MIN_WORD_LENGTH = 3;
/** Words of a title that count: a long title adds nothing past them. */
const MAX_TITLE_WORDS = 24;

/** Lower case, without accents: "Mémoire" and "memoire" are one word. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

function splitWords(folded: string): string[] {
  return folded.split(/[^a-z0-9]+/).filter((word) => word.length >= MIN_WORD_LENGTH);
}

// The rows of the edit distance's table, kept between calls: ids are at most 128 characters.
const MAX_COMPARED_LENGTH = 128;
const rows = [0, 1, 2].map(() => new Int32Array(MAX_COMPARED_LENGTH + 1));

/**
 * The edit distance of two strings (insertions, deletions, substitutions and swaps of neighbours, one
 * each), or `max + 1` as soon as it is known to exceed `max`: a band of the table, stopped early.
 */
export function boundedEditDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  if (a.length > MAX_COMPARED_LENGTH || b.length > MAX_COMPARED_LENGTH) return max + 1;
  const beyond = max + 1;
  let [before, previous, current] = rows as [Int32Array, Int32Array, Int32Array];
  before.fill(beyond, 0, b.length + 1);
  for (let j = 0; j <= b.length; j += 1) previous[j] = j <= max ? j : beyond;
  for (let i = 1; i <= a.length; i += 1) {
    current.fill(beyond, 0, b.length + 1);
    current[0] = i <= max ? i : beyond;
    let rowMin = current[0]!;
    const from = Math.max(1, i - max);
    const to = Math.min(b.length, i + max);
    for (let j = from; j <= to; j += 1) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1))
        value = Math.min(value, before[j - 2]! + 1);
      current[j] = Math.min(value, beyond);
      if (current[j]! < rowMin) rowMin = current[j]!;
    }
    if (rowMin > max) return beyond;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[b.length]!, beyond);
}

/** How many of each letter and digit (the rest counted together): 37 counts. */
function countCharacters(text: string): Uint8Array {
  const counts = new Uint8Array(37);
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    const slot = code >= 97 && code <= 122 ? code - 97 : code >= 48 && code <= 57 ? code - 22 : 36;
    counts[slot] = Math.min(255, counts[slot]! + 1);
  }
  return counts;
}

/**
 * A floor of the edit distance from the characters alone: an insertion or a deletion changes one count,
 * a substitution two, a swap none. Cheap enough to rule out most ids before the table is worked out.
 */
function isWithinCounts(a: Uint8Array, b: Uint8Array, max: number): boolean {
  let difference = 0;
  for (let slot = 0; slot < 37; slot += 1) {
    difference += Math.abs(a[slot]! - b[slot]!);
    if (difference > 2 * max) return false;
  }
  return true;
}

interface PreparedList {
  /** Each article's folded id, and its characters counted. */
  ids: string[];
  counts: Uint8Array[];
  /** Each distinct word of the ids and titles → the positions of the articles that hold it. */
  words: Map<string, number[]>;
  /** The same words and holders as arrays, for the scans of every word (no entry arrays made). */
  vocabulary: string[];
  holdersOf: number[][];
}

// The scores by list position, kept between calls (a 404 must not make garbage in proportion to the site).
let buffers = { scores: new Float64Array(0), found: new Float64Array(0), best: new Float64Array(0) };

function takeBuffers(length: number): typeof buffers {
  if (buffers.scores.length < length) buffers = { scores: new Float64Array(length), found: new Float64Array(length), best: new Float64Array(length) };
  buffers.scores.fill(0, 0, length);
  buffers.found.fill(0, 0, length);
  return buffers;
}

const preparedLists = new WeakMap<readonly ArticleSummary[], PreparedList>();

function prepare(list: readonly ArticleSummary[]): PreparedList {
  let prepared = preparedLists.get(list);
  if (prepared) return prepared;
  const words = new Map<string, number[]>();
  const ids = list.map((article, at) => {
    const id = fold(article.id);
    const own = new Set([...splitWords(id), ...splitWords(fold(article.title)).slice(0, MAX_TITLE_WORDS)]);
    for (const word of own) {
      const holders = words.get(word);
      if (holders) holders.push(at);
      else words.set(word, [at]);
    }
    return id;
  });
  prepared = { ids, counts: ids.map(countCharacters), words, vocabulary: [...words.keys()], holdersOf: [...words.values()] };
  preparedLists.set(list, prepared);
  return prepared;
}

/** Typos allowed in an id of this length: one in a short id, two from 6 characters, three from 16. */
function allowedTypos(length: number): number {
  return length < 6 ? 1 : length < 16 ? 2 : 3;
}

/**
 * Up to five articles of `list` (newest first) that `askedId` most likely meant, best first; none when
 * nothing is close. Whole-id matches (a few typos) come first, closest first; then articles holding
 * at least half of the asked id's words (a typo allowed in words of 5 letters or more, or the start
 * of a longer word); ties keep the list's order.
 */
export function suggestArticles(list: readonly ArticleSummary[], askedId: string, limit = MAX_SUGGESTIONS): ArticleSummary[] {
  const asked = fold(askedId).slice(0, MAX_ASKED_LENGTH);
  if (asked.length < MIN_WORD_LENGTH || list.length === 0) return [];
  const { ids, counts, words, vocabulary, holdersOf } = prepare(list);
  // Scores by list position, in arrays: a common word may be held by thousands of articles.
  const { scores, found, best } = takeBuffers(list.length);
  const maxTypos = allowedTypos(asked.length);
  const askedCounts = countCharacters(asked);
  for (let at = 0; at < ids.length; at += 1) {
    const id = ids[at]!;
    if (Math.abs(id.length - asked.length) > maxTypos || !isWithinCounts(askedCounts, counts[at]!, maxTypos)) continue;
    const distance = boundedEditDistance(asked, id, maxTypos);
    if (distance <= maxTypos) scores[at] = 100 - distance * 10;
  }

  const askedWords = [...new Set(splitWords(asked))].slice(0, MAX_ASKED_WORDS);
  if (askedWords.length > 0) {
    const touched: number[] = [];
    for (const word of askedWords) {
      // Each article counts a word once, at its best: whole (1) or with a typo or as a start (0.75).
      const credit = (holders: number[], weight: number) => {
        for (const at of holders) {
          if (best[at] === 0) touched.push(at);
          if (best[at]! < weight) best[at] = weight;
        }
      };
      const exact = words.get(word);
      if (exact) credit(exact, 1);
      if (word.length >= 4) {
        for (let index = 0; index < vocabulary.length; index += 1) {
          const known = vocabulary[index]!;
          if (known === word) continue;
          const isStart = known.length > word.length && known.startsWith(word);
          const isTypo = !isStart && word.length >= 5 && Math.abs(known.length - word.length) <= 1 && boundedEditDistance(word, known, 1) <= 1;
          if (isStart || isTypo) credit(holdersOf[index]!, 0.75);
        }
      }
      for (const at of touched) {
        found[at] = found[at]! + best[at]!;
        best[at] = 0;
      }
      touched.length = 0;
    }
    for (let at = 0; at < list.length; at += 1) {
      const share = found[at]! / askedWords.length;
      if (share >= 0.5) scores[at] = Math.max(scores[at]!, Math.round(share * 50));
    }
  }

  // The best few, in one pass: higher score first, then the list's order.
  const chosen: number[] = [];
  for (let at = 0; at < list.length; at += 1) {
    const score = scores[at]!;
    if (score === 0 || (chosen.length === limit && score <= scores[chosen[limit - 1]!]!)) continue;
    let place = chosen.length;
    while (place > 0 && scores[chosen[place - 1]!]! < score) place -= 1;
    chosen.splice(place, 0, at);
    if (chosen.length > limit) chosen.pop();
  }
  return chosen.map((at) => list[at]!);
}
