// An items service's answers read from their bytes: UTF-8 decoded, parsed, checked field by field
// and cut to the limits the server keeps. Run on a worker thread for a large answer (server/workers/,
// decision 027), on the event loop for a small one or with WORKER_THREADS=0: what was dropped or
// replaced comes back as data, for the event loop's logger.
import { z } from 'zod';
import { isValidArticleId } from '../../shared/items/items-reader';
import type { Article, ArticleSummary } from '../../shared/items/types';
import { readWireItem, type WireArticle, type WireArticleSummary } from '../../shared/items/wire-format';
import { boundHtml, MAX_BODY_CHARS, MAX_BODY_ELEMENTS, MAX_SUMMARY_CHARS, MAX_SUMMARY_ELEMENTS } from '../html/prepare-article';
import { isIsoDate } from './iso-date';

// Each field is checked on its own. Without a usable id, title or date an entry cannot be shown or
// linked: it is dropped. Any other field that is wrong is replaced by its empty value (issue 13).
// An entry gets its fields in the order written here: the items API answers them in that order.
const requiredFields = {
  id: z.union([z.string(), z.number().int().nonnegative()]).transform(String).refine(isValidArticleId, { error: 'not a usable article id' }),
  tit: z.string().trim().min(1),
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

/** A list whose entries of the wrong type are left out, one by one, rather than the whole list. */
const listOf = <T>(item: z.ZodType<T>) => z.array(z.unknown()).transform((values) => values.filter((value): value is T => item.safeParse(value).success));

const summaryFields = {
  tags: { schema: listOf(z.string().min(1)), empty: [] } satisfies Replaceable<string[]>,
  img: {
    schema: z.union([z.string().transform((url) => [url]), listOf(z.string())]).transform((urls) => urls.filter(isUsableImageUrl)),
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
  for (const [field, { schema, empty }] of Object.entries(fields)) {
    const value = record[field];
    const parsed = value == null ? undefined : schema.safeParse(value);
    item[field] = parsed?.success ? parsed.data : empty;
    // An absent field is allowed (DESIGN.md); a present one that was wrong, or partly wrong, is reported.
    const shortened = Array.isArray(parsed?.data) && Array.isArray(value) && parsed.data.length !== value.length;
    if ((parsed && !parsed.success) || shortened) replaced.push(field);
  }
  return { item: item as T, replaced };
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

/** One list answer: its usable entries (summaries cut as prepareSummary cuts them) and what was dropped or replaced, or why it cannot be used. */
export type DecodedList = { items: ArticleSummary[]; problems: ListProblem[] } | { invalid: 'json' | 'not an array' };

/** Entries checked between two pauses when a pause is given (on the event loop): 10,000 at once hold it for hundreds of ms. */
const LIST_SLICE = 500;

/** `pause`, when given, is awaited every LIST_SLICE entries. */
export async function decodeUpstreamList(bytes: Uint8Array, pause?: () => Promise<unknown>): Promise<DecodedList> {
  const json = parseJsonBytes(bytes);
  if (!json) return { invalid: 'json' };
  if (!Array.isArray(json.value)) return { invalid: 'not an array' };
  const items: ArticleSummary[] = [];
  const problems: ListProblem[] = [];
  for (const [index, raw] of json.value.entries()) {
    if (pause && index > 0 && index % LIST_SLICE === 0) await pause();
    const parsed = parseEntry<WireArticleSummary>(raw, summaryFields);
    if ('dropped' in parsed) {
      problems.push({ dropped: { index, id: describeId(raw), ...parsed.dropped } });
      continue;
    }
    if (parsed.replaced.length > 0) problems.push({ replaced: { id: parsed.item.id, fields: parsed.replaced } });
    items.push(boundSummary(readWireItem(parsed.item)));
  }
  return { items, problems };
}
