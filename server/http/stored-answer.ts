// An answer kept whole: its status, its headers and its body compressed once in brotli and gzip, with
// a strong ETag per encoding of the same content. Sending one writes stored headers and a stored
// buffer, nothing computed per visitor (decision 019). Hashed assets and the response cache use it.
import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import Negotiator from 'negotiator';

export type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];

/** Headers as res.writeHead takes them, flat: [name, value, name, value, …]. */
export type HeaderList = string[];

export interface StoredAnswer {
  status: number;
  /** Body and every header (framing included) of each encoding. */
  br: { body: Buffer; headers: HeaderList };
  gzip: { body: Buffer; headers: HeaderList };
  /** Hash of the identity bytes: the ETags derive from it. */
  hash: string;
  /** Headers without framing: what a 304 repeats, and the base of an identity answer. */
  headers: HeaderList;
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

/** Builds an answer from bodies already compressed (the build wrote the assets' .br and .gz). */
export function assembleAnswer(status: number, headers: HeaderList, bodies: { gzip: Buffer; br: Buffer }, hash: string): StoredAnswer {
  const base = headers.some((name, at) => at % 2 === 0 && name.toLowerCase() === 'vary') ? headers : [...headers, 'Vary', 'Accept-Encoding'];
  const encoded = (encoding: Encoding) => ({
    body: bodies[encoding],
    headers: [...base, 'Content-Encoding', encoding, 'Content-Length', String(bodies[encoding].length), 'ETag', etagOf(hash, encoding)],
  });
  return {
    status,
    br: encoded('br'),
    gzip: encoded('gzip'),
    hash,
    headers: base,
    size: bodies.gzip.length + bodies.br.length + base.join('').length * 3 + 256,
  };
}

/** Compresses a body once in both encodings and assembles the answer. */
export async function storeAnswer(status: number, headers: HeaderList, body: Buffer): Promise<StoredAnswer> {
  const [gzip, br] = await Promise.all([
    gzipAsync(body, { level: body.length > LARGE_BODY ? 6 : 9 }),
    brotliAsync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  ]);
  return assembleAnswer(status, headers, { gzip, br }, hashBody(body));
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

function send(req: IncomingMessage, res: ServerResponse, status: number, headers: HeaderList, body?: Buffer): void {
  res.writeHead(status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Writes a stored answer: 304 when the client holds it, else the encoding it takes. extra: headers of this response only. */
export function writeStored(req: IncomingMessage, res: ServerResponse, answer: StoredAnswer, extra: HeaderList = []): void {
  const encoding = chooseEncoding(req.headers['accept-encoding'] as string | undefined);
  if (answer.status === 200 && matchesEtag(req.headers['if-none-match'], answer.hash)) {
    res.writeHead(304, [...answer.headers, 'ETag', etagOf(answer.hash, encoding), ...extra]).end();
    return;
  }
  if (encoding) {
    send(req, res, answer.status, extra.length > 0 ? [...answer[encoding].headers, ...extra] : answer[encoding].headers, answer[encoding].body);
    return;
  }
  // A client that takes no compression is rare (scripts, probes): it pays the decompression.
  gunzipAsync(answer.gzip.body).then(
    (body) => send(req, res, answer.status, [...answer.headers, 'Content-Length', String(body.length), 'ETag', etagOf(answer.hash), ...extra], body),
    (error: unknown) => res.destroy(error as Error),
  );
}

/** Headers an Express response has set, as a flat list, minus those that belong to one response only. */
export function captureHeaders(headers: OutgoingHttpHeaders, perResponse: ReadonlySet<string>): HeaderList {
  return Object.entries(headers).flatMap(([name, value]) =>
    value === undefined || perResponse.has(name) ? [] : [name, Array.isArray(value) ? value.join(', ') : String(value)],
  );
}
