// The generated share cards: real PNGs of 1200×630 read from their bytes, cached on disk by what they
// show, immutable only at the URL that names their content.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../../shared/paths';
import { describeArticleCard, hashShareCard } from '../../../shared/seo/share-image';
import { collectBytes, readPngSize } from '../../support/image-bytes';
import { FIXTURE_CONTENT_DIR } from '../../support/fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let ctx: TestApp;
let cacheDir: string;

beforeAll(async () => {
  cacheDir = await mkdtemp(path.join(os.tmpdir(), 'share-cards-'));
  ctx = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR, IMAGE_CACHE_DIR: cacheDir, WORKER_THREADS: '1' });
});
afterAll(async () => {
  await ctx.close();
  await rm(cacheDir, { recursive: true, force: true });
});

/** The PNG bytes of a 200 answer. */
async function getPng(url: string) {
  const response = await request(ctx.app).get(url).buffer(true).parse(collectBytes).expect(200).expect('content-type', 'image/png');
  return { response, bytes: response.body as Buffer };
}

describe('share cards', () => {
  it.each([
    ['an article', paths.shareArticle('spring-batch-oeuvre')],
    ['the CV', paths.shareCv],
    ['the article list', paths.shareArticles],
    ['a tag', paths.shareTag('Spring')],
    ['a tag with accents', paths.shareTag('Équipe')],
  ])('draws %s as a 1200×630 PNG', async (_name, url) => {
    const { bytes } = await getPng(url);
    expect(readPngSize(bytes)).toEqual({ width: 1200, height: 630 });
  });

  it('is immutable at the URL naming its content, revalidated with an ETag otherwise', async () => {
    const article = await ctx.app.locals.cache.get('spring-batch-oeuvre');
    const hash = hashShareCard(describeArticleCard(article!));
    const versioned = await getPng(`${paths.shareArticle('spring-batch-oeuvre')}?v=${hash}`);
    expect(versioned.response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // No cookie: shared caches store only answers without one.
    expect(versioned.response.headers['set-cookie']).toBeUndefined();
    const plain = await getPng(paths.shareArticle('spring-batch-oeuvre'));
    expect(plain.response.headers['cache-control']).toBe('public, max-age=3600');
    const old = await getPng(`${paths.shareArticle('spring-batch-oeuvre')}?v=old`);
    expect(old.response.headers['cache-control']).toBe('public, max-age=3600');
    const etag = plain.response.headers.etag as string;
    expect(etag).toBeTruthy();
    await request(ctx.app).get(paths.shareArticle('spring-batch-oeuvre')).set('If-None-Match', etag).expect(304);
  });

  it('draws each card once: the next asker gets the file kept on disk', async () => {
    const before = (await readdir(cacheDir)).length;
    const first = await getPng(paths.shareArticle('old-postgres'));
    const afterFirst = (await readdir(cacheDir)).length;
    const second = await getPng(paths.shareArticle('old-postgres'));
    expect(afterFirst).toBe(before + 1);
    expect((await readdir(cacheDir)).length).toBe(afterFirst);
    expect(second.bytes.equals(first.bytes)).toBe(true);
  });

  it('draws on a worker thread, not on the event loop (issue 25: a card held it 50 ms to 1.6 s)', async () => {
    const completed = ctx.workers.stats().completed;
    const drawn = await getPng(paths.shareTag('Java'));
    expect(readPngSize(drawn.bytes)).toEqual({ width: 1200, height: 630 });
    expect(ctx.workers.stats().threads).toBeGreaterThan(0);
    expect(ctx.workers.stats().completed).toBe(completed + 1);
  });

  it('answers 404 for an article or a tag that does not exist, and makes nothing', async () => {
    const before = (await readdir(cacheDir)).length;
    for (const url of [paths.shareArticle('missing'), paths.shareArticle('..'), paths.shareTag('Kubernetes'), '/share/articles/spring-batch-oeuvre.jpg']) {
      const response = await request(ctx.app).get(url);
      expect(response.status, url).toBe(404);
      expect(response.headers['content-type']).not.toMatch(/image/);
    }
    expect((await readdir(cacheDir)).length).toBe(before);
  });
});
