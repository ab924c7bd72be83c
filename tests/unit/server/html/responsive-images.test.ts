import { describe, expect, it } from 'vitest';
import { rewriteResponsiveImages } from '../../../../server/html/responsive-images';
import { readSvgSize, type CatalogImage, type ImageCatalog } from '../../../../server/images/image-catalog';

const photo: CatalogImage = { src: '/images/a.png', file: '/x/a.png', width: 1000, height: 500, kind: 'raster', version: 'v1' };
const diagram: CatalogImage = { src: '/images/d.svg', file: '/x/d.svg', width: 640, height: 360, kind: 'svg', version: 'v2' };
const catalog: ImageCatalog = {
  bySrc: new Map([
    [photo.src, photo],
    [diagram.src, diagram],
  ]),
  byStem: new Map([['/images/a', photo]]),
};

describe('rewriteResponsiveImages', () => {
  it('wraps a local raster image in a <picture>: AVIF and WebP sources, the fallback in its own format', () => {
    const html = rewriteResponsiveImages('<p><img src="/images/a.png" alt="A"></p>', catalog);
    expect(html).toContain(
      '<picture><source type="image/avif" srcset="/images/a.96w.avif?v=v1 96w, /images/a.192w.avif?v=v1 192w, /images/a.384w.avif?v=v1 384w, /images/a.640w.avif?v=v1 640w, /images/a.960w.avif?v=v1 960w, /images/a.1000w.avif?v=v1 1000w"',
    );
    expect(html).toContain('<source type="image/webp"');
    expect(html).toMatch(
      /<img src="\/images\/a\.1000w\.png\?v=v1" alt="A" width="1000" height="500" decoding="async" loading="lazy" srcset="[^"]+" sizes="[^"]+"><\/picture>/,
    );
  });

  it("keeps the author's width and the file's ratio, and an author's own <picture>", () => {
    expect(rewriteResponsiveImages('<img src="/images/a.png" width="300">', catalog)).toContain('width="300" height="150"');
    const own = '<picture><source srcset="/images/a.png" type="image/png"><img src="/images/a.png"></picture>';
    const rewritten = rewriteResponsiveImages(own, catalog);
    expect(rewritten.match(/<picture>/g)).toHaveLength(1);
    expect(rewritten).toContain('width="1000" height="500"');
  });

  it('sizes an SVG without wrapping it, and leaves other origins and unknown files alone', () => {
    expect(rewriteResponsiveImages('<img src="/images/d.svg" alt="">', catalog)).toBe(
      '<img src="/images/d.svg" alt="" width="640" height="360" decoding="async" loading="lazy">',
    );
    for (const html of ['<img src="https://cdn.example.net/images/a.png">', '<img src="//cdn.example.net/images/a.png">', '<img src="/images/unknown.png">']) {
      expect(rewriteResponsiveImages(html, catalog)).toBe(html);
    }
  });
});

describe('readSvgSize', () => {
  it('reads width and height in px, else the viewBox', () => {
    expect(readSvgSize('<svg width="120" height="80px" viewBox="0 0 12 8">')).toEqual({ width: 120, height: 80 });
    expect(readSvgSize('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="100%" viewBox="0 0 640.4 360">')).toEqual({
      width: 640,
      height: 360,
    });
    expect(readSvgSize('<svg viewBox="0 0 0 10">')).toBeUndefined();
    expect(readSvgSize('not an svg')).toBeUndefined();
  });
});
