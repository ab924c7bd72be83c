import { launchBrowser } from '../support/browser';
import { startServer } from '../support/server-process';
const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
try {
  const page = await browser.newPage();
  await page.goto(server.url + '/articles/facturation-outbox-evenements');
  console.log(await page.evaluate(() => {
    const svg = document.querySelector('.diagram svg')!;
    const rect = svg.querySelector('rect')!;
    return { cls: svg.getAttribute('class'), fillAttr: rect.getAttribute('fill'), fill: getComputedStyle(rect).fill, v: getComputedStyle(svg).getPropertyValue('--_node-fill'), html: svg.outerHTML.slice(0, 600) };
  }));
  const css = await page.evaluate(() => [...document.querySelectorAll('style')].map((s) => s.textContent ?? '').join('').match(/\.diagram-svg\{[^}]*\}/g));
  console.log(css);
} finally {
  await browser.close();
  await server.stop();
}
