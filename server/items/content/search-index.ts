// Full-text search over the built-in articles, on MiniSearch (decision 020): BM25 with field boosts
// (title > tags > headings > summary > body), Snowball stems per language, prefix on the last word,
// typo tolerance by word length, exact tag filter, tag facets, snippets and "did you mean".
import MiniSearch, { type Query, type SearchResult } from 'minisearch';
import {
  analyzeText,
  foldedWords,
  foldText,
  isStopWord,
  normalizeSearchKey,
  stemLanguageOf,
  stemWord,
  type StemLanguage,
  type TermCounts,
} from './text-analysis';
import type { SearchRequest, SearchSort } from '../../../shared/items/search';

export { foldText, normalizeSearchKey } from './text-analysis';

const FIELDS = ['title', 'tags', 'headings', 'summary', 'body'] as const;
type Field = (typeof FIELDS)[number];
const BOOST: Record<Field, number> = { title: 8, tags: 5, headings: 3, summary: 2, body: 1 };

/** One article as the index takes it: its terms per field, already stemmed in its language. */
export interface IndexDocument {
  id: string;
  /** Epoch ms of the article's date, for the date order. */
  time: number;
  tags: string[];
  /** Per field: [stem, count] pairs; surfaces: [stem, word] pairs, for "did you mean". */
  terms: Record<Field, [string, number][]>;
  surfaces: [string, string][];
}

export interface IndexText {
  title: string;
  tags: string[];
  headings: string;
  summary: string;
  body: string;
  code: string;
}

/** Analyses an article's text once (the result is what the disk cache keeps). */
export function buildIndexDocument(id: string, time: number, language: string, text: IndexText): IndexDocument {
  const stemLanguage = stemLanguageOf(language);
  const surfaces = new Map<string, string>();
  const field = (value: string, extra?: string): [string, number][] => {
    const counts: TermCounts = { counts: new Map(), surfaces };
    analyzeText(value, stemLanguage, counts);
    if (extra) analyzeText(extra, stemLanguage, counts);
    return [...counts.counts];
  };
  return {
    id,
    time,
    tags: text.tags,
    terms: {
      title: field(text.title),
      tags: field(text.tags.join(' ')),
      headings: field(text.headings),
      summary: field(text.summary),
      body: field(text.body, text.code),
    },
    surfaces: [...surfaces],
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
  /** Plain text of an article (summary, then body) and its language, for snippets; undefined when unknown. */
  textOf?: (id: string) => { text: string; language: string } | undefined;
}

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
const SNIPPET_LENGTH = 200;

/** Edits allowed for a typed word: none below 5 letters, 1 from 5, 2 from 9. */
export function typoBudget(word: string): number {
  return word.length >= 9 ? 2 : word.length >= 5 ? 1 : 0;
}

/** The tag as compared by the tag filter: folded, spaces collapsed. */
export function tagKey(tag: string): string {
  return foldText(tag).replace(/\s+/g, ' ').trim();
}

const MAX_MARKS = 200;
const SCAN_CHUNK = 2_000;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

interface DocInfo {
  time: number;
  /** [tag as written, tagKey(tag)] */
  tags: [string, string][];
  tagKeys: Set<string>;
  /** Small numbers for the tag keys, so facets count in an array. */
  tagNumbers: number[];
}

const miniSearchOptions = {
  fields: [...FIELDS],
  // Documents arrive as stems separated by spaces (see toMiniSearchDocument); queries as query trees of stems.
  tokenize: (text: string) => text.split(' '),
  processTerm: (term: string) => term || null,
};

/** Body terms are indexed once each: term frequency in a long body adds little and costs time and memory. */
function toMiniSearchDocument(doc: IndexDocument): Record<string, string> {
  const fields: Record<string, string> = { id: doc.id };
  for (const field of FIELDS) {
    fields[field] = doc.terms[field]
      .map(([term, count]) => (field === 'body' ? term : Array.from({ length: Math.min(count, 4) }, () => term).join(' ')))
      .join(' ');
  }
  return fields;
}

/** The whole index as plain data, for the disk cache (MiniSearch's own serialisation inside). */
export interface SearchIndexJson {
  mini: ReturnType<MiniSearch['toJSON']>;
  docs: [string, number, string[]][];
  surfaces: [string, string][];
}

/** The words of a query that can be searched: folded, without elisions, without stop words (unless only those). */
function queryWords(text: string): string[] {
  const words = foldedWords(normalizeSearchKey(text));
  const kept = words.filter((word) => !isStopWord(word, 'fr') && !isStopWord(word, 'en'));
  return kept.length > 0 ? kept : words;
}

export class SearchIndex {
  private mini = new MiniSearch<Record<string, string>>(miniSearchOptions);
  private readonly docs = new Map<string, DocInfo>();
  // Stem → a word that has it, for "did you mean"; grows with the vocabulary, which is small.
  private readonly surfaces = new Map<string, string>();

  constructor(private readonly options: SearchIndexOptions) {}

  toJSON(): SearchIndexJson {
    return { mini: this.mini.toJSON(), docs: [...this.docs].map(([id, info]) => [id, info.time, info.tags.map(([tag]) => tag)]), surfaces: [...this.surfaces] };
  }

  /** Replaces the content with a saved index (see toJSON). */
  load(json: SearchIndexJson): void {
    this.mini = MiniSearch.loadJS(json.mini, miniSearchOptions);
    this.docs.clear();
    for (const [id, time, tags] of json.docs) this.setInfo(id, time, tags);
    this.surfaces.clear();
    for (const [stem, word] of json.surfaces) this.surfaces.set(stem, word);
  }

  // Tag key → number, and the first spelling seen of each; grows with the set of tags, which is small.
  private readonly tagNumbers = new Map<string, number>();
  private readonly tagNames: string[] = [];

  private numberOfTag(tag: string, key: string): number {
    let number = this.tagNumbers.get(key);
    if (number === undefined) {
      number = this.tagNames.length;
      this.tagNumbers.set(key, number);
      this.tagNames.push(tag);
    }
    return number;
  }

  private setInfo(id: string, time: number, tagList: string[]): void {
    const tags = tagList.map((tag): [string, string] => [tag, tagKey(tag)]);
    const tagNumbers = [...new Set(tags.map(([tag, key]) => this.numberOfTag(tag, key)))];
    this.docs.set(id, { time, tags, tagKeys: new Set(tags.map(([, key]) => key)), tagNumbers });
  }

  get size(): number {
    return this.docs.size;
  }

  has(id: string): boolean {
    return this.docs.has(id);
  }

  /** Adds or replaces one article. */
  set(doc: IndexDocument): void {
    this.remove(doc.id);
    this.mini.add(toMiniSearchDocument(doc));
    this.setInfo(doc.id, doc.time, doc.tags);
    for (const [stem, word] of doc.surfaces) if (!this.surfaces.has(stem)) this.surfaces.set(stem, word);
  }

  remove(id: string): void {
    if (!this.docs.has(id)) return;
    // discard is O(1); MiniSearch cleans the postings lazily and vacuums in the background.
    this.mini.discard(id);
    this.docs.delete(id);
  }

  /** Every visible article carrying the tag (or all when no tag), newest first. */
  private listAll(tag: string | undefined): string[] {
    const key = tag === undefined ? undefined : tagKey(tag);
    const ids: string[] = [];
    for (const [id, info] of this.docs) if ((key === undefined || info.tagKeys.has(key)) && this.options.isVisible(id)) ids.push(id);
    return ids.sort((a, b) => this.compareByDate(a, b));
  }

  private compareByDate(a: string, b: string): number {
    return (this.docs.get(b)?.time ?? 0) - (this.docs.get(a)?.time ?? 0) || a.localeCompare(b);
  }

  /** The query tree: every word must match, each word as its French or English stem (or its folded form). */
  private queryOf(words: string[]): Query {
    return {
      combineWith: 'AND',
      queries: words.map((word, at) => {
        // The stems cover the typed word: as a prefix, "postgr" of "postgre" still reaches "postgresql".
        const forms = [...new Set([stemWord(word, 'fr'), stemWord(word, 'en')])];
        const last = at === words.length - 1;
        return { combineWith: 'OR', queries: forms, prefix: last, fuzzy: typoBudget(word) };
      }),
    };
  }

  private match(words: string[], tag: string | undefined): SearchResult[] {
    const key = tag === undefined ? undefined : tagKey(tag);
    return this.mini.search(this.queryOf(words), {
      boost: BOOST,
      // The default weights: a prefix or a typo counts less than the word itself.
      // Without a tag and with every article public (the usual case), no document needs a look.
      ...(key === undefined && this.options.allVisible?.()
        ? {}
        : {
            filter: (result: SearchResult) =>
              this.options.isVisible(String(result.id)) && (key === undefined || (this.docs.get(String(result.id))?.tagKeys.has(key) ?? false)),
          }),
    });
  }

  /** Searches; an empty text lists every visible article (of the tag), newest first. */
  search(query: SearchQuery): SearchResults {
    const words = queryWords(query.text);
    const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(query.pageSize ?? DEFAULT_PAGE_SIZE)));
    const page = Math.max(1, Math.floor(query.page ?? 1));
    let ids: string[];
    let termsOf = (_id: string): string[] | undefined => undefined;
    if (words.length === 0) {
      ids = this.listAll(query.tag);
    } else {
      const results = this.match(words, query.tag);
      ids = results.map((result) => String(result.id));
      termsOf = (id) => results.find((result) => String(result.id) === id)?.terms;
      if (query.sort === 'date') ids.sort((a, b) => this.compareByDate(a, b));
    }
    const pageIds = ids.slice((page - 1) * pageSize, page * pageSize);
    const answer: SearchResults = {
      total: ids.length,
      hits: pageIds.map((id) => {
        const terms = termsOf(id);
        const snippet = terms ? this.snippetOf(id, new Set(terms)) : undefined;
        return snippet === undefined ? { id } : { id, snippet };
      }),
      facets: this.facetsOf(ids),
    };
    if (ids.length === 0 && words.length > 0) {
      const suggestion = this.suggest(words, query.tag);
      if (suggestion) answer.suggestion = suggestion;
    }
    return answer;
  }

  /** Ids of every visible article matching the text (all when empty), newest first: the items API's list. */
  listIds(text: string): string[] {
    const words = queryWords(text);
    if (words.length === 0) return this.listAll(undefined);
    return this.match(words, undefined)
      .map((result) => String(result.id))
      .sort((a, b) => this.compareByDate(a, b));
  }

  private facetsOf(ids: string[]): { tag: string; count: number }[] {
    const counts = new Uint32Array(this.tagNames.length);
    for (const id of ids) for (const number of this.docs.get(id)?.tagNumbers ?? []) counts[number]! += 1;
    const facets: { tag: string; count: number }[] = [];
    counts.forEach((count, number) => {
      if (count > 0) facets.push({ tag: this.tagNames[number]!, count });
    });
    return facets.sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag, 'fr'));
  }

  /** The closest query made of indexed words, when it finds something. */
  private suggest(words: string[], tag: string | undefined): string | undefined {
    const replaced = words.map((word) => {
      if (this.match([word], tag).length > 0) return word;
      // One word alone, with one more typo allowed; the best-scored document term is the closest.
      const results = this.mini.search(word, {
        fuzzy: typoBudget(word) + 1,
        prefix: false,
        boost: BOOST,
        filter: (result) => this.options.isVisible(String(result.id)),
      });
      const counts = new Map<string, number>();
      for (const result of results.slice(0, 50)) for (const term of result.terms) counts.set(term, (counts.get(term) ?? 0) + result.score);
      const best = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
      return best === undefined ? word : (this.surfaces.get(best) ?? best);
    });
    const suggestion = replaced.join(' ');
    if (suggestion === words.join(' ')) return undefined;
    return this.match(foldedWords(suggestion), tag).length > 0 ? suggestion : undefined;
  }

  /** Escaped text around the place with the most matched words, those words in <mark>. */
  private snippetOf(id: string, terms: Set<string>): string | undefined {
    const source = this.options.textOf?.(id);
    if (!source || terms.size === 0) return undefined;
    const language: StemLanguage = stemLanguageOf(source.language);
    const { text } = source;
    // Candidate words start like a matched term; each is confirmed by its own stem.
    const termList = [...terms];
    // Cheap first test of each word: its first three letters must start some matched term.
    const heads = new Set(termList.map((term) => term.slice(0, 3)));
    const marks: { start: number; end: number; term: string }[] = [];
    // Scans a chunk at a time and stops after the first chunk with a match: the snippet is cut there.
    for (let chunk = 0; chunk < text.length && marks.length === 0; chunk += SCAN_CHUNK) {
      const part = text.slice(chunk, chunk + SCAN_CHUNK + 40);
      const lower = part.toLowerCase();
      // Case folding that keeps every offset; accents and ligatures are folded word by word below.
      const scan = lower.length === part.length ? lower : part;
      for (const match of scan.matchAll(/[0-9A-Za-z\u00C0-\u024F]+/g)) {
        if (match.index >= SCAN_CHUNK && chunk + SCAN_CHUNK < text.length) break;
        const raw = match[0];
        // eslint-disable-next-line no-control-regex
        const word = /^[\x00-\x7f]*$/.test(raw) ? raw : foldText(raw);
        if (!heads.has(word.slice(0, 3))) continue;
        const stem = stemWord(word, language);
        const term = terms.has(stem) ? stem : terms.has(word) ? word : termList.find((candidate) => stem.startsWith(candidate) || word.startsWith(candidate));
        if (term === undefined) continue;
        marks.push({ start: chunk + match.index, end: chunk + match.index + raw.length, term });
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
    let to = Math.min(text.length, from + SNIPPET_LENGTH);
    if (to < text.length) to = text.lastIndexOf(' ', to) > from + SNIPPET_LENGTH / 2 ? text.lastIndexOf(' ', to) : to;
    let html = from > 0 ? '…' : '';
    let at = from;
    for (const mark of marks) {
      if (mark.start < from || mark.end > to) continue;
      html += `${escapeHtml(text.slice(at, mark.start))}<mark>${escapeHtml(text.slice(mark.start, mark.end))}</mark>`;
      at = mark.end;
    }
    html += escapeHtml(text.slice(at, to)) + (to < text.length ? '…' : '');
    return html.replace(/\s+/g, ' ');
  }

  /** Articles close to this one by shared tags and terms: MiniSearch on its tags and title terms. */
  related(id: string, terms: string[], limit: number, exclude: Set<string>): string[] {
    const info = this.docs.get(id);
    if (!info || terms.length === 0) return [];
    const tagKeys = info.tagKeys;
    return this.mini
      .search(
        { combineWith: 'OR', queries: [...new Set(terms)] },
        {
          boost: BOOST,
          // Shared tags count most: an article with the same tags is related before one with the same words.
          boostDocument: (other) => 1 + [...(this.docs.get(String(other))?.tagKeys ?? [])].filter((key) => tagKeys.has(key)).length,
          filter: (result) => String(result.id) !== id && !exclude.has(String(result.id)) && this.options.isVisible(String(result.id)),
        },
      )
      .slice(0, limit)
      .map((result) => String(result.id));
  }
}

/** The stems "related" searches with: the article's tags, title and headings. */
export function relatedTermsOf(doc: IndexDocument): string[] {
  return [...doc.terms.tags, ...doc.terms.title, ...doc.terms.headings]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 24)
    .map(([term]) => term);
}
