// `npm run dev` builds with the development tools (live reload, /__dev/events) into dist-dev/, never into
// the dist/ that `npm start`, PM2 and the container run (decision 047): after a dev session the
// production build is untouched, and the production server started from it has no event stream.
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEV_EVENTS_PATH } from '../../server/dev/dev-client';
import { FIXTURE_CONTENT_DIR } from '../support/fixtures';
import { findFreePort } from '../support/free-port';
import { startServer } from '../support/server-process';
import { rootDir } from '../support/test-app';
import { waitFor } from '../support/wait-for';

const DEV_START_TIMEOUT_MS = 90_000;
const distFiles = ['.build-stamp', 'server/index.js', 'public/manifest.json'].map((file) => path.join(rootDir, 'dist', file));

let workDir: string | undefined;
afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** The status and type of an answer, without waiting for its body (an event stream never ends). */
async function headOf(url: string): Promise<{ status: number; type: string } | null> {
  const controller = new AbortController();
  try {
    const response = await fetch(url, { signal: controller.signal, redirect: 'manual' });
    return { status: response.status, type: response.headers.get('content-type') ?? '' };
  } catch {
    return null;
  } finally {
    controller.abort();
  }
}

describe('the dev build and the production start', () => {
  it('keeps the dev build out of dist/: the production server has no event stream after a dev session', { timeout: 180_000 }, async () => {
    const before = await Promise.all(distFiles.map((file) => stat(file).then((info) => info.mtimeMs)));
    const devStarted = Date.now();
    workDir = await mkdtemp(path.join(tmpdir(), 'dev-build-'));
    await cp(FIXTURE_CONTENT_DIR, path.join(workDir, 'content'), { recursive: true });
    const port = await findFreePort();
    const runner = spawn(process.execPath, ['esbuild.config.mjs', '--dev'], {
      cwd: rootDir,
      env: {
        PATH: process.env.PATH ?? '',
        HOST: '127.0.0.1',
        PORT: String(port),
        CONTENT_DIR: path.join(workDir, 'content'),
        CONTENT_CACHE_DIR: path.join(workDir, 'cache'),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true,
    });
    const exited = new Promise((resolve) => runner.once('exit', resolve));
    try {
      let events: Awaited<ReturnType<typeof headOf>> = null;
      await waitFor(async () => (events = await headOf(`http://127.0.0.1:${port}${DEV_EVENTS_PATH}`)) !== null, DEV_START_TIMEOUT_MS);
      expect(events).toEqual({ status: 200, type: 'text/event-stream; charset=utf-8' });
    } finally {
      process.kill(-runner.pid!, 'SIGTERM');
      await exited;
    }
    const devBundle = path.join(rootDir, 'dist-dev', 'server', 'index.js');
    expect((await stat(devBundle)).mtimeMs).toBeGreaterThanOrEqual(devStarted - 1_000);
    expect(await readFile(devBundle, 'utf8')).toContain(DEV_EVENTS_PATH);
    expect(await Promise.all(distFiles.map((file) => stat(file).then((info) => info.mtimeMs)))).toEqual(before);

    const server = await startServer({ CONTENT_DIR: FIXTURE_CONTENT_DIR });
    try {
      // An unknown path, as any: sent to the home page, never a stream.
      const answer = await headOf(`${server.url}${DEV_EVENTS_PATH}`);
      expect(answer?.status).toBe(302);
      expect(answer?.type).not.toContain('text/event-stream');
      expect((await headOf(`${server.url}/healthz`))?.status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
