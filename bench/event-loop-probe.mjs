// Preloaded into the built server by bench/event-loop-bench.ts (node --import): measures that
// process's own event loop and reports over the IPC channel when asked, so the server stays as shipped.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 1 });
histogram.enable();
let last = performance.now();
let worstGap = 0;
// A 1 ms interval's worst gap: the longest the loop went without turning, whatever held it.
const ticker = setInterval(() => {
  const now = performance.now();
  worstGap = Math.max(worstGap, now - last);
  last = now;
}, 1);
ticker.unref();

process.on('message', (message) => {
  if (message === 'reset') {
    histogram.reset();
    worstGap = 0;
    last = performance.now();
    process.send?.({ reset: true });
  } else if (message === 'read') {
    process.send?.({ maxMs: histogram.max / 1e6, p99Ms: histogram.percentile(99) / 1e6, meanMs: histogram.mean / 1e6, worstGapMs: worstGap });
  }
});
// The server's own handles decide when it exits.
process.channel?.unref();
