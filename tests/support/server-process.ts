// Starts the built server (dist/server/index.js) as operators do, on 127.0.0.1, and waits for it: the
// one way tests and benchmarks (search, server, soak, event loop) start a server process.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { findFreePort } from './free-port';
import { rootDir } from './test-app';

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Every log line the server wrote, parsed (when its output is kept). */
  logs: Record<string, unknown>[];
  /** Milliseconds from the spawn to ready. */
  startMs: number;
  /** The process's resident memory now (VmRSS) or at its peak (VmHWM), in MB. */
  memoryMb: (field?: 'VmRSS' | 'VmHWM') => number;
  /** SIGTERM, then SIGKILL after graceMs (default 15 s); resolves with the exit code. */
  stop: (graceMs?: number) => Promise<number | null>;
}

export interface StartOptions {
  /**
   * The Node binary that runs the server: this process's own unless given, or BENCH_SERVER_NODE when
   * set (`bench/node-versions-bench.ts` reruns a whole benchmark with the server on another runtime).
   */
  node?: string;
  /** Node's arguments: the built server without flags unless given (benchmarks pass npm start's). */
  args?: string[];
  /** The folder it runs in (the project's root unless given: a benchmark may run another checkout's build). */
  cwd?: string;
  /** The port; a free one unless given. */
  port?: number;
  /** Wraps the command, e.g. to pin it on a CPU (bench/cpu-pinning.ts). */
  wrap?: (command: string, args: string[]) => [string, string[]];
  /**
   * Ready when: the server logs that it listens ('listening', the default: it needs LOG_LEVEL info or
   * lower), or this path answers 200 (e.g. '/readyz').
   */
  ready?: 'listening' | `/${string}`;
  timeoutMs?: number;
  /** The whole environment of this process is passed on, under `env` (benchmarks); else only PATH. */
  inheritEnv?: boolean;
  /** A channel for process.send (the event-loop bench's probe). */
  ipc?: boolean;
  /** Where the server's own stderr goes: kept for the error message (default) or shown. */
  stderr?: 'keep' | 'inherit';
  /** Where its stdout goes: parsed into `logs` (the default), or a file descriptor (a benchmark's log file). */
  stdout?: 'logs' | number;
}

const DEFAULT_ARGS = [path.join(rootDir, 'dist', 'server', 'index.js')];

/** Starts the server with `env` over HOST=127.0.0.1, the port and LOG_LEVEL=info; rejects, with its stderr, when it exits or is not ready in time. */
export async function startServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<ServerProcess> {
  const {
    node = process.env.BENCH_SERVER_NODE || process.execPath,
    args = DEFAULT_ARGS,
    wrap,
    ready = 'listening',
    timeoutMs = 15_000,
    inheritEnv = false,
    ipc = false,
    stderr: stderrTo = 'keep',
    stdout = 'logs',
  } = options;
  const port = options.port ?? (await findFreePort());
  const started = performance.now();
  const [command, argv] = wrap ? wrap(node, args) : [node, args];
  const child = spawn(command, argv, {
    cwd: options.cwd ?? rootDir,
    env: { ...(inheritEnv ? process.env : { PATH: process.env.PATH ?? '' }), HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', stdout === 'logs' ? 'pipe' : stdout, stderrTo === 'keep' ? 'pipe' : 'inherit', ...(ipc ? (['ipc'] as const) : [])],
  });
  const logs: Record<string, unknown>[] = [];
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-20_000)));
  let listening = false;
  if (child.stdout)
    createInterface({ input: child.stdout }).on('line', (line) => {
      try {
        const entry = JSON.parse(line) as Record<string, unknown>;
        // A long benchmark logs little (LOG_LEVEL=warn); a test's lines are read by the test.
        if (logs.length < 100_000) logs.push(entry);
        if (typeof entry.port === 'number' && String(entry.msg).startsWith('listening')) listening = true;
      } catch {
        // Not a log line.
      }
    });
  const url = `http://127.0.0.1:${port}`;
  const stop = (graceMs = 15_000) =>
    new Promise<number | null>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      child.once('exit', (code) => {
        clearTimeout(timer);
        resolve(code);
      });
      child.kill('SIGTERM');
    });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const until = started + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await exited;
      throw new Error(`server exited with ${child.exitCode ?? child.signalCode}: ${stderr}`);
    }
    const isReady =
      ready === 'listening'
        ? listening
        : await fetch(url + ready, { signal: AbortSignal.timeout(5_000) }).then(
            (answer) => answer.status === 200,
            () => false,
          );
    if (isReady) break;
    if (performance.now() > until) {
      await stop(5_000);
      throw new Error(`server did not start in ${timeoutMs / 1000} s: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, ready === 'listening' ? 20 : 100));
  }
  const memoryMb = (field: 'VmRSS' | 'VmHWM' = 'VmRSS') =>
    Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? Number.NaN) / 1024;
  return { url, port, child, logs, startMs: performance.now() - started, memoryMb, stop };
}
