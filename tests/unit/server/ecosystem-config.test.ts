// How operators start the server: the PM2 file (cluster mode, a stop grace longer than ours), the
// Dockerfile, npm start and docs/deploy.md's command, all with the same Node flags and the same glibc
// malloc setting; the soak benchmark reads npm start's command (tests/support/npm-start.ts).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeVersionProblem } from '../../support/ensure-node.mjs';
import { npmStartCommand, parseStartCommand } from '../../support/npm-start';
import { rootDir } from '../../support/test-app';

const require = createRequire(import.meta.url);
const { apps } = require(path.join(rootDir, 'ecosystem.config.cjs')) as { apps: Record<string, unknown>[] };
// V8's sizes that keep the resident memory down (docs/decisions/018), and V8's memory-first heuristics
// that keep the long-tail search loads under 350 MB (decision 077).
const MEMORY_FLAGS = ['--max-semi-space-size=4', '--heap-growing-percent=50'];
// Two glibc malloc arenas, not one per thread (docs/decisions/029); blocks from 1 MB mapped on their own and
// given back when freed, smaller ones (a compressor's buffers, each answer) reused from the heap (decision 083).
// glibc reads them when the process starts, so they must be in node's environment: the server cannot set them for itself.
const MALLOC_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '1048576', MALLOC_TRIM_THRESHOLD_: '8388608' };

/** The variables the Dockerfile's final stage sets with ENV (`NAME=value`, continued lines joined). */
function dockerfileEnv(dockerfile: string): Record<string, string> {
  const finalStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
  const env: Record<string, string> = {};
  for (const [, body] of finalStage.replace(/\\\n\s*/g, ' ').matchAll(/^ENV (.*)$/gm)) {
    for (const [, name, value] of body!.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=(\S*)/g)) env[name!] = value!;
  }
  return env;
}

const dockerfile = readFileSync(path.join(rootDir, 'Dockerfile'), 'utf8');
const npmStart = npmStartCommand(rootDir);

describe('ecosystem.config.cjs', () => {
  it('runs the built server in cluster mode, waiting longer than the server drains', () => {
    expect(apps).toHaveLength(1);
    expect(apps[0]).toMatchObject({ script: 'dist/server/index.js', exec_mode: 'cluster', instances: 'max' });
    expect(apps[0]!.kill_timeout).toBeGreaterThan(8_000);
  });
});

describe('the ways to start the server', () => {
  it('give V8 the same heap sizing under PM2, in the container and with npm start', () => {
    const dockerCmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(String(apps[0]!.node_args).split(' ')).toEqual(['--enable-source-maps', ...MEMORY_FLAGS]);
    expect(JSON.parse(dockerCmd ?? '[]')).toEqual(['node', '--enable-source-maps', ...MEMORY_FLAGS, 'dist/server/index.js']);
    expect(npmStart.args).toEqual([...MEMORY_FLAGS, 'dist/server/index.js']);
  });

  it('set glibc’s malloc variables in node’s environment under PM2, in the container and with npm start', () => {
    expect(npmStart.env).toEqual(MALLOC_ENV);
    expect(dockerfileEnv(dockerfile)).toMatchObject(MALLOC_ENV);
    expect(apps[0]!.env).toMatchObject(MALLOC_ENV);
  });

  it.each(['soak-bench.ts', 'event-loop-bench.ts'])('are how %s starts it: npm start’s command, variables included', (file) => {
    const bench = readFileSync(path.join(rootDir, 'bench', file), 'utf8');
    expect(bench).toMatch(/= npmStartCommand\((ROOT|process\.cwd\(\))\)/);
    // Through the one helper that starts the built server (tests/support/server-process.ts).
    expect(bench).toMatch(/start(Built)?Server\(\s*\{\s*\.\.\.NPM_START\.env,.*args: SERVER_ARGS/s);
  });

  it('are shown in docs/deploy.md as npm start runs the server', () => {
    const deploy = readFileSync(path.join(rootDir, 'docs', 'deploy.md'), 'utf8');
    const command = /^.*\bnode .*dist\/server\/index\.js$/m.exec(deploy)?.[0] ?? '';
    const shown = parseStartCommand(command);
    expect(shown.args).toEqual(npmStart.args);
    expect(shown.env).toMatchObject(MALLOC_ENV);
  });
});

describe('parseStartCommand', () => {
  it('reads the variables before node and node’s arguments from the last command', () => {
    expect(parseStartCommand('node build.mjs && A_B=2 C= node --x=1 main.js')).toEqual({ env: { A_B: '2', C: '' }, args: ['--x=1', 'main.js'] });
    expect(parseStartCommand('node main.js')).toEqual({ env: {}, args: ['main.js'] });
  });

  it('refuses what it would misread: quoting, expansions, another program', () => {
    expect(() => parseStartCommand('A="x y" node main.js')).toThrow(/plain words/);
    expect(() => parseStartCommand('A=$B node main.js')).toThrow(/plain words/);
    expect(() => parseStartCommand('env A=2 node main.js')).toThrow(/does not run node/);
    expect(() => parseStartCommand('A=2 node')).toThrow(/does not run node/);
  });
});

describe('the Node version', () => {
  const { engines, devDependencies } = JSON.parse(readFileSync(path.join(rootDir, 'package.json'), 'utf8')) as {
    engines: { node: string };
    devDependencies: Record<string, string>;
  };

  it('is Node 24 LTS for npm scripts, the container and the tests themselves', () => {
    expect(engines.node).toBe('>=24');
    expect(devDependencies.node).toMatch(/^\^24\./);
    expect([...dockerfile.matchAll(/^FROM (\S+)/gm)].map((match) => match[1])).toEqual(['node:24-bookworm-slim', 'node:24-bookworm-slim']);
    // npm test and npx vitest run on node_modules/.bin/node (decision 048).
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(24);
  });

  it('stops a script on an older Node at once, with one line saying what to do', () => {
    expect(nodeVersionProblem('24.21.0')).toBeUndefined();
    expect(nodeVersionProblem('26.1.0')).toBeUndefined();
    const problem = nodeVersionProblem('20.20.2');
    expect(problem).toMatch(/needs Node 24 .* Node 20\.20\.2: run `npm ci`/);
    expect(problem).not.toContain('\n');
  });
});
