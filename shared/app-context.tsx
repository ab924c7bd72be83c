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
  /** Hashed client script from the build manifest (the CSS is inlined, see EmbeddedText). */
  assets: { js: string };
  /** Server time of the render (ISO), so both sides compute the same year. */
  now: string;
}

/** The JSON document the server embeds and the client reads back. */
export interface PagePayload {
  app: AppData;
  router: unknown;
}

/** Text the server writes into the document and the client reads back as is, so hydration matches. */
export interface EmbeddedText {
  /** The page payload, JSON escaped for <script>. */
  payload: string;
  /** The site's CSS, inlined in <head> so no stylesheet blocks the first paint. */
  css: string;
  /** The CSP nonce of the page's script (the server renders a slot that each response fills). */
  nonce: string;
}

interface AppContextValue {
  app: AppData;
  t: TFunction;
  embedded: EmbeddedText;
}

const AppContext = createContext<AppContextValue | null>(null);

export function AppProvider({ app, embedded, children }: { app: AppData; embedded: EmbeddedText; children: ReactNode }) {
  const value = useMemo(() => ({ app, embedded, t: createTranslator(app.lang, app.translations) }), [app, embedded]);
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

export function useEmbeddedText(): EmbeddedText {
  return useAppContext().embedded;
}
