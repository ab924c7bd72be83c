// URL paths of the pages, one source for links, redirects and the route table.
import { siteConfig } from './site/site-config';

export const paths = {
  cv: `/${siteConfig.cvSlug}`,
  articles: '/articles',
  about: '/help/about',
  /** The CV as JSON Resume (shared/site/json-resume.ts). */
  cvJson: '/cv.json',
  /** Path of one article; the id is URL-encoded. */
  article: (id: string) => `/articles/${encodeURIComponent(id)}`,
  /** The list filtered by `f`; no query string when the filter is empty. */
  articleSearch: (filter: string) => {
    const trimmed = filter.trim();
    return trimmed ? `/articles?${new URLSearchParams({ f: trimmed }).toString()}` : '/articles';
  },
  /** The latest articles as RSS 2.0 and as Atom; the pages link them for autodiscovery. */
  rss: '/rss.xml',
  atom: '/atom.xml',
  sitemap: '/sitemap.xml',
  robots: '/robots.txt',
} as const;

/** The id of the element that Shift+/ focuses. */
export const SITE_SEARCH_INPUT_ID = 'site-search';
/** The id of <main>, target of the skip link. */
export const MAIN_CONTENT_ID = 'main-content';
