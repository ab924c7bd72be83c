// URL paths of the pages, one source for links, redirects and the route table.
import { DEFAULT_LANG, toInterfaceLang, type Lang } from './i18n/langs';
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
  /** A hidden article's preview (a draft, a future date): the token is the server's (server/preview/). */
  articlePreview: (id: string, token: string) => `/preview/${encodeURIComponent(token)}/articles/${encodeURIComponent(id)}`,
  /** The list of every tag, and one tag's articles (the tag as written in the articles, URL-encoded). */
  tags: '/tags',
  tag: (tag: string) => `/tags/${encodeURIComponent(tag)}`,
  /** Generated 1200×630 share cards (server/share/): one per article, the CV, the list and each tag. */
  shareArticle: (id: string) => `/share/articles/${encodeURIComponent(id)}.png`,
  shareCv: '/share/cv.png',
  shareArticles: '/share/articles.png',
  shareTag: (tag: string) => `/share/tags/${encodeURIComponent(tag)}.png`,
  /** Markdown twins of the pages, for crawlers and assistants (server/markdown/). */
  articleMarkdown: (id: string) => `/articles/${encodeURIComponent(id)}.md`,
  cvMarkdown: '/cv.md',
  llmsTxt: '/llms.txt',
} as const;

/** The id of the element that Shift+/ focuses. */
export const SITE_SEARCH_INPUT_ID = 'site-search';
/** The id of <main>, target of the skip link. */
export const MAIN_CONTENT_ID = 'main-content';
/** The id of the top bar's menu, a popover below the md breakpoint. */
export const SITE_MENU_ID = 'site-menu';

/** Where the English interface lives: every page's path under it (decision 019). */
export const EN_PREFIX = '/en';

/** A page's path in an interface language: as is in French, under `/en` in English. */
export function localizePath(path: string, lang: Lang): string {
  if (lang === DEFAULT_LANG) return path;
  return path === '/' ? `${EN_PREFIX}/` : `${EN_PREFIX}${path}`;
}

/** An article's own page: in the interface of its language, so an English article's is under /en (decision 040). */
export function localizeArticlePath(id: string, language: string | undefined): string {
  return localizePath(paths.article(id), toInterfaceLang(language));
}

/** SITE_URL + a site path, without a trailing slash except for the root. SITE_URL may have a path (https://host/blog/). */
export function buildCanonicalUrl(siteUrl: string, pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : '';
  return siteUrl.replace(/\/+$/, '') + (path || '/');
}

// "https://…", "//host/…": already absolute (an article image may live elsewhere).
const ABSOLUTE_OR_HOST_RELATIVE = /^(?:[a-z][a-z\d+.-]*:)?\/\//i;

/**
 * An absolute URL for a site path ("/images/a.png", under SITE_URL like any page) or a URL that already
 * is one. Total: a URL that does not parse ("http://[invalid", from an items service) gives the home URL,
 * since a page must render whatever its data holds.
 */
export function toAbsoluteUrl(siteUrl: string, pathOrUrl: string): string {
  if (!ABSOLUTE_OR_HOST_RELATIVE.test(pathOrUrl)) return buildCanonicalUrl(siteUrl, pathOrUrl.startsWith('/') ? pathOrUrl : `/${pathOrUrl}`);
  try {
    return new URL(pathOrUrl, siteUrl).href;
  } catch {
    return buildCanonicalUrl(siteUrl, '/');
  }
}
