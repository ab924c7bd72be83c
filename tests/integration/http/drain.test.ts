// Issue 25, finding 11: a server that stops must not close a keep-alive connection under a client
// about to reuse it. Real sockets on 127.0.0.1, Node's keep-alive agent as the client.
import { Agent, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpServer } from '../../../server/client-error';
import { drainServer } from '../../../server/http/drain';
import { FIXTURE_CONTENT_DIR } from '../../support/fixtures';
import { createTestApp } from '../../support/test-app';

let server: Server | undefined;
let agent: Agent | undefined;
afterEach(() => {
  agent?.destroy();
  server?.closeAllConnections();
  server?.close();
});

async function start(handler: Parameters<typeof createHttpServer>[0]): Promise<number> {
  server = createHttpServer(handler, pino({ level: 'silent' }));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

function get(port: string | number, path = '/'): Promise<{ status: number; connection?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('drainServer', () => {
  it('answers a request sent on an idle keep-alive connection after the drain began, with Connection: close', async () => {
    const port = await start((_req, res) => res.end('ok'));
    agent = new Agent({ keepAlive: true, maxSockets: 1 });
    expect(await get(port)).toMatchObject({ status: 200, connection: 'keep-alive' });
    const drained = drainServer(server!, { graceMs: 8_000 });
    // The client's idle connection is still there a moment later, and takes its next request.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await get(port)).toEqual({ status: 200, connection: 'close', body: 'ok' });
    await drained;
  });

  it('closes after a kept page written by the hot path too', async () => {
    const ctx = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR });
    try {
      const port = await start(ctx.app);
      agent = new Agent({ keepAlive: true, maxSockets: 1 });
      await get(port, '/help/about');
      expect(ctx.app.locals.responseCache.size).toBe(1);
      const drained = drainServer(server!, { graceMs: 8_000 });
      const hit = await get(port, '/help/about');
      expect(hit).toMatchObject({ status: 200, connection: 'close' });
      expect(hit.body).toContain('</html>');
      await drained;
    } finally {
      await ctx.close();
    }
  });

  it('refuses new connections, and lets a request in flight finish', async () => {
    let release: () => void = () => undefined;
    const port = await start((_req, res) => {
      release = () => res.end('late');
    });
    agent = new Agent({ keepAlive: true, maxSockets: 2 });
    const inFlight = get(port);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const drained = drainServer(server!, { graceMs: 8_000 });
    await expect(get(port)).rejects.toThrow(/ECONNREFUSED/);
    release();
    expect((await inFlight).body).toBe('late');
    agent.destroy();
    await drained;
  });

  it('cuts what is left after the grace period', async () => {
    const port = await start(() => undefined);
    agent = new Agent({ keepAlive: true });
    const hanging = get(port).catch((error: Error) => error.message);
    await new Promise((resolve) => setTimeout(resolve, 50));
    let forced = false;
    await drainServer(server!, { graceMs: 100, onForced: () => (forced = true) });
    expect(forced).toBe(true);
    expect(await hanging).toMatch(/socket hang up|ECONNRESET/);
  });
});
