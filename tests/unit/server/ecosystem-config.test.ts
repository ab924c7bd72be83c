// The PM2 file operators start from: cluster mode, the built server, a stop grace longer than ours.
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rootDir } from '../../support/test-app';

const require = createRequire(import.meta.url);

describe('ecosystem.config.cjs', () => {
  it('runs the built server in cluster mode, waiting longer than the server drains', () => {
    const { apps } = require(path.join(rootDir, 'ecosystem.config.cjs')) as { apps: Record<string, unknown>[] };
    expect(apps).toHaveLength(1);
    expect(apps[0]).toMatchObject({ script: 'dist/server/index.js', exec_mode: 'cluster', instances: 'max' });
    expect(apps[0]!.kill_timeout).toBeGreaterThan(8_000);
  });
});
