import { request as httpRequest, createServer, type IncomingHttpHeaders } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
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

/** Sends raw request bytes on one connection and returns each response's head lines and body, read to the close. */
async function exchangeRaw(answer: StoredAnswer, requests: string, setFirst?: [string, string]): Promise<{ head: string[]; body: Buffer }[]> {
  const server = createServer((req, res) => {
    if (setFirst) res.setHeader(...setFirst);
    writeStored(req, res, answer, ['Set-Cookie', 'a=1']);
  }).listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  try {
    const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
    socket.setTimeout(5_000, () => socket.destroy(new Error('the server kept the connection open')));
    socket.end(requests);
    const chunks: Buffer[] = [];
    for await (const chunk of socket) chunks.push(chunk as Buffer);
    let rest = Buffer.concat(chunks);
    const responses: { head: string[]; body: Buffer }[] = [];
    while (rest.length > 0) {
      const end = rest.indexOf('\r\n\r\n');
      const head = rest.subarray(0, end).toString('latin1').split('\r\n');
      const length = Number(head.find((line) => /^content-length:/i.test(line))?.split(': ')[1] ?? 0);
      responses.push({ head, body: rest.subarray(end + 4, end + 4 + length) });
      rest = rest.subarray(end + 4 + length);
    }
    return responses;
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

const namesOf = (head: string[]) => head.slice(1).map((line) => line.slice(0, line.indexOf(':')).toLowerCase());

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

  it('writes a well-formed head: each header once, exact framing, keep-alive and close as the client asked', async () => {
    const answer = await storeAnswer(200, ['Content-Type', 'text/html; charset=utf-8', 'Cache-Control', 'public, max-age=0'], Buffer.from(text));
    const get = (extra: string) => `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: gzip\r\n${extra}\r\n`;
    // Pipelined on one connection: answered in order, the last one closing it.
    const responses = await exchangeRaw(answer, get('') + get('') + get('Connection: close\r\n'));
    expect(responses).toHaveLength(3);
    for (const [at, { head, body }] of responses.entries()) {
      expect(head[0]).toBe('HTTP/1.1 200 OK');
      const names = namesOf(head);
      expect(names.length, head.join('\n')).toBe(new Set(names).size);
      expect(names).toEqual(
        expect.arrayContaining(['content-type', 'cache-control', 'vary', 'content-encoding', 'etag', 'content-length', 'date', 'set-cookie']),
      );
      expect(head).toContain(at < 2 ? 'Connection: keep-alive' : 'Connection: close');
      expect(gunzipSync(body).toString()).toBe(text);
    }
    const [old] = await exchangeRaw(answer, 'GET / HTTP/1.0\r\nAccept-Encoding: gzip\r\n\r\n');
    expect(old!.head[0]).toBe('HTTP/1.1 200 OK');
    expect(old!.head).toContain('Connection: close');
    expect(gunzipSync(old!.body).toString()).toBe(text);
  });

  it('sends each header once when another layer has already set some on the response', async () => {
    const answer = await storeAnswer(200, ['Cache-Control', 'public, max-age=0'], Buffer.from(text));
    const [response] = await exchangeRaw(answer, 'GET / HTTP/1.1\r\nHost: x\r\nAccept-Encoding: br\r\nConnection: close\r\n\r\n', [
      'Cache-Control',
      'no-store',
    ]);
    const names = namesOf(response!.head);
    expect(names.length).toBe(new Set(names).size);
    expect(response!.head.map((line) => line.toLowerCase())).toContain('cache-control: public, max-age=0');
    expect(brotliDecompressSync(response!.body).toString()).toBe(text);
  });

  it('refuses to store a header Node would refuse to send', async () => {
    await expect(storeAnswer(200, ['X-Bad', 'line\r\nbreak'], Buffer.from(text))).rejects.toThrow(/Invalid character/);
  });
});
