// npm run screenshots: every page type in the four themes, desktop and 375 px mobile, on the
// sample content, to docs/screenshots/ (JPEG, the visible part of the page).
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { THEME_IDS } from '../../shared/site/themes';
import { launchBrowser } from '../support/browser';
import { startServer } from '../support/server-process';

const PAGES = {
  cv: '/architecte-logiciel-freelance-java-spring-angular',
  articles: '/articles',
  'articles-no-match': '/articles?f=kubernetes',
  article: '/articles/postgresql-index-explain',
  'article-en': '/articles/java-virtual-threads',
  // The writing kit's sample, at its code caption, highlighted lines and a callout.
  'article-writing-kit': '/articles/facturation-outbox-evenements#2-l-outbox-transactionnelle',
  about: '/help/about',
  'not-found': '/articles/missing',
};
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, mobile: { width: 375, height: 812 } };
const outDir = path.resolve('docs', 'screenshots');

await mkdir(outDir, { recursive: true });
const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
let count = 0;
try {
  for (const theme of THEME_IDS) {
    for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
      const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
      await context.addInitScript((id) => localStorage.setItem('theme', id), theme);
      const page = await context.newPage();
      for (const [name, url] of Object.entries(PAGES)) {
        await page.goto(server.url + url);
        // On a phone the theme selector is in the closed menu (decision 053): there, it is only in the page.
        await page.waitForSelector('[data-testid="theme-selector"]', { state: viewportName === 'mobile' ? 'attached' : 'visible' });
        await page.screenshot({ path: path.join(outDir, `${name}-${theme}-${viewportName}.jpg`), type: 'jpeg', quality: 75 });
        count += 1;
        if (viewportName === 'mobile' && name === 'articles') {
          await page.click('[data-testid="menu-button"]');
          await page.screenshot({ path: path.join(outDir, `${name}-menu-${theme}-${viewportName}.jpg`), type: 'jpeg', quality: 75 });
          count += 1;
        }
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(`${count} screenshots in ${path.relative(process.cwd(), outDir)}/`);
