// An image whose name holds characters a path may carry as they are (`schema@2x.png`): the page links
// its resized copies with the `@`, and they answer at once, with no 301 to an escaped spelling that the
// image router did not know (a review finding of issue 25's canonical forms).
import * as cheerio from 'cheerio';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { createItemsSource } from '../../../server/items';
import type { ItemsSource } from '../../../server/items/source';
import { loadSiteResources } from '../../../server/render/site-resources';
import { loadHashedAssets } from '../../../server/static/hashed-assets';
import { rootDir, TEST_SITE_URL } from '../../support/test-app';

const IMAGE = '/images/articles/schema@2x+v1.png';

let projectDir: string;
let source: ItemsSource;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  projectDir = await mkdtemp(path.join(tmpdir(), 'image-names-'));
  await cp(path.join(rootDir, 'public'), path.join(projectDir, 'public'), { recursive: true });
  await cp(path.join(rootDir, 'public', 'images', 'photo-384.png'), path.join(projectDir, 'public', IMAGE));
  const contentDir = path.join(projectDir, 'content');
  await mkdir(path.join(contentDir, 'articles'), { recursive: true });
  await writeFile(
    path.join(contentDir, 'articles', 'schema.md'),
    `---\nid: schema\ntitle: Schéma\ndate: 2024-05-01\nlanguage: fr\ntags: [Demo]\nsummary: Un schéma.\n---\nTexte.\n\n![Le schéma](${IMAGE})\n`,
  );
  const logger = pino({ level: 'silent' });
  const config = loadConfig(
    { SITE_URL: TEST_SITE_URL, CONTENT_DIR: contentDir, WORKER_THREADS: '0', IMAGE_CACHE_DIR: path.join(projectDir, 'cache') },
    projectDir,
  );
  source = await createItemsSource(config, logger, { publicDir: path.join(projectDir, 'public') });
  const [site, assets] = await Promise.all([
    loadSiteResources(rootDir, config.siteUrl, contentDir),
    loadHashedAssets(path.join(rootDir, 'dist', 'public', 'assets')),
  ]);
  app = createApp({ config, logger, source, site, rootDir: projectDir, assets });
});
afterAll(async () => {
  await source.close();
  await rm(projectDir, { recursive: true, force: true });
});

describe('an image named with @ and +', () => {
  it('has its resized copies answered as the page links them, and its escaped spelling sent there', async () => {
    const $ = cheerio.load((await request(app).get('/articles/schema').expect(200)).text);
    const srcset = $('picture source[type="image/webp"]').attr('srcset') ?? '';
    const first = srcset.split(',')[0]!.trim().split(/\s+/)[0]!;
    expect(first).toMatch(/^\/images\/articles\/schema@2x\+v1\.\d+w\.webp/);
    const copy = await request(app).get(first).expect(200);
    expect(copy.headers['content-type']).toBe('image/webp');

    const escaped = first.replace('@', '%40').replace('+', '%2B');
    const moved = await request(app).get(escaped).expect(301);
    expect(moved.headers.location).toBe(first);
    // The original file too, under either spelling.
    await request(app).get(IMAGE).expect(200);
    expect((await request(app).get(IMAGE.replace('@', '%40')).expect(301)).headers.location).toBe(IMAGE);
  });
});
