// Builds the real app for supertest, with a quiet logger and the real build manifest.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino, type Logger } from 'pino';
import { createApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { createItemsSource } from '../../server/items';
import type { ItemsSource } from '../../server/items/source';
import { loadSiteResources } from '../../server/render/site-resources';
import { loadHashedAssets } from '../../server/static/hashed-assets';
import { createArticleWorkers, type ArticleWorkers } from '../../server/workers/worker-pool';

/** The project root: the nearest folder above this file holding esbuild.config.mjs (works bundled too). */
function findRootDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'esbuild.config.mjs'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('project root not found');
    dir = parent;
  }
  return dir;
}

export const rootDir = findRootDir();
export const TEST_SITE_URL = 'https://www.example.test/';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  source: ItemsSource;
  config: Readonly<Config>;
  logger: Logger;
  /** The app's worker threads (WORKER_THREADS), stopped by close(). */
  workers: ArticleWorkers;
  close: () => Promise<void>;
}

/** env: the same variables an operator sets (ITEMS_SERVICE_URL, CONTENT_DIR, CACHE_TTL_SECONDS …). */
export async function createTestApp(env: Record<string, string> = {}, logger: Logger = pino({ level: 'silent' }), watchFiles = false): Promise<TestApp> {
  const config = loadConfig({ SITE_URL: TEST_SITE_URL, ...env }, rootDir);
  const workers = await createArticleWorkers({ threads: config.workerThreads, logger });
  const source = await createItemsSource(config, logger, { watchFiles, workers, publicDir: path.join(rootDir, 'public') });
  const [site, assets] = await Promise.all([
    loadSiteResources(rootDir, config.siteUrl, config.contentDir),
    loadHashedAssets(path.join(rootDir, 'dist', 'public', 'assets')),
  ]);
  const app = createApp({ config, logger, source, site, rootDir, assets, workers });
  return { app, source, config, logger, workers, close: () => source.close().finally(() => workers.close()) };
}

/** Collects what the app logs, for tests that check reports. */
export function createRecordingLogger(): { logger: Logger; lines: () => Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { logger, lines: () => lines };
}
