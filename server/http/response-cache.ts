// Answers kept per URL (pages, feeds and items API alike), compressed once (gzip and brotli). The
// Express stack fills it on a miss; server/http/hot-path.ts answers from it before Express. An entry
// lives as long as the first item it shows stays fresh, and the whole cache empties when the items
// source reports a change (decision 009). A page is kept open at its CSP nonce (decision 018).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import { normalizeFilter } from '../../shared/items/items-reader';
import { paths } from '../../shared/paths';
import { readRequestLang } from '../i18n/request-lang';
import { trackFreshness } from '../items/freshness';
import { readCspNonce } from '../security';
import { chooseEncoding, encodeBody, encodeOpenBody, writeEncoded, type EncodedBody, type HeaderList, type NonceHeader, type Segment } from './encoded-body';

export interface CachedResponse {
  status: number;
  /** Headers the full stack set on the miss, flat ([name, value, …]), minus those of one response only. */
  headers: HeaderList;
  /** Headers that carried the miss's nonce: each response writes them with its own. */
  nonceHeaders: NonceHeader[];
  body: EncodedBody;
  /** For an open body (a page): the identity bytes that follow the nonce. */
  afterNonce?: Buffer;
  expiresAt: number;
}

/** A rendered page: its parts up to the nonce slot, then what follows the slot (none when the page has no slot). */
export interface RenderedPage {
  segments: Segment[];
  afterNonce?: Buffer;
}

/**
 * Headers that belong to one response, never replayed from the cache: framing, the visitor's cookie,
 * the rate-limit counters, and HSTS (it depends on how this request came in).
 */
const PER_RESPONSE_HEADERS = new Set(['set-cookie', 'content-length', 'content-encoding', 'etag', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'x-request-id', 'ratelimit', 'ratelimit-policy', 'strict-transport-security']);

/** Paths whose answer depends on the search text `f`; every other query parameter changes nothing. */
const FILTERED_PATHS = new Set(['/articles', '/www-be/items/v1.0/items']);

/**
 * The cache key of a URL: its path, plus the normalised `f` where it matters. Other query strings are
 * dropped, so that `?anything=…` can neither miss the cache on purpose nor fill it.
 */
export function cacheKeyOf(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt < 0) return url;
  const path = url.slice(0, queryAt);
  if (!FILTERED_PATHS.has(path)) return path;
  const filter = normalizeFilter(new URLSearchParams(url.slice(queryAt + 1)).get('f'));
  return filter ? `${path}?f=${filter}` : path;
}

/** Answers the same in every interface language: the items API, the feeds and the crawler files. */
const LANGUAGE_NEUTRAL_PATHS = new Set<string>([paths.rss, paths.atom, paths.sitemap, paths.robots]);

/** The key of a request (url: path and query as the client sent them): the URL's key, plus the interface language where the answer depends on it (pages). */
export function requestCacheKey(url: string, cookieHeader: string | undefined): string {
  const key = cacheKeyOf(url);
  return key.startsWith('/www-be/') || LANGUAGE_NEUTRAL_PATHS.has(key) ? key : `${key}#${readRequestLang(url, cookieHeader)}`;
}

export class ResponseCache {
  private readonly entries = new Map<string, CachedResponse>();

  constructor(private readonly options: { ttlMs: number; maxEntries: number; now?: () => number }) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  get enabled(): boolean {
    return this.options.maxEntries > 0;
  }

  get(key: string): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Runs the reads behind an answer; tells how long the answer may be kept: the TTL, or less if an item it read expires sooner. */
  trackExpiry<T>(read: () => Promise<T>): Promise<{ result: T; freshUntil: number }> {
    return trackFreshness(this.now() + this.options.ttlMs, read);
  }

  set(key: string, response: CachedResponse): void {
    if (!this.enabled || response.status !== 200 || response.expiresAt <= this.now()) return;
    this.entries.delete(key);
    // Oldest insertion first out: a Map keeps insertion order.
    while (this.entries.size >= this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, response);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * Sends a freshly made answer, compressed in the encoding this client takes. A cacheable one (200,
   * cache on) is kept, in gzip when the client takes none; a client that prefers another encoding
   * has it added (addEncoding). A page comes cut at its nonce.
   */
  async send(req: Request, res: Response, status: number, content: Buffer | RenderedPage, freshUntil: number): Promise<void> {
    const cacheable = this.enabled && status === 200 && freshUntil > this.now();
    if (!res.hasHeader('Vary')) res.setHeader('Vary', 'Accept-Encoding');
    const nonce = readCspNonce(res);
    const nonceHeaders = takeNonceHeaders(res, nonce);
    const encoding = chooseEncoding(req.headers['accept-encoding']) ?? (cacheable ? 'gzip' : undefined);
    const served = cacheable ? 'many' : 'once';
    const body = Buffer.isBuffer(content) ? await encodeBody(content, encoding, served) : await encodeOpenBody(content.segments, content.afterNonce ?? EMPTY, encoding ? [encoding] : [], served);
    const afterNonce = Buffer.isBuffer(content) ? undefined : content.afterNonce;
    if (cacheable) this.set(requestCacheKey(req.originalUrl, req.headers.cookie), { status, headers: captureHeaders(res), nonceHeaders, body, afterNonce, expiresAt: freshUntil });
    res.statusCode = status;
    writeEncoded(req, res, status, [], body, { nonce, afterNonce, nonceHeaders });
  }
}

const EMPTY = Buffer.alloc(0);

/** Removes the headers that carry this response's nonce (the CSP); answers them cut around it. */
function takeNonceHeaders(res: ServerResponse, nonce: string): NonceHeader[] {
  const taken: NonceHeader[] = [];
  for (const [name, value] of Object.entries(res.getHeaders())) {
    const text = typeof value === 'string' ? value : undefined;
    const at = text?.indexOf(nonce) ?? -1;
    if (at < 0) continue;
    taken.push({ name, before: text!.slice(0, at), after: text!.slice(at + nonce.length) });
    res.removeHeader(name);
  }
  return taken;
}

/** Copies the headers the stack set, minus those of this response only, as a flat list. */
function captureHeaders(res: ServerResponse): HeaderList {
  const headers: HeaderList = [];
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value === undefined || PER_RESPONSE_HEADERS.has(name)) continue;
    headers.push(name, Array.isArray(value) ? value.join(', ') : String(value));
  }
  return headers;
}

/** A cached answer for this request (url: path and query as sent), if there is one. */
export function findCachedResponse(cache: ResponseCache, req: IncomingMessage, url: string): CachedResponse | undefined {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !cache.enabled) return undefined;
  return cache.get(requestCacheKey(url, req.headers.cookie));
}
