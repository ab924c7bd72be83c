// The CV on paper, in a real Chromium: the print stylesheet (print media and print-to-PDF) and the
// "Imprimer / PDF" button, which exists only once JavaScript runs.
import { describe, expect, it } from 'vitest';
import { paths } from '../../shared/paths';
import { cvData } from '../../shared/site/cv-data';
import { setUpBrowsing } from '../support/site-under-test';
import { owner } from '../../shared/site/owner';

const site = setUpBrowsing({ env: { SITE_URL: 'https://www.example.test/' } });
const PRINT_BUTTON = { name: 'Imprimer / PDF' };
/** A4 in PDF points (1/72 inch): 210 × 297 mm; Chromium rounds the page to whole CSS pixels (Letter is 612 × 792). */
const A4_POINTS = { width: (210 / 25.4) * 72, height: (297 / 25.4) * 72 };

async function openCv(path: string = paths.cv): Promise<void> {
  await site.open(path);
  await site.page.getByRole('button', path.startsWith('/en/') ? { name: 'Print / PDF' } : PRINT_BUTTON).waitFor();
}

/** Width and height in points of every page of a PDF, from its /MediaBox entries. */
function readPageSizes(pdf: Buffer): { width: number; height: number }[] {
  return [...pdf.toString('latin1').matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map(([, width, height]) => ({
    width: Number(width),
    height: Number(height),
  }));
}

describe('the "Imprimer / PDF" button', () => {
  it('is absent without JavaScript (no button that could do nothing)', async () => {
    const plain = await site.openWithoutJavaScript(paths.cv);
    expect(await plain.textContent('main h1')).toBe(owner.name);
    expect(await plain.getByRole('button', PRINT_BUTTON).count()).toBe(0);
    expect(await plain.locator('.print-button').isVisible()).toBe(false);
  });

  it('is in place from the first paint where scripts run, before the islands’ script has loaded (nothing shifts)', async () => {
    await site.page.route('**/assets/islands-*.js', (route) => route.abort());
    await site.page.goto(site.url(paths.cv), { waitUntil: 'domcontentloaded' });
    expect(await site.page.getByRole('button', PRINT_BUTTON).isVisible()).toBe(true);
  });

  it('opens the print dialog, from a click and from the keyboard', async () => {
    // The dialog itself is the browser's: record the calls to window.print instead of opening it.
    await site.context.addInitScript(() => {
      const calls: number[] = [];
      (window as unknown as { printCalls: number[] }).printCalls = calls;
      window.print = () => void calls.push(Date.now());
    });
    await openCv();
    const printCalls = () => site.page.evaluate(() => (window as unknown as { printCalls: number[] }).printCalls.length);
    const button = site.page.getByRole('button', PRINT_BUTTON);
    expect(await button.evaluate((element) => element.tagName)).toBe('BUTTON');
    await button.click();
    expect(await printCalls()).toBe(1);
    await button.focus();
    await site.page.keyboard.press('Enter');
    await site.page.keyboard.press('Space');
    expect(await printCalls()).toBe(3);
    expect(site.watched.problems).toEqual([]);
  });

  it('is named in the interface language on the English CV', async () => {
    await openCv(`/en${paths.cv}`);
    expect(await site.page.locator('.print-button').textContent()).toBe('Print / PDF');
    expect(site.watched.problems).toEqual([]);
  });
});

describe('printed CV', () => {
  it('is black on white even in the night theme, without top bar, footer, skip link, theme selector or button', async () => {
    await site.context.addInitScript(() => localStorage.setItem('theme', 'night_mode'));
    await openCv();
    const look = () =>
      site.page.evaluate(() => {
        const style = (selector: string) => getComputedStyle(document.querySelector(selector)!);
        return {
          background: style('body').backgroundColor,
          text: style('body').color,
          companyTitle: style('.cv-company-title').color,
          link: style('.cv-contact a').color,
          hidden: ['.top-bar', '.site-footer', '.skip-link', '.theme-selector', '.print-button'].map((selector) => style(selector).display),
        };
      });
    // On screen the night theme is light on dark, with the shell.
    const screen = await look();
    expect(screen.background).not.toBe('rgb(255, 255, 255)');
    expect(screen.hidden).not.toContain('none');

    await site.page.emulateMedia({ media: 'print' });
    expect(await look()).toEqual({
      background: 'rgb(255, 255, 255)',
      text: 'rgb(0, 0, 0)',
      companyTitle: 'rgb(0, 0, 0)',
      link: 'rgb(0, 0, 0)',
      hidden: ['none', 'none', 'none', 'none', 'none'],
    });
    expect(await site.page.locator('main h1').isVisible()).toBe(true);
  });

  it('never breaks a skill group, a formation or a job across two pages', async () => {
    await openCv();
    await site.page.emulateMedia({ media: 'print' });
    const breaks = await site.page.$$eval('.cv-entry', (entries) => entries.map((entry) => getComputedStyle(entry).breakInside));
    const jobs = cvData.companies.flatMap((company) => company.exp);
    expect(breaks).toHaveLength(cvData.knowledge_list.length + cvData.formation_list.length + jobs.length);
    expect(new Set(breaks)).toEqual(new Set(['avoid']));
  });

  it('prints the address after an external link, but not after one whose text already is the address', async () => {
    const after = (selector: string) => site.page.$eval(selector, (link) => getComputedStyle(link, '::after').content);
    await site.page.goto(site.url('/articles/http-caching'));
    const external = '.article-body a[href^="https://"]';
    // On screen, no address is added.
    expect(await after(external)).toBe('none');
    await site.page.emulateMedia({ media: 'print' });
    const href = await site.page.getAttribute(external, 'href');
    expect(href).toBe('https://www.rfc-editor.org/rfc/rfc9111');
    expect(await after(external)).toBe(`" (${href})"`);

    await site.page.goto(site.url(paths.cv));
    expect(await site.page.textContent('.cv-contact a[href^="https://"]')).toBe('https://www.example.test/');
    expect(await after('.cv-contact a[href^="https://"]')).toBe('none');
    expect(await after('.cv-contact a[href^="mailto:"]')).toBe('none');
  });

  it('comes out as an A4 PDF, in the A4 format asked for and from its own @page size', async () => {
    await openCv();
    for (const pdf of [await site.page.pdf({ format: 'A4' }), await site.page.pdf({ preferCSSPageSize: true })]) {
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const sizes = readPageSizes(pdf);
      expect(sizes.length).toBeGreaterThan(1);
      for (const size of sizes) {
        expect(Math.abs(size.width - A4_POINTS.width)).toBeLessThan(1);
        expect(Math.abs(size.height - A4_POINTS.height)).toBeLessThan(1);
      }
    }
  });
});
