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

/**
 * The edit distance of two strings (insertions, deletions, substitutions and swaps of neighbours, one
 * each), or `max + 1` as soon as it is known to exceed `max`: a band of the table, stopped early.
 */
export function boundedEditDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const beyond = max + 1;
  let before = new Array<number>(b.length + 1).fill(beyond);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => (j <= max ? j : beyond));
  let current = new Array<number>(b.length + 1).fill(beyond);
  for (let i = 1; i <= a.length; i += 1) {
    current.fill(beyond);
    current[0] = i <= max ? i : beyond;
    let rowMin = current[0];
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

interface PreparedList {
  /** Each article's folded id. */
  ids: string[];
  /** Each distinct word of the ids and titles → the positions of the articles that hold it. */
  words: Map<string, number[]>;
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
  prepared = { ids, words };
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
  const { ids, words } = prepare(list);
  const scores = new Map<number, number>();
  const maxTypos = allowedTypos(asked.length);
  for (const [at, id] of ids.entries()) {
    const distance = boundedEditDistance(asked, id, maxTypos);
    if (distance <= maxTypos) scores.set(at, 100 - distance * 10);
  }

  const askedWords = [...new Set(splitWords(asked))].slice(0, MAX_ASKED_WORDS);
  if (askedWords.length > 0) {
    const found = new Map<number, number>();
    for (const word of askedWords) {
      // Each article counts a word once, at its best: whole (1) or with a typo or as a start (0.75).
      const weights = new Map<number, number>();
      const credit = (holders: number[], weight: number) => {
        for (const at of holders) if ((weights.get(at) ?? 0) < weight) weights.set(at, weight);
      };
      const exact = words.get(word);
      if (exact) credit(exact, 1);
      if (word.length >= 4) {
        for (const [known, holders] of words) {
          if (known === word) continue;
          const close = (known.length > word.length && known.startsWith(word)) || (word.length >= 5 && boundedEditDistance(word, known, 1) <= 1);
          if (close) credit(holders, 0.75);
        }
      }
      for (const [at, weight] of weights) found.set(at, (found.get(at) ?? 0) + weight);
    }
    for (const [at, weight] of found) {
      const share = weight / askedWords.length;
      if (share < 0.5) continue;
      const score = Math.round(share * 50);
      if ((scores.get(at) ?? 0) < score) scores.set(at, score);
    }
  }
  return [...scores.entries()]
    .sort(([a, scoreA], [b, scoreB]) => scoreB - scoreA || a - b)
    .slice(0, limit)
    .map(([at]) => list[at]!);
}
