// The build's hashed assets: precompressed at build, immutable, revalidated by ETag.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRaw } from '../../support/raw-request';
import { createTestApp, rootDir, type TestApp } from '../../support/test-app';

const manifest = JSON.parse(readFileSync(path.join(rootDir, 'dist/public/manifest.json'), 'utf8')) as { js: string; css: string };
let ctx: TestApp;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('hashed assets', () => {
  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
  ])('serves the file the build compressed for Accept-Encoding %s', async (accept, encoding) => {
    const response = await getRaw(ctx.app, manifest.js, { 'Accept-Encoding': accept });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    const onDisk = readFileSync(path.join(rootDir, 'dist/public', `${manifest.js}.${encoding === 'br' ? 'br' : 'gz'}`));
    expect(Buffer.compare(response.body, onDisk)).toBe(0);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
  });

  it('answers 304 to its ETag', async () => {
    const first = await request(ctx.app).get(manifest.css).expect(200);
    await request(ctx.app)
      .get(manifest.css)
      .set('If-None-Match', first.headers.etag as string)
      .expect(304);
  });

  it('answers 404 for an unknown asset and for path tricks', async () => {
    for (const url of ['/assets/entry-NOPE.js', '/assets/..%2F..%2Fpackage.json', '/assets/%2e%2e/server/index.js']) {
      await request(ctx.app).get(url).expect(404);
    }
  });
});
