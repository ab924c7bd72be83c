// What the server hands to the React tree when it renders a page, read by hooks. Server only in effect:
// islands get plain props instead (shared/islands/), so i18next never goes to the browser.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { createTranslator, type Lang, type Translations } from './i18n/i18n';

export interface ComponentVersion {
  name: string;
  version: string;
}

/** The owner's own words for the About page (content/pages/about*.md), as sanitised HTML. */
export interface AboutText {
  html: string;
  /** The language it is written in: the default language's text stands in for a missing translation. */
  lang: Lang;
}

export interface PageContext {
  lang: Lang;
  translations: Translations;
  /** SITE_URL, with a trailing slash. */
  siteUrl: string;
  /** package.json version. */
  version: string;
  /** Versions of the runtime and libraries actually installed, for the About page. */
  components: ComponentVersion[];
  /** Hashed islands script and stylesheet from the build manifest. */
  assets: { js: string; css: string };
  /** Server time of the render (ISO), so both sides compute the same year. */
  now: string;
  /** The personal section of the About page, when the owner wrote one. */
  about?: AboutText;
  /** `npm run dev` only: the inline script that reloads the page and shows content problems (server/dev/). */
  devScript?: string;
}

interface PageContextValue {
  context: PageContext;
  t: TFunction;
}

const ReactPageContext = createContext<PageContextValue | null>(null);

export function PageContextProvider({ context, children }: { context: PageContext; children: ReactNode }) {
  const value = useMemo(() => ({ context, t: createTranslator(context.lang, context.translations) }), [context]);
  return <ReactPageContext.Provider value={value}>{children}</ReactPageContext.Provider>;
}

function useContextValue(): PageContextValue {
  const value = useContext(ReactPageContext);
  if (!value) throw new Error('PageContextProvider is missing above this component');
  return value;
}

export function usePageContext(): PageContext {
  return useContextValue().context;
}

export function useT(): TFunction {
  return useContextValue().t;
}
