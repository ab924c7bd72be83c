import { request as httpRequest, createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, storeAnswer, writeStored, type StoredAnswer } from '../../../../server/http/stored-answer';

async function fetchStored(
  answer: StoredAnswer,
  headers: Record<string, string>,
  method = 'GET',
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  const server = createServer((req, res) => writeStored(req, res, answer)).listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, headers, method }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

describe('chooseEncoding', () => {
  it('prefers brotli, honours q-values and refusals', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding(undefined)).toBeUndefined();
  });
});

describe('stored answers', () => {
  const text = '<!DOCTYPE html><p>' + 'Bonjour, le cache ! '.repeat(500) + '</p>';

  it('sends each encoding whole, with its own strong ETag and exact length', async () => {
    const answer = await storeAnswer(200, ['Content-Type', 'text/html; charset=utf-8', 'Cache-Control', 'public, max-age=0'], Buffer.from(text));
    const br = await fetchStored(answer, { 'Accept-Encoding': 'br' });
    const gz = await fetchStored(answer, { 'Accept-Encoding': 'gzip' });
    const plain = await fetchStored(answer, { 'Accept-Encoding': 'identity' });
    expect(brotliDecompressSync(br.body).toString()).toBe(text);
    expect(gunzipSync(gz.body).toString()).toBe(text);
    expect(plain.body.toString()).toBe(text);
    for (const response of [br, gz, plain]) {
      expect(Number(response.headers['content-length'])).toBe(response.body.length);
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    }
    expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(3);
  });

  it('answers 304 to the ETag of any encoding of the same content, and HEAD without a body', async () => {
    const answer = await storeAnswer(200, ['Cache-Control', 'public, max-age=0'], Buffer.from(text));
    const gz = await fetchStored(answer, { 'Accept-Encoding': 'gzip' });
    const revalidated = await fetchStored(answer, { 'Accept-Encoding': 'br', 'If-None-Match': String(gz.headers.etag) });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toHaveLength(0);
    expect(revalidated.headers['cache-control']).toBe('public, max-age=0');
    expect((await fetchStored(answer, { 'If-None-Match': '"other"' })).status).toBe(200);
    const head = await fetchStored(answer, { 'Accept-Encoding': 'gzip' }, 'HEAD');
    expect(head.body).toHaveLength(0);
    expect(head.headers['content-length']).toBe(gz.headers['content-length']);
  });

  it('never answers 304 for a kept 404', async () => {
    const answer = await storeAnswer(404, [], Buffer.from('missing'));
    const first = await fetchStored(answer, { 'Accept-Encoding': 'gzip' });
    expect((await fetchStored(answer, { 'Accept-Encoding': 'gzip', 'If-None-Match': String(first.headers.etag) })).status).toBe(404);
  });
});
