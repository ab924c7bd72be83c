// Reading on a phone (390 px, touch): a one-row top bar whose menu works with and without JavaScript,
// one search box on the list, a one-line breadcrumb, whole thumbnails; desktop keeps its inline bar.
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { THEME_IDS } from '../../shared/site/themes';
import { watchProblems } from '../support/browser';
import { FIXTURE_PAGES } from '../support/fixtures';
import { setUpSiteAndBrowser } from '../support/site-under-test';

const site = setUpSiteAndBrowser();

const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
const MENU = '[data-testid="site-menu"]';
const MENU_BUTTON = '[data-testid="menu-button"]';

async function withPage<T>(options: BrowserContextOptions, run: (page: Page) => Promise<T>, theme?: string): Promise<T> {
  const context = await site.browser.newContext(options);
  try {
    if (theme) await context.addInitScript((id) => localStorage.setItem('theme', id), theme);
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

/** React comes with the first interaction (client/islands.tsx); a phone has no mouse to move, so press a key. */
async function waitForHydration(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
  await page.waitForSelector('html[data-islands="hydrated"]', { state: 'attached' });
}

const topBarHeight = (page: Page) => page.evaluate(() => document.querySelector('header.top-bar')!.getBoundingClientRect().height);
const isMenuOpen = (page: Page) => page.evaluate((selector) => document.querySelector(selector)!.matches(':popover-open'), MENU);

/** Whether the browser's accessibility tree says the menu button is expanded (not a DOM attribute we set). */
async function readExpanded(page: Page): Promise<boolean | undefined> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
    nodes: { role?: { value: string }; name?: { value: string }; properties?: { name: string; value: { value: unknown } }[] }[];
  };
  const button = nodes.find((node) => node.role?.value === 'button' && node.name?.value === 'Menu');
  return button?.properties?.find((property) => property.name === 'expanded')?.value.value as boolean | undefined;
}

describe.each(THEME_IDS)('phone, theme %s', (theme) => {
  it('on every page type, the closed top bar is one row of at most 64 px', async () => {
    const heights = await withPage(
      PHONE,
      async (page) => {
        const measured: Record<string, number> = {};
        for (const [name, path] of Object.entries(FIXTURE_PAGES)) {
          await page.goto(site.server.url + path);
          expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
          measured[name] = await topBarHeight(page);
        }
        return measured;
      },
      theme,
    );
    expect(Object.keys(heights)).toEqual(Object.keys(FIXTURE_PAGES));
    for (const [name, height] of Object.entries(heights)) expect(height, name).toBeLessThanOrEqual(64);
  });

  it('the open menu on the list has no WCAG A/AA violation', async () => {
    await withPage(
      PHONE,
      async (page) => {
        const watched = watchProblems(page);
        await page.goto(site.server.url + '/articles');
        await waitForHydration(page);
        await page.click(MENU_BUTTON);
        const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']).analyze();
        expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
        expect(watched.problems).toEqual([]);
      },
      theme,
    );
  });
});

describe('phone menu', () => {
  it.each([
    ['with JavaScript', true],
    ['without JavaScript', false],
  ])('opens %s, holds the navigation, language, theme and search, and Escape closes it and returns focus', async (_label, javaScriptEnabled) => {
    await withPage({ ...PHONE, javaScriptEnabled }, async (page) => {
      await page.goto(site.server.url + '/articles');
      if (javaScriptEnabled) await waitForHydration(page);
      expect(await page.isVisible('[data-testid="language-switch"]')).toBe(false);
      expect(await readExpanded(page)).toBe(false);

      await page.focus(MENU_BUTTON);
      await page.keyboard.press('Enter');
      expect(await isMenuOpen(page)).toBe(true);
      expect(await readExpanded(page)).toBe(true);
      for (const selector of ['a.nav-link[href="/help/about"]', '[data-testid="language-switch"]', '#site-search'])
        expect(await page.isVisible(`${MENU} ${selector}`), selector).toBe(true);
      // The theme selector needs JavaScript, and says so by not showing without it.
      expect(await page.isVisible(`${MENU} [data-testid="theme-selector"]`)).toBe(javaScriptEnabled);

      await page.keyboard.press('Tab');
      expect(await page.evaluate((selector) => document.querySelector(selector)!.contains(document.activeElement), MENU)).toBe(true);
      await page.keyboard.press('Escape');
      expect(await isMenuOpen(page)).toBe(false);
      expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid)).toBe('menu-button');
      expect(await topBarHeight(page)).toBeLessThanOrEqual(64);
    });
  });

  it('follows a link from the menu', async () => {
    await withPage({ ...PHONE, javaScriptEnabled: false }, async (page) => {
      await page.goto(site.server.url + '/articles');
      await page.click(MENU_BUTTON);
      await Promise.all([page.waitForURL('**/help/about'), page.click(`${MENU} a.nav-link[href="/help/about"]`)]);
      expect(await page.textContent('h1')).toBeTruthy();
    });
  });

  it('Shift+/ on a phone with a keyboard opens the menu and focuses the site search', async () => {
    await withPage(PHONE, async (page) => {
      await page.goto(site.server.url + FIXTURE_PAGES.about);
      await waitForHydration(page);
      await page.keyboard.press('Shift+Slash');
      expect(await isMenuOpen(page)).toBe(true);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('site-search');
    });
  });
});

describe('phone pages', () => {
  it('the list shows one search box: the articles filter', async () => {
    const visible = await withPage(PHONE, async (page) => {
      await page.goto(site.server.url + '/articles');
      return page.$$eval('input[type="search"]', (inputs) =>
        inputs.filter((input) => input.getClientRects().length > 0).map((input) => input.dataset.testid ?? input.id),
      );
    });
    expect(visible).toEqual(['article-search']);
  });

  it('every search placeholder fits its box at 320 px, and the shortcut hint shows only with a fine pointer', async () => {
    const measure = (page: Page) =>
      page.$$eval('input[type="search"]', (inputs: HTMLInputElement[]) =>
        inputs.map((input) => {
          const style = getComputedStyle(input);
          const context = document.createElement('canvas').getContext('2d')!;
          context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          return { placeholder: input.placeholder, fits: context.measureText(input.placeholder).width <= room };
        }),
      );
    await withPage({ ...PHONE, viewport: { width: 320, height: 640 } }, async (page) => {
      await page.goto(site.server.url + '/articles');
      await page.click(MENU_BUTTON);
      const fits = await measure(page);
      expect(fits.length).toBe(2);
      expect(fits.filter((input) => !input.fits)).toEqual([]);
      expect(await page.isVisible('.site-search-shortcut')).toBe(false);
    });
    await withPage(DESKTOP, async (page) => {
      await page.goto(site.server.url + '/articles');
      expect(await page.isVisible('.site-search-shortcut')).toBe(true);
      expect(await page.getAttribute('#site-search', 'aria-keyshortcuts')).toBe('Shift+/');
      expect((await measure(page)).filter((input) => !input.fits)).toEqual([]);
    });
  });

  it('the breadcrumb stays on one line and ends the title in an ellipsis, which screen readers still read whole', async () => {
    const crumb = await withPage(PHONE, async (page) => {
      await page.goto(site.server.url + FIXTURE_PAGES['article with code']);
      return page.evaluate(() => {
        const list = document.querySelector('.breadcrumb')!;
        const current = list.querySelector<HTMLElement>('.breadcrumb-item.active')!;
        const lineHeight = parseFloat(getComputedStyle(current).lineHeight);
        return {
          height: list.getBoundingClientRect().height,
          lineHeight,
          truncated: current.scrollWidth > current.clientWidth,
          overflow: getComputedStyle(current).textOverflow,
          text: current.textContent,
          title: document.querySelector('h1')!.textContent,
        };
      });
    });
    expect(crumb.height).toBeLessThan(crumb.lineHeight * 1.9);
    expect(crumb.truncated).toBe(true);
    expect(crumb.overflow).toBe('ellipsis');
    expect(crumb.text).toBe(crumb.title);
  });

  it('thumbnails keep their whole image inside the 64 × 64 box', async () => {
    const thumbs = await withPage(PHONE, async (page) => {
      await page.goto(site.server.url + '/articles');
      return page.$$eval('img.article-thumb', (images) =>
        images.map((image) => ({ fit: getComputedStyle(image).objectFit, box: [image.getBoundingClientRect().width, image.getBoundingClientRect().height] })),
      );
    });
    expect(thumbs.length).toBeGreaterThan(0);
    for (const thumb of thumbs) expect(thumb).toEqual({ fit: 'contain', box: [64, 64] });
  });
});

describe('desktop', () => {
  it('keeps the one-row bar with the links, language, theme and search in line, and no menu button', async () => {
    await withPage(DESKTOP, async (page) => {
      await page.goto(site.server.url + '/articles');
      await page.waitForSelector('[data-testid="theme-selector"]', { state: 'visible' });
      expect(await page.isVisible(MENU_BUTTON)).toBe(false);
      const tops = await page.$$eval(
        ['a.navbar-brand', 'a.nav-link', '[data-testid="language-switch"]', '[data-testid="theme-selector"]', '#site-search'].join(','),
        (elements) =>
          elements.map((element) => {
            const box = element.getBoundingClientRect();
            return box.top + box.height / 2;
          }),
      );
      expect(tops.length).toBe(7);
      expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(8);
      expect(await topBarHeight(page)).toBeLessThanOrEqual(64);
    });
  });
});
