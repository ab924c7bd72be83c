// Reading an article in a real Chromium: table of contents and heading links move to the heading,
// copy buttons copy (and are absent without JavaScript), previous/next and tag badges navigate.
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openWatchedPage, waitForHydration, type PageProblems } from '../support/browser';
import { setUpSiteAndBrowser } from '../support/site-under-test';

const ARTICLE = '/articles/spring-batch-oeuvre';
const site = setUpSiteAndBrowser();
let context: BrowserContext;
let page: Page;
let watched: PageProblems;

beforeEach(async () => {
  ({ context, page, watched } = await openWatchedPage(site.browser, { viewport: { width: 1280, height: 600 } }));
});
afterEach(async () => {
  await context.close();
});

async function open(path: string): Promise<void> {
  await page.goto(site.server.url + path);
  await waitForHydration(page);
}

/** Where the heading stands in the viewport, and how far the page is scrolled. */
function headingPosition(id: string) {
  return page.evaluate((target) => ({ top: Math.round(document.getElementById(target)?.getBoundingClientRect().top ?? -1), scrollY: window.scrollY }), id);
}

describe('hydration', () => {
  it('takes the body back from the page: the same body, contents and reading time, and no mismatch', async () => {
    const noScript = await site.browser.newContext({ javaScriptEnabled: false });
    try {
      const plain = await noScript.newPage();
      await plain.goto(site.server.url + ARTICLE);
      const serverBody = await plain.innerHTML('.article-body');
      await open(ARTICLE);
      // Copy buttons are portals into the body: compare without them.
      const hydratedBody = await page.evaluate(() => {
        const body = document.querySelector('.article-body')!.cloneNode(true) as HTMLElement;
        body.querySelectorAll('[data-testid="copy-code"]').forEach((button) => button.remove());
        return body.innerHTML;
      });
      expect(hydratedBody).toBe(serverBody);
      expect(await page.locator('nav[data-testid="toc"] a').count()).toBeGreaterThan(2);
      expect(watched.problems).toEqual([]);
    } finally {
      await noScript.close();
    }
  });
});

describe('table of contents and heading links', () => {
  it('scrolls to the heading and puts its anchor in the URL when a contents entry is followed', async () => {
    await open(ARTICLE);
    expect((await headingPosition('1-2-mise-en-oeuvre')).top).toBeGreaterThan(600);
    await page.click('nav[data-testid="toc"] >> text=Mise en œuvre');
    await page.waitForURL(`**${ARTICLE}#1-2-mise-en-oeuvre`);
    // Bootstrap scrolls smoothly: wait for the heading to arrive at the top, below its scroll margin.
    await expect.poll(async () => (await headingPosition('1-2-mise-en-oeuvre')).top).toBeLessThan(40);
    expect((await headingPosition('1-2-mise-en-oeuvre')).top).toBeGreaterThanOrEqual(0);
    expect(watched.problems).toEqual([]);
  });

  it('shows each heading’s link on keyboard focus, named after its heading, and following it sets the anchor', async () => {
    await open(ARTICLE);
    const link = page.locator('a.heading-anchor[href="#2-exploitation"]');
    expect(await link.evaluate((element) => getComputedStyle(element).opacity)).toBe('0');
    expect(await page.locator('.article-body').ariaSnapshot()).toContain('link "Lien vers la section 2 Exploitation"');
    await link.focus();
    await expect.poll(() => link.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**${ARTICLE}#2-exploitation`);
  });

  it('opens a shared link with an anchor at that heading', async () => {
    await open(`${ARTICLE}#1-2-mise-en-oeuvre`);
    await expect.poll(async () => (await headingPosition('1-2-mise-en-oeuvre')).top).toBeLessThan(40);
    expect((await headingPosition('1-2-mise-en-oeuvre')).scrollY).toBeGreaterThan(600);
  });
});

describe('copy buttons', () => {
  it('copy the code of their block to the clipboard and announce it, by mouse and by keyboard', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.server.url });
    await open(ARTICLE);
    const buttons = page.locator('.code-block [data-testid="copy-code"]');
    expect(await buttons.count()).toBe(2);
    expect(await buttons.first().textContent()).toBe('Copier');

    await buttons.first().click();
    await expect.poll(() => page.textContent('[data-testid="copy-status"]')).toBe('Code copié dans le presse-papiers.');
    expect(await buttons.first().textContent()).toBe('Copié');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('<dependency><artifactId>spring-boot-starter-batch</artifactId></dependency>');

    await buttons.nth(1).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('@Bean\npublic Step step(JobRepository repository) { return null; }');
    // Back to its label once the confirmation has been seen.
    await expect.poll(() => buttons.first().textContent(), { timeout: 5_000 }).toBe('Copier');
    expect(watched.problems).toEqual([]);
  });

  it('say so when the clipboard refuses', async () => {
    await open(ARTICLE);
    await page.evaluate(() => Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } }));
    await page.locator('[data-testid="copy-code"]').first().click();
    await expect.poll(() => page.textContent('[data-testid="copy-status"]')).toBe('La copie a échoué : sélectionnez le code pour le copier.');
    expect(await page.locator('[data-testid="copy-code"]').first().textContent()).toBe('Copier');
  });

  it('are added again after client navigation to another article', async () => {
    await open('/articles/equipe-revues');
    expect(await page.locator('[data-testid="copy-code"]').count()).toBe(2);
    await page.click('[data-testid="previous-article"]');
    await page.waitForURL('**/articles/http-caching');
    await expect.poll(() => page.locator('[data-testid="copy-code"]').count()).toBe(1);
  });

  it('are absent without JavaScript, where the contents still lead to the headings', async () => {
    const noScript = await site.browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 700 } });
    try {
      const plain = await noScript.newPage();
      await plain.goto(site.server.url + ARTICLE);
      expect(await plain.locator('.code-block pre').count()).toBe(2);
      expect(await plain.locator('button:has-text("Copier")').count()).toBe(0);
      // On a narrow screen the contents come before the body.
      const [tocTop, bodyTop] = await plain.evaluate(() => ['[data-testid="toc"]', '.article-body'].map((selector) => document.querySelector(selector)!.getBoundingClientRect().top));
      expect(tocTop).toBeLessThan(bodyTop!);
      await plain.click('nav[data-testid="toc"] >> text=Exploitation');
      await plain.waitForURL(`**${ARTICLE}#2-exploitation`);
      // Bootstrap scrolls smoothly: the URL changes before the page has moved.
      await expect.poll(() => plain.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    } finally {
      await noScript.close();
    }
  });
});

describe('previous and next articles', () => {
  it('move to the newer and the older article without reloading the page', async () => {
    await open(ARTICLE);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 7));
    expect(await page.textContent('[data-testid="next-article"]')).toContain('HTTP caching headers in practice');
    await page.click('[data-testid="next-article"]');
    await page.waitForURL('**/articles/http-caching');
    await expect.poll(() => page.textContent('[data-testid="article"] h1')).toBe('HTTP caching headers in practice');
    expect(await page.textContent('[data-testid="previous-article"]')).toContain('Mise en œuvre de Spring Batch');
    await page.click('[data-testid="previous-article"]');
    await page.waitForURL(`**${ARTICLE}`);
    await expect.poll(() => page.textContent('[data-testid="article"] h1')).toBe('Mise en œuvre de Spring Batch');
    await page.click('[data-testid="previous-article"]');
    await page.waitForURL('**/articles/old-postgres');
    await expect.poll(() => page.locator('[data-testid="previous-article"]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(7);
    expect(watched.problems).toEqual([]);
  });
});

describe('tag badges', () => {
  it('lead from an article to the list filtered by that tag', async () => {
    await open(ARTICLE);
    await page.click('[data-testid="article"] .tag-badges >> text=Java');
    await page.waitForURL(/\/articles\?f=Java$/);
    await expect.poll(() => page.locator('[data-testid="article-card"]').count()).toBe(1);
    expect(await page.inputValue('[data-testid="article-search"]')).toBe('Java');
    expect(await page.textContent('[data-testid="article-card"] h2')).toBe('Mise en œuvre de Spring Batch');
  });

  it('on a list card, lead to the filtered list rather than to the card’s article', async () => {
    await open('/articles');
    await page.click('[data-testid="article-card"] >> nth=0 >> .tag-badges >> text=Équipe');
    await page.waitForURL(/\/articles\?f=%C3%89quipe$/);
    await expect.poll(() => page.textContent('[data-testid="result-count"]')).toBe('1 article pour « Équipe »');
    expect(watched.problems).toEqual([]);
  });
});
