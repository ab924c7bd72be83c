// sitemap.xml (sitemaps.org protocol, written by the sitemap package): the CV, the list, About and
// every article, with the article date as lastmod.
import { SitemapStream, streamToPromise, type SitemapItemLoose } from 'sitemap';
import { buildCanonicalUrl } from '../../shared/components/page-head';
import type { ArticleSummary } from '../../shared/items/types';
import { paths } from '../../shared/paths';

/** The protocol's limit per file; a larger site would need a sitemap index. */
const MAX_URLS = 50_000;
const PAGE_COUNT = 3;

/** articles: newest first, as the list gives them. */
export async function buildSitemap(siteUrl: string, articles: ArticleSummary[]): Promise<string> {
  const url = (path: string) => buildCanonicalUrl(siteUrl, path);
  const withLastmod = (loc: string, date: string | undefined): SitemapItemLoose =>
    // A date the source sent but that does not parse is left out: lastmod is optional, a wrong one misleads.
    date !== undefined && !Number.isNaN(Date.parse(date)) ? { url: loc, lastmod: date } : { url: loc };
  const items: SitemapItemLoose[] = [
    // The CV and About change with the code, not with the articles: no date is better than a wrong one.
    { url: url(paths.cv) },
    withLastmod(url(paths.articles), articles[0]?.date_m),
    { url: url(paths.about) },
    ...articles.slice(0, MAX_URLS - PAGE_COUNT).map((article) => withLastmod(url(paths.article(article.id)), article.date_m)),
  ];
  // Only the core namespace: no image, video, news or xhtml entries here.
  const stream = new SitemapStream({ xmlns: { news: false, video: false, image: false, xhtml: false } });
  const written = streamToPromise(stream);
  for (const item of items) stream.write(item);
  stream.end();
  return (await written).toString('utf8');
}
