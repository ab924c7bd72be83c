// How long what a request read stays fresh: the items cache notes each entry it answers with, and
// the page cache keeps a rendered page no longer than the first of those entries.
import { AsyncLocalStorage } from 'node:async_hooks';

const tracked = new AsyncLocalStorage<{ freshUntil: number }>();

/** Runs `work`; answers its result and the earliest freshUntil noted during it (at most `limit`). */
export async function trackFreshness<T>(limit: number, work: () => Promise<T>): Promise<{ result: T; freshUntil: number }> {
  const store = { freshUntil: limit };
  const result = await tracked.run(store, work);
  return { result, freshUntil: store.freshUntil };
}

export function noteFreshUntil(freshUntil: number): void {
  const store = tracked.getStore();
  if (store && freshUntil < store.freshUntil) store.freshUntil = freshUntil;
}
