// One wrk run for the benchmarks: one thread on CPU 1 (the server has CPU 0), bounded in time.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { onCpu } from './cpu-pinning';

export interface WrkRun {
  url: string;
  connections: number;
  seconds: number;
  /** wrk's own timeout for one answer, e.g. "5s". */
  answerTimeout: string;
  /** One request header, as `Name: value`. */
  header: string;
  /** A Lua script: the URLs to cycle through, what to count. */
  script?: string;
  /** Seconds wrk is given past its run before it is killed. */
  graceSeconds: number;
}

/** What wrk --latency printed; an instruction instead of ENOENT when wrk is missing. */
export async function runWrk({ url, connections, seconds, answerTimeout, header, script, graceSeconds }: WrkRun): Promise<string> {
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '--timeout', answerTimeout, '-H', header, ...(script ? ['-s', script] : []), url];
  const [command, argv] = onCpu(1, 'wrk', args);
  const { stdout } = await promisify(execFile)(command, argv, { timeout: (seconds + graceSeconds) * 1000 }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw new Error('wrk is not installed: `node tests/support/ensure-system-deps.mjs bench` installs it (npm run bench does)');
    throw error;
  });
  return stdout;
}
