// Generated images, both kinds kept in one bounded disk cache (IMAGE_CACHE_DIR): the share cards
// (/share/…png, decision 022) and the resized copies of the site's images (/images/a.640w.avif, decision 023).
import { Router, type Request, type Response } from 'express';
import path from 'node:path';
import sharp from 'sharp';
import {
  chooseFallbackFormat,
  chooseWidths,
  FORMAT_TYPES,
  MODERN_FORMATS,
  parseVariantPath,
  THUMBNAIL_WIDTHS,
  type VariantFormat,
} from '../../shared/images/responsive-image';
import type { ItemsReader } from '../../shared/items/items-reader';
import { setImageCatalog } from '../html/responsive-images';
import { createShareImageRouter, IMMUTABLE, REVALIDATED } from '../share/share-image-router';
import { DiskCache, hashKey } from './disk-cache';
import { readImageCatalog, type CatalogImage } from './image-catalog';
import type { ArticleWorkers } from '../workers/worker-pool';

// Two cores shared with the page renders: one resize at a time is enough for copies made once.
sharp.concurrency(1);

export interface ImagesRouterDeps {
  items: ItemsReader;
  /** Project root: images come from its public/. */
  rootDir: string;
  cacheDir: string;
  maxBytes: number;
  /** Where share cards are drawn; on the event loop when not given. */
  workers?: Pick<ArticleWorkers, 'drawShareCard'>;
}

/** A resized copy of a raster image, in one format. Quality settings: visually clean at a fraction of the PNG. */
export async function makeVariant(image: CatalogImage, width: number, format: VariantFormat): Promise<Buffer> {
  const resized = sharp(image.file).resize({ width, withoutEnlargement: true });
  switch (format) {
    case 'avif':
      return resized.avif({ quality: 55, effort: 4 }).toBuffer();
    case 'webp':
      return resized.webp({ quality: 78 }).toBuffer();
    case 'jpg':
      return resized.jpeg({ quality: 80, mozjpeg: true }).toBuffer();
    case 'png':
      return resized.png({ compressionLevel: 9, palette: true, quality: 90 }).toBuffer();
  }
}

/** A request path as the file names read (`%40` is `@`), or '' when its escapes are not UTF-8 (then nothing matches). */
function decodePath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return '';
  }
}

/** The router, and a way to read public/images/ again (`npm run dev`, when an image is added or changed). */
export type ImagesRouter = Router & { reloadCatalog: () => void };

export function createImagesRouter({ items, rootDir, cacheDir, maxBytes, workers }: ImagesRouterDeps): ImagesRouter {
  const cache = new DiskCache({ dir: cacheDir, maxBytes });
  let catalog = readImageCatalog(path.join(rootDir, 'public'));
  setImageCatalog(catalog);

  const router = Router();
  router.use(createShareImageRouter({ items, rootDir, cache, ...(workers ? { drawCard: (card, photo) => workers.drawShareCard(card, photo) } : {}) }));

  router.get('/images/{*rest}', async (req: Request, res: Response, next) => {
    const variant = parseVariantPath(decodePath(req.path));
    const image = variant && catalog.byStem.get(variant.stem);
    // Only the widths and formats pages link: anything else would fill the disk on a stranger's request.
    // Thumbnail widths are offered for every image (the card cannot know its size): never enlarged.
    const widths: readonly number[] = image ? [...chooseWidths(image.width), ...THUMBNAIL_WIDTHS] : [];
    const offered = image && widths.includes(variant.width) && [...MODERN_FORMATS, chooseFallbackFormat(image.src)].includes(variant.format as never);
    if (!variant) {
      next();
      return;
    }
    if (!image || !offered) {
      res.status(404).type('text/plain; charset=utf-8').send('No such image.\n');
      return;
    }
    const bytes = await cache.getOrMake(`${hashKey(`${image.src}:${image.version}:${variant.width}`)}.${variant.format}`, () =>
      makeVariant(image, variant.width, variant.format),
    );
    res
      .set({ 'Cache-Control': req.query.v === image.version ? IMMUTABLE : REVALIDATED, ETag: `"${image.version}-${variant.width}"` })
      .type(FORMAT_TYPES[variant.format]);
    // The same bytes for everyone: a cookie would keep shared caches (nginx, CDNs) from storing them.
    res.removeHeader('Set-Cookie');
    res.send(bytes);
  });
  return Object.assign(router, {
    reloadCatalog() {
      catalog = readImageCatalog(path.join(rootDir, 'public'));
      setImageCatalog(catalog);
    },
  });
}
