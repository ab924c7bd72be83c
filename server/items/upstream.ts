// HTTP adapter for ITEMS_SERVICE_URL: bounded in time and size, answers validated item by item.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import pLimit from 'p-limit';
import type { Logger } from 'pino';
import { z } from 'zod';
import { ItemsUnavailableError, isValidArticleId, normalizeFilter } from '../../shared/items/items-reader';
import type { Article, ArticleSummary } from '../../shared/items/types';
import { readWireItem, SORT_NEWEST_FIRST, type WireArticle, type WireArticleSummary } from '../../shared/items/wire-format';
import { isIsoDate } from './iso-date';
import { ItemsContentError, type ItemsSource } from './source';

/** Largest upstream answer read; past it the call fails rather than fill memory. */
export const MAX_UPSTREAM_BYTES = 10 * 1024 * 1024;

/**
 * Upstream lists fetched and checked at the same time. Each answer is the whole matching list (10,000
 * summaries are about 4 MB of JSON, several times that once parsed): a burst of distinct searches held
 * them all in memory at once (issue 13, row 14). The others wait their turn.
 */
export const MAX_CONCURRENT_LISTS = 2;
/**
 * Largest answer for one article: six times the body this server keeps (MAX_BODY_CHARS). Parsing a
 * larger JSON text would hold the event loop for hundreds of milliseconds for nothing shown.
 */
export const MAX_UPSTREAM_ARTICLE_BYTES = 3 * 1024 * 1024;

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

const listOf = <T>(item: z.ZodType<T>, keep: (value: T) => boolean = () => true) =>
  z.array(z.unknown()).transform((values) => values.filter((value): value is T => item.safeParse(value).success && keep(value as T)));

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

type Parsed<T> = { item: T; replaced: string[] } | { dropped: { field: string; reason: string } };

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

interface UpstreamOptions {
  baseUrl: string;
  timeoutMs: number;
  logger: Logger;
}

/** Reads a body up to a size limit; a larger one is cancelled. */
async function readLimitedText(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new ItemsContentError(`upstream answer too large (${declared} bytes)`);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new ItemsContentError(`upstream answer too large (over ${maxBytes} bytes)`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function createUpstreamSource({ baseUrl, timeoutMs, logger }: UpstreamOptions): ItemsSource {
  const log = logger.child({ source: 'upstream' });
  const limitLists = pLimit(MAX_CONCURRENT_LISTS);

  /** GET a JSON document; null on 404; ItemsUnavailableError on anything else that is not a 200 with JSON. */
  async function getJson(url: string, signal?: AbortSignal, maxBytes = MAX_UPSTREAM_BYTES): Promise<unknown> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    try {
      const response = await fetch(url, { headers: { accept: 'application/json' }, signal: combined, redirect: 'error' });
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new ItemsUnavailableError(`upstream answered ${response.status}`);
      }
      const text = await readLimitedText(response, maxBytes);
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new ItemsContentError('upstream answered invalid JSON');
      }
    } catch (error) {
      if (error instanceof ItemsUnavailableError) throw error;
      const reason = timeout.aborted ? `no answer within ${timeoutMs} ms` : error instanceof Error ? error.message : String(error);
      throw new ItemsUnavailableError(`upstream unreachable: ${reason}`, { cause: error });
    }
  }

  /** One list from upstream, each entry checked: malformed ones are dropped and logged. */
  async function readList(filter: string, signal?: AbortSignal): Promise<ArticleSummary[]> {
    signal?.throwIfAborted();
    const query = new URLSearchParams({ s: SORT_NEWEST_FIRST });
    const f = normalizeFilter(filter);
    if (f) query.set('f', f);
    const body = await getJson(`${baseUrl}/items?${query.toString()}`, signal);
    if (!Array.isArray(body)) {
      log.warn({ filter: f }, 'upstream list is not a JSON array');
      throw new ItemsContentError('upstream list is not an array');
    }
    const items: ArticleSummary[] = [];
    for (const [index, raw] of body.entries()) {
      // Checked in slices: 10,000 entries at once would hold the event loop for hundreds of ms.
      if (index > 0 && index % 500 === 0) await yieldToEventLoop();
      const parsed = parseEntry<WireArticleSummary>(raw, summaryFields);
      if ('dropped' in parsed) {
        log.warn({ index, id: describeId(raw), ...parsed.dropped }, 'malformed upstream item dropped');
        continue;
      }
      if (parsed.replaced.length > 0) log.warn({ id: parsed.item.id, fields: parsed.replaced }, 'upstream item fields replaced');
      items.push(readWireItem(parsed.item));
    }
    return items;
  }

  return {
    description: `upstream ${baseUrl}`,

    list(filter, signal): Promise<ArticleSummary[]> {
      return limitLists(() => readList(filter, signal));
    },

    async get(id, signal): Promise<Article | null> {
      const body = await getJson(`${baseUrl}/items/${encodeURIComponent(id)}`, signal, MAX_UPSTREAM_ARTICLE_BYTES);
      if (body === null) return null;
      const parsed = parseEntry<WireArticle>(body, articleFields);
      if ('dropped' in parsed) {
        log.warn({ id, ...parsed.dropped }, 'malformed upstream article');
        throw new ItemsContentError(`upstream article ${id} is malformed (${parsed.dropped.field})`);
      }
      if (parsed.replaced.length > 0) log.warn({ id, fields: parsed.replaced }, 'upstream item fields replaced');
      return readWireItem(parsed.item);
    },

    onChange() {
      return () => {};
    },

    async isReady() {
      try {
        const response = await fetch(`${baseUrl}/items?s=${SORT_NEWEST_FIRST}`, { method: 'HEAD', signal: AbortSignal.timeout(timeoutMs) });
        return response.status < 500;
      } catch {
        return false;
      }
    },

    async close() {},
  };
}
