// Answers kept whole (pages, the items API, feeds), keyed by the one parse of their request target
// (request-target.ts) and bounded in bytes. The Express stack fills it on a miss; server/http/hot-path.ts
// answers from it before Express. An entry lives for the items TTL, and the whole cache empties when
// the items source reports a change, so an edit shows at once (decision 019).
import type { Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { readRequestTarget } from './request-target';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { captureHeaders, chooseEncoding, etagOf, hashBody, matchesEtag, storeAnswer, writeStored, type StoredAnswer } from './stored-answer';

/** Headers that belong to one response, never kept: framing, the visitor's cookie, the rate-limit counters. */
const PER_RESPONSE_HEADERS = new Set([
  'set-cookie',
  'content-length',
  'content-encoding',
  'etag',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'x-request-id',
  'ratelimit',
  'ratelimit-policy',
]);

/** What is worth keeping: a page or an answer, and the answer that there is no such thing. */
const KEPT_STATUSES = new Set([200, 404]);

export interface ResponseCacheOptions {
  ttlMs: number;
  /** Most bytes the kept answers (both encodings) may hold; 0 turns the cache off. */
  maxBytes: number;
}

export class ResponseCache {
  private readonly entries: LRUCache<string, StoredAnswer> | undefined;

  constructor(options: ResponseCacheOptions) {
    this.entries =
      options.maxBytes > 0
        ? new LRUCache<string, StoredAnswer>({ maxSize: options.maxBytes, sizeCalculation: (answer) => answer.size, ttl: options.ttlMs, updateAgeOnGet: false })
        : undefined;
  }

  get enabled(): boolean {
    return this.entries !== undefined;
  }

  get(key: string): StoredAnswer | undefined {
    return this.entries?.get(key);
  }

  clear(): void {
    this.entries?.clear();
  }

  get size(): number {
    return this.entries?.size ?? 0;
  }

  /** Bytes held now. */
  get bytes(): number {
    return this.entries?.calculatedSize ?? 0;
  }

  /**
   * Sends an answer the Express stack made (its headers already set on res). A 200 or 404 is compressed
   * once in brotli and gzip and kept under the request's key; any other, or any with the cache off, is
   * compressed once in the encoding this client takes.
   */
  async send(req: Request, res: Response, status: number, body: Buffer): Promise<void> {
    if (!res.hasHeader('Vary')) res.setHeader('Vary', 'Accept-Encoding');
    if (this.entries && KEPT_STATUSES.has(status)) {
      const answer = await storeAnswer(status, captureHeaders(res, PER_RESPONSE_HEADERS), body);
      this.entries.set(readRequestTarget(req).url, answer);
      // The XSRF cookie of a new visitor goes with this answer only.
      writeStored(
        req,
        res,
        answer,
        [res.getHeader('Set-Cookie') ?? []].flat().flatMap((cookie) => ['Set-Cookie', String(cookie)]),
      );
      return;
    }
    // Sent once: compressed fast and on the spot, so its buffers die young (decision 018).
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    const hash = hashBody(body);
    res.status(status).setHeader('ETag', etagOf(hash, encoding));
    if (status === 200 && matchesEtag(req.headers['if-none-match'], hash)) {
      res.status(304).end();
      return;
    }
    const sent = encoding ? await compressOnce(body, encoding) : body;
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', sent.length);
    res.end(req.method === 'HEAD' ? undefined : sent);
  }
}

/** Above this, a one-off compression runs on libuv's threads: a hostile 500 KB page takes tens of milliseconds. */
const COMPRESS_ON_THREAD_BYTES = 64 * 1024;
const brotliOnce = promisify(zlib.brotliCompress);
const gzipOnce = promisify(zlib.gzip);

/** Compresses fast, for an answer sent once; small bodies on the spot, where a thread hop would cost more than it saves. */
function compressOnce(body: Buffer, encoding: 'br' | 'gzip'): Buffer | Promise<Buffer> {
  const brotli = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
  if (body.length < COMPRESS_ON_THREAD_BYTES) return encoding === 'br' ? zlib.brotliCompressSync(body, brotli) : zlib.gzipSync(body, { level: 4 });
  return encoding === 'br' ? brotliOnce(body, brotli) : gzipOnce(body, { level: 4 });
}
