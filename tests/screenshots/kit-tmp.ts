import { THEME_IDS } from '../../shared/site/themes';
import { launchBrowser } from '../support/browser';
import { startServer } from '../support/server-process';
const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
try {
  for (const theme of THEME_IDS) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
    await context.addInitScript((id) => localStorage.setItem('theme', id), theme);
    const page = await context.newPage();
    await page.goto(server.url + '/articles/facturation-outbox-evenements');
    await page.screenshot({ path: `/tmp/h26/kit-${theme}.jpg`, type: 'jpeg', quality: 70, fullPage: true });
    await context.close();
  }
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await page.goto(server.url + '/articles/facturation-outbox-evenements');
  console.log('scrollWidth', await page.evaluate(() => document.documentElement.scrollWidth));
  await page.screenshot({ path: `/tmp/h26/kit-mobile.jpg`, type: 'jpeg', quality: 70, fullPage: true });
  console.log(server.logs.filter((l) => (l.level as number) >= 40).map((l) => l.msg));
} finally {
  await browser.close();
  await server.stop();
}
