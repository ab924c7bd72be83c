// Pinning for the benchmarks that share the machine's two cores out: the server on one, the load
// generator (wrk) on the other, so that every server gets the same single core and wrk never takes it.
import { execFile } from 'node:child_process';
import os from 'node:os';
import { promisify } from 'node:util';

/** True when taskset exists and there are two CPUs or more to share out. */
export const pinned =
  os.cpus().length >= 2 &&
  (await promisify(execFile)('taskset', ['-V']).then(
    () => true,
    () => false,
  ));

/** The command and arguments that run `command` on `cpu` (unchanged when nothing can be pinned). */
export function onCpu(cpu: number, command: string, args: string[]): [string, string[]] {
  return pinned ? ['taskset', ['-c', String(cpu), command, ...args]] : [command, args];
}
