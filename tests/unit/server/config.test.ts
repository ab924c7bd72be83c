import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env, '/srv/site');
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('applies the defaults of the runtime contract', () => {
    const config = loadConfig({}, '/srv/site');
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      siteUrl: 'http://localhost:3000/',
      itemsServiceUrl: undefined,
      contentDir: '/srv/site/content',
      cacheTtlSeconds: 60,
      logLevel: 'info',
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('reads every variable and normalises URLs', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '127.0.0.1',
        SITE_URL: 'https://www.example.org',
        ITEMS_SERVICE_URL: 'https://api.example.org/www-be/items/v1.0/',
        CONTENT_DIR: '/data/content',
        CACHE_TTL_SECONDS: '120',
        LOG_LEVEL: 'warn',
      },
      '/srv/site',
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      siteUrl: 'https://www.example.org/',
      itemsServiceUrl: 'https://api.example.org/www-be/items/v1.0',
      contentDir: '/data/content',
      cacheTtlSeconds: 120,
      logLevel: 'warn',
    });
  });

  it('bounds the items cache in bytes: ITEMS_CACHE_MAX_MB, 64 MB by default, CACHE_MAX_KEYS still read', () => {
    expect(loadConfig({}, '/srv/site')).toMatchObject({ itemsCacheMaxBytes: 64 * 1024 * 1024, cacheMaxKeys: 2_000 });
    expect(loadConfig({ ITEMS_CACHE_MAX_MB: '16', CACHE_MAX_KEYS: '500' }, '/srv/site')).toMatchObject({
      itemsCacheMaxBytes: 16 * 1024 * 1024,
      cacheMaxKeys: 500,
    });
    expect(problemsOf({ ITEMS_CACHE_MAX_MB: '0' })[0]).toMatch(/^ITEMS_CACHE_MAX_MB: must be at least 1/);
  });

  it('bounds the page cache at 32 MB by default (RESPONSE_CACHE_MAX_MB), 0 turning it off', () => {
    expect(loadConfig({}, '/srv/site')).toMatchObject({ responseCacheMaxMb: 32 });
    expect(loadConfig({ RESPONSE_CACHE_MAX_MB: '64' }, '/srv/site')).toMatchObject({ responseCacheMaxMb: 64 });
    expect(loadConfig({ RESPONSE_CACHE_MAX_MB: '0' }, '/srv/site')).toMatchObject({ responseCacheMaxMb: 0 });
  });

  it('hides drafts and keeps the content cache in the temporary folder by default', () => {
    expect(loadConfig({}, '/srv/site')).toMatchObject({ showDrafts: false, contentCacheDir: path.join(os.tmpdir(), 'portfolio-site-cache') });
    expect(loadConfig({ SHOW_DRAFTS: 'true', CONTENT_CACHE_DIR: '.cache' }, '/srv/site')).toMatchObject({
      showDrafts: true,
      contentCacheDir: '/srv/site/.cache',
    });
    expect(problemsOf({ SHOW_DRAFTS: 'yes' })[0]).toMatch(/^SHOW_DRAFTS: /);
  });

  it('takes a preview secret of 16 characters or more, and never prints a wrong one', () => {
    expect(loadConfig({}, '/srv/site').previewSecret).toBeUndefined();
    expect(loadConfig({ PREVIEW_SECRET: 'a-long-enough-secret' }, '/srv/site').previewSecret).toBe('a-long-enough-secret');
    const [problem] = problemsOf({ PREVIEW_SECRET: 'court-secret' });
    expect(problem).toBe('PREVIEW_SECRET: must be at least 16 characters (got hidden)');
  });

  it('runs article work on one worker thread a core, 1 to 4, unless WORKER_THREADS says otherwise (0: on the event loop)', () => {
    expect(loadConfig({}, '/srv/site').workerThreads).toBe(Math.max(1, Math.min(4, os.availableParallelism() - 1)));
    expect(loadConfig({ WORKER_THREADS: '0' }, '/srv/site').workerThreads).toBe(0);
    expect(loadConfig({ WORKER_THREADS: '8' }, '/srv/site').workerThreads).toBe(8);
    expect(problemsOf({ WORKER_THREADS: '-1' })[0]).toMatch(/^WORKER_THREADS: must be at least 0/);
    expect(problemsOf({ WORKER_THREADS: 'many' })[0]).toMatch(/^WORKER_THREADS: /);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ ITEMS_SERVICE_URL: '', PORT: '' }, '/srv').itemsServiceUrl).toBeUndefined();
  });

  it('names every wrong variable at once', () => {
    const problems = problemsOf({ PORT: 'eighty', SITE_URL: 'not a url', ITEMS_SERVICE_URL: 'ftp://x', CACHE_TTL_SECONDS: '0', LOG_LEVEL: 'loud' });
    expect(problems.map((line) => line.split(':')[0])).toEqual(['PORT', 'SITE_URL', 'ITEMS_SERVICE_URL', 'CACHE_TTL_SECONDS', 'LOG_LEVEL']);
    expect(problems[0]).toContain('"eighty"');
  });

  it.each([
    ['PORT', '70000'],
    ['PORT', '3.5'],
    ['CACHE_TTL_SECONDS', 'abc'],
    ['SITE_URL', 'javascript:alert(1)'],
  ])('refuses %s=%s', (name, value) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${name}: `));
  });

  it('keeps generated images under the temporary folder unless IMAGE_CACHE_DIR says otherwise, and feeds summaries only by default', () => {
    expect(loadConfig({}, '/srv/site')).toMatchObject({
      imageCacheDir: path.join(os.tmpdir(), 'portfolio-site-images'),
      imageCacheMaxBytes: 256 * 1024 * 1024,
      feedFullContent: false,
    });
    expect(loadConfig({ IMAGE_CACHE_DIR: 'var/images', IMAGE_CACHE_MAX_MB: '64', FEED_FULL_CONTENT: 'true' }, '/srv/site')).toMatchObject({
      imageCacheDir: '/srv/site/var/images',
      imageCacheMaxBytes: 64 * 1024 * 1024,
      feedFullContent: true,
    });
    expect(problemsOf({ FEED_FULL_CONTENT: 'yes', IMAGE_CACHE_MAX_MB: '0' }).map((line) => line.split(':')[0])).toEqual([
      'IMAGE_CACHE_MAX_MB',
      'FEED_FULL_CONTENT',
    ]);
  });
});
