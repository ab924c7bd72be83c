// The app as `npm run dev` builds it (server/dev/, decision 045), in-process on 127.0.0.1, on a project
// folder of its own: its public/ and content/ may be edited; the build and packages are the real ones.
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { createApp } from '../../server/app';
import { createHttpServer } from '../../server/client-error';
import { loadConfig } from '../../server/config';
import { createDevTools } from '../../server/dev/dev-tools';
import { createItemsSource } from '../../server/items';
import { loadSiteResources } from '../../server/render/site-resources';
import { loadHashedAssets } from '../../server/static/hashed-assets';
import { FIXTURE_CONTENT_DIR } from './fixtures';
import { rootDir, TEST_SITE_URL } from './test-app';

export interface DevApp {
  origin: string;
  /** The project folder: public/ is a copy. */
  projectDir: string;
  /** The fixture articles and the real About pages, copied. */
  contentDir: string;
  close(): Promise<void>;
}

export async function startDevApp(): Promise<DevApp> {
  const projectDir = await mkdtemp(path.join(tmpdir(), 'dev-app-'));
  await cp(path.join(rootDir, 'public'), path.join(projectDir, 'public'), { recursive: true });
  await cp(path.join(rootDir, 'package.json'), path.join(projectDir, 'package.json'));
  await symlink(path.join(rootDir, 'dist'), path.join(projectDir, 'dist'));
  await symlink(path.join(rootDir, 'node_modules'), path.join(projectDir, 'node_modules'));
  const contentDir = path.join(projectDir, 'content');
  await cp(FIXTURE_CONTENT_DIR, contentDir, { recursive: true });
  await cp(path.join(rootDir, 'content', 'pages'), path.join(contentDir, 'pages'), { recursive: true });

  const logger = pino({ level: 'silent' });
  const config = loadConfig({ SITE_URL: TEST_SITE_URL, CONTENT_DIR: contentDir, WORKER_THREADS: '0', CACHE_TTL_SECONDS: '3600' }, projectDir);
  const source = await createItemsSource(config, logger, { watchFiles: true });
  const [site, assets] = await Promise.all([
    loadSiteResources(projectDir, config.siteUrl, contentDir),
    loadHashedAssets(path.join(rootDir, 'dist', 'public', 'assets')),
  ]);
  const dev = createDevTools({ rootDir: projectDir, contentDir, logger });
  const server = createHttpServer(createApp({ config, logger, source, site, rootDir: projectDir, assets, dev }), logger);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    projectDir,
    contentDir,
    close: async () => {
      dev.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await source.close();
      await rm(projectDir, { recursive: true, force: true });
    },
  };
}
