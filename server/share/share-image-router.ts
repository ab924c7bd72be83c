// /share/...png: the generated share cards (decision 022). Drawn on first request, kept on disk by the
// hash of what they show; a URL whose `?v=` names the current content is cached as immutable.
import { Router, type Request, type Response } from 'express';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Font } from 'satori';
import { ItemsUnavailableError, isValidArticleId, type ItemsReader } from '../../shared/items/items-reader';
import { paths } from '../../shared/paths';
import {
  describeArticleCard,
  describeArticlesCard,
  describeCvCard,
  describeTagCard,
  hashShareCard,
  SHARE_IMAGE,
  type ShareCard,
} from '../../shared/seo/share-image';
import { owner } from '../../shared/site/owner';
import { hashKey, type DiskCache } from '../images/disk-cache';
import { loadCardFonts, renderShareImage } from './render-share-image';
import { sendArticlesUnavailable } from '../middleware/errors';

/** For a URL that names its content: a year, never revalidated. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** For a URL without (or with an old) `?v=`: the card may change with the content, so an hour, then the ETag. */
export const REVALIDATED = 'public, max-age=3600';

export interface ShareImageRouterDeps {
  items: ItemsReader;
  /** Project root: the owner's photo is read from its public/. */
  rootDir: string;
  cache: DiskCache;
  /** Draws a card to PNG: on the worker threads (server/workers/); on the event loop when not given. */
  drawCard?: (card: ShareCard, photo: string) => Promise<Buffer>;
}

/** Drawing on the event loop, the fonts read on the first card (WORKER_THREADS=0 and callers without threads). */
function createInlineDrawing(): (card: ShareCard, photo: string) => Promise<Buffer> {
  let fonts: Promise<Font[]> | undefined;
  return async (card, photo) => {
    const loaded = await (fonts ??= loadCardFonts().catch((error: unknown) => {
      fonts = undefined;
      throw error;
    }));
    return renderShareImage(card, { fonts: loaded, photo });
  };
}

/** The tag as the articles write it ("spring boot" finds "Spring Boot"), or undefined when no article has it. */
export function findTag(articles: { tags: string[] }[], wanted: string): string | undefined {
  const key = wanted.toLocaleLowerCase('fr');
  for (const article of articles) {
    const tag = article.tags.find((candidate) => candidate.toLocaleLowerCase('fr') === key);
    if (tag) return tag;
  }
  return undefined;
}

export function createShareImageRouter({ items, rootDir, cache, drawCard = createInlineDrawing() }: ShareImageRouterDeps): Router {
  const router = Router();
  let drawing: Promise<{ photo: string; photoHash: string }> | undefined;
  // The photo is read once, on the first card asked for (a server that is never shared never reads it).
  const loadDrawing = () =>
    (drawing ??= (async () => {
      const photoBytes = await readFile(path.join(rootDir, 'public', owner.photo.large.src2x));
      return { photo: `data:image/png;base64,${photoBytes.toString('base64')}`, photoHash: hashKey(photoBytes) };
    })().catch((error: unknown) => {
      // A photo put back in place is read on the next request, not after a restart.
      drawing = undefined;
      throw error;
    }));

  const send = async (req: Request, res: Response, card: ShareCard | undefined) => {
    if (!card) {
      res.status(404).type('text/plain; charset=utf-8').send('No such card.\n');
      return;
    }
    const hash = hashShareCard(card);
    const assets = await loadDrawing();
    // The file also changes with the photo, which the URL's hash does not cover.
    const png = await cache.getOrMake(`${hashKey(`${hash}:${assets.photoHash}`)}.png`, () => drawCard(card, assets.photo));
    res.set({ 'Cache-Control': req.query.v === hash ? IMMUTABLE : REVALIDATED, ETag: `"${hash}"` }).type(SHARE_IMAGE.type);
    // The same bytes for everyone: a cookie would keep shared caches (nginx, CDNs) from storing them.
    res.removeHeader('Set-Cookie');
    res.send(png);
  };

  // A source that cannot answer now: retry later, no 500.
  const guard = (handler: (req: Request, res: Response) => Promise<void>) => async (req: Request, res: Response) => {
    try {
      await handler(req, res);
    } catch (error) {
      if (!(error instanceof ItemsUnavailableError)) throw error;
      sendArticlesUnavailable(res);
    }
  };

  router.get(
    paths.shareCv,
    guard((req, res) => send(req, res, describeCvCard())),
  );
  router.get(
    paths.shareArticles,
    guard((req, res) => send(req, res, describeArticlesCard())),
  );
  router.get(
    '/share/articles/:file',
    guard(async (req, res) => {
      const id = String(req.params.file).replace(/\.png$/, '');
      const article = String(req.params.file).endsWith('.png') && isValidArticleId(id) ? await items.get(id) : null;
      // A renamed article's card is at its new id, for good (decision 040).
      const renamed = !article && isValidArticleId(id) ? await items.findAlias?.(id) : null;
      if (renamed) {
        res.set('Cache-Control', 'public, max-age=86400').redirect(301, paths.shareArticle(renamed));
        return;
      }
      await send(req, res, article ? describeArticleCard(article) : undefined);
    }),
  );
  router.get(
    '/share/tags/:file',
    guard(async (req, res) => {
      const file = String(req.params.file);
      const tag = file.endsWith('.png') ? findTag(await items.list(''), file.slice(0, -'.png'.length)) : undefined;
      await send(req, res, tag === undefined ? undefined : describeTagCard(tag));
    }),
  );
  return router;
}
