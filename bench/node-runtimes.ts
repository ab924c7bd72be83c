// The Node runtimes `npm run bench` measures the server on, side by side (decision 056): BENCH_NODES
// ("24,20" by default) names their major versions, and each one is found as a binary on this machine
// (the project's node_modules/.bin/node for 24, the system's /usr/bin/node for 20), or reported missing.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

export const DEFAULT_BENCH_NODES = '24,20';

export type Runtime = { major: number; binary: string; version: string } | { major: number; missing: string };

/** The major versions BENCH_NODES names, in its order ("24,20" → [24, 20]); throws on anything else. */
export function parseBenchNodes(value: string): number[] {
  const majors = value.split(',').map((part) => part.trim());
  if (majors.some((major) => !/^\d{2}$/.test(major))) throw new Error(`BENCH_NODES must list Node major versions, e.g. "24,20"; got "${value}"`);
  return [...new Set(majors.map(Number))];
}

/** The binaries tried for a runtime, in order: the Node running the bench, the project's, the system's. */
export function candidateBinaries(root: string): string[] {
  return [...new Set([process.execPath, path.join(root, 'node_modules', '.bin', 'node'), '/usr/bin/node', '/usr/local/bin/node'])];
}

/** The first of `binaries` whose `--version` has this major (`versionOf` answers undefined for a missing binary). */
export function findRuntime(major: number, binaries: string[], versionOf: (binary: string) => string | undefined): Runtime {
  for (const binary of binaries) {
    const version = versionOf(binary);
    if (version !== undefined && Number(version.split('.')[0]) === major) return { major, binary, version };
  }
  return { major, missing: `Node ${major}: not available on this machine (none of ${binaries.join(', ')} is Node ${major})` };
}

/** `binary --version` without its "v", or undefined when it does not run. */
export function readVersion(binary: string): string | undefined {
  try {
    return execFileSync(binary, ['--version'], { encoding: 'utf8', timeout: 10_000 }).trim().replace(/^v/, '');
  } catch {
    return undefined;
  }
}

/** The runtimes BENCH_NODES asks for (the default when unset), found on this machine or marked missing. */
export function benchRuntimes(root: string, value = process.env.BENCH_NODES ?? DEFAULT_BENCH_NODES): Runtime[] {
  const binaries = candidateBinaries(root);
  return parseBenchNodes(value).map((major) => findRuntime(major, binaries, readVersion));
}

/** The runtimes in the order of this round: as given on even rounds, reversed on odd ones, so that neither always goes first. */
export function roundOrder<T>(items: T[], round: number): T[] {
  return round % 2 === 0 ? [...items] : [...items].reverse();
}
