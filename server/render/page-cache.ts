// Rendered pages kept per URL, compressed once (gzip and brotli), answered before the rest of the
// middleware stack. An entry lives as long as the freshest-to-expire item it shows, and the whole
// cache empties when the items source reports a change.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { sendEncoded, type EncodedBody } from '../http/encoded-body';
import { trackFreshness } from '../items/freshness';

export interface CachedPage {
  status: number;
  /** Response headers as the full stack set them on the miss (security headers, type, cache control). */
  headers: Record<string, string>;
  body: EncodedBody;
  expiresAt: number;
}

/** Headers that belong to one response only, never replayed from the cache. */
const PER_RESPONSE_HEADERS = new Set(['set-cookie', 'content-length', 'content-encoding', 'etag', 'vary', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'x-request-id']);

export class PageCache {
  private readonly entries = new Map<string, CachedPage>();

  constructor(private readonly options: { ttlMs: number; maxEntries: number; now?: () => number }) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  get(key: string): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Runs a render and answers how long its result may be cached: the TTL, or less if an item it read expires sooner. */
  trackExpiry<T>(render: () => Promise<T>): Promise<{ result: T; freshUntil: number }> {
    return trackFreshness(this.now() + this.options.ttlMs, render);
  }

  set(key: string, page: CachedPage): void {
    if (page.status !== 200 || page.expiresAt <= this.now()) return;
    this.entries.delete(key);
    // Oldest insertion first out: a Map keeps insertion order.
    while (this.entries.size >= this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, page);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Copies the headers the stack set, minus those of this response only. */
export function captureHeaders(res: ServerResponse): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value === undefined || PER_RESPONSE_HEADERS.has(name)) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}

/**
 * The hot path: a cached page goes out with its stored headers and precompressed body, without
 * React, compression or the rest of the middleware. `onHit` adds what is per visitor (the XSRF cookie)
 * and logs.
 */
export function serveCachedPages(cache: PageCache, onHit: (req: IncomingMessage, res: ServerResponse) => void) {
  return function cachedPages(req: Request, res: Response, next: NextFunction): void {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const page = cache.get(req.originalUrl);
    if (!page) return next();
    onHit(req, res);
    sendEncoded(req, res, page.status, page.headers, page.body);
  };
}

/** Logs a cache hit the way pino-http logs the other requests. */
export function logCachedHit(logger: Logger, req: IncomingMessage, res: ServerResponse, started: bigint): void {
  res.once('finish', () => {
    const duration = Number(process.hrtime.bigint() - started) / 1e6;
    logger.info({ req: { id: randomUUID(), method: req.method, path: (req.url ?? '').split('?')[0] }, res: { status: res.statusCode }, responseTime: Math.round(duration), pageCache: 'hit' }, `${req.method} ${res.statusCode} ${Math.round(duration)}ms`);
  });
}
