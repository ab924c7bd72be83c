// How operators start the server: the PM2 file (cluster mode, a stop grace longer than ours), the
// Dockerfile and npm start, all with the same Node flags.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rootDir } from '../../support/test-app';

const require = createRequire(import.meta.url);
const { apps } = require(path.join(rootDir, 'ecosystem.config.cjs')) as { apps: Record<string, unknown>[] };
// V8's sizes that keep the resident memory down (docs/decisions/018).
const MEMORY_FLAGS = ['--max-semi-space-size=4', '--heap-growing-percent=50'];

describe('ecosystem.config.cjs', () => {
  it('runs the built server in cluster mode, waiting longer than the server drains', () => {
    expect(apps).toHaveLength(1);
    expect(apps[0]).toMatchObject({ script: 'dist/server/index.js', exec_mode: 'cluster', instances: 'max' });
    expect(apps[0]!.kill_timeout).toBeGreaterThan(8_000);
  });
});

describe('the ways to start the server', () => {
  it('give V8 the same heap sizing under PM2, in the container and with npm start', () => {
    const dockerCmd = /^CMD (\[.*\])$/m.exec(readFileSync(path.join(rootDir, 'Dockerfile'), 'utf8'))?.[1];
    const { scripts } = JSON.parse(readFileSync(path.join(rootDir, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(String(apps[0]!.node_args).split(' ')).toEqual(['--enable-source-maps', ...MEMORY_FLAGS]);
    expect(JSON.parse(dockerCmd ?? '[]')).toEqual(['node', '--enable-source-maps', ...MEMORY_FLAGS, 'dist/server/index.js']);
    expect(scripts.start).toContain(`node ${MEMORY_FLAGS.join(' ')} dist/server/index.js`);
  });
});
