// sitemap.xml (sitemaps.org protocol, written by the sitemap package): the CV, the list, About and
// every article at its own page (an English article's under /en), with the article date as lastmod (the
// newest release's for the CV and About), and the language alternates of translated articles (decision 040).
import { SitemapStream, streamToPromise, type SitemapItemLoose } from 'sitemap';
import type { ArticleSummary } from '../../shared/items/types';
import { DEFAULT_LANG } from '../../shared/i18n/langs';
import { buildCanonicalUrl, localizeArticlePath, paths } from '../../shared/paths';
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

/** articles: newest first, as the list gives them; translationGroups: the ids of each set of translations. */
export async function buildSitemap(siteUrl: string, articles: ArticleSummary[], translationGroups: readonly (readonly string[])[] = []): Promise<string> {
  const url = (path: string) => toXmlText(buildCanonicalUrl(siteUrl, path));
  // Each translated article's alternates: every version at its own page, in its language, and x-default.
  const byId = new Map(articles.map((article) => [article.id, article]));
  const groupOf = new Map<string, { lang: string; url: string }[]>();
  for (const ids of translationGroups) {
    const versions = ids.map((id) => byId.get(id)).filter((article): article is ArticleSummary => article?.language !== undefined);
    if (versions.length < 2) continue;
    const links = versions.map((article) => ({ lang: article.language!, url: url(localizeArticlePath(article.id, article.language)) }));
    const fallback = versions.find((article) => article.language === DEFAULT_LANG) ?? versions[0]!;
    links.push({ lang: 'x-default', url: url(localizeArticlePath(fallback.id, fallback.language)) });
    for (const article of versions) groupOf.set(article.id, links);
  }
  const withLastmod = (loc: string, date: string | undefined): SitemapItemLoose =>
    // A date the source sent but that does not parse is left out: lastmod is optional, a wrong one misleads.
    date !== undefined && !Number.isNaN(Date.parse(date)) ? { url: loc, lastmod: date } : { url: loc };
  const items: SitemapItemLoose[] = [
    withLastmod(url(paths.cv), siteReleasedOn),
    withLastmod(url(paths.articles), articles[0]?.date),
    withLastmod(url(paths.about), siteReleasedOn),
    ...articles.slice(0, MAX_URLS - PAGE_COUNT).map((article) => {
      const item = withLastmod(url(localizeArticlePath(article.id, article.language)), article.updated ?? article.date);
      const group = groupOf.get(article.id);
      return group ? { ...item, links: group } : item;
    }),
  ];
  // The core namespace, and xhtml for the language alternates: no image, video or news entries here.
  const stream = new SitemapStream({ xmlns: { news: false, video: false, image: false, xhtml: translationGroups.length > 0 } });
  const written = streamToPromise(stream);
  for (const item of items) stream.write(item);
  stream.end();
  return (await written).toString('utf8');
}
