// Links an article's author wrote to the site's pages ("/articles/other") lead to the interface the
// visitor reads in: under /en in the English interface. Documents (/articles/x.md, /rss.xml), images
// and other sites are left alone, as is every link in the French interface (decision 040).
import { DEFAULT_LANG, type Lang } from '../i18n/langs';
import { localizePath, paths } from '../paths';

/** The first segment of the site's page paths: /articles, /tags, /help, the CV's slug. */
const PAGE_ROOTS = new Set([paths.articles, paths.tags, '/help', paths.cv].map((path) => path.slice(1).split('/')[0]));

function isPagePath(path: string): boolean {
  const pathname = path.replace(/[?#].*$/, '');
  const root = pathname.slice(1).split('/')[0] ?? '';
  // Page paths have no extension (an article id may hold a dot, but its .md twin is a document).
  return PAGE_ROOTS.has(root) && !pathname.endsWith('.md');
}

/** The article's HTML with its links to the site's pages in the interface language `lang`. */
export function localizeArticleLinks(html: string, lang: Lang): string {
  if (lang === DEFAULT_LANG || !html.includes('href="/')) return html;
  return html.replace(/(<a\s[^>]*?\bhref=")(\/[^"/][^"]*|\/)(")/g, (whole, before: string, path: string, after: string) =>
    isPagePath(path) ? `${before}${localizePath(path, lang)}${after}` : whole,
  );
}
