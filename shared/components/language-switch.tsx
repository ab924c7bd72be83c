// fr ⇄ en: a plain link to the same page in the other language, which has its own URL (English under
// /en), so every cache keys it apart and it works without JavaScript (decision 019). On an article
// that has a translation in that language, the link goes to the translation (decision 040).
import { useLocation, useRouteLoaderData } from 'react-router-dom';
import { ARTICLE_ROUTE_ID, type ArticlePageData } from '../pages/article-page';
import { usePageContext, useT } from '../page-context';
import { LANGS, LANG_NAMES } from '../i18n/i18n';
import { localizePath, paths } from '../paths';

export function LanguageSwitch() {
  const { lang } = usePageContext();
  const t = useT();
  // The route's own parameters only: the server renders from the parsed target, nothing else.
  const { pathname, search } = useLocation();
  const other = LANGS.find((candidate) => candidate !== lang)!;
  // On the list, the live search changes the query without a page load: the link follows it.
  const followsSearch = pathname === paths.articles ? '' : undefined;
  const translation = (useRouteLoaderData(ARTICLE_ROUTE_ID) as ArticlePageData | undefined)?.translations?.find((each) => each.language === other);
  return (
    <a
      className="btn btn-sm btn-outline-accent language-switch"
      href={translation ? localizePath(paths.article(translation.id), other) : localizePath(pathname, other) + search}
      hrefLang={other}
      title={t('SHELL.LANGUAGE_SWITCH')}
      data-keeps-filter={followsSearch}
      data-testid="language-switch"
    >
      <span lang={other}>{LANG_NAMES[other]}</span>
    </a>
  );
}
