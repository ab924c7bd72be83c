// A response body held in memory in its three encodings, sent without compressing anything per request.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

export interface EncodedBody {
  identity: Buffer;
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

/** Compresses once, off the event loop's critical path (zlib runs in the thread pool). */
export async function encodeBody(identity: Buffer): Promise<EncodedBody> {
  const [gzip, br] = await Promise.all([
    gzipAsync(identity, { level: 6 }),
    brotliAsync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
  ]);
  return { identity, gzip, br, etag: computeEtag(identity) };
}

/** br, then gzip, when the client accepts them (q=0 refuses); identity otherwise. */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
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
 * Writes status, headers and the body in the best encoding the request accepts; 304 when
 * If-None-Match matches; no body for HEAD.
 */
export function sendEncoded(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string>, body: EncodedBody): void {
  res.setHeader('ETag', body.etag);
  res.setHeader('Vary', 'Accept-Encoding');
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  if (status === 200 && matchesEtag(req.headers['if-none-match'], body.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const encoding = chooseEncoding(req.headers['accept-encoding']);
  const payload = (encoding && body[encoding]) || body.identity;
  if (payload !== body.identity) res.setHeader('Content-Encoding', encoding!);
  res.setHeader('Content-Length', payload.length);
  res.statusCode = status;
  res.end(req.method === 'HEAD' ? undefined : payload);
}
