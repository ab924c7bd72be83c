// The whole HTML document: React renders it on the server and hydrates it in the browser (docs/decisions/002).
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { useAppData, useEmbeddedText, useT } from '../app-context';
import { MAIN_CONTENT_ID, buildCanonicalUrl, paths } from '../paths';
import { buildThemeBootScript } from '../site/themes';
import { Footer } from './footer';
import { TopBar } from './top-bar';

/** Id of the <script type="application/json"> the client reads its start-up data from. */
export const PAYLOAD_SCRIPT_ID = 'page-payload';
/** Id of the inlined <style>. */
export const STYLE_ID = 'site-css';

const themeBootScript = buildThemeBootScript();

export function RootLayout() {
  const { lang, assets, siteUrl } = useAppData();
  const t = useT();
  const embedded = useEmbeddedText();
  return (
    // The boot script sets the theme on <html> before hydration: those attributes are expected to differ.
    <html lang={lang} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <script dangerouslySetInnerHTML={{ __html: themeBootScript }} />
        <style id={STYLE_ID} dangerouslySetInnerHTML={{ __html: embedded.css }} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <meta name="application-name" content={t('SITE.SHORT_NAME')} />
        {/* Feed autodiscovery: readers and browsers find the feeds from any page. */}
        <link rel="alternate" type="application/rss+xml" title={t('FEED.RSS_LINK_TITLE')} href={buildCanonicalUrl(siteUrl, paths.rss)} />
        <link rel="alternate" type="application/atom+xml" title={t('FEED.ATOM_LINK_TITLE')} href={buildCanonicalUrl(siteUrl, paths.atom)} />
      </head>
      <body>
        <TopBar />
        <main id={MAIN_CONTENT_ID} className="container-lg py-4" tabIndex={-1}>
          <Outlet />
        </main>
        <Footer />
        <ScrollRestoration />
        <script id={PAYLOAD_SCRIPT_ID} type="application/json" dangerouslySetInnerHTML={{ __html: embedded.payload }} />
        {/* Last in the document: the server writes each response's nonce at the end of a cached page. */}
        <script type="module" src={assets.js} nonce={embedded.nonce} />
      </body>
    </html>
  );
}
