// How fast one core of this shared machine runs right now: the same fixed loop, timed inside a Node
// process of its own on the core a server is pinned to. Its speed has changed up to twofold within
// minutes (decision 084), and the CPU time a server spends per answer follows it, so a load's figures
// say little without the speed of its core beside them.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { onCpu } from './cpu-pinning';

/** About half a second at the machine's fastest: long enough to average over the scheduler's slices. */
export const CORE_SPEED_ITERATIONS = 200_000_000;

// A loop V8 compiles to a few instructions an iteration, whose result is printed so it is not dropped.
const LOOP = (iterations: number) =>
  `let sum = 0; const start = performance.now(); for (let i = 0; i < ${iterations}; i += 1) sum = (sum + i) | 0; ` +
  `process.stdout.write(JSON.stringify({ ms: performance.now() - start, sum }));`;

/** Milliseconds the fixed loop of `iterations` took on `cpu` (the process start is not counted). */
export async function measureCoreSpeed(cpu: number, iterations = CORE_SPEED_ITERATIONS): Promise<number> {
  const [command, args] = onCpu(cpu, process.execPath, ['-e', LOOP(iterations)]);
  const { stdout } = await promisify(execFile)(command, args, { timeout: 60_000 });
  const { ms } = JSON.parse(stdout) as { ms: number };
  if (!Number.isFinite(ms) || ms <= 0) throw new Error(`core speed probe: no time in ${JSON.stringify(stdout)}`);
  return ms;
}
