// The built server on a second owner's data (decision 044): the server bundle is built as
// esbuild.config.mjs builds it, with shared/site/owner.ts swapped for another owner, and run as
// operators run it. Its pages, feed and favicon carry the new owner and nothing of the sample one.
import * as esbuild from 'esbuild';
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { owner as sample } from '../../shared/site/owner';
import { paths } from '../../shared/paths';
import { secondOwner } from '../fixtures/second-owner/owner';
import { FIXTURE_CONTENT_DIR } from '../support/fixtures';
import { startServer, type ServerProcess } from '../support/server-process';
import { rootDir } from '../support/test-app';

let projectDir: string;
let server: ServerProcess;

beforeAll(async () => {
  // @ts-expect-error -- plain ESM build script without type declarations
  const { serverOptions } = (await import('../../esbuild.config.mjs')) as { serverOptions: esbuild.BuildOptions };
  // A project beside the real one: its own server bundle; the packages, client build and public/ are the real ones.
  projectDir = await mkdtemp(path.join(tmpdir(), 'second-owner-build-'));
  const ownerFixture = path.join(rootDir, 'tests', 'fixtures', 'second-owner', 'owner.ts');
  await esbuild.build({
    ...serverOptions,
    outdir: path.join(projectDir, 'dist', 'server'),
    logLevel: 'error',
    plugins: [
      {
        name: 'second-owner',
        setup(build) {
          build.onResolve({ filter: /(^|\/)owner$/ }, (args) =>
            args.importer.startsWith(path.join(rootDir, 'shared')) || args.importer.startsWith(path.join(rootDir, 'server'))
              ? { path: ownerFixture }
              : undefined,
          );
        },
      },
    ],
  });
  await Promise.all(['node_modules', 'public', 'package.json', 'dist/public'].map((name) => symlink(path.join(rootDir, name), path.join(projectDir, name))));
  const contentDir = path.join(projectDir, 'content');
  await cp(FIXTURE_CONTENT_DIR, contentDir, { recursive: true });
  await cp(path.join(rootDir, 'tests', 'fixtures', 'second-owner', 'pages'), path.join(contentDir, 'pages'), { recursive: true });
  server = await startServer({ CONTENT_DIR: contentDir, WORKER_THREADS: '0' }, { args: [path.join(projectDir, 'dist', 'server', 'index.js')] });
});

afterAll(async () => {
  await server?.stop();
  if (projectDir) await rm(projectDir, { recursive: true, force: true });
});

describe('the built server on a second owner’s data', () => {
  it.each([paths.cv, paths.about, paths.rss, '/favicon.svg'])('names the new owner in %s and nothing of the sample one', async (url) => {
    const response = await fetch(`${server.url}${url}`);
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain(url === '/favicon.svg' ? `>${secondOwner.initials}<` : secondOwner.name);
    for (const trace of [sample.name, sample.email, sample.address.streetAddress, sample.siteName, `>${sample.initials}<`])
      expect(body, trace).not.toContain(trace);
  });
});
