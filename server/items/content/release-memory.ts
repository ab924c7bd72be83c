// After a cold start, the memory its analyses needed goes back to the system before the server says it
// is ready (decision 054): V8 would otherwise keep the pages it freed pooled until its memory reducer
// runs, seconds later, and only in part.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type GarbageCollect = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

let collect: GarbageCollect | undefined;

/** One full, memory-reducing collection (what V8 does under memory pressure): a few hundred ms once, on a heap of 10,000 articles. */
export function releaseMemory(): void {
  // gc() is exposed to a new context only, so that no other code of the process can call it.
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as GarbageCollect;
  }
  collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}
