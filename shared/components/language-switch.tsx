// fr ⇄ en: a plain link to the same page in the other language, which has its own URL (English under
// /en), so every cache keys it apart and it works without JavaScript (decision 019).
import { useLocation } from 'react-router-dom';
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
  return (
    <a
      className="btn btn-sm btn-outline-accent language-switch"
      href={localizePath(pathname, other) + search}
      hrefLang={other}
      title={t('SHELL.LANGUAGE_SWITCH')}
      data-keeps-filter={followsSearch}
      data-testid="language-switch"
    >
      <span lang={other}>{LANG_NAMES[other]}</span>
    </a>
  );
}
