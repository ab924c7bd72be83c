// i18next set-up shared by server and browser: resources are passed in, never fetched at render time.
import { createInstance, type TFunction } from 'i18next';

export const LANGS = ['fr', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'fr';

/** The content of public/assets/i18n/{lang}.json. */
export type Translations = { [key: string]: string | Translations };

// The server renders every request with the same translations object: build its translator once.
const translators = new WeakMap<Translations, Map<Lang, TFunction>>();

/** A ready, synchronous translator for one language (one per translations object and language). */
export function createTranslator(lang: Lang, translations: Translations): TFunction {
  const byLang = translators.get(translations) ?? new Map<Lang, TFunction>();
  translators.set(translations, byLang);
  const known = byLang.get(lang);
  if (known) return known;
  const instance = createInstance();
  void instance.init({
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: { translation: translations } },
    initAsync: false,
    // React escapes text itself.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  byLang.set(lang, instance.t);
  return instance.t;
}
