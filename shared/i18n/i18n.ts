// i18next set-up shared by server and browser: resources are passed in, never fetched at render time.
import { createInstance, type TFunction } from 'i18next';

export const LANGS = ['fr', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'fr';
/** Query parameter that picks the interface language (links of the switch, hreflang alternates). */
export const LANG_PARAM = 'lang';
/** Cookie that remembers the visitor's choice across visits. */
export const LANG_COOKIE = 'lang';

/** Each language by its own name, as the switch offers it. */
export const LANG_NAMES: Record<Lang, string> = { fr: 'Français', en: 'English' };

export function isLang(value: unknown): value is Lang {
  return (LANGS as readonly unknown[]).includes(value);
}

/** The same page in a language, the other query parameters kept: the switch's link, which sets the cookie. */
export function buildLangHref(pathname: string, search: string, lang: Lang): string {
  const params = new URLSearchParams(search);
  params.set(LANG_PARAM, lang);
  return `${pathname}?${params.toString()}`;
}

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
  // Most calls are a bare key: answered from a map, since a page asks for the same strings each render.
  const translate = instance.t as unknown as (...args: unknown[]) => string;
  const plain = new Map<string, string>();
  const t = ((key: string | string[], ...rest: unknown[]) => {
    if (rest.length > 0 || typeof key !== 'string') return translate(key, ...rest);
    let text = plain.get(key);
    if (text === undefined) {
      text = translate(key);
      plain.set(key, text);
    }
    return text;
  }) as unknown as TFunction;
  byLang.set(lang, t);
  return t;
}
