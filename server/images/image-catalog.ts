// The site's own images (public/images/) with their sizes, read once at start: the article HTML is
// prepared synchronously, so it needs the sizes at hand to write width and height (decision 023).
import { imageSize } from 'image-size';
import { closeSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { RASTER_EXTENSION } from '../../shared/images/responsive-image';
import { hashKey } from './disk-cache';

export interface CatalogImage {
  /** Site path, e.g. /images/articles/a.png. */
  src: string;
  /** File on disk. */
  file: string;
  width: number;
  height: number;
  /** Raster images get resized copies; SVG only its width and height. */
  kind: 'raster' | 'svg';
  /** Changes with the file: resized copies linked with it may be cached for ever. */
  version: string;
}

export interface ImageCatalog {
  /** By site path. */
  bySrc: Map<string, CatalogImage>;
  /** Raster images by path without extension, as the copies' paths name them. */
  byStem: Map<string, CatalogImage>;
}

export const EMPTY_CATALOG: ImageCatalog = { bySrc: new Map(), byStem: new Map() };

// Enough of any image file for its header (an SVG's root element with its viewBox).
const HEADER_BYTES = 64 * 1024;

function readHead(file: string): Buffer {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(HEADER_BYTES);
    return buffer.subarray(0, readSync(fd, buffer, 0, HEADER_BYTES, 0));
  } finally {
    closeSync(fd);
  }
}

/** An SVG's size: width and height in px on its root, else its viewBox's. */
export function readSvgSize(text: string): { width: number; height: number } | undefined {
  const root = /<svg\b[^>]*>/i.exec(text)?.[0];
  if (!root) return undefined;
  const attribute = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(root)?.[1]?.trim();
  const px = (value: string | undefined) => (value && /^\d+(\.\d+)?(px)?$/.test(value) ? Math.round(Number.parseFloat(value)) : undefined);
  const [width, height] = [px(attribute('width')), px(attribute('height'))];
  if (width && height) return { width, height };
  const box = attribute('viewBox')
    ?.split(/[\s,]+/)
    .map(Number);
  if (!box || box.length !== 4 || box.some((value) => !Number.isFinite(value)) || box[2]! <= 0 || box[3]! <= 0) return undefined;
  return { width: Math.round(box[2]!), height: Math.round(box[3]!) };
}

function describe(file: string, src: string): CatalogImage | undefined {
  const info = statSync(file);
  const version = hashKey(`${info.size}:${info.mtimeMs}`).slice(0, 10);
  const head = readHead(file);
  if (/\.svg$/i.test(file)) {
    const size = readSvgSize(head.toString('utf8'));
    return size && { src, file, ...size, kind: 'svg', version };
  }
  const { width, height } = imageSize(head);
  return width && height ? { src, file, width, height, kind: 'raster', version } : undefined;
}

/** Every raster and SVG image under public/images/; a file that cannot be read is left out. */
export function readImageCatalog(publicDir: string): ImageCatalog {
  const catalog: ImageCatalog = { bySrc: new Map(), byStem: new Map() };
  const walk = (dir: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (RASTER_EXTENSION.test(entry.name) || /\.svg$/i.test(entry.name)) {
        const src = `/${path.relative(publicDir, file).split(path.sep).join('/')}`;
        let image: CatalogImage | undefined;
        try {
          image = describe(file, src);
        } catch {
          image = undefined;
        }
        if (!image) continue;
        catalog.bySrc.set(src, image);
        if (image.kind === 'raster') catalog.byStem.set(src.replace(RASTER_EXTENSION, ''), image);
      }
    }
  };
  walk(path.join(publicDir, 'images'));
  return catalog;
}
