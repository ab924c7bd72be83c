// What the server hands to the React tree when it renders a page, read by hooks. Server only in effect:
// islands get plain props instead (shared/islands/), so i18next never goes to the browser.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { createTranslator, type Lang, type Translations } from './i18n/i18n';

export interface ComponentVersion {
  name: string;
  version: string;
}

export interface AppData {
  lang: Lang;
  translations: Translations;
  /** SITE_URL, with a trailing slash. */
  siteUrl: string;
  /** package.json version. */
  version: string;
  /** Versions of the runtime and libraries actually installed, for the About page. */
  components: ComponentVersion[];
  /** Hashed islands script from the build manifest (the CSS is inlined). */
  assets: { js: string };
  /** Server time of the render (ISO), so both sides compute the same year. */
  now: string;
}

interface AppContextValue {
  app: AppData;
  t: TFunction;
  /** The site's CSS, inlined in <head> so no stylesheet blocks the first paint. */
  css: string;
}

const AppContext = createContext<AppContextValue | null>(null);

export function AppProvider({ app, css, children }: { app: AppData; css: string; children: ReactNode }) {
  const value = useMemo(() => ({ app, css, t: createTranslator(app.lang, app.translations) }), [app, css]);
  return <AppContext.Provider value={value}>{children}</AppContext.Provider>;
}

function useAppContext(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('AppProvider is missing above this component');
  return value;
}

export function useAppData(): AppData {
  return useAppContext().app;
}

export function useT(): TFunction {
  return useAppContext().t;
}

export function useInlineCss(): string {
  return useAppContext().css;
}
