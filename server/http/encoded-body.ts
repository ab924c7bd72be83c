// Response bodies compressed once and sent as they are: the hot paths never compress per request.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

export type Encoding = 'br' | 'gzip';

export interface EncodedBody {
  /** Kept only where there is no compressed copy to rebuild it from (see sendEncoded). */
  identity?: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  /** Strong validator of the identity body. */
  etag: string;
}

const gzipAsync = promisify(zlib.gzip);
const brotliAsync = promisify(zlib.brotliCompress);

export function computeEtag(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/**
 * One encoding, in the thread pool. `served` says how often the result will be sent: a body sent once
 * is compressed fast; one kept in the cache a little harder (it is paid once, while a visitor waits).
 */
export function compress(body: Buffer, encoding: Encoding, served: 'once' | 'many' = 'once'): Promise<Buffer> {
  const many = served === 'many';
  return encoding === 'gzip'
    ? gzipAsync(body, { level: many ? 6 : 4 })
    : brotliAsync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: many ? 5 : 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
}

/** Both encodings, for a body that will be served many times; the identity body is not kept. */
export async function encodeBody(identity: Buffer): Promise<EncodedBody> {
  const [gzip, br] = await Promise.all([compress(identity, 'gzip', 'many'), compress(identity, 'br', 'many')]);
  return { gzip, br, etag: computeEtag(identity) };
}

/** br, then gzip, when the client accepts them (q=0 refuses); identity otherwise. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return undefined;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

/**
 * Writes status, headers and the body in the best encoding the request accepts and the body has;
 * 304 when If-None-Match matches; no body for HEAD. A client that takes no compression (rare: scripts,
 * probes) gets the gzip copy inflated.
 */
export function sendEncoded(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string>, body: EncodedBody): void {
  res.setHeader('ETag', body.etag);
  // A page also varies with the language cookie: it says so itself.
  if (!res.hasHeader('Vary')) res.setHeader('Vary', 'Accept-Encoding');
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  if (status === 200 && matchesEtag(req.headers['if-none-match'], body.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const wanted = chooseEncoding(req.headers['accept-encoding']);
  const encoding = wanted && body[wanted] ? wanted : wanted === 'br' && body.gzip ? 'gzip' : undefined;
  const payload = encoding ? body[encoding]! : (body.identity ?? zlib.gunzipSync(body.gzip!));
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', payload.length);
  res.statusCode = status;
  res.end(req.method === 'HEAD' ? undefined : payload);
}
