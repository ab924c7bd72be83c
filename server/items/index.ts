// Picks the items source the configuration asks for.
import type { Logger } from 'pino';
import type { Config } from '../config';
import { readBuildVersion, readPreparationVersion } from '../html/preparation-version';
import type { ArticleWorkers } from '../workers/worker-pool';
import { createContentSource } from './content/content-source';
import type { ItemsSource } from './source';
import { createUpstreamSource } from './upstream';

export async function createItemsSource(
  config: Pick<Config, 'itemsServiceUrl' | 'upstreamTimeoutMs' | 'contentDir' | 'showDrafts' | 'contentCacheDir'>,
  logger: Logger,
  options: { watchFiles?: boolean; workers?: ArticleWorkers; publicDir?: string } = {},
): Promise<ItemsSource> {
  if (config.itemsServiceUrl) {
    return createUpstreamSource({
      baseUrl: config.itemsServiceUrl,
      timeoutMs: config.upstreamTimeoutMs,
      logger,
      ...(options.workers ? { workers: options.workers } : {}),
    });
  }
  return createContentSource({
    contentDir: config.contentDir,
    logger,
    watchFiles: options.watchFiles ?? true,
    showDrafts: config.showDrafts,
    cacheDir: config.contentCacheDir,
    ...(options.publicDir ? { publicDir: options.publicDir } : {}),
    ...(options.workers ? { workers: options.workers } : {}),
    preparedVersion: readPreparationVersion,
    ...(readBuildVersion() !== undefined ? { buildVersion: readBuildVersion() } : {}),
  });
}
