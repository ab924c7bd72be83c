// The whole HTML document, rendered on the server only; the browser hydrates just its islands
// (docs/decisions/019).
import { Outlet } from 'react-router-dom';
import { usePageContext, useT } from '../page-context';
import { SPECULATION_RULES, buildIslandLoader } from '../inline-scripts';
import { MAIN_CONTENT_ID, buildCanonicalUrl, paths } from '../paths';
import { buildThemeBootScript } from '../site/themes';
import { Footer } from './footer';
import { TopBar } from './top-bar';
import { owner } from '../site/owner';

const themeBootScript = buildThemeBootScript();

export function RootLayout() {
  const { lang, assets, siteUrl, devScript } = usePageContext();
  const t = useT();
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        {/* Sets the stored theme on <html> before the first paint: no flash. */}
        <script dangerouslySetInnerHTML={{ __html: themeBootScript }} />
        {/* Loads the islands' module without blocking the parser (allowed by its hash in the CSP). */}
        <script dangerouslySetInnerHTML={{ __html: buildIslandLoader(assets.js) }} />
        <script type="speculationrules" dangerouslySetInnerHTML={{ __html: SPECULATION_RULES }} />
        {/* The site CSS, one immutable file cached for the visit (decision 078). After the inline
            scripts: an inline script below a pending stylesheet would wait for it, and the parser with it. */}
        <link rel="stylesheet" href={assets.css} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <meta name="application-name" content={owner.name} />
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
        {devScript && <script dangerouslySetInnerHTML={{ __html: devScript }} />}
      </body>
    </html>
  );
}
