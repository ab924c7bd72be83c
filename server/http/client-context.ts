// Which client a piece of work is for, carried through its promises (AsyncLocalStorage): the items
// source shares its upstream list fetches fairly between clients (decision 036) without every reader
// between the route and the source passing a client along.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { NextFunction, Request, Response } from 'express';

const clients = new AsyncLocalStorage<string>();

/** The client the current work is for (its address as the rate limit counts it), or undefined outside a request. */
export function readCurrentClient(): string | undefined {
  return clients.getStore();
}

/** Runs `work` as done for `client`. */
export function runForClient<T>(client: string, work: () => T): T {
  return clients.run(client, work);
}

/** Middleware: the rest of the request runs for its client, req.ip (after TRUST_PROXY, as the rate limit reads it). */
export function trackClient(req: Request, _res: Response, next: NextFunction): void {
  runForClient(req.ip ?? '', next);
}
