// HTTP adapter for ITEMS_SERVICE_URL: bounded in time and size, answers validated item by item (on
// the worker threads for a large answer: upstream-entries.ts).
import { createHash, type Hash } from 'node:crypto';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Logger } from 'pino';
import { ItemsUnavailableError, normalizeFilter } from '../../shared/items/items-reader';
import type { Article, ArticleSummary } from '../../shared/items/types';
import { SORT_NEWEST_FIRST } from '../../shared/items/wire-format';
import { readCurrentClient, waitForCurrentResponse } from '../http/client-context';
import { createInlineArticleWorkers, type ArticleWorkers } from '../workers/worker-pool';
import { createFairLimit, type Turn } from './fair-limit';
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
 * Of those, at most this many for one client, the turns going round the clients (decision 036): one
 * queue for all made a new visitor's search wait behind 36 of another client's (5.3-5.9 s, issue 25).
 */
export const MAX_LISTS_PER_CLIENT = 1;
/**
 * Largest answer for one article: six times the body this server keeps (MAX_BODY_CHARS). Parsing a
 * larger JSON text would hold a thread (or, with WORKER_THREADS=0, the event loop) for hundreds of
 * milliseconds for nothing shown.
 */
export const MAX_UPSTREAM_ARTICLE_BYTES = 3 * 1024 * 1024;

/** Log lines about a list's entries written between two yields to the event loop. */
const LOG_SLICE = 500;

/** List answers remembered by their digest, at most; each only while something else still holds its list. */
const RECENT_LISTS = 64;

/**
 * Lists decoded from an answer, by the SHA-256 of its bytes: the same answer again (the next refresh,
 * another search text answered alike) gives the same array, decoded once, not one more copy of every
 * entry (decision 038). A list is held weakly: once the items cache lets it go, it goes.
 */
function createListMemory() {
  const decoded = new Map<string, WeakRef<ArticleSummary[]>>();
  const decoding = new Map<string, Promise<ArticleSummary[]>>();
  return {
    /** The list of an answer with this digest, decoded (or being decoded) by `decode` once. */
    async recall(digest: string, decode: () => Promise<ArticleSummary[]>): Promise<ArticleSummary[]> {
      const known = decoded.get(digest)?.deref();
      if (known) return known;
      let pending = decoding.get(digest);
      if (!pending) {
        pending = decode().finally(() => decoding.delete(digest));
        decoding.set(digest, pending);
        const list = await pending;
        decoded.delete(digest);
        decoded.set(digest, new WeakRef(list));
        if (decoded.size > RECENT_LISTS) for (const [key, ref] of decoded) if (!ref.deref()) decoded.delete(key);
        while (decoded.size > RECENT_LISTS) decoded.delete(decoded.keys().next().value!);
        return list;
      }
      return pending;
    },
  };
}

interface UpstreamOptions {
  baseUrl: string;
  timeoutMs: number;
  logger: Logger;
  /** Where answers are decoded and checked; on the event loop when not given. */
  workers?: ArticleWorkers;
}

/** A body as read, in the chunks it came in. */
interface ReadBody {
  chunks: Uint8Array[];
  byteLength: number;
}

/**
 * Reads a body up to a size limit, `hash` fed as it comes; a larger one is cancelled. Before each
 * chunk, waits while `turn` says so: the rest of the answer stays in the socket (decision 057).
 */
async function readLimitedBody(response: Response, maxBytes: number, hash?: Hash, turn?: Turn): Promise<ReadBody> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new ItemsContentError(`upstream answer too large (${declared} bytes)`);
  }
  if (!response.body) return { chunks: [], byteLength: 0 };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const pause = turn?.pause();
    if (pause) await pause;
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new ItemsContentError(`upstream answer too large (over ${maxBytes} bytes)`);
    }
    chunks.push(value);
    hash?.update(value);
  }
  return { chunks, byteLength: total };
}

/**
 * The body in a buffer of its own (transferable to a thread); joined only when it is decoded: a list
 * answered before needs no 8 MB copy. Not Buffer.concat: a small result may sit in Node's shared
 * buffer pool, which cannot be moved to a thread.
 */
function joinBody({ chunks, byteLength }: ReadBody): Uint8Array {
  const bytes = new Uint8Array(byteLength);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

export function createUpstreamSource({ baseUrl, timeoutMs, logger, workers = createInlineArticleWorkers(logger) }: UpstreamOptions): ItemsSource {
  const log = logger.child({ source: 'upstream' });
  const limitLists = createFairLimit(MAX_CONCURRENT_LISTS, MAX_LISTS_PER_CLIENT);
  const lists = createListMemory();

  /** GET a document's body (fed to `hash` as it comes, read in `turn`); null on 404; ItemsUnavailableError on anything else that is not a 200. */
  async function getBody(url: string, signal?: AbortSignal, maxBytes = MAX_UPSTREAM_BYTES, hash?: Hash, turn?: Turn): Promise<ReadBody | null> {
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
      return await readLimitedBody(response, maxBytes, hash, turn);
    } catch (error) {
      if (error instanceof ItemsUnavailableError) throw error;
      const reason = timeout.aborted ? `no answer within ${timeoutMs} ms` : error instanceof Error ? error.message : String(error);
      throw new ItemsUnavailableError(`upstream unreachable: ${reason}`, { cause: error });
    }
  }

  /** One list from upstream, each entry checked: malformed ones are dropped and logged (once per distinct answer). */
  async function readList(filter: string, turn: Turn, signal?: AbortSignal): Promise<ArticleSummary[]> {
    signal?.throwIfAborted();
    const query = new URLSearchParams({ s: SORT_NEWEST_FIRST });
    const f = normalizeFilter(filter);
    if (f) query.set('f', f);
    const hash = createHash('sha256');
    const body = await getBody(`${baseUrl}/items?${query.toString()}`, signal, MAX_UPSTREAM_BYTES, hash, turn);
    if (body === null) return decodeList(null, f);
    return lists.recall(hash.digest('base64'), () => decodeList(joinBody(body), f));
  }

  async function decodeList(bytes: Uint8Array | null, f: string): Promise<ArticleSummary[]> {
    const decoded = bytes === null ? ({ invalid: 'not an array' } as const) : await workers.decodeUpstreamList(bytes, `upstream list "${f}"`);
    if ('invalid' in decoded) {
      if (decoded.invalid === 'json') throw new ItemsContentError('upstream answered invalid JSON');
      log.warn({ filter: f }, 'upstream list is not a JSON array');
      throw new ItemsContentError('upstream list is not an array');
    }
    for (const [at, problem] of decoded.problems.entries()) {
      // Logged in slices: a list of 10,000 malformed entries is 10,000 lines.
      if (at > 0 && at % LOG_SLICE === 0) await yieldToEventLoop();
      if ('dropped' in problem) log.warn(problem.dropped, 'malformed upstream item dropped');
      else log.warn(problem.replaced, 'upstream item fields replaced');
    }
    if (decoded.unreported > 0) log.warn({ filter: f, count: decoded.unreported }, 'more upstream items dropped or cut, not logged one by one');
    return decoded.items;
  }

  return {
    description: `upstream ${baseUrl}`,
    // Sanitised as they are decoded, on the threads: the cache has nothing left to do to them.
    listsPrepared: true,

    list(filter, signal): Promise<ArticleSummary[]> {
      // Work outside a request (a start-up read, a script) shares one turn. A lone visitor is served
      // until its page is sent, not only until its list is in (decision 057).
      return limitLists(readCurrentClient() ?? '', (turn) => readList(filter, turn, signal), waitForCurrentResponse());
    },

    async get(id, signal): Promise<Article | null> {
      const body = await getBody(`${baseUrl}/items/${encodeURIComponent(id)}`, signal, MAX_UPSTREAM_ARTICLE_BYTES);
      if (body === null) return null;
      const decoded = await workers.decodeUpstreamArticle(joinBody(body), `upstream article ${id}`);
      if ('invalid' in decoded) throw new ItemsContentError('upstream answered invalid JSON');
      if ('dropped' in decoded) {
        log.warn({ id, ...decoded.dropped }, 'malformed upstream article');
        throw new ItemsContentError(`upstream article ${id} is malformed (${decoded.dropped.field})`);
      }
      if (decoded.replaced.length > 0) log.warn({ id, fields: decoded.replaced }, 'upstream item fields replaced');
      return decoded.article;
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
