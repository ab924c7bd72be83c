// The owner writes the CV, the release notes and the site's own data in French; the interface may be
// in English. Text in French inside an English page must say so, for screen readers and translators.
import { usePageContext } from '../page-context';
import { DEFAULT_LANG, type Lang } from '../i18n/i18n';

/** The `lang` attribute for text the owner wrote: none when the interface is already French. */
export function useOwnerTextLang(): Lang | undefined {
  return usePageContext().lang === DEFAULT_LANG ? undefined : DEFAULT_LANG;
}
