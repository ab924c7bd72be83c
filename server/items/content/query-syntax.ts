// The search syntax readers know from web search engines (decision 046): "quoted phrases", -exclusion
// and -"excluded phrases", OR between words or phrases (in capitals), and otherwise every word required.
// Malformed syntax never fails: an unclosed quote is plain words, a query of exclusions alone is
// searched as plain words, and clauses past MAX_CLAUSES are dropped.
import { foldedWords, isStopWord } from './text-analysis';

/** Words (folded) an article must all have; for a phrase, next to each other and in this order too. */
export interface QueryPart {
  words: string[];
  phrase: boolean;
  /** The last word of the query, typed without a space after it: completed by prefix. */
  prefix?: boolean;
}

/** Clauses all required, each met by any one of its parts; then articles matching an exclusion dropped. */
export interface ParsedQuery {
  clauses: QueryPart[][];
  excluded: QueryPart[];
}

/** Clauses searched at most: a pasted paragraph is searched by its first words. */
export const MAX_CLAUSES = 32;

interface Token {
  kind: 'or' | 'part';
  text: string;
  phrase: boolean;
  negated: boolean;
  /** Where the token ends in the text, to tell the last word typed. */
  end: number;
}

// A quoted phrase (straight or typographic quotes), OR, or a run of anything else up to a space.
const TOKEN = /(-?)(?:["“”«»]([^"“”«»]*)["“”«»]|(\S+))/g;

function tokenize(text: string): Token[] {
  const quotes = (text.match(/["“”«»]/g) ?? []).length;
  // An unclosed quote: no phrase at all, the words as plain words.
  const source = quotes % 2 === 0 ? text : text.replace(/["“”«»]/g, ' ');
  const tokens: Token[] = [];
  for (const match of source.matchAll(TOKEN)) {
    const [whole, minus, quoted, bare] = match;
    const end = match.index + whole.length;
    if (quoted === undefined && bare === 'OR') tokens.push({ kind: 'or', text: bare, phrase: false, negated: false, end });
    else tokens.push({ kind: 'part', text: quoted ?? bare!, phrase: quoted !== undefined, negated: minus === '-' && (quoted ?? bare!).length > 0, end });
  }
  return tokens;
}

const withoutStopWords = (words: string[]) => {
  const kept = words.filter((word) => !isStopWord(word, 'fr') && !isStopWord(word, 'en'));
  return kept.length > 0 ? kept : words;
};

/** Reads a query's syntax; `expand` turns a part into its alternatives (synonyms). */
export function parseQuery(text: string, expand: (part: QueryPart) => QueryPart[] = (part) => [part]): ParsedQuery {
  const tokens = tokenize(text);
  const endsInWord = text.length > 0 && !/[\s"“”«»]$/.test(text);
  const clauses: QueryPart[][] = [];
  const excluded: QueryPart[] = [];
  let joinNext = false;
  const positive = tokens.some((token) => token.kind === 'part' && !token.negated);
  tokens.forEach((token, at) => {
    if (token.kind === 'or') {
      joinNext = clauses.length > 0;
      return;
    }
    const folded = foldedWords(token.text);
    const words = token.phrase ? withoutStopWords(folded) : folded;
    if (words.length === 0) return;
    // Exclusions alone: the minus is read as a hyphen typed before the word.
    if (token.negated && positive) {
      excluded.push({ words, phrase: token.phrase });
      joinNext = false;
      return;
    }
    const last = at === tokens.length - 1 && endsInWord && !token.phrase;
    const parts: QueryPart[] = [];
    if (token.phrase || joinNext) parts.push({ words, phrase: token.phrase && words.length > 1, ...(last ? { prefix: true } : {}) });
    else parts.push(...words.map((word, each) => ({ words: [word], phrase: false, ...(last && each === words.length - 1 ? { prefix: true } : {}) })));
    const alternatives = parts.map((part) => expand(part));
    if (joinNext) clauses[clauses.length - 1]!.push(...alternatives.flat());
    else clauses.push(...alternatives);
    joinNext = false;
  });
  // Stop words alone are no clause ("the", "le"), unless the query has nothing else.
  const isStop = (clause: QueryPart[]) => clause.every((part) => !part.phrase && part.words.every((word) => isStopWord(word, 'fr') || isStopWord(word, 'en')));
  const meaningful = clauses.filter((clause) => !isStop(clause));
  return { clauses: (meaningful.length > 0 ? meaningful : clauses).slice(0, MAX_CLAUSES), excluded: excluded.slice(0, MAX_CLAUSES) };
}

/** The query as its answer depends on it: the same text for two queries that cannot be answered differently. */
export function describeQuery(query: ParsedQuery): string {
  const part = (each: QueryPart) => (each.phrase ? `"${each.words.join(' ')}"` : each.words.join(' ')) + (each.prefix ? '*' : '');
  return [...query.clauses.map((clause) => clause.map(part).join(' OR ')), ...query.excluded.map((each) => `-${part(each)}`)].join(' ');
}
