// Answers kept whole (pages, the items API, feeds), keyed by the one parse of their request target
// (request-target.ts) and bounded in bytes. The Express stack fills it on a miss; server/http/hot-path.ts
// answers from it before Express. An entry lives for the items TTL, and the whole cache empties when
// the items source reports a change, so an edit shows at once (decision 019).
import type { Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { ByteRing, type RingCopy } from './byte-ring';
import { compressSync, ownBytes } from './compress-sync';
import { readRequestTarget } from './request-target';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import {
  assembleSent,
  captureHeaders,
  chooseEncoding,
  etagOf,
  hashBody,
  matchesEtag,
  storeAnswer,
  type Encoding,
  type HeaderList,
  type SentAnswer,
  type StoredAnswer,
} from './stored-answer';

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

/**
 * An answer kept after its first request: the body in the encoding that visitor took, compressed fast
 * as it was sent (most search pages are asked once). Asked again, it moves among the answers asked
 * twice; it is made whole when a client asks for the other encoding: that encoding compressed at the
 * best level, the one sent kept byte for byte (decisions 051, 069).
 */
interface FirstAnswer {
  status: number;
  headers: HeaderList;
  encoding: Encoding | undefined;
  body: Buffer;
  hash: string;
  size: number;
  /** The whole answer being made, once for every request that waits for it. */
  whole?: Promise<StoredAnswer>;
  /** The answer as sent, with its headers, for repeats in the same encoding (built on the first repeat). */
  sent?: SentAnswer;
  /** Where `body` is in the ring, while it is there (until asked again). */
  inRing?: RingCopy;
}

/** A kept answer: whole, as first sent (the asker takes that encoding), or whole once it is made. */
export type KeptAnswer = StoredAnswer | SentAnswer | Promise<StoredAnswer>;

const brotliDecompressAsync = promisify(zlib.brotliDecompress);
const gunzipAsync = promisify(zlib.gunzip);

/** The share of the bytes for answers asked once: a long tail of searches never holds more (decision 051). */
const FIRST_ANSWERS_SHARE = 1 / 8;

export class ResponseCache {
  /** Answers asked twice or more: whole, or as first sent until a client asks for the other encoding. */
  private readonly entries: LRUCache<string, StoredAnswer | FirstAnswer> | undefined;
  /** Answers asked once, as first sent: the least recently used go first, without touching the others. */
  private readonly firsts: LRUCache<string, FirstAnswer> | undefined;
  /** The bodies of the answers asked once: as many bytes as that share of the cache (decision 082). */
  private readonly ring: ByteRing | undefined;

  constructor(options: ResponseCacheOptions) {
    if (options.maxBytes <= 0) return;
    const firstBytes = Math.max(1, Math.floor(options.maxBytes * FIRST_ANSWERS_SHARE));
    const common = { ttl: options.ttlMs, updateAgeOnGet: false, sizeCalculation: (answer: { size: number }) => answer.size };
    this.firsts = new LRUCache<string, FirstAnswer>({ ...common, maxSize: firstBytes });
    this.ring = new ByteRing(firstBytes);
    this.entries = new LRUCache<string, StoredAnswer | FirstAnswer>({ ...common, maxSize: Math.max(1, options.maxBytes - firstBytes) });
  }

  get enabled(): boolean {
    return this.entries !== undefined;
  }

  /**
   * The kept answer for a client that sends this Accept-Encoding. Asked again, a first answer moves
   * among the answers asked twice as it was sent: a client that takes its encoding gets those bytes;
   * another waits while the other encoding is added, once (decision 060). The other encoding is made
   * only when a client asks for it: browsers all take brotli, and adding gzip 6 to a list of megabytes
   * on each repeat cost more than answering it (decision 069).
   */
  get(key: string, acceptEncoding?: string): KeptAnswer | undefined {
    const kept = this.entries?.get(key);
    if (kept !== undefined) return 'br' in kept ? kept : this.answerFirst(key, kept, acceptEncoding);
    const first = this.firsts?.get(key);
    if (first === undefined) return undefined;
    const ttl = this.firsts!.getRemainingTTL(key);
    this.firsts!.delete(key);
    if (first.inRing) {
      // Written over already (the ring's end left unused counts against it): rendered again, as if pushed out.
      if (!this.ring!.holds(first.inRing)) return undefined;
      // Asked twice, it is kept longer: in memory of its own, before the ring comes round to it.
      first.body = ownBytes(first.body);
      first.inRing = undefined;
    }
    if (ttl > 0) this.entries!.set(key, first, { ttl });
    return this.answerFirst(key, first, acceptEncoding);
  }

  /** A first answer for this client: as sent when it takes that encoding, else whole. */
  private answerFirst(key: string, first: FirstAnswer, acceptEncoding: string | undefined): KeptAnswer {
    if (first.encoding !== undefined && chooseEncoding(acceptEncoding) === first.encoding) {
      return (first.sent ??= assembleSent(first.status, first.headers, { encoding: first.encoding, body: first.body }, first.hash));
    }
    return (first.whole ??= this.makeWhole(key, first));
  }

  /** Adds the other encoding to a first answer asked again (both, when it was sent uncompressed), and keeps that in its place, for what is left of its TTL. */
  private async makeWhole(key: string, first: FirstAnswer): Promise<StoredAnswer> {
    try {
      const body = first.encoding === 'br' ? await brotliDecompressAsync(first.body) : first.encoding === 'gzip' ? await gunzipAsync(first.body) : first.body;
      // The encoding already sent keeps its bytes: the same ETag never names two bodies.
      // Under the hash it was sent with (it may not be hashBody's: see send).
      const whole = await storeAnswer(first.status, first.headers, body, first.encoding && { encoding: first.encoding, body: first.body }, first.hash);
      // Unless the cache emptied meanwhile (a content change: the page may be out of date) or it was rendered again.
      const ttl = this.entries?.getRemainingTTL(key) ?? 0;
      if (this.entries?.peek(key) === first && ttl > 0) this.entries.set(key, whole, { ttl });
      return whole;
    } catch (error) {
      if (this.entries?.peek(key) === first) this.entries.delete(key);
      throw error;
    }
  }

  clear(): void {
    this.entries?.clear();
    this.firsts?.clear();
  }

  get size(): number {
    return (this.entries?.size ?? 0) + (this.firsts?.size ?? 0);
  }

  /** Bytes held now. */
  get bytes(): number {
    return (this.entries?.calculatedSize ?? 0) + (this.firsts?.calculatedSize ?? 0);
  }

  /**
   * Sends an answer the Express stack made (its headers already set on res), compressed once, fast, in
   * the encoding this client takes. A 200 or 404 is kept so under the request's key, with the cache on
   * (made whole when asked again: see get). `hash`, when given, names these bytes as hashBody would (a
   * digest of digests of their parts, each part hashed once). `scratch`: the body's memory is reused
   * once this returns, so it is compressed (or copied) before any await (decision 061): a `list` at
   * brotli 0, a `page` (under COMPRESS_ON_THREAD_BYTES) at the fast levels. `encoded`, when
   * given, has the body already compressed in an encoding, kept by its maker (llms.txt: decision 065).
   */
  async send(
    req: Request,
    res: Response,
    status: number,
    body: Buffer,
    {
      hash = hashBody(body),
      scratch = false,
      encoded,
    }: { hash?: string; scratch?: false | 'list' | 'page'; encoded?: (encoding: Encoding) => Promise<Buffer> } = {},
  ): Promise<void> {
    if (!res.hasHeader('Vary')) res.setHeader('Vary', 'Accept-Encoding');
    const kept = this.entries !== undefined && KEPT_STATUSES.has(status);
    // Captured before this response's own headers (ETag, encoding) are set.
    const headers = kept ? captureHeaders(res, PER_RESPONSE_HEADERS) : [];
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    res.status(status).setHeader('ETag', etagOf(hash, encoding));
    if (status === 200 && matchesEtag(req.headers['if-none-match'], hash)) {
      res.status(304).end();
      return;
    }
    // Compressed fast and on the spot: its buffers die young (decision 018), or are kept once.
    const sent = scratch
      ? encoding
        ? compressNow(body, encoding, scratch)
        : Buffer.from(body)
      : encoding
        ? await (encoded ? encoded(encoding) : compressOnce(body, encoding))
        : body;
    if (kept) {
      const size = sent.length + headers.join('').length + 256;
      const key = readRequestTarget(req).url;
      // Rendered again (the cache emptied, or the TTL ended): the older copy goes.
      this.entries!.delete(key);
      // Copied: in the ring, or in memory of its own (a view of a larger output chunk would hold more than its size says).
      const inRing = this.ring!.copy(sent);
      this.firsts!.set(key, { status, headers, encoding, body: inRing?.bytes ?? ownBytes(sent), hash, size, inRing });
    }
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', sent.length);
    res.end(req.method === 'HEAD' ? undefined : sent);
  }
}

/** Above this, a one-off compression runs on libuv's threads: a hostile 500 KB page takes tens of milliseconds; below, at the fast levels, a thread hop costs more than the compression (a 110 KB search page: 1.2 ms). */
export const COMPRESS_ON_THREAD_BYTES = 256 * 1024;
const brotliOnce = promisify(zlib.brotliCompress);
const gzipOnce = promisify(zlib.gzip);

/**
 * Fast levels for an answer sent once or for the first time: on a 110 KB search page, brotli 2 takes
 * about 1.2 ms for 18.5 KB where brotli 6 and gzip 9 together took 7 ms for 15.6 and 17.3 KB. Brotli 1
 * with the body's size as a hint takes half of brotli 2's time (0.20 against 0.40 ms on a 109 KB
 * search page) for 7 % more bytes (19.1 against 17.9 KB): the encoder sizes its window and tables to
 * the body instead of for 4 MB (decision 069).
 */
const brotliFast = (body: Buffer) => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
});
const GZIP_FAST = { level: 2 };

/**
 * A large body (an items API list of every match, megabytes of JSON) on the thread: brotli 1, which on
 * a 3.6 MB list takes 3.7 ms where brotli 2 takes 10.7 (and is no smaller), in output chunks of 256 KB
 * (not 16): the thread hands back once or twice, and each hand-back waits a turn of a busy event loop
 * (decision 061).
 */
const LARGE_OUTPUT_CHUNK = 256 * 1024;
const brotliLarge = (body: Buffer) => ({
  chunkSize: LARGE_OUTPUT_CHUNK,
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
});
const GZIP_LARGE = { ...GZIP_FAST, chunkSize: LARGE_OUTPUT_CHUNK };

/**
 * A list written into the shared buffer (the items API's list of every match): brotli 0 with the size
 * hint, 1.7 against 2.3 ms on a 3.6 MB list and 0.12 against 0.19 ms on 450 KB, for 12-40 % more of
 * very few bytes (205 against 182 KB; 17.6 against 12.3 KB): the list is made anew for each search,
 * and asked again it is compressed at the best levels (decision 069).
 */
const brotliList = (body: Buffer) => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 0, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
});

/** Compresses a list or a page on the spot, before the shared buffer it is in is written again. */
function compressNow(body: Buffer, encoding: Encoding, kind: 'list' | 'page'): Buffer {
  if (encoding === 'br') return compressSync(body, 'br', kind === 'list' ? brotliList(body) : brotliFast(body));
  return compressSync(body, 'gzip', body.length >= COMPRESS_ON_THREAD_BYTES ? GZIP_LARGE : GZIP_FAST);
}

/** Compresses fast, for an answer sent once or for the first time; small bodies on the spot, where a thread hop would cost more than it saves. */
function compressOnce(body: Buffer, encoding: Encoding): Buffer | Promise<Buffer> {
  if (body.length < COMPRESS_ON_THREAD_BYTES) return compressSync(body, encoding, encoding === 'br' ? brotliFast(body) : GZIP_FAST);
  return encoding === 'br' ? brotliOnce(body, brotliLarge(body)) : gzipOnce(body, GZIP_LARGE);
}
