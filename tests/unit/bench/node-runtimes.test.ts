// Which runtimes `npm run bench` measures, and in which order: a wrong reading would put one runtime's
// figures under another's name, or always measure the same one first.
import { describe, expect, it } from 'vitest';
import { benchRuntimes, findRuntime, parseBenchNodes, readVersion, roundOrder } from '../../../bench/node-runtimes';

describe('parseBenchNodes', () => {
  it('reads the major versions in their order, spaces and repeats aside', () => {
    expect(parseBenchNodes('24,20')).toEqual([24, 20]);
    expect(parseBenchNodes(' 20 , 24,20')).toEqual([20, 24]);
    expect(parseBenchNodes('24')).toEqual([24]);
  });

  it.each(['', 'node20', '24;20', 'v24', '24.21.0'])('refuses %j with the form it wants', (value) => {
    expect(() => parseBenchNodes(value)).toThrow(/BENCH_NODES must list Node major versions, e.g. "24,20"/);
  });
});

describe('findRuntime', () => {
  const versions: Record<string, string> = { '/project/node': '24.21.0', '/usr/bin/node': '20.20.2' };
  const versionOf = (binary: string) => versions[binary];

  it('takes the first binary of that major version', () => {
    const binaries = ['/missing/node', '/project/node', '/usr/bin/node'];
    expect(findRuntime(20, binaries, versionOf)).toEqual({ major: 20, binary: '/usr/bin/node', version: '20.20.2' });
    expect(findRuntime(24, binaries, versionOf)).toEqual({ major: 24, binary: '/project/node', version: '24.21.0' });
  });

  it('says in one line that a runtime is missing, and where it was looked for', () => {
    const runtime = findRuntime(22, ['/project/node', '/usr/bin/node'], versionOf);
    expect(runtime).toEqual({ major: 22, missing: 'Node 22: not available on this machine (none of /project/node, /usr/bin/node is Node 22)' });
  });
});

describe('readVersion', () => {
  it('reads a binary’s version, and nothing from a missing one', () => {
    expect(readVersion(process.execPath)).toBe(process.versions.node);
    expect(readVersion('/nonexistent/node')).toBeUndefined();
  });
});

describe('benchRuntimes', () => {
  it('finds the Node running it for its own major version', () => {
    const major = Number(process.versions.node.split('.')[0]);
    expect(benchRuntimes(process.cwd(), String(major))).toEqual([{ major, binary: process.execPath, version: process.versions.node }]);
  });
});

describe('roundOrder', () => {
  it('alternates the order from one round to the next', () => {
    expect([0, 1, 2, 3].map((round) => roundOrder([24, 20], round))).toEqual([
      [24, 20],
      [20, 24],
      [24, 20],
      [20, 24],
    ]);
  });
});
