// The preview link of a hidden article (a draft, a future date): with the right token, the article
// page as it will be, with a "Brouillon / Draft" banner and noindex. Private and never kept: not in
// the response cache, not in any list, search, feed, sitemap or llms.txt (those read published
// articles only). A wrong token, or none configured, is a plain 404.
import type { NextFunction, Request, Response } from 'express';
import { createStaticHandler, type RouteObject } from 'react-router-dom';
import { LANGS, type Lang } from '../../shared/i18n/langs';
import { isValidArticleId, type ItemsReader } from '../../shared/items/items-reader';
import { EN_PREFIX, localizePath, paths } from '../../shared/paths';
import type { ItemsCache } from '../items/cache';
import { notFound } from '../middleware/errors';
import { renderDocument, toFetchRequest } from '../render/page-handler';
import type { SiteResources } from '../render/site-resources';
import { isPreviewToken } from './preview-token';

/** The paths the handler answers, in each interface language. */
export const PREVIEW_ROUTES = LANGS.map((lang) => localizePath('/preview/:token/articles/:id', lang));

const PRIVATE_HEADERS = {
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex, nofollow',
  // The token is in the URL: links in the draft must not send it to other sites.
  'Referrer-Policy': 'no-referrer',
};

/** The items cache, but for this one article: the hidden version, marked unpublished. */
function withPreview(items: ItemsCache, id: string, preview: Awaited<ReturnType<ItemsCache['getPreview']>>): ItemsReader {
  return {
    list: (filter) => items.list(filter),
    get: (asked) => (asked === id ? Promise.resolve(preview) : items.get(asked)),
    search: (request) => items.search(request),
    seriesParts: (series) => items.seriesParts(series),
    findRelated: (asked, exclude) => items.findRelated(asked, exclude),
    isUnpublished: (asked) => asked === id || items.isUnpublished(asked),
  };
}

export function createPreviewHandler({
  secret,
  items,
  site,
  createRoutes,
}: {
  secret: string | undefined;
  items: ItemsCache;
  site: SiteResources;
  createRoutes: (items: ItemsReader) => RouteObject[];
}) {
  return async function renderPreview(req: Request, res: Response, next: NextFunction): Promise<void> {
    const { token = '', id = '' } = req.params as { token?: string; id?: string };
    if (!secret || !isValidArticleId(id) || !isPreviewToken(secret, id, token)) {
      res.set('Cache-Control', 'no-store');
      notFound(req, res);
      return;
    }
    const lang: Lang = req.path.startsWith(`${EN_PREFIX}/`) ? 'en' : 'fr';
    const preview = await items.getPreview(id);
    if (!preview) {
      // Published since the link was shared: the article's own page; gone: a 404.
      if (await items.get(id)) res.set(PRIVATE_HEADERS).redirect(302, localizePath(paths.article(id), lang));
      else notFound(req, res.set('Cache-Control', 'no-store'));
      return;
    }
    const handler = createStaticHandler(createRoutes(withPreview(items, id, preview)), lang === 'fr' ? {} : { basename: EN_PREFIX });
    const context = await handler.query(toFetchRequest(localizePath(paths.article(id), lang)));
    if (context instanceof Response) {
      next();
      return;
    }
    const html = renderDocument(handler, context, site.pageContexts[lang]);
    res.status(context.statusCode).set(PRIVATE_HEADERS).type('html').send(html);
  };
}
