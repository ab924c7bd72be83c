// What the event loop keeps of each article beyond its summary, in forms of few objects (decision 066).
// Every object kept for 10,000 articles is marked again by each major GC, on the same core as the
// requests: one string an article instead of an array of 20 strings, references as one JSON text read
// back only by the checks across articles, repeated tags and languages as one string each.
import type { ArticleReferences } from './content-references';

/** No strings: the one array every article without tags or images shares; nothing changes an entry's lists in place. */
export const NO_STRINGS = Object.freeze([]) as unknown as string[];

/**
 * Terms joined by newlines, one string. A stem never holds a newline (FieldTerms joins them so); an
 * empty stem is left out: the index never takes one (SearchIndex.set), so nothing is found by it.
 */
export function packTerms(terms: readonly string[]): string {
  const kept: string[] = [];
  for (const term of terms) {
    if (term.includes('\n')) throw new Error(`a term cannot hold a newline: ${JSON.stringify(term)}`);
    if (term !== '') kept.push(term);
  }
  // join writes one flat string (concatenation would make a chain of them).
  return kept.join('\n');
}

/** The terms of packTerms, in their order. */
export function unpackTerms(packed: string): string[] {
  return packed === '' ? [] : packed.split('\n');
}

/**
 * An article's references as one text: its links, images and aliases as JSON, a newline, then its
 * anchors as JSON (JSON writes no raw newline, so the first one is the cut). Every check reads the
 * links and images; the anchors only of an article a link leads to a heading of.
 */
export function packReferences({ links, images, anchors, aliases }: ArticleReferences): string {
  return `${JSON.stringify(aliases ? [links, images, aliases] : [links, images])}\n${JSON.stringify(anchors)}`;
}

type PackedHead = [ArticleReferences['links'], ArticleReferences['images'], string[]?];

/** The references of packReferences (fields in the same order), their anchors decoded when first read: the checks across articles read few. */
export function readPackedReferences(packed: string): ArticleReferences {
  const cut = packed.indexOf('\n');
  const [links, images, aliases] = JSON.parse(packed.slice(0, cut)) as PackedHead;
  let anchors: string[] | undefined;
  const refs: ArticleReferences = {
    links,
    images,
    get anchors(): string[] {
      return (anchors ??= JSON.parse(packed.slice(cut + 1)) as string[]);
    },
  };
  if (aliases) refs.aliases = aliases;
  return refs;
}

/**
 * The same characters as one flat string: a string built by concatenation (a file's path) is a tree of
 * its parts, each an object the collector marks, kept as long as the whole is.
 */
export function flatString(text: string): string {
  return text.length < 2 ? text : (JSON.parse(JSON.stringify(text)) as string);
}

/** Strings kept once, bounded: emptied when full (any string is still right, only shared less). */
const MAX_SHARED = 10_000;
const shared = new Map<string, string>();

/** One string for each repeated value (a tag, a language) across the articles kept. */
export function shareString(text: string): string {
  const kept = shared.get(text);
  if (kept !== undefined) return kept;
  if (shared.size >= MAX_SHARED) shared.clear();
  const flat = flatString(text);
  shared.set(flat, flat);
  return flat;
}

/** The strings each shared (shareString), or the one empty array. */
export function shareStrings(texts: string[]): string[] {
  return texts.length === 0 ? NO_STRINGS : texts.map(shareString);
}

/** The same array, or the one empty array. */
export function orNoStrings(texts: string[]): string[] {
  return texts.length === 0 ? NO_STRINGS : texts;
}

/** A summary's lists and language made shared in place (its fields keep their order: the items API writes them so). */
export function compactSummary<S extends { tags: string[]; images: string[]; language?: string }>(summary: S): S {
  summary.tags = shareStrings(summary.tags);
  summary.images = orNoStrings(summary.images);
  if (summary.language !== undefined) summary.language = shareString(summary.language);
  return summary;
}
