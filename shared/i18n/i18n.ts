// i18next set-up shared by server and browser: resources are passed in, never fetched at render time.
import { createInstance, type TFunction } from 'i18next';

export { DEFAULT_LANG, LANGS, LANG_NAMES, LANG_PARAM, isLang, type Lang } from './langs';
import type { Lang } from './langs';
import { owner } from '../site/owner';

/** The content of public/assets/i18n/{lang}.json. */
export type Translations = { [key: string]: string | Translations };

// The server renders every request with the same translations object: build its translator once.
const translators = new WeakMap<Translations, Map<Lang, TFunction>>();

/** A ready, synchronous translator for one language (one per translations object and language). */
/** Translations remembered per language: every bare key, and a bounded number of keys with values. */
const MAX_REMEMBERED = 4_096;

/** The map's key for a translation with these values, when all are strings or numbers; undefined otherwise. */
function plainValuesId(key: string, options: unknown): string | undefined {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) return undefined;
  for (const value of Object.values(options)) if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  // JSON tells 1 from "1" and cannot be forged by a value; no bare key holds a NUL.
  return `${key}\u0000${JSON.stringify(options)}`;
}

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
    // React escapes text itself. The owner's words fill {{name}}, {{jobTitle}}, {{role}}, {{specialities}} and
    // {{topics}} in any string: the translation files hold interface words only (decision 044).
    interpolation: {
      escapeValue: false,
      defaultVariables: {
        name: owner.name,
        jobTitle: owner.jobTitle,
        role: owner.role[lang],
        specialities: owner.specialities[lang],
        topics: owner.topics[lang],
      },
    },
    returnNull: false,
  });
  // Most calls are a bare key: answered from a map, since a page asks for the same strings each render.
  const translate = instance.t as unknown as (...args: unknown[]) => string;
  const plain = new Map<string, string>();
  const t = ((key: string | string[], ...rest: unknown[]) => {
    if (typeof key !== 'string') return translate(key, ...rest);
    // A key with values of plain numbers and strings ({{page}}, {{version}}) is answered from the map
    // too, by key and values: i18next's interpolation was 2 % of a search page's render (decision 069).
    const id = rest.length === 0 ? key : rest.length === 1 ? plainValuesId(key, rest[0]) : undefined;
    if (id === undefined) return translate(key, ...rest);
    let text = plain.get(id);
    if (text === undefined) {
      text = translate(key, ...rest);
      if (plain.size >= MAX_REMEMBERED) plain.clear();
      plain.set(id, text);
    }
    return text;
  }) as unknown as TFunction;
  byLang.set(lang, t);
  return t;
}
