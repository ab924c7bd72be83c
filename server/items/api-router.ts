// /www-be/items/v1.0 for the browser: the items API of DESIGN.md, answered through the cache.
import { createHash } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { ItemsUnavailableError, isValidArticleId } from '../../shared/items/items-reader';
import { PAGE_SIZE, type SearchAnswer } from '../../shared/items/search';
import type { ArticleSummary } from '../../shared/items/types';
import { toWireItem, type WireSearchAnswer } from '../../shared/items/wire-format';
import { readRequestTarget } from '../http/request-target';
import type { ResponseCache } from '../http/response-cache';
import { requireXsrfToken } from '../middleware/xsrf';
import type { ItemsCache } from './cache';

function sendUnavailable(res: Response): void {
  res.status(503).set('Retry-After', '30').json({ error: 'unavailable', message: 'The items service is unavailable.' });
}

function sendNotFound(res: Response): void {
  res.status(404).json({ error: 'not_found', message: 'No such article.' });
}

/** The search extension's answer with its hits' articles as list entries of the API. */
function toWireSearchAnswer(answer: SearchAnswer): WireSearchAnswer {
  return { ...answer, hits: answer.hits.map((hit) => ({ ...hit, article: toWireItem(hit.article) })) };
}

// The built-in source's lists hold the same summary objects search after search (the items cache
// prepares each once): each is written as UTF-8 JSON once, with its SHA-256, and a list is those bytes
// joined in one buffer, with no megabyte string to build and throw away. Its ETag hashes the entries'
// digests, not the megabytes again (decision 061).
interface ListEntry {
  json: Buffer;
  digest: Buffer;
}
const listEntries = new WeakMap<ArticleSummary, ListEntry>();
const DIGEST_BYTES = 32;
const OPEN_BRACKET = 0x5b;
const COMMA = 0x2c;
const CLOSE_BRACKET = 0x5d;

function entryOf(item: ArticleSummary): ListEntry {
  let entry = listEntries.get(item);
  if (entry === undefined) {
    const json = Buffer.from(JSON.stringify(toWireItem(item)));
    entry = { json, digest: createHash('sha256').update(json).digest() };
    listEntries.set(item, entry);
  }
  return entry;
}

/**
 * One buffer the lists are written into, one at a time (the response cache compresses it before it
 * awaits anything): a list of thousands no longer allocates megabytes per request, which the
 * allocator kept as RSS (decision 061). Bounded: a longer list gets its own buffer.
 */
const SCRATCH_MAX_BYTES = 8 * 1024 * 1024;
let scratch = Buffer.alloc(0);

/** A list as JSON.stringify(list.map(toWireItem)) writes it, in UTF-8, and a hash that names those bytes; `scratch`: in the shared buffer. */
function writeListJson(list: ArticleSummary[]): { body: Buffer; hash: string; scratch: boolean } {
  // Plain loops, no closure call per entry; TypedArray#set, not Buffer#copy (which makes a view per
  // call): 0.36 against 0.63 ms for a list of 3,000 (decision 069).
  const entries: ListEntry[] = new Array<ListEntry>(list.length);
  const digests = Buffer.allocUnsafe(list.length * DIGEST_BYTES);
  let length = 2 + Math.max(0, list.length - 1);
  for (let at = 0; at < list.length; at++) {
    const entry = entryOf(list[at]!);
    entries[at] = entry;
    length += entry.json.length;
    digests.set(entry.digest, at * DIGEST_BYTES);
  }
  // The same length as hashBody's, and apart from it: a list's bytes are named by their entries in order.
  const hash = createHash('sha256').update('list').update(digests).digest('base64url').slice(0, 27);
  const inScratch = length <= SCRATCH_MAX_BYTES;
  if (inScratch && scratch.length < length) scratch = Buffer.allocUnsafe(Math.min(SCRATCH_MAX_BYTES, Math.max(length, scratch.length * 2)));
  const body = inScratch ? scratch.subarray(0, length) : Buffer.allocUnsafe(length);
  body[0] = OPEN_BRACKET;
  let at = 1;
  for (let index = 0; index < entries.length; index++) {
    if (index > 0) body[at++] = COMMA;
    const { json } = entries[index]!;
    body.set(json, at);
    at += json.length;
  }
  body[at] = CLOSE_BRACKET;
  return { body, hash, scratch: inScratch };
}

export function createItemsApiRouter({ cache, ttlSeconds, responseCache }: { cache: ItemsCache; ttlSeconds: number; responseCache: ResponseCache }): Router {
  const router = Router();

  /** Answers what `read` found, in the API's field names (`toWire`), or a 404 for null. */
  const answer = async <T>(
    req: Request,
    res: Response,
    read: () => Promise<T | null>,
    toJson: (value: T) => string | { body: Buffer; hash: string; scratch: boolean },
  ) => {
    try {
      const value = await read();
      if (value === null) return sendNotFound(res);
      res.set('Cache-Control', readRequestTarget(req).policy.cacheControl(ttlSeconds)).type('application/json');
      // Kept compressed in the response cache: the next asker gets these bytes without JSON or zlib work.
      const json = toJson(value);
      if (typeof json === 'string') await responseCache.send(req, res, 200, Buffer.from(json));
      else await responseCache.send(req, res, 200, json.body, { hash: json.hash, scratch: json.scratch && 'list' });
    } catch (error) {
      if (error instanceof ItemsUnavailableError) return sendUnavailable(res);
      throw error;
    }
  };

  router.use(requireXsrfToken);

  router.get('/items', async (req: Request, res: Response) => {
    // The same parse as the response cache's key: `?f=a&f=b` searches "a" for both.
    const f = readRequestTarget(req).params.f ?? '';
    await answer(req, res, () => cache.list(f), writeListJson);
  });

  // A documented extension for the live search: the same ranked page, facets and snippets as the list page.
  router.get('/search', async (req: Request, res: Response) => {
    const { f = '', sort, page = '1' } = readRequestTarget(req).params;
    await answer(
      req,
      res,
      () => cache.search({ text: f, sort: sort === 'date' ? 'date' : 'relevance', page: Number(page), pageSize: PAGE_SIZE }),
      (answer) => JSON.stringify(toWireSearchAnswer(answer)),
    );
  });

  router.get('/items/:id', async (req: Request<{ id: string }>, res: Response) => {
    const { id } = req.params;
    // Ids that cannot be ids never reach the source.
    if (!isValidArticleId(id)) return sendNotFound(res);
    await answer(
      req,
      res,
      () => cache.get(id),
      (article) => JSON.stringify(toWireItem(article)),
    );
  });

  // The items are read-only here: writes (with a valid token, checked above) are refused.
  router.all(['/items', '/items/:id'], (_req, res) => {
    res.status(405).set('Allow', 'GET, HEAD').json({ error: 'method_not_allowed', message: 'Articles are read-only.' });
  });

  router.use((_req, res) => sendNotFound(res));
  return router;
}
