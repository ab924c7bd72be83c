// Preloaded into the built server by bench/event-loop-bench.ts (node --import): measures that
// process's own event loop and reports over the IPC channel when asked, so the server stays as shipped.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 1 });
histogram.enable();
let last = performance.now();
let worstGap = 0;
// The main thread's own CPU time (Node 23.9+): on a shared machine, a gap is mostly the thread waiting
// for a core; the CPU it used within one gap is the part its own work held the loop.
const readThreadCpuMs = () => {
  const usage = process.threadCpuUsage?.();
  return usage ? (usage.user + usage.system) / 1000 : 0;
};
let lastCpu = readThreadCpuMs();
let worstBusy = 0;
// A 1 ms interval's worst gap: the longest the loop went without turning, whatever held it.
const ticker = setInterval(() => {
  const now = performance.now();
  const cpu = readThreadCpuMs();
  worstGap = Math.max(worstGap, now - last);
  worstBusy = Math.max(worstBusy, cpu - lastCpu);
  last = now;
  lastCpu = cpu;
}, 1);
ticker.unref();

process.on('message', (message) => {
  if (message === 'reset') {
    histogram.reset();
    worstGap = 0;
    worstBusy = 0;
    last = performance.now();
    lastCpu = readThreadCpuMs();
    process.send?.({ reset: true });
  } else if (message === 'read') {
    process.send?.({
      maxMs: histogram.max / 1e6,
      p99Ms: histogram.percentile(99) / 1e6,
      meanMs: histogram.mean / 1e6,
      worstGapMs: worstGap,
      worstBusyMs: worstBusy,
    });
  }
});
// The server's own handles decide when it exits.
process.channel?.unref();
