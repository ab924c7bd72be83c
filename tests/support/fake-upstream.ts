// A real HTTP items service on loopback for tests: it counts and records the calls it receives.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeUpstream {
  /** {origin}/www-be/items/v1.0 */
  baseUrl: string;
  /** Request URLs received, in order (path + query). */
  calls: string[];
  /** Replaces how requests are answered. */
  handle: (handler: UpstreamHandler) => void;
  close: () => Promise<void>;
}

export type UpstreamHandler = (req: IncomingMessage, res: ServerResponse, url: URL) => void | Promise<void>;

export const UPSTREAM_BASE_PATH = '/www-be/items/v1.0';

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

export async function startFakeUpstream(initial: UpstreamHandler): Promise<FakeUpstream> {
  let handler = initial;
  const calls: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    calls.push(url.pathname + url.search);
    Promise.resolve(handler(req, res, url)).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${UPSTREAM_BASE_PATH}`,
    calls,
    handle: (next) => {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
