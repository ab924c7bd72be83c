// Keyboard use: every control reachable with Tab and visibly focused; the theme selector operable and named.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setUpBrowsing } from '../support/site-under-test';

const site = setUpBrowsing();

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
  it.each(['', '/en'])('reaches the skip link first, then every control of the shell and the list, each visibly focused (interface %s)', async (prefix) => {
    await site.open(`${prefix}/articles`);
    const stops = await tabThrough(site.page, 15);
    expect(stops[0]?.key).toBe('a #main-content');
    const keys = stops.map((stop) => stop.key);
    const other = prefix ? '' : '/en';
    for (const expected of [
      `a ${prefix}/articles`,
      `a ${prefix}/help/about`,
      `a ${other}/articles`,
      'select',
      'input#site-search q',
      'input f',
      `a ${prefix}/articles/equipe-revues`,
    ]) {
      // Ids made by React are left out: they are not the visitor's business.
      expect(
        keys.map((key) => key.replace(/^input#(?!site-search)\S+/, 'input').replace(/^select#\S+/, 'select')),
        keys.join(', '),
      ).toContain(expected);
    }
    expect(stops.filter((stop) => !stop.visible)).toEqual([]);
  });

  it('moves focus to the main content with the skip link', async () => {
    const page = site.page;
    await site.open('/help/about');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).position)).toBe('absolute');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
  });

  it('changes the theme with the keyboard, through a control screen readers announce by name', async () => {
    const page = site.page;
    await site.open('/help/about');
    const select = page.locator('[data-testid="theme-selector"]');
    const snapshot = await page.locator('header').ariaSnapshot();
    expect(snapshot).toMatch(/combobox "Thème"/);
    await select.focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('night_mode');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('night_mode');
    expect(site.watched.problems).toEqual([]);
  });

  it('names the theme selector in the English interface too', async () => {
    await site.open('/en/help/about');
    expect(await site.page.locator('header').ariaSnapshot()).toMatch(/combobox "Theme"/);
  });
});
