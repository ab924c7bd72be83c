// The writing kit in Chromium, on the sample article that uses all of it (content/articles/
// facturation-outbox-evenements.md): each feature drawn, in every theme, with no script of its own;
// axe at 0 in 4 themes × 2 languages; first-load JavaScript within budget.
import AxeBuilder from '@axe-core/playwright';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { THEME_IDS } from '../../shared/site/themes';
import { waitForHydration } from '../support/browser';
import { setUpBrowsing } from '../support/site-under-test';
import { rootDir } from '../support/test-app';

const ARTICLE = '/articles/facturation-outbox-evenements';
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
/** First-load JavaScript allowed on the article (issue 26): no diagram or math library. */
const FIRST_LOAD_JS_BUDGET = 10 * 1024;

const site = setUpBrowsing({ env: { CONTENT_DIR: path.join(rootDir, 'content') } });

async function openInTheme(theme: string, urlPath = ARTICLE, viewport?: { width: number; height: number }): Promise<Page> {
  const context = await site.browser.newContext(viewport ? { viewport } : {});
  await context.addInitScript((id) => localStorage.setItem('theme', id), theme);
  const page = await context.newPage();
  await page.goto(site.url(urlPath));
  return page;
}

const background = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).backgroundColor);

describe('code blocks', () => {
  it('show the title above the code, highlighted lines and numbers that are neither copied nor read', async () => {
    await site.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.server.url });
    await site.open(ARTICLE);
    const figure = site.page.locator('figure.code-figure', { hasText: 'FactureService.java' });
    const [caption, pre] = [await figure.locator('figcaption').boundingBox(), await figure.locator('pre').boundingBox()];
    expect(caption!.y + caption!.height).toBeLessThanOrEqual(pre!.y + 1);
    const plain = await figure
      .locator('.code-line:not(.is-highlighted)')
      .first()
      .evaluate((line) => getComputedStyle(line).backgroundColor);
    const marked = await figure
      .locator('.code-line.is-highlighted')
      .first()
      .evaluate((line) => getComputedStyle(line).backgroundColor);
    expect(marked).not.toBe(plain);
    expect(await figure.locator('.code-line.is-highlighted').count()).toBe(3);
    // The numbers are drawn, yet not in the text nor in what assistive technologies read.
    expect(
      await figure
        .locator('.code-line')
        .first()
        .evaluate((line) => getComputedStyle(line, '::before').content),
    ).toContain('counter(code-line)');
    expect(await figure.locator('pre').evaluate((element) => (element as HTMLElement).innerText.startsWith('@Service'))).toBe(true);
    expect(await figure.locator('pre').ariaSnapshot()).not.toMatch(/\b1\s*@Service/);
    await figure.locator('[data-testid="copy-code"]').click();
    await expect.poll(() => site.page.evaluate(() => navigator.clipboard.readText())).toMatch(/^@Service\npublic class FactureService \{\n/);
    expect(site.watched.problems).toEqual([]);
  });

  it.each(THEME_IDS)('give diff lines their own background and keep their sign, in theme %s', async (theme) => {
    const page = await openInTheme(theme);
    const [added, removed, same] = await Promise.all([
      background(page, '.language-diff .is-added'),
      background(page, '.language-diff .is-removed'),
      background(page, '.language-diff .code-line:not(.is-added):not(.is-removed)'),
    ]);
    expect(new Set([added, removed, same]).size).toBe(3);
    expect(await page.locator('.language-diff .is-added').first().innerText()).toMatch(/^\+/);
    expect(await page.locator('.language-diff .is-removed').first().innerText()).toMatch(/^-/);
    await page.context().close();
  });
});

describe('callouts and block quotes', () => {
  it('show the five kinds with their label and icon, each in its own colour; a quote set apart', async () => {
    await site.open(ARTICLE);
    const callouts = site.page.locator('.markdown-alert');
    expect(await callouts.locator('.markdown-alert-title').allInnerTexts()).toEqual(['Note', 'Important', 'Attention', 'Astuce', 'Prudence']);
    const colours = await callouts.evaluateAll((elements) => elements.map((element) => getComputedStyle(element).borderLeftColor));
    expect(new Set(colours).size).toBe(5);
    for (const icon of await callouts.locator('.callout-icon').all()) expect((await icon.boundingBox())!.width).toBe(16);
    const quote = site.page.locator('.article-body blockquote').first();
    expect(await quote.evaluate((element) => [parseFloat(getComputedStyle(element).borderLeftWidth) > 0, getComputedStyle(element).fontStyle])).toEqual([
      true,
      'italic',
    ]);
  });
});

describe('footnotes', () => {
  it('take the reader to the note and back', async () => {
    await site.open(ARTICLE);
    await site.page.locator('sup.footnote-ref a').first().click();
    await expect.poll(() => site.page.evaluate(() => location.hash)).toBe('#fn1');
    expect(await site.page.locator('#fn1').isVisible()).toBe(true);
    await site.page.locator('#fn1 a.footnote-backref').click();
    await expect.poll(() => site.page.evaluate(() => location.hash)).toBe('#fnref1');
    expect(await site.page.locator('section.footnotes h2').innerText()).toBe('Notes');
  });
});

describe('diagrams and math', () => {
  it('are drawn with no JavaScript: SVG named for assistive technologies, MathML typeset', async () => {
    const page = await site.openWithoutJavaScript(ARTICLE);
    const diagrams = page.locator('figure.diagram svg[role="img"]');
    expect(await diagrams.count()).toBe(2);
    expect((await diagrams.first().boundingBox())!.width).toBeGreaterThan(200);
    expect(await diagrams.first().getAttribute('aria-label')).toMatch(/^Architecture cible/);
    const block = page.locator('.math-display math').first();
    expect(await block.evaluate((element) => getComputedStyle(element).display)).toBe('block math');
    const box = await block.boundingBox();
    expect(box!.width).toBeGreaterThan(50);
    expect(box!.height).toBeGreaterThan(10);
    expect(await page.locator('p math').count()).toBeGreaterThan(0);
  });

  it('take the colours of the current theme', async () => {
    const fills = new Map<string, string[]>();
    for (const theme of THEME_IDS) {
      const page = await openInTheme(theme);
      fills.set(
        theme,
        await page.evaluate(() => {
          const svg = document.querySelector('figure.diagram svg')!;
          return [
            getComputedStyle(svg.querySelector('g rect, g polygon')!).fill,
            getComputedStyle(svg.querySelector('text')!).fill,
            getComputedStyle(document.body).backgroundColor,
          ];
        }),
      );
      await page.context().close();
    }
    for (const [nodeFill, textFill] of fills.values()) {
      expect(nodeFill).not.toBe('rgb(0, 0, 0)');
      expect(textFill).not.toBe(nodeFill);
    }
    expect(new Set([...fills.values()].map(([nodeFill]) => nodeFill)).size).toBe(4);
    // The text is the page's text colour: light on the dark themes, dark on the light ones.
    expect(fills.get('day_mode')![1]).not.toBe(fills.get('night_mode')![1]);
  });
});

describe('tables', () => {
  it('align their columns and scroll sideways on a phone without widening the page', async () => {
    const page = await openInTheme('day_mode', ARTICLE, { width: 375, height: 812 });
    expect(
      await page
        .locator('.table-scroll td')
        .nth(1)
        .evaluate((cell) => getComputedStyle(cell).textAlign),
    ).toBe('right');
    // A wider table than the phone: the box scrolls, the page does not.
    await page
      .locator('.table-scroll th')
      .first()
      .evaluate((cell) => (cell.textContent = 'Une colonne très large qui ne se coupe pas'.replace(/ /g, '\u00a0')));
    const sizes = await page.evaluate(() => {
      const box = document.querySelector('.table-scroll')!;
      return { page: document.documentElement.scrollWidth, box: box.scrollWidth, visible: box.clientWidth };
    });
    expect(sizes.page).toBeLessThanOrEqual(375);
    expect(sizes.box).toBeGreaterThan(sizes.visible);
    await page.context().close();
  });
});

describe('the sample article', () => {
  const runs = THEME_IDS.flatMap((theme) => [[theme, 'fr'] as const, [theme, 'en'] as const]);
  it.each(runs)('has no WCAG A/AA violation in theme %s, interface %s', async (theme, lang) => {
    const page = await openInTheme(theme, `${lang === 'en' ? '/en' : ''}${ARTICLE}`);
    await waitForHydration(page);
    const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(
      violations.flatMap((violation) =>
        violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} — ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
      ),
    ).toEqual([]);
    await page.context().close();
  });

  it(`loads at most ${FIRST_LOAD_JS_BUDGET / 1024} KB of JavaScript before any interaction`, async () => {
    await site.page.goto(site.url(ARTICLE));
    await site.page.waitForLoadState('load');
    const scripts = await site.page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script')
        .map((entry) => ({ name: entry.name, bytes: (entry as PerformanceResourceTiming).transferSize })),
    );
    // The site's own entry and the chunk it shares with the hydration code: nothing else.
    expect(scripts.map(({ name }) => new URL(name).pathname.replace(/-[\w-]+\.js$/, '.js')).sort()).toEqual(['/assets/chunk.js', '/assets/islands.js']);
    expect(scripts.reduce((total, { bytes }) => total + bytes, 0)).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET);
  });

  it('prints its tables and formulas whole', async () => {
    await site.page.goto(site.url(ARTICLE));
    await site.page.emulateMedia({ media: 'print' });
    expect(
      await site.page
        .locator('.table-scroll')
        .first()
        .evaluate((box) => getComputedStyle(box).overflowX),
    ).toBe('visible');
    expect(
      await site.page
        .locator('.markdown-alert')
        .first()
        .evaluate((box) => getComputedStyle(box).breakInside),
    ).toBe('avoid');
  });
});
