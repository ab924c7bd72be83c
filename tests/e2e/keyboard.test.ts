// Keyboard use: every control reachable with Tab and visibly focused; the theme selector operable and named.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setUpSiteAndBrowser } from '../support/site-under-test';

const site = setUpSiteAndBrowser();

interface Focused {
  key: string;
  outline: string;
  visible: boolean;
}

/** Tabs through the page and notes, for each stop, whether a focus indicator is drawn. */
async function tabThrough(page: Page, stops: number): Promise<Focused[]> {
  const seen: Focused[] = [];
  for (let at = 0; at < stops; at += 1) {
    await page.keyboard.press('Tab');
    seen.push(
      await page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        const style = getComputedStyle(element);
        const hasOutline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
        const hasRing = style.boxShadow !== 'none';
        return {
          key: `${element.tagName.toLowerCase()}${element.id ? '#' + element.id : ''} ${element.getAttribute('href') ?? element.getAttribute('name') ?? ''}`.trim(),
          outline: `${style.outlineStyle} ${style.outlineWidth} / ${style.boxShadow}`,
          visible: hasOutline || hasRing,
        };
      }),
    );
  }
  return seen;
}

describe('keyboard', () => {
  it('reaches the skip link first, then every control of the shell and the list, each visibly focused', async () => {
    const page = await site.browser.newPage();
    await page.goto(site.server.url + '/articles');
    await page.waitForSelector('[data-testid="theme-selector"]', { state: 'visible' });
    const stops = await tabThrough(page, 14);
    expect(stops[0]?.key).toBe('a #main-content');
    const keys = stops.map((stop) => stop.key);
    for (const expected of [/^a \/articles$/, /^a \/help\/about$/, /^select/, /^input#site-search q$/, /^input#\S+ f$/, /^a \/articles\/equipe-revues$/]) {
      expect(keys.some((key) => expected.test(key)), `${expected} in ${keys.join(', ')}`).toBe(true);
    }
    expect(stops.filter((stop) => !stop.visible)).toEqual([]);
    await page.close();
  });

  it('moves focus to the main content with the skip link', async () => {
    const page = await site.browser.newPage();
    await page.goto(site.server.url + '/help/about');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).position)).toBe('absolute');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    await page.close();
  });

  it('changes the theme with the keyboard, through a control screen readers announce by name', async () => {
    const page = await site.browser.newPage();
    await page.goto(site.server.url + '/help/about');
    const select = page.locator('[data-testid="theme-selector"]');
    await select.waitFor({ state: 'visible' });
    const snapshot = await page.locator('header').ariaSnapshot();
    expect(snapshot).toMatch(/combobox "Thème"/);
    await select.focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('night_mode');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('night_mode');
    await page.close();
  });
});
