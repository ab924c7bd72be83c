// Which client a piece of work is for, carried through its promises (AsyncLocalStorage): the items
// source shares its upstream list fetches fairly between clients (decision 036) without every reader
// between the route and the source passing a client along; and when that client's request has
// ended, so that a lone visitor is served before a flood until its page is sent (decision 057).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { NextFunction, Request, Response } from 'express';

interface ClientWork {
  client: string;
  /** Whether the work is a request's. */
  forRequest?: true;
  /**
   * The response being made, until it is sent or abandoned: the store outlives the request in every
   * timer and callback armed during it (the socket's idle timer until the next request on that
   * connection), and through the response it would keep the whole request alive into the old
   * generation (decision 057).
   */
  response?: Response;
}

const clients = new AsyncLocalStorage<ClientWork>();

/** The client the current work is for (its address as the rate limit counts it), or undefined outside a request. */
export function readCurrentClient(): string | undefined {
  return clients.getStore()?.client;
}

/** Resolves once the current request's response is sent or abandoned; undefined outside a request. */
export function waitForCurrentResponse(): Promise<void> | undefined {
  const work = clients.getStore();
  if (!work?.forRequest) return undefined;
  const response = work.response;
  if (!response || response.writableEnded || response.destroyed) return Promise.resolve();
  return new Promise((resolve) => response.once('close', () => resolve()));
}

/** Runs `work` as done for `client`. */
export function runForClient<T>(client: string, work: () => T): T {
  return clients.run({ client }, work);
}

/** Middleware: the rest of the request runs for its client, req.ip (after TRUST_PROXY, as the rate limit reads it). */
export function trackClient(req: Request, res: Response, next: NextFunction): void {
  const work: ClientWork = { client: req.ip ?? '', forRequest: true, response: res };
  res.once('close', () => {
    work.response = undefined;
  });
  clients.run(work, next);
}
