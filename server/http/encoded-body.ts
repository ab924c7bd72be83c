// Response bodies compressed once and sent as they are: the hot paths never compress per request.
// A page is kept "open": compressed and flushed (byte-aligned, not finished) up to its CSP nonce, so
// that each response appends its own nonce and the few bytes after it uncompressed, then ends the
// stream — a per-response nonce without compressing per response (decision 018).
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

export type Encoding = 'br' | 'gzip';
export const ENCODINGS: readonly Encoding[] = ['br', 'gzip'];
const GZIP_ONLY: readonly Encoding[] = ['gzip'];
const NONE: readonly Encoding[] = [];
const EMPTY = Buffer.alloc(0);

export interface EncodedBody {
  /** Kept only where there is no compressed copy to rebuild it from (see readIdentity). */
  identity?: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  /** Validator of the identity body: strong, or weak (W/) for an open body, whose nonce differs per response. */
  etag: string;
  /** Set when gzip and br are open: they end with a flush, and finishBody completes them. */
  open?: { length: number; crc: number };
}

/** How often a body will be sent: a body sent once is compressed fast, a cached one a little harder. */
export type Served = 'once' | 'many';

// In the thread pool: the event loop goes on with other requests meanwhile.
const gzipAsync = promisify(zlib.gzip);
const brotliAsync = promisify(zlib.brotliCompress);
const deflateRawAsync = promisify(zlib.deflateRaw);

export function computeEtag(body: Buffer, weak = false): string {
  return `${weak ? 'W/' : ''}"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** CRC-32 of bytes after `crc`. Empty bytes may have no data pointer, and zlib's crc32 answers 0 for that. */
function updateCrc(crc: number, bytes: Buffer): number {
  return bytes.length > 0 ? zlib.crc32(bytes, crc) : crc;
}

function brotliParams(body: Buffer, served: Served): zlib.BrotliOptions['params'] {
  return { [zlib.constants.BROTLI_PARAM_QUALITY]: served === 'many' ? 5 : 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length };
}

const gzipLevel = (served: Served) => (served === 'many' ? 6 : 4);

/** One encoding, finished. */
export function compress(body: Buffer, encoding: Encoding, served: Served = 'once'): Promise<Buffer> {
  return encoding === 'gzip' ? gzipAsync(body, { level: gzipLevel(served) }) : brotliAsync(body, { params: brotliParams(body, served) });
}

// gzip member header (RFC 1952): deflate, no flags, no mtime, OS unknown.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);

/** brotli, flushed but not finished: finishBody appends the rest. Sent once: on the spot, as gzipSegmentsOpen. */
async function brotliOpen(body: Buffer, served: Served): Promise<Buffer> {
  const options = { params: brotliParams(body, served), finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH };
  return served === 'once' ? zlib.brotliCompressSync(body, options) : brotliAsync(body, options);
}

/** A finished body in one encoding (none: kept as is). */
export async function encodeBody(identity: Buffer, encoding: Encoding | undefined, served: Served): Promise<EncodedBody> {
  const etag = computeEtag(identity);
  return encoding ? { [encoding]: await compress(identity, encoding, served), etag } : { identity, etag };
}

/**
 * A part that many bodies share (the inlined CSS: half of every page), deflated once for gzip. Its
 * deflate stream is flushed and refers to nothing before it, so it can follow any other.
 */
export interface SharedSegment {
  identity: Buffer;
  deflated: Buffer;
}

export function createSharedSegment(text: string): SharedSegment {
  const identity = Buffer.from(text);
  return { identity, deflated: zlib.deflateRawSync(identity, { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH }) };
}

/** A body made of parts: its own bytes, or a shared segment. */
export type Segment = Buffer | SharedSegment;

const identityOf = (segment: Segment) => (Buffer.isBuffer(segment) ? segment : segment.identity);

/**
 * gzip of the segments, open: each own part deflated on its own and flushed, shared parts as they are.
 * A page sent once is compressed on the spot (decision 018): its buffers then die young, instead of
 * waiting in the thread pool's queue long enough to reach the old generation, where only a full
 * collection frees them. A page that will be cached is compressed in the thread pool.
 */
async function gzipSegmentsOpen(segments: readonly Segment[], served: Served): Promise<Buffer> {
  const options = { level: gzipLevel(served), finishFlush: zlib.constants.Z_SYNC_FLUSH };
  const deflate = (segment: Buffer) => (served === 'once' ? zlib.deflateRawSync(segment, options) : deflateRawAsync(segment, options));
  const deflated = await Promise.all(segments.map((segment) => (Buffer.isBuffer(segment) ? deflate(segment) : segment.deflated)));
  return Buffer.concat([GZIP_HEADER, ...deflated]);
}

/**
 * A body whose end is written per response: the segments compressed open, in the given encodings
 * (none: kept as is). `end` is the identity end the validator covers (what follows the per-response part).
 */
export async function encodeOpenBody(segments: readonly Segment[], end: Buffer, encodings: readonly Encoding[], served: Served): Promise<EncodedBody> {
  const identities = segments.map(identityOf);
  const hash = createHash('sha256');
  let crc = 0;
  let length = 0;
  for (const part of identities) {
    hash.update(part);
    crc = updateCrc(crc, part);
    length += part.length;
  }
  const body: EncodedBody = { etag: `W/"${hash.update(end).digest('base64url').slice(0, 27)}"`, open: { length, crc } };
  const start = () => (identities.length === 1 ? identities[0]! : Buffer.concat(identities));
  if (encodings.length === 0) body.identity = start();
  await Promise.all(encodings.map(async (encoding) => (body[encoding] = encoding === 'gzip' ? await gzipSegmentsOpen(segments, served) : await brotliOpen(start(), served))));
  return body;
}

// Uncompressed blocks hold at most 65,535 bytes (deflate) and 65,536 (brotli with 4 length nibbles).
const MAX_STORED = 65_535;

/** deflate stored blocks (RFC 1951 §3.2.4), the last one final, then the gzip trailer (CRC-32, size): one buffer. */
function finishGzip(open: NonNullable<EncodedBody['open']>, tail: Buffer): Buffer {
  const blocks = Math.max(1, Math.ceil(tail.length / MAX_STORED));
  const out = Buffer.allocUnsafe(blocks * 5 + tail.length + 8);
  let at = 0;
  for (let block = 0; block < blocks; block += 1) {
    const part = tail.subarray(block * MAX_STORED, (block + 1) * MAX_STORED);
    out[at] = block === blocks - 1 ? 1 : 0;
    out.writeUInt16LE(part.length, at + 1);
    out.writeUInt16LE(~part.length & 0xffff, at + 3);
    at += 5 + part.copy(out, at + 5);
  }
  out.writeUInt32LE(updateCrc(open.crc, tail), at);
  out.writeUInt32LE((open.length + tail.length) % 2 ** 32, at + 4);
  return out;
}

/** brotli uncompressed meta-blocks (RFC 7932 §9.2: ISLAST=0, 4 nibbles of MLEN-1, ISUNCOMPRESSED=1), then the last, empty one (ISLAST=1, ISLASTEMPTY=1): one buffer. */
function finishBrotli(tail: Buffer): Buffer {
  const blocks = Math.ceil(tail.length / MAX_STORED);
  const out = Buffer.allocUnsafe(blocks * 3 + tail.length + 1);
  let at = 0;
  for (let block = 0; block < blocks; block += 1) {
    const part = tail.subarray(block * MAX_STORED, (block + 1) * MAX_STORED);
    const bits = ((part.length - 1) << 3) | (1 << 19);
    out[at] = bits & 0xff;
    out[at + 1] = (bits >> 8) & 0xff;
    out[at + 2] = (bits >> 16) & 0xff;
    at += 3 + part.copy(out, at + 3);
  }
  out[at] = 0x03;
  return out;
}

/** What follows body[encoding] on the wire: the tail appended to an open body; nothing for a finished one. */
export function finishBody(body: EncodedBody, encoding: Encoding | undefined, tail: Buffer): Buffer | undefined {
  if (!body.open) return undefined;
  if (encoding === 'gzip') return finishGzip(body.open, tail);
  if (encoding === 'br') return finishBrotli(tail);
  return tail.length ? tail : undefined;
}

/** The encodings a request accepts, best first (br, then gzip; q=0 refuses). */
export function readAcceptedEncodings(acceptEncoding: string | undefined): readonly Encoding[] {
  if (!acceptEncoding) return NONE;
  // The usual headers of browsers and tools, without parsing.
  if (acceptEncoding === 'gzip, deflate, br, zstd' || acceptEncoding === 'gzip, deflate, br') return ENCODINGS;
  if (acceptEncoding === 'gzip' || acceptEncoding === 'gzip, deflate') return GZIP_ONLY;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  return ENCODINGS.filter((encoding) => weight(encoding) > 0);
}

/** The best encoding the request accepts, or none. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  return readAcceptedEncodings(acceptEncoding)[0];
}

export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  // Weak comparison (RFC 9110 §13.1.2): W/"x" and "x" match either way.
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === opaque || tag === `W/${opaque}`;
  });
}

/** The identity start of a body: kept, or inflated from a compressed copy (clients that take no compression are rare). */
function readIdentity(body: EncodedBody): Buffer {
  if (body.identity) return body.identity;
  if (body.open) return body.gzip ? zlib.inflateRawSync(body.gzip.subarray(GZIP_HEADER.length), { finishFlush: zlib.constants.Z_SYNC_FLUSH }) : zlib.brotliDecompressSync(body.br!, { finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH });
  return body.gzip ? zlib.gunzipSync(body.gzip) : zlib.brotliDecompressSync(body.br!);
}

/** Encodings being added to kept bodies: each is compressed once, however many clients ask meanwhile. */
const adding = new WeakMap<EncodedBody, Set<Encoding>>();

/**
 * Adds an encoding to a kept body that lacks it, in the background. A cache fill compresses only what
 * its client takes; the other encoding is made when a client first prefers it, and that client gets
 * the one there is meanwhile. Half the compression on a fill, none for an encoding nobody asks for.
 */
export function addEncoding(body: EncodedBody, encoding: Encoding): void {
  const pending = adding.get(body) ?? new Set<Encoding>();
  if (body[encoding] || pending.has(encoding)) return;
  pending.add(encoding);
  adding.set(body, pending);
  const identity = readIdentity(body);
  const encoded = !body.open ? compress(identity, encoding, 'many') : encoding === 'br' ? brotliOpen(identity, 'many') : gzipSegmentsOpen([identity], 'many');
  // A failure leaves the body as it was: it keeps being served in the encoding it has.
  void encoded.then((buffer) => (body[encoding] = buffer), () => undefined).finally(() => pending.delete(encoding));
}

export interface BodyToSend {
  encoding: Encoding | undefined;
  chunks: Buffer[];
  length: number;
}

/** What goes on the wire for this request: the best encoding the request accepts and the body has, and its chunks. */
export function selectBody(req: IncomingMessage, body: EncodedBody, tail: Buffer): BodyToSend {
  const encoding = readAcceptedEncodings(req.headers['accept-encoding']).find((accepted) => body[accepted]);
  const start = encoding ? body[encoding]! : readIdentity(body);
  const end = finishBody(body, encoding, tail);
  return { encoding, chunks: end ? [start, end] : [start], length: start.length + (end?.length ?? 0) };
}

/** Response headers as writeHead takes them: [name, value, name, value, …]. */
export type HeaderList = (string | string[])[];

/** A header whose value holds the response's CSP nonce, kept around it. */
export interface NonceHeader {
  name: string;
  before: string;
  after: string;
}

export interface WriteOptions {
  /** This response's CSP nonce: written at the end of an open body and into the nonce headers. */
  nonce?: string;
  /** For an open body: the identity bytes that follow the nonce. */
  afterNonce?: Buffer;
  nonceHeaders?: readonly NonceHeader[];
}

/**
 * Writes status, headers (with the validator and framing) and the body in the best encoding the
 * request accepts and the body has; 304 when If-None-Match matches; no body for HEAD.
 */
export function writeEncoded(req: IncomingMessage, res: ServerResponse, status: number, headers: HeaderList, body: EncodedBody, { nonce = '', afterNonce, nonceHeaders = [] }: WriteOptions = {}): void {
  headers.push('ETag', body.etag);
  if (status === 200 && matchesEtag(req.headers['if-none-match'], body.etag)) {
    // No nonce header: a 304 refreshes the headers of the browser's copy, whose body keeps its own nonce.
    res.writeHead(304, headers);
    res.end();
    return;
  }
  for (const header of nonceHeaders) headers.push(header.name, header.before + nonce + header.after);
  const selected = selectBody(req, body, afterNonce ? Buffer.concat([Buffer.from(nonce), afterNonce]) : EMPTY);
  if (selected.encoding) headers.push('Content-Encoding', selected.encoding);
  headers.push('Content-Length', String(selected.length));
  res.writeHead(status, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const last = selected.chunks.length - 1;
  // Corked: the cached start and the few bytes that finish it leave in one write.
  if (last > 0) res.cork();
  for (let at = 0; at < last; at += 1) res.write(selected.chunks[at]);
  res.end(selected.chunks[last]);
}
