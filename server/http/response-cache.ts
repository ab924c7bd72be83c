// Answers kept per URL (pages, feeds and items API alike), compressed once (gzip and brotli), served before
// the rest of the middleware stack. An entry lives as long as the first item it shows stays fresh,
// and the whole cache empties when the items source reports a change (decision 009).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { normalizeFilter } from '../../shared/items/items-reader';
import { paths } from '../../shared/paths';
import { readRequestLang } from '../i18n/request-lang';
import { trackFreshness } from '../items/freshness';
import { compress, chooseEncoding, computeEtag, encodeBody, sendEncoded, type EncodedBody } from './encoded-body';

export interface CachedResponse {
  status: number;
  /** Response headers as the full stack set them on the miss (security headers, type, cache control). */
  headers: Record<string, string>;
  body: EncodedBody;
  expiresAt: number;
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

/** The key of a request: its URL's key, plus the interface language where the answer depends on it (pages). */
export function requestCacheKey(req: Request): string {
  const key = cacheKeyOf(req.originalUrl);
  return key.startsWith('/www-be/') || LANGUAGE_NEUTRAL_PATHS.has(key) ? key : `${key}#${readRequestLang(req)}`;
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
   * Sends a freshly made answer. A cacheable one (200, cache on) is compressed both ways and kept;
   * any other is compressed only in the encoding this client takes.
   */
  async send(req: Request, res: Response, status: number, identity: Buffer, freshUntil: number): Promise<void> {
    if (this.enabled && status === 200 && freshUntil > this.now()) {
      const body = await encodeBody(identity);
      this.set(requestCacheKey(req), { status, headers: captureHeaders(res), body, expiresAt: freshUntil });
      return sendEncoded(req, res, status, {}, body);
    }
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    const body: EncodedBody = encoding ? { [encoding]: await compress(identity, encoding), etag: computeEtag(identity) } : { identity, etag: computeEtag(identity) };
    sendEncoded(req, res, status, {}, body);
  }
}

/** Copies the headers the stack set, minus those of this response only. */
function captureHeaders(res: ServerResponse): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value === undefined || PER_RESPONSE_HEADERS.has(name)) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}

/**
 * The hot path: a cached answer goes out with its stored headers and precompressed body, without
 * React, JSON, compression or the rest of the middleware. `onHit` adds what is per visitor.
 */
export function serveCachedResponses(cache: ResponseCache, onHit: (req: Request, res: Response) => void) {
  return function cachedResponses(req: Request, res: Response, next: NextFunction): void {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !cache.enabled) return next();
    const cached = cache.get(requestCacheKey(req));
    if (!cached) return next();
    onHit(req, res);
    sendEncoded(req, res, cached.status, cached.headers, cached.body);
  };
}

/** Logs a cache hit the way pino-http logs the other requests. */
export function logCachedHit(logger: Logger, req: IncomingMessage, res: ServerResponse): void {
  if (!logger.isLevelEnabled('info')) return;
  const started = process.hrtime.bigint();
  res.once('finish', () => {
    const duration = Math.round(Number(process.hrtime.bigint() - started) / 1e6);
    logger.info({ req: { id: randomUUID(), method: req.method, path: (req.url ?? '').split('?')[0] }, res: { status: res.statusCode }, responseTime: duration, responseCache: 'hit' }, `${req.method} ${res.statusCode} ${duration}ms`);
  });
}
