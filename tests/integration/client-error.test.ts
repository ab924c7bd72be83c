// Oversized requests against the real server on 127.0.0.1, from a raw socket: the client must be able
// to read a 414 or 431 (lingering close), not see its connection reset.
import { createConnection } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer } from '../../server/client-error';
import { FIXTURE_CONTENT_DIR } from '../support/fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

let ctx: TestApp;
let server: Server;
let port: number;
beforeAll(async () => {
  ctx = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR });
  server = createHttpServer(ctx.app, pino({ level: 'silent' }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await ctx.close();
});

/** Sends the bytes whole, reads until the server closes; rejects on a reset. Bounded in time. */
function sendRaw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('no answer within 5 s'));
    }, 5_000);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on('end', () => {
      clearTimeout(timer);
      socket.end();
      resolve(Buffer.concat(chunks).toString('latin1'));
    });
    socket.write(request);
  });
}

describe('oversized requests', () => {
  it('answers a 100 KB search with a readable 414 URI Too Long', async () => {
    const answer = await sendRaw(`GET /articles?f=${'a'.repeat(100_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 414 URI Too Long\r\n/);
    expect(answer).toMatch(/\r\n\r\n.+/s);
  });

  it('answers 100 KB of headers with a readable 431 Request Header Fields Too Large', async () => {
    const headers = Array.from({ length: 100 }, (_, at) => `X-Filler-${at}: ${'b'.repeat(1_000)}\r\n`).join('');
    const answer = await sendRaw(`GET /articles HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
  });

  it('still serves ordinary requests afterwards', async () => {
    const answer = await sendRaw('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  });
});

// Issue 25, finding 6: bad bytes sent on the socket of a response still going out.
describe('a parser error while a response is in flight', () => {
  it('lets the response end whole, never writes a status line into its body', async () => {
    const slow = createHttpServer(
      (_req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.write('first part\n');
        setTimeout(() => res.end('last part\n'), 150);
      },
      pino({ level: 'silent' }),
    );
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = createConnection({ host: '127.0.0.1', port: (slow.address() as AddressInfo).port });
        const chunks: Buffer[] = [];
        const timer = setTimeout(() => {
          socket.destroy();
          reject(new Error('no end within 5 s'));
        }, 5_000);
        socket.once('data', () => socket.write('GARBAGE\r\n\r\n'));
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.on('error', () => undefined);
        socket.on('close', () => {
          clearTimeout(timer);
          resolve(Buffer.concat(chunks).toString('latin1'));
        });
        socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      });
      expect(answer.match(/HTTP\/1\.1 /g)).toHaveLength(1);
      expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      // The chunked body whole, to its last chunk.
      expect(answer).toMatch(/first part\n\r\n.*last part\n\r\n0\r\n\r\n$/s);
    } finally {
      slow.closeAllConnections();
      slow.close();
    }
  });

  it('still answers 400 to bad bytes after a response has ended', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = createConnection({ host: '127.0.0.1', port });
      let text = '';
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error('no end within 5 s'));
      }, 5_000);
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('latin1');
        if (text.endsWith('{"status":"ok"}')) socket.write('GARBAGE\r\n\r\n');
      });
      socket.on('close', () => {
        clearTimeout(timer);
        resolve(text);
      });
      socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answer).toMatch(/\{"status":"ok"\}HTTP\/1\.1 400 Bad Request\r\n/);
  });

  it('sends the refusal with policy headers, like every answer', async () => {
    const answer = await sendRaw('GARBAGE\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answer).toMatch(/\r\nContent-Security-Policy: default-src 'none'/);
    expect(answer).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/);
  });
});
