// What the event-loop benches ask of a server they started: timed GETs on 127.0.0.1, and the readings
// of the probe preloaded in it (bench/event-loop-probe.mjs), over IPC.
import type { ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';

/** One GET to the server; a network error or a timeout is status 0. `client` sets X-Forwarded-For. */
export function sendTimedGet(
  port: number,
  urlPath: string,
  { timeoutMs, client }: { timeoutMs: number; client?: string },
): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const headers: Record<string, string> = { 'accept-encoding': 'gzip' };
    if (client) headers['x-forwarded-for'] = client;
    const req = request({ host: '127.0.0.1', port, path: urlPath, agent: false, timeout: timeoutMs, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      res.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    req.end();
  });
}

export interface LoopReading {
  maxMs: number;
  p99Ms: number;
  meanMs: number;
  worstGapMs: number;
  /** The most CPU time the main thread used between two turns of a 1 ms interval (0 where Node cannot tell). */
  worstBusyMs: number;
}

/** Asks the probe in the server (over IPC) and waits for its answer, at most 10 s. */
export function askProbe(child: ChildProcess, message: 'reset' | 'read'): Promise<LoopReading> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer from the event-loop probe to ${message}`)), 10_000);
    child.once('message', (answer) => {
      clearTimeout(timer);
      resolve(answer as LoopReading);
    });
    child.send(message);
  });
}
