// An answer kept whole: its status, its headers and its body compressed once in brotli and gzip,
// with a strong ETag. Sending one writes stored headers and a stored buffer, nothing computed per
// visitor (decision 019). Hashed assets and the response cache both send through here.
import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import Negotiator from 'negotiator';

export type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];

/** A header list as res.writeHead takes it, flat: [name, value, name, value, …]. */
export type HeaderList = string[];

interface Representation {
  body: Buffer;
  /** Every header of this representation, framing included. */
  headers: HeaderList;
}

export interface StoredAnswer {
  status: number;
  br?: Representation;
  gzip: Representation;
  /** Kept only where it costs nothing (assets read from disk); otherwise gunzipped on demand. */
  identity?: Representation;
  /** The identity bytes' hash: each encoding's ETag is derived from it. */
  hash: string;
  /** What a 304 repeats (RFC 9110 §15.4.5): Cache-Control, Vary, and the representation's ETag added. */
  revalidation: HeaderList;
  /** Bytes held: the bodies and the headers, for caches bounded in bytes. */
  size: number;
}

// In the thread pool: the event loop goes on with other requests meanwhile.
const gzipAsync = promisify(zlib.gzip);
const brotliAsync = promisify(zlib.brotliCompress);
const gunzipAsync = promisify(zlib.gunzip);

/** Above this, gzip runs at a faster level: the best levels cost seconds on megabytes. */
const SMALL_BODY = 256 * 1024;
/**
 * brotli's quality for kept answers. Measured on a 70 KB page: quality 11 is 10 % smaller than 6
 * but takes 90 ms against 3 ms, and every distinct search fills the cache once.
 */
const BROTLI_QUALITY = 6;

export function hashBody(body: Buffer): string {
  return createHash('sha256').update(body).digest('base64url').slice(0, 27);
}

const etagOf = (hash: string, encoding: Encoding | 'identity') => `"${hash}${encoding === 'identity' ? '' : `-${encoding}`}"`;

/** `headers` without framing; `extra` adds the representation's own. */
function buildHeaders(headers: HeaderList, extra: HeaderList): HeaderList {
  return [...headers, ...extra];
}

function representation(headers: HeaderList, body: Buffer, hash: string, encoding: Encoding | 'identity'): Representation {
  const framing = ['Content-Length', String(body.length), 'ETag', etagOf(hash, encoding)];
  if (encoding !== 'identity') framing.push('Content-Encoding', encoding);
  return { body, headers: buildHeaders(headers, framing) };
}

function pickHeaders(headers: HeaderList, names: string[]): HeaderList {
  const picked: HeaderList = [];
  for (let at = 0; at < headers.length; at += 2) {
    if (names.includes(headers[at]!.toLowerCase())) picked.push(headers[at]!, headers[at + 1]!);
  }
  return picked;
}

/** Builds an answer from bodies already compressed (assets: the build wrote .br and .gz). */
export function assembleAnswer(status: number, headers: HeaderList, bodies: { identity?: Buffer; gzip: Buffer; br?: Buffer }, hash: string): StoredAnswer {
  const withVary = headers.some((name, at) => at % 2 === 0 && name.toLowerCase() === 'vary') ? headers : [...headers, 'Vary', 'Accept-Encoding'];
  const size = (bodies.identity?.length ?? 0) + bodies.gzip.length + (bodies.br?.length ?? 0) + withVary.join('').length * 3 + 256;
  return {
    status,
    gzip: representation(withVary, bodies.gzip, hash, 'gzip'),
    br: bodies.br && representation(withVary, bodies.br, hash, 'br'),
    identity: bodies.identity && representation(withVary, bodies.identity, hash, 'identity'),
    hash,
    revalidation: pickHeaders(withVary, ['cache-control', 'vary', 'content-security-policy', 'x-content-type-options']),
    size,
  };
}

/** Compresses a body once in both encodings (kept answers) and assembles the answer. */
export async function storeAnswer(status: number, headers: HeaderList, body: Buffer): Promise<StoredAnswer> {
  const small = body.length <= SMALL_BODY;
  const [gzip, br] = await Promise.all([
    gzipAsync(body, { level: small ? 9 : 6 }),
    brotliAsync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  ]);
  return assembleAnswer(status, headers, { gzip, br }, hashBody(body));
}

// Browsers send a handful of distinct Accept-Encoding values: negotiate each once.
const chosenByHeader = new Map<string, Encoding | undefined>();
const MAX_REMEMBERED = 64;

/** The encoding to send for an Accept-Encoding header (RFC 9110 §12.5.3, q-values honoured): br, gzip, or none. */
export function chooseEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  if (chosenByHeader.has(header)) return chosenByHeader.get(header);
  // negotiator 1.x takes the server's order of preference for equal q-values (its types lag behind).
  const negotiator = new Negotiator({ headers: { 'accept-encoding': header } }) as unknown as { encodings(available: Encoding[], options: { preferred: Encoding[] }): Encoding[] };
  const chosen = negotiator.encodings(ENCODINGS, { preferred: ENCODINGS })[0];
  if (chosenByHeader.size < MAX_REMEMBERED) chosenByHeader.set(header, chosen);
  return chosen;
}

/** True when If-None-Match names this answer in any encoding: the content is the same. */
function matchesEtag(header: string | undefined, hash: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '').replace(/^"|"$/g, '').replace(/-(br|gzip)$/, '') === hash);
}

/** Writes a stored answer: 304 when the client holds it, else the encoding it takes. extra: headers of this response only. */
export function writeStored(req: IncomingMessage, res: ServerResponse, answer: StoredAnswer, extra?: HeaderList): void {
  const encoding = chooseEncoding(req.headers['accept-encoding'] as string | undefined);
  const chosen = encoding === 'br' ? (answer.br ?? answer.gzip) : encoding === 'gzip' ? answer.gzip : answer.identity;
  if (answer.status === 200 && matchesEtag(req.headers['if-none-match'], answer.hash)) {
    const etag = etagOf(answer.hash, chosen === answer.gzip ? 'gzip' : chosen === answer.br ? 'br' : 'identity');
    res.writeHead(304, extra ? [...answer.revalidation, 'ETag', etag, ...extra] : [...answer.revalidation, 'ETag', etag]);
    res.end();
    return;
  }
  if (!chosen) {
    // A client that takes no compression: rare (scripts, probes), so it pays the decompression.
    gunzipAsync(answer.gzip.body).then(
      (identity) => writeRepresentation(req, res, answer.status, representation(stripFraming(answer.gzip.headers), identity, answer.hash, 'identity'), extra),
      (error: unknown) => res.destroy(error as Error),
    );
    return;
  }
  writeRepresentation(req, res, answer.status, chosen, extra);
}

function writeRepresentation(req: IncomingMessage, res: ServerResponse, status: number, chosen: Representation, extra: HeaderList | undefined): void {
  res.writeHead(status, extra ? [...chosen.headers, ...extra] : chosen.headers);
  if (req.method === 'HEAD') res.end();
  else res.end(chosen.body);
}

const FRAMING = new Set(['content-length', 'etag', 'content-encoding']);

function stripFraming(headers: HeaderList): HeaderList {
  const kept: HeaderList = [];
  for (let at = 0; at < headers.length; at += 2) {
    if (!FRAMING.has(headers[at]!.toLowerCase())) kept.push(headers[at]!, headers[at + 1]!);
  }
  return kept;
}

/** Headers an Express response has set, as a flat list, minus those that belong to one response only. */
export function captureHeaders(headers: OutgoingHttpHeaders, perResponse: ReadonlySet<string>): HeaderList {
  const list: HeaderList = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || perResponse.has(name)) continue;
    list.push(name, Array.isArray(value) ? value.join(', ') : String(value));
  }
  return list;
}

/** Compresses a body once, fast, in the one encoding this client takes: for answers that are not kept. */
export async function encodeOnce(req: IncomingMessage, body: Buffer): Promise<{ body: Buffer; encoding?: Encoding; hash: string }> {
  const encoding = chooseEncoding(req.headers['accept-encoding'] as string | undefined);
  const hash = hashBody(body);
  if (!encoding) return { body, hash };
  // Compressed on the spot: its buffers die young instead of waiting for a thread (decision 018).
  const encoded = encoding === 'gzip' ? zlib.gzipSync(body, { level: 4 }) : zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
  return { body: encoded, encoding, hash };
}

export { etagOf, matchesEtag };
