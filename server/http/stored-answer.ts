// An answer kept whole: its status, its headers and its body compressed once in brotli and gzip, with
// a strong ETag per encoding of the same content. Sending one writes stored headers and a stored
// buffer, nothing computed per visitor (decision 019). Hashed assets and the response cache use it.
import { createHash } from 'node:crypto';
import { IncomingMessage, ServerResponse, validateHeaderName, validateHeaderValue } from 'node:http';
import { Socket } from 'node:net';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import Negotiator from 'negotiator';

export type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];

/** Headers as res.writeHead takes them, flat: [name, value, name, value, …]. */
export type HeaderList = string[];

/** Headers of one encoding, as a list and as the lines of an HTTP head ("Name: value\r\n…"), checked once. */
interface StoredHeaders {
  headers: HeaderList;
  lines: string;
}

export interface StoredAnswer {
  status: number;
  /** Body and headers (all but Content-Length) of each encoding. */
  br: StoredHeaders & { body: Buffer };
  gzip: StoredHeaders & { body: Buffer };
  /** Hash of the identity bytes: the ETags derive from it. */
  hash: string;
  /** Headers without encoding or ETag: what a 304 repeats, and the base of an identity answer. */
  base: StoredHeaders;
  /** Bytes held, for caches bounded in bytes. */
  size: number;
}

const gzipAsync = promisify(zlib.gzip);
const brotliAsync = promisify(zlib.brotliCompress);
const gunzipAsync = promisify(zlib.gunzip);

/** brotli quality of kept answers: on a 70 KB page, 11 is 10 % smaller than 6 but takes 90 ms against 3. */
const BROTLI_QUALITY = 6;
/** Above this, gzip runs at a faster level: the best levels cost seconds on megabytes. */
const LARGE_BODY = 256 * 1024;

export const hashBody = (body: Buffer) => createHash('sha256').update(body).digest('base64url').slice(0, 27);
export const etagOf = (hash: string, encoding?: Encoding) => `"${hash}${encoding ? `-${encoding}` : ''}"`;

/** One encoding of an answer as it was first sent: what a repeat in that encoding gets while the answer is made whole (decision 060). */
export interface SentAnswer {
  status: number;
  hash: string;
  /** Headers without encoding or ETag (a 304's). */
  base: StoredHeaders;
  encoding: Encoding;
  encoded: StoredHeaders & { body: Buffer };
}

const withVary = (headers: HeaderList): HeaderList =>
  headers.some((name, at) => at % 2 === 0 && name.toLowerCase() === 'vary') ? headers : [...headers, 'Vary', 'Accept-Encoding'];
const encodedHeaders = (base: HeaderList, hash: string, encoding: Encoding) =>
  storeHeaders([...base, 'Content-Encoding', encoding, 'ETag', etagOf(hash, encoding)]);

/** Builds an answer from bodies already compressed (the build wrote the assets' .br and .gz). */
export function assembleAnswer(status: number, headers: HeaderList, bodies: { gzip: Buffer; br: Buffer }, hash: string): StoredAnswer {
  const base = withVary(headers);
  const encoded = (encoding: Encoding) => ({ body: bodies[encoding], ...encodedHeaders(base, hash, encoding) });
  return {
    status,
    br: encoded('br'),
    gzip: encoded('gzip'),
    hash,
    base: storeHeaders(base),
    size: bodies.gzip.length + bodies.br.length + base.join('').length * 5 + 256,
  };
}

/** The answer in the one encoding it was sent in, with the headers assembleAnswer would give that encoding. */
export function assembleSent(status: number, headers: HeaderList, sent: { encoding: Encoding; body: Buffer }, hash: string): SentAnswer {
  const base = withVary(headers);
  return { status, hash, base: storeHeaders(base), encoding: sent.encoding, encoded: { body: sent.body, ...encodedHeaders(base, hash, sent.encoding) } };
}

/** Checks headers as Node would on each response, once, and writes them as the lines of a head. */
function storeHeaders(headers: HeaderList): StoredHeaders {
  let lines = '';
  for (let at = 0; at < headers.length; at += 2) {
    validateHeaderName(headers[at]!);
    validateHeaderValue(headers[at]!, headers[at + 1]!);
    lines += `${headers[at]}: ${headers[at + 1]}\r\n`;
  }
  return { headers, lines };
}

/**
 * Compresses a body once in both encodings and assembles the answer; `kept`: an encoding already
 * sent, whose bytes stay as they were (one strong ETag, one set of bytes).
 */
export async function storeAnswer(
  status: number,
  headers: HeaderList,
  body: Buffer,
  kept?: { encoding: Encoding; body: Buffer },
  hash = hashBody(body),
): Promise<StoredAnswer> {
  const [gzip, br] = await Promise.all([
    kept?.encoding === 'gzip' ? kept.body : gzipAsync(body, { level: body.length > LARGE_BODY ? 6 : 9 }),
    kept?.encoding === 'br'
      ? kept.body
      : brotliAsync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  ]);
  return assembleAnswer(status, headers, { gzip, br }, hash);
}

// Browsers send a handful of distinct Accept-Encoding values: negotiate each once.
const chosenByHeader = new Map<string, Encoding | undefined>();

/** The encoding to send for an Accept-Encoding header (q-values honoured, brotli first): br, gzip, or none. */
export function chooseEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  if (chosenByHeader.has(header)) return chosenByHeader.get(header);
  // negotiator 1.x takes the server's order of preference for equal q-values (its types lag behind).
  const negotiator = new Negotiator({ headers: { 'accept-encoding': header } }) as unknown as {
    encodings(available: Encoding[], options: { preferred: Encoding[] }): Encoding[];
  };
  const chosen = negotiator.encodings(ENCODINGS, { preferred: ENCODINGS })[0];
  if (chosenByHeader.size < 64) chosenByHeader.set(header, chosen);
  return chosen;
}

/** True when If-None-Match names this content, in any encoding. */
export function matchesEtag(header: string | undefined, hash: string): boolean {
  if (!header) return false;
  return (
    header.trim() === '*' ||
    header.split(',').some(
      (tag) =>
        tag
          .trim()
          .replace(/^W\//, '')
          .replace(/^"|"$/g, '')
          .replace(/-(br|gzip)$/, '') === hash,
    )
  );
}

/**
 * Whether Node keeps the head it built in `_header` until the body goes, so stored lines can join it.
 * Node validates and joins every header on every response: for a page's 17 security and cache headers
 * that is 15 % of a cache hit (decision 032). Probed once; without it, headers go the ordinary way.
 */
const JOINS_STORED_LINES = (() => {
  const probe = new ServerResponse(new IncomingMessage(new Socket())) as ServerResponse & { _header?: unknown };
  probe.writeHead(200, ['Content-Length', '0']);
  return typeof probe._header === 'string' && probe._header.startsWith('HTTP/1.1 200 OK\r\n');
})();

/**
 * Writes the head and the body. Node builds the status line, framing, Date and keep-alive from the few
 * headers of this response (`own`); the stored lines, checked when stored, follow the status line.
 * A response another layer has set headers on takes the ordinary way, so that nothing is sent twice.
 */
function send(req: IncomingMessage, res: ServerResponse, status: number, stored: StoredHeaders, own: HeaderList, body?: Buffer): void {
  if (!JOINS_STORED_LINES || res.getHeaderNames().length > 0) {
    res.writeHead(status, [...stored.headers, ...own]);
  } else {
    res.writeHead(status, own);
    const built = res as ServerResponse & { _header: string };
    const afterStatus = built._header.indexOf('\r\n') + 2;
    built._header = built._header.slice(0, afterStatus) + stored.lines + built._header.slice(afterStatus);
  }
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Writes a stored answer: 304 when the client holds it, else the encoding it takes. extra: headers of this response only. */
export function writeStored(req: IncomingMessage, res: ServerResponse, answer: StoredAnswer, extra: HeaderList = []): void {
  const encoding = chooseEncoding(req.headers['accept-encoding'] as string | undefined);
  if (answer.status === 200 && matchesEtag(req.headers['if-none-match'], answer.hash)) {
    send(req, res, 304, answer.base, ['ETag', etagOf(answer.hash, encoding), ...extra]);
    return;
  }
  if (encoding) {
    const { body } = answer[encoding];
    send(req, res, answer.status, answer[encoding], ['Content-Length', String(body.length), ...extra], body);
    return;
  }
  // A client that takes no compression is rare (scripts, probes): it pays the decompression.
  gunzipAsync(answer.gzip.body).then(
    (body) => send(req, res, answer.status, answer.base, ['Content-Length', String(body.length), 'ETag', etagOf(answer.hash), ...extra], body),
    (error: unknown) => res.destroy(error as Error),
  );
}

/** Writes an answer in the encoding it was first sent in (the client takes that one): 304 when the client holds it. */
export function writeSent(req: IncomingMessage, res: ServerResponse, answer: SentAnswer, extra: HeaderList = []): void {
  const etag = etagOf(answer.hash, answer.encoding);
  if (answer.status === 200 && matchesEtag(req.headers['if-none-match'], answer.hash)) {
    send(req, res, 304, answer.base, ['ETag', etag, ...extra]);
    return;
  }
  const { body } = answer.encoded;
  send(req, res, answer.status, answer.encoded, ['Content-Length', String(body.length), ...extra], body);
}

/** Headers an Express response has set, named as set (a hit looks like a miss), minus those of one response only (lower-case). */
export function captureHeaders(res: ServerResponse, perResponse: ReadonlySet<string>): HeaderList {
  // Every outgoing message has it since Node 15.13; @types/node declares it on ClientRequest only.
  const named = res as ServerResponse & { getRawHeaderNames(): string[] };
  return named.getRawHeaderNames().flatMap((name) => {
    const value = res.getHeader(name);
    return value === undefined || perResponse.has(name.toLowerCase()) ? [] : [name, Array.isArray(value) ? value.join(', ') : String(value)];
  });
}
