// A ranked search over the articles, with pages, facets and snippets: what the list and tag pages,
// the live search island and the items API's search extension all read (issue 14).
import type { ArticleSummary } from './types';

export type SearchSort = 'relevance' | 'date';

export interface SearchRequest {
  /** The visitor's text (normalised by whoever answers). */
  text: string;
  /** Only articles carrying exactly this tag (case- and accent-insensitive). */
  tag?: string;
  sort?: SearchSort;
  /** 1-based page number. */
  page?: number;
  pageSize?: number;
}

export interface SearchHit {
  article: ArticleSummary;
  /** HTML, escaped, with <mark> around matched words. */
  snippet?: string;
}

export interface SearchAnswer {
  /** Matching articles in all pages. */
  total: number;
  hits: SearchHit[];
  /** Tags of all matching articles, most frequent first. */
  facets: { tag: string; count: number }[];
  /** "Did you mean": a query built from indexed words that finds something, when this one finds nothing. */
  suggestion?: string;
}

/** Articles a list page shows. */
export const PAGE_SIZE = 20;

/** The number of pages a total fills (at least one, so that an empty result has a page). */
export function countPages(total: number, pageSize: number = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The one folding of the site (decision 046): case, accents and ligatures (œ, æ, ß, ﬁ) folded, so that
 * "equipe" finds "équipe", "strasse" "Straße". Search terms (index and query), tag keys (tag pages,
 * their feeds, facets) and heading anchors all go through it, so they cannot disagree.
 */
export function foldText(text: string): string {
  const lower = text.toLowerCase();
  if (!NON_ASCII.test(lower)) return lower;
  // Character by character: what a character folds to does not depend on its neighbours (marks go).
  // A loop over char codes, not replace() with a callback: French text has an accent every few
  // words, and snippets and phrases fold kilobytes a search.
  let folded = '';
  let from = 0;
  for (let at = 0; at < lower.length; at += 1) {
    const code = lower.charCodeAt(at);
    if ((code >= 32 && code <= 126) || code === 9 || code === 10 || code === 13) continue;
    // A surrogate pair is one character.
    const pair = code >= 0xd800 && code <= 0xdbff && at + 1 < lower.length && (lower.charCodeAt(at + 1) & 0xfc00) === 0xdc00;
    const end = pair ? at + 2 : at + 1;
    folded += lower.slice(from, at) + foldCharacter(lower.slice(at, end));
    from = end;
    at = end - 1;
  }
  return folded + lower.slice(from);
}

const NON_ASCII = /[^ -~\t\n\r]/u;
// Each character folded once: snippets and the index fold the same few hundred again and again.
const foldedCharacters = new Map<string, string>();
const MAX_FOLDED_CHARACTERS = 10_000;

function foldCharacter(character: string): string {
  let folded = foldedCharacters.get(character);
  if (folded === undefined) {
    folded = character
      .replace(/œ/g, 'oe')
      .replace(/æ/g, 'ae')
      .replace(/ß/g, 'ss')
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '');
    if (foldedCharacters.size < MAX_FOLDED_CHARACTERS) foldedCharacters.set(character, folded);
  }
  return folded;
}

/** Tags compared as visitors expect: folded (foldText), spaces collapsed. */
export function toTagKey(tag: string): string {
  return foldText(tag).replace(/\s+/g, ' ').trim();
}
