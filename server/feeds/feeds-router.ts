// /rss.xml, /atom.xml, /sitemap.xml and /robots.txt: built from the items cache, so they work with
// either source, and kept compressed in the response cache like pages (decision 019).
import { Router, type Request, type Response } from 'express';
import type { PageContext } from '../../shared/page-context';
import { createTranslator } from '../../shared/i18n/i18n';
import { ItemsUnavailableError } from '../../shared/items/items-reader';
import { paths } from '../../shared/paths';
import { owner } from '../../shared/site/owner';
import { readRequestTarget } from '../http/request-target';
import type { ResponseCache } from '../http/response-cache';
import type { ItemsCache } from '../items/cache';
import { buildAtomFeed, buildRssFeed, type FeedChannel } from './build-feeds';
import { buildRobotsTxt } from './build-robots';
import { buildSitemap } from './build-sitemap';
import { FEED_ARTICLE_LIMIT, readLatestArticles } from './latest-articles';
import { toTagKey } from '../../shared/items/search';
import { sendArticlesUnavailable } from '../middleware/errors';

export interface FeedsRouterDeps {
  cache: ItemsCache;
  responseCache: ResponseCache;
  ttlSeconds: number;
  /** The interface language, its translations and SITE_URL, as every page gets them. */
  context: Pick<PageContext, 'lang' | 'translations' | 'siteUrl'>;
  /** FEED_FULL_CONTENT: the feeds carry each article's body. */
  fullContent?: boolean;
}

/** A tag's feed for a tag no article carries. */
class FeedNotFoundError extends Error {}

export function createFeedsRouter({ cache, responseCache, ttlSeconds, context, fullContent = false }: FeedsRouterDeps): Router {
  const router = Router();
  const t = createTranslator(context.lang, context.translations);
  const channel: FeedChannel = {
    siteUrl: context.siteUrl,
    lang: context.lang,
    title: t('FEED.TITLE'),
    description: t('FEED.DESCRIPTION'),
    author: owner.name,
    fullContent,
  };

  const answer = async (req: Request, res: Response, type: string, build: () => Promise<string>) => {
    try {
      const result = await build();
      res.set('Cache-Control', readRequestTarget(req).policy.cacheControl(ttlSeconds)).type(type);
      await responseCache.send(req, res, 200, Buffer.from(result));
    } catch (error) {
      if (error instanceof FeedNotFoundError) {
        res.status(404).set('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send('No article carries this tag.\n');
        return;
      }
      // Nothing cached and the source down: a retryable answer, never a 500 a reader would report.
      if (!(error instanceof ItemsUnavailableError)) throw error;
      sendArticlesUnavailable(res);
    }
  };

  router.get(paths.rss, (req, res) =>
    answer(req, res, 'application/rss+xml; charset=utf-8', async () => buildRssFeed(channel, await readLatestArticles(cache))),
  );
  router.get(paths.atom, (req, res) =>
    answer(req, res, 'application/atom+xml; charset=utf-8', async () => buildAtomFeed(channel, await readLatestArticles(cache))),
  );
  // A tag's own feeds, linked from its page: the newest articles carrying it; 404 for a tag no article has.
  const tagFeed = (build: typeof buildRssFeed, type: string) => async (req: Request<{ tag: string }>, res: Response) => {
    const { tag } = req.params;
    await answer(req, res, type, async () => {
      const articles = await readLatestArticles(cache, FEED_ARTICLE_LIMIT, tag);
      if (articles.length === 0) throw new FeedNotFoundError();
      const title = t('TAGS.TAG_TITLE', { tag: articles[0]!.tags.find((each) => toTagKey(each) === toTagKey(tag)) ?? tag });
      return build({ ...channel, title, description: title, tag }, articles);
    });
  };
  router.get('/tags/:tag/rss.xml', tagFeed(buildRssFeed, 'application/rss+xml; charset=utf-8'));
  router.get('/tags/:tag/atom.xml', tagFeed(buildAtomFeed, 'application/atom+xml; charset=utf-8'));
  router.get(paths.sitemap, (req, res) => answer(req, res, 'application/xml; charset=utf-8', async () => buildSitemap(context.siteUrl, await cache.list(''))));
  router.get(paths.robots, (req, res) => answer(req, res, 'text/plain; charset=utf-8', async () => buildRobotsTxt(context.siteUrl)));
  return router;
}
