// Stopping without dropping a request (issue 25, finding 11). Closing an idle keep-alive connection
// races the client's next request on it: under `pm2 reload`, 0–2 of ~13,000 requests per reload
// failed with ECONNRESET. A draining server instead stops accepting, tells each client on its next
// answer that the connection ends with it (`Connection: close`), and leaves an idle connection to the
// keep-alive timeout the client was told of (`Keep-Alive: timeout=5`, which clients such as Node's
// agent honour by closing first); only past the grace period is anything cut.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';

export interface DrainOptions {
  /** Longest wait for connections to end before the rest are closed. */
  graceMs: number;
  /** Called if the grace period ran out with connections still open. */
  onForced?: () => void;
}

/** Drains the server; resolves once every connection has ended (or was cut after graceMs). */
export function drainServer(server: Server, { graceMs, onForced }: DrainOptions): Promise<void> {
  // From now on every answer is the last on its connection: Node sends `Connection: close` and
  // closes after it. A listener added now costs nothing before.
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    res.shouldKeepAlive = false;
  });
  return new Promise((resolve) => {
    const force = setTimeout(() => {
      onForced?.();
      server.closeAllConnections();
    }, graceMs);
    force.unref();
    // net's close, not http's: since Node 19, http.Server#close also closes idle connections at once,
    // which is the race this avoids. New connections are refused; the callback waits for the others.
    NetServer.prototype.close.call(server, () => {
      clearTimeout(force);
      resolve();
    });
  });
}
