// The project's Dockerfile, unchanged, built and run as an operator would (decision 049): on a Node 24
// slim base with no compiler, read-only with a tmpfs for the caches, as a non-root user, with content
// mounted from the host; every route family answers, the healthcheck passes, and `docker stop` ends it
// cleanly within its 10 s grace. The test starts a Docker engine of its own; it is skipped, saying why,
// only where none can start.
import { chmod, mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITEMS_API_PATH } from '../../shared/items/items-api';
import { paths } from '../../shared/paths';
import { imageBytes, nodeBinaryOf, provideNodeBase, startDockerEngine, whyNoEngine, type DockerEngine } from '../support/docker-engine';
import { findFreePort } from '../support/free-port';
import { rootDir } from '../support/test-app';

const BASE_IMAGE = 'node:24-bookworm-slim';
const IMAGE = 'portfolio-site:e2e';
const CONTAINER = 'portfolio-site-e2e';
const MB = 1024 * 1024;

let engine: DockerEngine | undefined;
let skipReason = whyNoEngine();
let contentDir = '';
let url = '';
let baseBytes = 0;

beforeAll(async () => {
  if (skipReason) return;
  try {
    engine = await startDockerEngine();
  } catch (error) {
    skipReason = `no Docker engine could start: ${(error as Error).message}`;
    return;
  }
  await provideNodeBase(engine, BASE_IMAGE, nodeBinaryOf(rootDir));
  baseBytes = await imageBytes(engine, BASE_IMAGE);
  await engine.docker(['build', '--quiet', '-t', IMAGE, '.'], { cwd: rootDir, timeoutMs: 1_800_000 });

  // Content from the host: one article of its own, mounted read-only.
  contentDir = await mkdtemp(path.join(tmpdir(), 'docker-content-'));
  // mkdtemp makes the folder for its owner alone: the container's user (uid 1000) must read it, as it would a deployed folder.
  await chmod(contentDir, 0o755);
  await mkdir(path.join(contentDir, 'articles'));
  await writeFile(
    path.join(contentDir, 'articles', 'depuis-l-hote.md'),
    '---\nid: depuis-l-hote\ntitle: Écrit sur l’hôte\ndate: 2025-03-01\nlanguage: fr\ntags: [Conteneur]\nsummary: Un article monté depuis la machine hôte.\n---\nCe texte parle de volumes montés et de conteneurs en lecture seule.\n',
  );
  const port = await findFreePort();
  url = `http://127.0.0.1:${port}`;
  await engine.docker([
    'run',
    '--detach',
    '--name',
    CONTAINER,
    '--read-only',
    '--tmpfs',
    '/tmp',
    '--volume',
    `${contentDir}:/content:ro`,
    '--env',
    'CONTENT_DIR=/content',
    '--env',
    `SITE_URL=http://127.0.0.1:${port}/`,
    '--publish',
    `127.0.0.1:${port}:3000`,
    // The Dockerfile's check, run every second instead of every 30 s so that the test sees it soon.
    '--health-interval',
    '1s',
    IMAGE,
  ]);
  // vfs copies the image's whole file system for the container first: minutes on a busy machine.
  const until = Date.now() + 300_000;
  while (
    (await fetch(`${url}/readyz`).then(
      (answer) => answer.status,
      () => 0,
    )) !== 200
  ) {
    if (Date.now() > until)
      throw new Error(`the container is not ready within 300 s: ${await engine.docker(['logs', '--tail', '20', CONTAINER]).catch(String)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}, 2_400_000);

afterAll(async () => {
  await engine?.docker(['rm', '--force', CONTAINER]).catch(() => undefined);
  await engine?.stop();
  if (contentDir) await rm(contentDir, { recursive: true, force: true });
}, 900_000);

describe('the Docker image', () => {
  it('adds at most 100 MB to its base, with production dependencies only and no compiler', { timeout: 600_000 }, async (context) => {
    if (skipReason || !engine) return context.skip(skipReason);
    const added = (await imageBytes(engine, IMAGE)) - baseBytes;
    expect(added / MB).toBeLessThanOrEqual(100);
    const inImage = await engine.docker(['run', '--rm', '--entrypoint', 'sh', IMAGE, '-c', 'ls node_modules; command -v gcc g++ make python3 || true']);
    expect(inImage.split('\n')).not.toContain('typescript');
    expect(inImage.split('\n')).not.toContain('esbuild');
    expect(inImage).not.toMatch(/\/(gcc|g\+\+|make|python3)$/m);
  });

  it('runs as a non-root user on a read-only file system', { timeout: 600_000 }, async (context) => {
    if (skipReason || !engine) return context.skip(skipReason);
    const [user, readOnly] = (await engine.docker(['inspect', '--format', '{{.Config.User}} {{.HostConfig.ReadonlyRootfs}}', CONTAINER])).trim().split(' ');
    expect(user).toBe('node');
    expect(readOnly).toBe('true');
    expect((await engine.docker(['exec', CONTAINER, 'id', '-u'])).trim()).not.toBe('0');
  });

  it('answers every route family, with the content mounted from the host', { timeout: 600_000 }, async (context) => {
    if (skipReason || !engine) return context.skip(skipReason);
    const id = 'depuis-l-hote';
    const expectations: [string, number, RegExp][] = [
      ['/healthz', 200, /json/],
      ['/readyz', 200, /json/],
      [paths.cv, 200, /text\/html/],
      [paths.articles, 200, /text\/html/],
      [paths.articleSearch('volumes'), 200, /text\/html/],
      [paths.article(id), 200, /text\/html/],
      [paths.tags, 200, /text\/html/],
      [paths.tag('Conteneur'), 200, /text\/html/],
      [paths.about, 200, /text\/html/],
      [paths.cvJson, 200, /json/],
      [paths.rss, 200, /xml/],
      [paths.atom, 200, /xml/],
      [paths.sitemap, 200, /xml/],
      [paths.robots, 200, /text\/plain/],
      [paths.shareArticle(id), 200, /image\/png/],
      [paths.articleMarkdown(id), 200, /markdown/],
      [paths.cvMarkdown, 200, /markdown/],
      [paths.llmsTxt, 200, /text\/plain/],
      [`${ITEMS_API_PATH}/items`, 200, /json/],
      [`${ITEMS_API_PATH}/items/${id}`, 200, /json/],
      ['/articles/absent', 404, /text\/html/],
    ];
    const wrong: string[] = [];
    for (const [target, status, type] of expectations) {
      const answer = await fetch(url + target, { redirect: 'manual' });
      if (answer.status !== status || !type.test(answer.headers.get('content-type') ?? '')) {
        wrong.push(`${target}: ${answer.status} ${answer.headers.get('content-type')}`);
      }
    }
    expect(wrong).toEqual([]);
    expect((await fetch(url + '/', { redirect: 'manual' })).headers.get('location')).toBe(paths.cv);
    expect(await (await fetch(url + paths.article(id))).text()).toContain('Écrit sur l’hôte');
    expect(await (await fetch(url + paths.articleSearch('volumes'))).text()).toContain('Écrit sur l’hôte');
    // The page's own assets (script, styles) are served from the image.
    const page = await (await fetch(url + paths.articles)).text();
    const asset = /(?:href|src)="(\/assets\/[^"]+)"/.exec(page)?.[1];
    expect(asset).toBeDefined();
    expect((await fetch(url + asset!)).status).toBe(200);
  });

  it('passes its healthcheck', { timeout: 600_000 }, async (context) => {
    if (skipReason || !engine) return context.skip(skipReason);
    const until = Date.now() + 30_000;
    let health = '';
    while (health !== 'healthy' && Date.now() < until) {
      health = (await engine.docker(['inspect', '--format', '{{.State.Health.Status}}', CONTAINER])).trim();
      if (health !== 'healthy') await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(health).toBe('healthy');
  });

  it('stops cleanly on SIGTERM within the 10 s grace of docker stop', { timeout: 600_000 }, async (context) => {
    if (skipReason || !engine) return context.skip(skipReason);
    const started = performance.now();
    await engine.docker(['stop', '--time', '10', CONTAINER], { timeoutMs: 30_000 });
    const seconds = (performance.now() - started) / 1000;
    const [exitCode, killed] = (await engine.docker(['inspect', '--format', '{{.State.ExitCode}} {{.State.OOMKilled}}', CONTAINER])).trim().split(' ');
    expect(exitCode).toBe('0');
    expect(killed).toBe('false');
    expect(seconds).toBeLessThan(10);
  });
});
