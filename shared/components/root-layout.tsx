// The whole HTML document: React renders it on the server and hydrates it in the browser (docs/decisions/002).
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { useAppData, useSerializedPayload, useT } from '../app-context';
import { MAIN_CONTENT_ID } from '../paths';
import { buildThemeBootScript } from '../site/themes';
import { Footer } from './footer';
import { TopBar } from './top-bar';

/** Id of the <script type="application/json"> the client reads its start-up data from. */
export const PAYLOAD_SCRIPT_ID = 'page-payload';

const themeBootScript = buildThemeBootScript();

export function RootLayout() {
  const { lang, assets } = useAppData();
  const t = useT();
  return (
    // The boot script sets the theme on <html> before hydration: those attributes are expected to differ.
    <html lang={lang} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <script dangerouslySetInnerHTML={{ __html: themeBootScript }} />
        <link rel="stylesheet" href={assets.css} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <meta name="application-name" content={t('SITE.SHORT_NAME')} />
      </head>
      <body>
        <TopBar />
        <main id={MAIN_CONTENT_ID} className="container-lg py-4" tabIndex={-1}>
          <Outlet />
        </main>
        <Footer />
        <ScrollRestoration />
        <PayloadScript />
        <script type="module" src={assets.js} />
      </body>
    </html>
  );
}

function PayloadScript() {
  const payload = useSerializedPayload();
  return <script id={PAYLOAD_SCRIPT_ID} type="application/json" dangerouslySetInnerHTML={{ __html: payload }} />;
}
