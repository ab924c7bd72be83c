// fr ⇄ en: a plain link, so the server renders the next page in the chosen language (no flash of the
// other one) and remembers it; works without JavaScript too.
import { useLocation } from 'react-router-dom';
import { useAppData, useT } from '../app-context';
import { LANGS, LANG_NAMES, buildLangHref } from '../i18n/i18n';

export function LanguageSwitch() {
  const { lang } = useAppData();
  const t = useT();
  const { pathname, search } = useLocation();
  const other = LANGS.find((candidate) => candidate !== lang)!;
  return (
    <a className="btn btn-sm btn-outline-accent language-switch" href={buildLangHref(pathname, search, other)} hrefLang={other} title={t('SHELL.LANGUAGE_SWITCH')} data-testid="language-switch">
      <span lang={other}>{LANG_NAMES[other]}</span>
    </a>
  );
}
