// /rss.xml, /atom.xml, /sitemap.xml and /robots.txt: built from the items cache, so they work with
// either source, and kept compressed in the response cache like pages (decision 019).
import { Router, type Request, type Response } from 'express';
import type { Logger } from 'pino';
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
import { FEED_ARTICLE_LIMIT, readLatestArticles, type OnArticleFailure } from './latest-articles';
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
  /** Where an article a feed carries as its summary, because it could not be read, is reported. */
  logger?: Logger;
}

/** A tag's feed for a tag no article carries. */
class FeedNotFoundError extends Error {}
/** A tag asked in another spelling (`/tags/JAVA/rss.xml`): its feed lives under the tag as written (decision 034). */
class FeedMovedError extends Error {
  constructor(readonly location: string) {
    super(location);
  }
}

export function createFeedsRouter({ cache, responseCache, ttlSeconds, context, fullContent = false, logger }: FeedsRouterDeps): Router {
  const router = Router();
  const log = logger?.child({ component: 'feeds' });
  const onFailure: OnArticleFailure = (summary, error) =>
    log?.warn({ id: summary.id, err: error }, 'feed entry written from its summary: the article cannot be read');
  const readLatest = (tag?: string) => readLatestArticles(cache, FEED_ARTICLE_LIMIT, tag, onFailure);
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
      if (error instanceof FeedMovedError) {
        res.status(301).set({ Location: error.location, 'Cache-Control': 'public, max-age=86400' }).end();
        return;
      }
      if (error instanceof FeedNotFoundError) {
        res.status(404).set('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send('No article carries this tag.\n');
        return;
      }
      // Nothing cached and the source down: a retryable answer, never a 500 a reader would report.
      if (!(error instanceof ItemsUnavailableError)) throw error;
      sendArticlesUnavailable(res);
    }
  };

  router.get(paths.rss, (req, res) => answer(req, res, 'application/rss+xml; charset=utf-8', async () => buildRssFeed(channel, await readLatest())));
  router.get(paths.atom, (req, res) => answer(req, res, 'application/atom+xml; charset=utf-8', async () => buildAtomFeed(channel, await readLatest())));
  // A tag's own feeds, linked from its page: the newest articles carrying it; 404 for a tag no article has.
  const tagFeed = (build: typeof buildRssFeed, type: string, file: string) => async (req: Request<{ tag: string }>, res: Response) => {
    const { tag } = req.params;
    await answer(req, res, type, async () => {
      const articles = await readLatest(tag);
      if (articles.length === 0) throw new FeedNotFoundError();
      const written = articles[0]!.tags.find((each) => toTagKey(each) === toTagKey(tag)) ?? tag;
      if (written !== tag) throw new FeedMovedError(`${paths.tag(written)}/${file}`);
      const title = t('TAGS.TAG_TITLE', { tag: written });
      return build({ ...channel, title, description: title, tag }, articles);
    });
  };
  router.get('/tags/:tag/rss.xml', tagFeed(buildRssFeed, 'application/rss+xml; charset=utf-8', 'rss.xml'));
  router.get('/tags/:tag/atom.xml', tagFeed(buildAtomFeed, 'application/atom+xml; charset=utf-8', 'atom.xml'));
  // Drafts shown by SHOW_DRAFTS are noindex: not offered to crawlers either.
  router.get(paths.sitemap, (req, res) =>
    answer(req, res, 'application/xml; charset=utf-8', async () => {
      const [articles, translationGroups] = await Promise.all([cache.list(''), cache.listTranslationGroups()]);
      const indexable = articles.filter((article) => !cache.isUnpublished(article.id));
      const published = translationGroups.map((group) => group.filter((id) => !cache.isUnpublished(id))).filter((group) => group.length > 1);
      return buildSitemap(context.siteUrl, indexable, published);
    }),
  );
  router.get(paths.robots, (req, res) => answer(req, res, 'text/plain; charset=utf-8', async () => buildRobotsTxt(context.siteUrl)));
  return router;
}
