// The fr/en switch in a real Chromium: the whole interface changes, stays changed, and never flashes French.
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openWatchedPage, waitForHydration, type PageProblems } from '../support/browser';
import { FIXTURE_PAGES } from '../support/fixtures';
import { setUpSiteAndBrowser } from '../support/site-under-test';

const site = setUpSiteAndBrowser({ SITE_URL: 'https://www.example.test/' });
let context: BrowserContext;
let page: Page;
let watched: PageProblems;

beforeEach(async () => {
  ({ context, page, watched } = await openWatchedPage(site.browser));
});
afterEach(async () => {
  await context.close();
});

async function open(path: string): Promise<void> {
  await page.goto(site.server.url + path);
  await waitForHydration(page);
}

/** What a visitor reads of the shell: the document language, the skip link, the menu. */
function readShell() {
  return page.evaluate(() => ({
    lang: document.documentElement.lang,
    skip: document.querySelector('.skip-link')?.textContent,
    menu: [...document.querySelectorAll('header .nav-link')].map((link) => link.textContent),
  }));
}

describe('language switch', () => {
  it('translates the interface, keeps it on client navigation and on the next visit, and switches back', async () => {
    await open(FIXTURE_PAGES.list);
    expect(await readShell()).toEqual({ lang: 'fr', skip: 'Aller au contenu', menu: ['CV', 'Articles', 'À propos'] });

    await page.getByTestId('language-switch').click();
    await page.waitForURL('**/articles?lang=en');
    await waitForHydration(page);
    expect(await readShell()).toEqual({ lang: 'en', skip: 'Skip to content', menu: ['Résumé', 'Articles', 'About'] });
    expect(await page.getByTestId('result-count').textContent()).toMatch(/^4 articles?$/);

    // Client-side navigation keeps the language.
    await page.click('header >> text=About');
    await page.waitForURL('**/help/about');
    await expect.poll(() => page.title()).toMatch(/^About/);
    expect((await readShell()).lang).toBe('en');

    // A new visit, without ?lang=, is in English from the first byte: the cookie remembered the choice.
    const firstHtml = await (await page.request.get(`${site.server.url}${FIXTURE_PAGES.cv}`)).text();
    expect(firstHtml).toMatch(/^<!DOCTYPE html><html lang="en"/);
    await open(FIXTURE_PAGES.cv);
    expect((await readShell()).skip).toBe('Skip to content');

    await page.getByTestId('language-switch').click();
    await page.waitForURL(/lang=fr$/);
    await waitForHydration(page);
    expect(await readShell()).toEqual({ lang: 'fr', skip: 'Aller au contenu', menu: ['CV', 'Articles', 'À propos'] });
    expect(watched.problems).toEqual([]);
  });

  it('works without JavaScript', async () => {
    await context.close();
    context = await site.browser.newContext({ javaScriptEnabled: false });
    page = await context.newPage();
    await page.goto(site.server.url + FIXTURE_PAGES.about);
    await page.getByTestId('language-switch').click();
    await page.waitForURL('**/help/about?lang=en');
    expect((await readShell()).lang).toBe('en');
    await page.goto(site.server.url + FIXTURE_PAGES.list);
    expect((await readShell()).skip).toBe('Skip to content');
  });
});
