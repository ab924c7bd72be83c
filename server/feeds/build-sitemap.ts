// sitemap.xml (sitemaps.org protocol, written by the sitemap package): the CV, the list, About and
// every article, with the article date as lastmod (the newest release's for the CV and About).
import { SitemapStream, streamToPromise, type SitemapItemLoose } from 'sitemap';
import type { ArticleSummary } from '../../shared/items/types';
import { buildCanonicalUrl, paths } from '../../shared/paths';
import { releaseNotes } from '../../shared/site/release-notes';
import { toXmlText } from './xml-text';

/** The protocol's limit per file; a larger site would need a sitemap index. */
const MAX_URLS = 50_000;
const PAGE_COUNT = 3;

/** "21/11/2026" → "2026-11-21": the release notes' dates, as sitemaps want them. */
function toIsoDay(date: string): string | undefined {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(date);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : undefined;
}

/** The CV and About are compiled into the site: they last changed with the newest release. */
const siteReleasedOn = toIsoDay(releaseNotes[0]?.date ?? '');

/** articles: newest first, as the list gives them. */
export async function buildSitemap(siteUrl: string, articles: ArticleSummary[]): Promise<string> {
  const url = (path: string) => toXmlText(buildCanonicalUrl(siteUrl, path));
  const withLastmod = (loc: string, date: string | undefined): SitemapItemLoose =>
    // A date the source sent but that does not parse is left out: lastmod is optional, a wrong one misleads.
    date !== undefined && !Number.isNaN(Date.parse(date)) ? { url: loc, lastmod: date } : { url: loc };
  const items: SitemapItemLoose[] = [
    withLastmod(url(paths.cv), siteReleasedOn),
    withLastmod(url(paths.articles), articles[0]?.date),
    withLastmod(url(paths.about), siteReleasedOn),
    ...articles.slice(0, MAX_URLS - PAGE_COUNT).map((article) => withLastmod(url(paths.article(article.id)), article.updated ?? article.date)),
  ];
  // Only the core namespace: no image, video, news or xhtml entries here.
  const stream = new SitemapStream({ xmlns: { news: false, video: false, image: false, xhtml: false } });
  const written = streamToPromise(stream);
  for (const item of items) stream.write(item);
  stream.end();
  return (await written).toString('utf8');
}
