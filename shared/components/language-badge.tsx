import { LANG_NAMES, isLang, type Lang } from '../i18n/langs';

/**
 * "EN" beside an article that is not in the interface language, named in full for screen readers, in
 * the article's language. Nothing when the language is the interface's or unknown (upstream lists).
 * Plain markup: also rendered inside the search island.
 */
export function LanguageBadge({ language, lang }: { language: string | undefined; lang: Lang }) {
  if (!language || language === lang) return null;
  return (
    <span className="badge lang-badge ms-2 align-middle" lang={language} data-testid="language-badge">
      <span aria-hidden="true">{language.toUpperCase()}</span>
      <span className="visually-hidden">{isLang(language) ? LANG_NAMES[language] : language}</span>
    </span>
  );
}
