// The interface languages, apart from i18next so that browser code can name them without loading it.

export const LANGS = ['fr', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'fr';
/** Old links chose the language with `?lang=`: they are redirected to the language's path (decision 019). */
export const LANG_PARAM = 'lang';

/** Each language by its own name, as the switch offers it. */
export const LANG_NAMES: Record<Lang, string> = { fr: 'Français', en: 'English' };

export function isLang(value: unknown): value is Lang {
  return (LANGS as readonly unknown[]).includes(value);
}

/** The interface an article is at home in: its own language when the site speaks it, else the default. */
export function toInterfaceLang(language: string | undefined): Lang {
  return isLang(language) ? language : DEFAULT_LANG;
}

/** The link to an article's translation, in the translation's own language (decision 040). */
export const READ_IN: Record<Lang, string> = { fr: 'Lire en français', en: 'Read in English' };
