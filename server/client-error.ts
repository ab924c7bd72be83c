// The HTTP server the site listens with, and what it answers to a request Node's parser refuses (too
// long a URL or headers, malformed): a short status the client can read, then a lingering close —
// the rest of what the client sends is read and discarded, so closing does not reset the connection
// and lose the answer (issue 13, row 3). Node's default writes the status and destroys at once.
import { STATUS_CODES, createServer, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';

/** Largest request line plus headers accepted; Node's default, stated here so the answer's reason is known. */
export const MAX_HEADER_BYTES = 16 * 1024;
/** How long, and how much, a refused client may keep sending before the socket is dropped. */
const LINGER_MS = 2_000;
const MAX_DISCARDED_BYTES = 1024 * 1024;

type ParserError = Error & { code?: string; rawPacket?: Buffer };

/** 414 when the request line alone is past the limit, 431 for the headers, 400 otherwise. */
function statusFor(error: ParserError): number {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    const firstLineEnd = error.rawPacket?.indexOf('\r\n') ?? -1;
    return firstLineEnd === -1 || firstLineEnd > MAX_HEADER_BYTES / 2 ? 414 : 431;
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  return 400;
}

/**
 * The policy headers of a refusal: a short text that loads nothing, so the strictest policy fits it
 * (decision 033); the site's own policy is for its pages.
 */
const REFUSAL_POLICY =
  "Content-Security-Policy: default-src 'none'; frame-ancestors 'none'\r\nX-Content-Type-Options: nosniff\r\nX-Frame-Options: DENY\r\nReferrer-Policy: no-referrer\r\n";

const answered = new WeakSet<Duplex>();

/** For a server's 'clientError' event: answers once, then reads and discards until the client is done. */
export function answerClientError(error: ParserError, socket: Duplex, logger?: Logger): void {
  if (answered.has(socket)) return;
  answered.add(socket);
  socket.on('error', () => {});
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = statusFor(error);
  logger?.info({ status, code: error.code }, 'request refused by the HTTP parser');
  const body = `${status} ${STATUS_CODES[status] ?? ''}\n`;
  // Node's parser would raise the same error on every further chunk: stop feeding it, keep draining.
  socket.removeAllListeners('data');
  let discarded = 0;
  socket.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > MAX_DISCARDED_BYTES) socket.destroy();
  });
  socket.resume();
  // A response still going out on this connection (the bad bytes came pipelined behind its request):
  // a status line written now would land inside its body (issue 25, finding 6). It ends whole, then
  // the connection closes, without a second answer.
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (inFlight && !inFlight.writableFinished) {
    inFlight.once('close', () => socket.end());
    return;
  }
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\n${REFUSAL_POLICY}Connection: close\r\n\r\n${body}`,
  );
}

/** The site's HTTP server: the header limit stated, and oversized or malformed requests answered readably. */
export function createHttpServer(listener: RequestListener, logger?: Logger): Server {
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, listener);
  server.on('clientError', (error: ParserError, socket: Duplex) => answerClientError(error, socket, logger));
  return server;
}
