// An items service's answers read from their bytes: UTF-8 decoded, parsed, checked field by field
// and cut to the limits the server keeps, a list's summaries sanitised. Run on a worker thread for a
// large answer (server/workers/, decision 027), on the event loop for a small one or with
// WORKER_THREADS=0: what was dropped or replaced comes back as data, for the event loop's logger, and
// a list comes back as JSON text in slices, read on the event loop a slice at a time (decision 038).
import { z } from 'zod';
import { isValidArticleId } from '../../shared/items/items-reader';
import { toTagKey } from '../../shared/items/search';
import type { Article, ArticleSummary } from '../../shared/items/types';
import { readWireItem, type WireArticle, type WireArticleSummary } from '../../shared/items/wire-format';
import { boundHtml, createSummarySanitiser, MAX_BODY_CHARS, MAX_BODY_ELEMENTS, MAX_SUMMARY_CHARS, MAX_SUMMARY_ELEMENTS } from '../html/prepare-article';
import { orNoStrings } from './content/packed-entry';
import { isIsoDate } from './iso-date';

// What an entry may carry at most (decision 035). A real article is far below each; a hostile one cost
// seconds of event loop and hundreds of megabytes past them (issue 25: 100,000 tags, a 2 MB title).
/** Longest title kept, in characters (a real one is under 120); a longer one is cut and ends with "…". */
export const MAX_TITLE_CHARS = 300;
/** Longest tag kept, in characters; a longer one is cut. */
export const MAX_TAG_CHARS = 60;
/** Most tags kept per article (the first ones); the others are dropped. */
export const MAX_TAGS_PER_ARTICLE = 20;
/** Most distinct tags (compared as toTagKey compares them) in one list; a tag past them is dropped from its entry. */
export const MAX_DISTINCT_TAGS = 1_000;

/** The text on one line (any run of white space, line breaks included, is one space, control characters go), cut to `max` characters with "…". */
export function boundLine(text: string, max: number): string {
  // Cut first: folding a 2 MB string costs more than what is kept.
  const head = text.length > max * 4 ? text.slice(0, max * 4) : text;
  // Control characters and noncharacters are not text: gone before the spaces are folded.
  const line = head
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000e-\u001f\u007f-\u009f\ufffe\uffff]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (line.length <= max) return line;
  // Not between the two halves of a surrogate pair.
  const cut = /[\uD800-\uDBFF]/.test(line[max - 2] ?? '') ? max - 2 : max - 1;
  return `${line.slice(0, cut).trimEnd()}…`;
}

/** Tags as kept: strings on one line, cut to MAX_TAG_CHARS, the first of each key, at most MAX_TAGS_PER_ARTICLE. */
function boundTags(values: unknown[]): string[] {
  const tags: string[] = [];
  const keys = new Set<string>();
  for (const value of values) {
    if (tags.length >= MAX_TAGS_PER_ARTICLE) break;
    if (typeof value !== 'string') continue;
    const tag = boundLine(value, MAX_TAG_CHARS);
    const key = toTagKey(tag);
    if (key === '' || keys.has(key)) continue;
    keys.add(key);
    tags.push(tag);
  }
  return tags;
}

// Each field is checked on its own. Without a usable id, title or date an entry cannot be shown or
// linked: it is dropped. Any other field that is wrong is replaced by its empty value (issue 13).
// An entry gets its fields in the order written here: the items API answers them in that order.
const requiredFields = {
  id: z.union([z.string(), z.number().int().nonnegative()]).transform(String).refine(isValidArticleId, { error: 'not a usable article id' }),
  tit: z
    .string()
    .transform((title) => boundLine(title, MAX_TITLE_CHARS))
    .pipe(z.string().min(1)),
  date_m: z.string().refine(isIsoDate, { error: 'not an ISO 8601 date of the calendar' }),
};

/** A language tag (BCP 47 shape): anything else, "__proto__" included, is not one. */
const LANGUAGE_TAG = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8}){0,4}$/;

/** An image URL a page can use: a site path, or an http(s) URL that parses. */
function isUsableImageUrl(url: string): boolean {
  if (url.trim() === '') return false;
  try {
    return ['http:', 'https:'].includes(new URL(url, 'http://site.invalid/').protocol);
  } catch {
    return false;
  }
}

type Replaceable<T> = { schema: z.ZodType<T>; empty: T };

/** Most image URLs kept per article: the first is the thumbnail, the others are not shown. */
export const MAX_IMAGES_PER_ARTICLE = 10;

/** The usable image URLs, the first MAX_IMAGES_PER_ARTICLE of them; members of the wrong type are left out one by one. */
function boundImages(values: unknown[]): string[] {
  const urls: string[] = [];
  for (const value of values) {
    if (urls.length >= MAX_IMAGES_PER_ARTICLE) break;
    if (typeof value === 'string' && isUsableImageUrl(value)) urls.push(value);
  }
  return urls;
}

const summaryFields = {
  tags: { schema: z.array(z.unknown()).transform(boundTags), empty: [] } satisfies Replaceable<string[]>,
  img: {
    schema: z.union([z.string().transform((url) => [url]), z.array(z.unknown())]).transform(boundImages),
    empty: [],
  } satisfies Replaceable<string[]>,
  sum: { schema: z.string(), empty: '' } satisfies Replaceable<string>,
};

const articleFields = {
  ...summaryFields,
  ctn: { schema: z.string(), empty: '' } satisfies Replaceable<string>,
  lg: { schema: z.string().regex(LANGUAGE_TAG), empty: 'fr' } satisfies Replaceable<string>,
};

/** Why an entry was dropped: the first required field that is wrong. */
export interface DroppedField {
  field: string;
  reason: string;
}

type Parsed<T> = { item: T; replaced: string[] } | { dropped: DroppedField };

/** Reads one upstream entry field by field: dropped for a bad id, title or date; other bad fields replaced. */
function parseEntry<T>(raw: unknown, fields: Record<string, Replaceable<unknown>>): Parsed<T> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { dropped: { field: '(entry)', reason: 'not an object' } };
  const record = raw as Record<string, unknown>;
  const item: Record<string, unknown> = {};
  for (const [field, schema] of Object.entries(requiredFields)) {
    const parsed = schema.safeParse(record[field]);
    if (!parsed.success) return { dropped: { field, reason: parsed.error.issues[0]?.message ?? 'invalid' } };
    item[field] = parsed.data;
  }
  const replaced: string[] = [];
  // A title past its bound is cut: reported like a replaced field.
  if (typeof record.tit === 'string' && record.tit.length > MAX_TITLE_CHARS && item.tit !== record.tit.trim()) replaced.push('tit');
  for (const [field, { schema, empty }] of Object.entries(fields)) {
    const value = record[field];
    const parsed = value == null ? undefined : schema.safeParse(value);
    item[field] = parsed?.success ? parsed.data : empty;
    // An absent field is allowed (DESIGN.md); a present one that was wrong, or partly wrong (cut), is reported.
    const shortened = Array.isArray(parsed?.data) && Array.isArray(value) && !isSameList(parsed.data as unknown[], value);
    if ((parsed && !parsed.success) || shortened) replaced.push(field);
  }
  return { item: item as T, replaced };
}

function isSameList(kept: unknown[], sent: unknown[]): boolean {
  return kept.length === sent.length && kept.every((each, at) => each === sent[at]);
}

/** The id as the upstream sent it, for a log line, bounded. */
function describeId(raw: unknown): unknown {
  const id = (raw as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? id.slice(0, 200) : typeof id === 'number' ? id : id === undefined ? undefined : JSON.stringify(id)?.slice(0, 200);
}

/** The JSON text of the bytes, as Buffer#toString reads it (invalid sequences replaced); undefined when it does not parse. */
function parseJsonBytes(bytes: Uint8Array): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')) as unknown };
  } catch {
    return undefined;
  }
}

/** A summary cut to what prepareSummary keeps: cutting again there changes nothing, and a hostile one is not copied whole. */
function boundSummary<T extends ArticleSummary>(item: T): T {
  return { ...item, summary: boundHtml(item.summary, MAX_SUMMARY_CHARS, MAX_SUMMARY_ELEMENTS) };
}

/** One article answer: the article with its body and summary cut to the limits prepareArticle keeps, what was replaced, or why it cannot be used. */
export type DecodedArticle = { article: Article; replaced: string[] } | { dropped: DroppedField } | { invalid: 'json' };

export function decodeUpstreamArticle(bytes: Uint8Array): DecodedArticle {
  const json = parseJsonBytes(bytes);
  if (!json) return { invalid: 'json' };
  const parsed = parseEntry<WireArticle>(json.value, articleFields);
  if ('dropped' in parsed) return parsed;
  const article = boundSummary(readWireItem(parsed.item));
  return { article: { ...article, body: boundHtml(article.body, MAX_BODY_CHARS, MAX_BODY_ELEMENTS) }, replaced: parsed.replaced };
}

/** What reading a list entry reported, in list order. */
export type ListProblem = { dropped: DroppedField & { index: number; id: unknown } } | { replaced: { id: string; fields: string[] } };

/** One list answer: its usable entries (summaries sanitised as prepareSummary makes them) and what was dropped or replaced, or why it cannot be used. */
export type DecodedList = { items: ArticleSummary[]; problems: ListProblem[]; unreported: number } | { invalid: 'json' | 'not an array' };

/**
 * Problems of one list reported one by one; past them only counted. A list of 27,000 entries each cut
 * reported 27,000 problems, copied back from the thread with the list and logged line by line.
 */
export const MAX_REPORTED_PROBLEMS = 100;

/** Entries checked between two pauses when a pause is given (on the event loop): 10,000 at once hold it for hundreds of ms. */
const LIST_SLICE = 500;
/** Summaries sanitised (not recalled) between two pauses: each costs 0.3-0.6 ms. */
const SANITISE_SLICE = 25;

/**
 * The list's summaries sanitised, by their raw text: one memory per thread, and one on the event loop
 * (small answers, WORKER_THREADS=0). Sanitising where the list is decoded keeps 27,000 calls of
 * sanitize-html off the event loop (decision 038).
 */
const summaries = createSummarySanitiser();

/** Drops the entry's tags that would pass MAX_DISTINCT_TAGS in the list; false when some were dropped. */
function keepKnownTags(item: WireArticleSummary, keys: Set<string>): boolean {
  const kept = item.tags.filter((tag) => {
    const key = toTagKey(tag);
    if (keys.has(key)) return true;
    if (keys.size >= MAX_DISTINCT_TAGS) return false;
    keys.add(key);
    return true;
  });
  if (kept.length === item.tags.length) return true;
  item.tags = kept;
  return false;
}

/** What reading a list's entries reported beside them, or why the answer cannot be used. */
type ListReading = { problems: ListProblem[]; unreported: number } | { invalid: 'json' | 'not an array' };

/**
 * Reads a list answer's entries in order, giving each usable one (checked, its summary sanitised) to
 * `keep`. Each raw entry is let go once read: the parsed answer does not stay whole beside what is kept.
 * `pause`, when given, is awaited every LIST_SLICE entries and every SANITISE_SLICE summaries sanitised.
 */
async function readListEntries(bytes: Uint8Array, keep: (item: ArticleSummary) => void, pause?: () => Promise<unknown>): Promise<ListReading> {
  const json = parseJsonBytes(bytes);
  if (!json) return { invalid: 'json' };
  if (!Array.isArray(json.value)) return { invalid: 'not an array' };
  const entries = json.value as unknown[];
  const problems: ListProblem[] = [];
  let unreported = 0;
  const report = (problem: ListProblem) => {
    if (problems.length < MAX_REPORTED_PROBLEMS) problems.push(problem);
    else unreported += 1;
  };
  const tagKeys = new Set<string>();
  let checked = 0;
  let sanitised = 0;
  for (let index = 0; index < entries.length; index += 1) {
    if (pause && (checked >= LIST_SLICE || sanitised >= SANITISE_SLICE)) {
      await pause();
      checked = sanitised = 0;
    }
    checked += 1;
    const raw = entries[index];
    entries[index] = undefined;
    const parsed = parseEntry<WireArticleSummary>(raw, summaryFields);
    if ('dropped' in parsed) {
      report({ dropped: { index, id: describeId(raw), ...parsed.dropped } });
      continue;
    }
    if (!keepKnownTags(parsed.item, tagKeys) && !parsed.replaced.includes('tags')) parsed.replaced.push('tags');
    if (parsed.replaced.length > 0) report({ replaced: { id: parsed.item.id, fields: parsed.replaced } });
    const item = readWireItem(parsed.item);
    let summary = summaries.recall(item.summary);
    if (summary === undefined) {
      summary = summaries.sanitise(item.summary);
      sanitised += 1;
    }
    keep({ ...item, summary });
  }
  return { problems, unreported };
}

/** `pause`, when given, is awaited every LIST_SLICE entries and every SANITISE_SLICE summaries sanitised. */
export async function decodeUpstreamList(bytes: Uint8Array, pause?: () => Promise<unknown>): Promise<DecodedList> {
  const items: ArticleSummary[] = [];
  const reading = await readListEntries(bytes, (item) => items.push(item), pause);
  return 'invalid' in reading ? reading : { items, ...reading };
}

/** A decoded list as it crosses from a thread: the entries as JSON text in slices (arrays), what was reported beside them. */
export type PackedList = { slices: string[]; problems: ListProblem[]; unreported: number } | { invalid: 'json' | 'not an array' };

/** Most entries in one slice of a packed list. */
export const PACKED_SLICE_ENTRIES = 1_000;
/** A slice is closed once its text passes this many characters (summaries run to 16 KB each). */
const PACKED_SLICE_CHARS = 256 * 1024;

/** Entries written as JSON text into slices as they come: `add` each, then `finish` for the slices. */
function createListPacker() {
  const slices: string[] = [];
  let entries: string[] = [];
  let chars = 0;
  const close = () => {
    if (entries.length > 0) slices.push(`[${entries.join(',')}]`);
    entries = [];
    chars = 0;
  };
  return {
    add(item: ArticleSummary) {
      const text = JSON.stringify(item);
      entries.push(text);
      chars += text.length;
      if (entries.length >= PACKED_SLICE_ENTRIES || chars >= PACKED_SLICE_CHARS) close();
    },
    finish(): string[] {
      close();
      return slices;
    },
  };
}

/**
 * The list as JSON text in slices, for the trip back from the thread: 27,000 entries as objects were
 * one structured clone of 100-200 ms on the event loop; flat strings copy at once, and each slice is
 * parsed in a millisecond or two (decision 038).
 */
export function packList(decoded: DecodedList): PackedList {
  if ('invalid' in decoded) return decoded;
  const packer = createListPacker();
  for (const item of decoded.items) packer.add(item);
  return { slices: packer.finish(), problems: decoded.problems, unreported: decoded.unreported };
}

/**
 * decodeUpstreamList then packList, each entry written to its slice as soon as it is read (on a
 * thread): neither the parsed answer nor the decoded entries as objects are ever held whole, only
 * their text. A list of 27,000 took the thread's heap to 110 MB (decision 065).
 */
export async function decodeUpstreamListPacked(bytes: Uint8Array): Promise<PackedList> {
  const packer = createListPacker();
  const reading = await readListEntries(bytes, packer.add);
  return 'invalid' in reading ? reading : { slices: packer.finish(), ...reading };
}

/** The list again from its slices, `pause` awaited between two of them. */
export async function unpackList(packed: PackedList, pause: () => Promise<unknown>): Promise<DecodedList> {
  if ('invalid' in packed) return packed;
  const items: ArticleSummary[] = [];
  for (const [index, slice] of packed.slices.entries()) {
    if (index > 0) await pause();
    for (const item of JSON.parse(slice) as ArticleSummary[]) {
      // Empty lists are the one frozen empty array: in a hostile list most entries have none, two
      // arrays fewer each for the collector to copy and mark on the event loop's thread (decision 065).
      item.tags = orNoStrings(item.tags);
      item.images = orNoStrings(item.images);
      items.push(item);
    }
  }
  return { items, problems: packed.problems, unreported: packed.unreported };
}
