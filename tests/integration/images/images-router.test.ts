// Responsive images: the CV photo and local images in article bodies come in AVIF and WebP with a
// fallback, in several widths, with width and height; every URL a page lists answers with its type.
import * as cheerio from 'cheerio';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_PAGES } from '../../support/fixtures';
import { collectBytes, readImageHeader } from '../../support/image-bytes';
import { createTestApp, type TestApp } from '../../support/test-app';

let ctx: TestApp;
let tempDir: string;

const ARTICLE = `---
id: images-demo
title: Images
date: 2024-05-01
language: fr
tags: [Demo]
summary: Une image locale, un schéma SVG et une image distante.
---
Texte.

![Le portrait](/images/photo-384.png)

![Un schéma](/images/articles/angular-signals.svg)

![Distante](https://cdn.example.net/a.png)
`;

/** Articles whose only image is their list thumbnail: a large site raster, a small one, one from elsewhere. */
const THUMBNAILS = [
  ['thumb-large', '/images/photo-384.png'],
  ['thumb-small', '/images/photo-96.png'],
  ['thumb-remote', 'https://cdn.example.net/t.png'],
] as const;

const makeThumbnailArticle = (id: string, image: string) =>
  `---\nid: ${id}\ntitle: Vignette ${id}\ndate: 2024-04-01\nlanguage: fr\ntags: [Demo]\nimages: [${image}]\nsummary: Une vignette.\n---\nTexte.\n`;

beforeAll(async () => {
  tempDir = await mkdtemp(path.join(os.tmpdir(), 'responsive-images-'));
  await mkdir(path.join(tempDir, 'content', 'articles'), { recursive: true });
  await writeFile(path.join(tempDir, 'content', 'articles', 'images-demo.md'), ARTICLE);
  for (const [id, image] of THUMBNAILS) await writeFile(path.join(tempDir, 'content', 'articles', `${id}.md`), makeThumbnailArticle(id, image));
  ctx = await createTestApp({ CONTENT_DIR: path.join(tempDir, 'content'), IMAGE_CACHE_DIR: path.join(tempDir, 'cache') });
});
afterAll(async () => {
  await ctx.close();
  await rm(tempDir, { recursive: true, force: true });
});

async function getPage(url: string) {
  return cheerio.load((await request(ctx.app).get(url).expect(200)).text);
}

/** "a.96w.avif 96w, a.192w.avif 192w" → [["a.96w.avif", 96], …]. */
function readSrcSet(srcset: string | undefined): [string, number][] {
  return (srcset ?? '').split(',').map((candidate) => {
    const [url, descriptor] = candidate.trim().split(/\s+/);
    return [url!, Number(descriptor!.replace(/w$/, ''))];
  });
}

/** Each URL of the srcset answers 200 with the announced type, and its bytes are that format at that width. */
async function expectServed(srcset: string | undefined, type: string) {
  const candidates = readSrcSet(srcset);
  expect(candidates.length).toBeGreaterThan(1);
  for (const [url, width] of candidates) {
    const response = await request(ctx.app).get(url).buffer(true).parse(collectBytes).expect(200);
    expect(response.headers['content-type'], url).toBe(type);
    const header = readImageHeader(response.body as Buffer);
    expect({ type: header.type, width: header.width }, url).toEqual({ type: { 'image/avif': 'avif', 'image/webp': 'webp', 'image/png': 'png' }[type], width });
  }
}

describe('the CV photo', () => {
  it('offers AVIF and WebP in 96, 192 and 384 px, each answered in its format, with the PNG fallback kept', async () => {
    const $ = await getPage(FIXTURE_PAGES.cv);
    const picture = $('.cv-header picture');
    const avif = picture.find('source[type="image/avif"]');
    const webp = picture.find('source[type="image/webp"]');
    expect(avif.length).toBe(2);
    expect(webp.length).toBe(2);
    expect(readSrcSet(avif.first().attr('srcset')).map(([, width]) => width)).toEqual([96, 192, 384]);
    await expectServed(avif.first().attr('srcset'), 'image/avif');
    await expectServed(webp.first().attr('srcset'), 'image/webp');
    const img = picture.find('img');
    expect([img.attr('width'), img.attr('height')]).toEqual(['96', '96']);
    await request(ctx.app).get(img.attr('src')!).expect(200).expect('content-type', 'image/png');
  });

  it('is smaller in AVIF than the PNG it replaces', async () => {
    const png = await request(ctx.app).get('/images/photo-192.png').buffer(true).parse(collectBytes).expect(200);
    const avif = await request(ctx.app).get('/images/photo-384.192w.avif').buffer(true).parse(collectBytes).expect(200);
    expect((avif.body as Buffer).length).toBeLessThan((png.body as Buffer).length / 2);
  });
});

describe('images in an article body', () => {
  it('turns a local raster image into a <picture> with AVIF, WebP and a fallback, all with width and height', async () => {
    const $ = await getPage('/articles/images-demo');
    const picture = $('.article-body picture');
    expect(picture.length).toBe(1);
    const img = picture.find('img');
    expect([img.attr('alt'), img.attr('width'), img.attr('height'), img.attr('loading')]).toEqual(['Le portrait', '384', '384', 'lazy']);
    expect(img.attr('sizes')).toBeTruthy();
    await expectServed(picture.find('source[type="image/avif"]').attr('srcset'), 'image/avif');
    await expectServed(picture.find('source[type="image/webp"]').attr('srcset'), 'image/webp');
    await expectServed(img.attr('srcset'), 'image/png');
    // Linked with their version: cached for a year.
    const [first] = readSrcSet(img.attr('srcset'))[0]!;
    expect(first).toMatch(/\?v=/);
    const response = await request(ctx.app).get(first).expect(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('gives an SVG its width and height from the file, and leaves an image from elsewhere as it is', async () => {
    const $ = await getPage('/articles/images-demo');
    const svg = $('.article-body img[src="/images/articles/angular-signals.svg"]');
    expect([svg.attr('width'), svg.attr('height')]).toEqual(['640', '360']);
    expect(svg.parent().is('picture')).toBe(false);
    const remote = $('.article-body img[src="https://cdn.example.net/a.png"]');
    expect(remote.length).toBe(1);
    expect([remote.attr('width'), remote.attr('srcset'), remote.parent().is('picture')]).toEqual([undefined, undefined, false]);
  });

  it('refuses widths and formats no page links, and images that do not exist', async () => {
    for (const url of [
      '/images/photo-384.500w.avif',
      '/images/photo-384.4000w.webp',
      '/images/photo-384.192w.jpg',
      '/images/missing.192w.avif',
      '/images/articles/angular-signals.192w.png',
    ]) {
      const response = await request(ctx.app).get(url);
      expect(response.status, url).toBe(404);
    }
  });
});

describe('thumbnails of the list cards', () => {
  const cardOf = ($: cheerio.CheerioAPI, id: string) => $(`[data-testid="article-card"]:has(a[href="/articles/${id}"])`);

  it('offers a site raster in AVIF, WebP and its own format at 96 and 192 px for a 64 px box', async () => {
    const $ = await getPage('/articles');
    const picture = cardOf($, 'thumb-large').find('picture');
    expect(picture.length).toBe(1);
    const img = picture.find('img');
    expect([img.attr('width'), img.attr('height'), img.attr('sizes'), img.attr('loading')]).toEqual(['64', '64', '64px', 'lazy']);
    expect(readSrcSet(img.attr('srcset')).map(([, width]) => width)).toEqual([96, 192]);
    await expectServed(picture.find('source[type="image/avif"]').attr('srcset'), 'image/avif');
    await expectServed(picture.find('source[type="image/webp"]').attr('srcset'), 'image/webp');
    await expectServed(img.attr('srcset'), 'image/png');
    await request(ctx.app).get(img.attr('src')!).expect(200).expect('content-type', 'image/png');
  });

  it('never enlarges a thumbnail smaller than the widths offered', async () => {
    const $ = await getPage('/articles');
    const srcset = cardOf($, 'thumb-small').find('source[type="image/webp"]').attr('srcset');
    const [url] = readSrcSet(srcset).find(([, width]) => width === 192)!;
    const response = await request(ctx.app).get(url).buffer(true).parse(collectBytes).expect(200);
    expect(readImageHeader(response.body as Buffer).width).toBe(96);
  });

  it('leaves an image from elsewhere as it is', async () => {
    const $ = await getPage('/articles');
    const card = cardOf($, 'thumb-remote');
    expect(card.find('picture').length).toBe(0);
    expect([card.find('img').attr('src'), card.find('img').attr('srcset')]).toEqual(['https://cdn.example.net/t.png', undefined]);
  });
});
