// What the server hands to the React tree on both sides: embedded once in the page, read by hooks.
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
  /** Hashed client assets from the build manifest. */
  assets: { js: string; css: string };
  /** Server time of the render (ISO), so both sides compute the same year. */
  now: string;
}

/** The JSON document the server embeds and the client reads back. */
export interface PagePayload {
  app: AppData;
  router: unknown;
}

interface AppContextValue {
  app: AppData;
  t: TFunction;
  /** The exact embedded JSON text, re-rendered unchanged by the client. */
  serializedPayload: string;
}

const AppContext = createContext<AppContextValue | null>(null);

export function AppProvider({ app, serializedPayload, children }: { app: AppData; serializedPayload: string; children: ReactNode }) {
  const value = useMemo(
    () => ({ app, serializedPayload, t: createTranslator(app.lang, app.translations) }),
    [app, serializedPayload],
  );
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

export function useSerializedPayload(): string {
  return useAppContext().serializedPayload;
}
