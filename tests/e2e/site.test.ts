// The built site in a real Chromium: hydration, client navigation, themes, keyboard, article search.
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openWatchedPage, waitForHydration, type PageProblems } from '../support/browser';
import { setUpSiteAndBrowser } from '../support/site-under-test';

const CV = '/architecte-logiciel-freelance-java-spring-angular';
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

describe('hydration', () => {
  it.each([CV, '/articles', '/articles?f=kubernetes', '/articles/equipe-revues', '/articles/http-caching', '/help/about', '/articles/missing'])(
    'hydrates %s with no console error, warning or failed request',
    async (path) => {
      await open(path);
      // Give late effects and requests a moment to report.
      await page.waitForTimeout(200);
      expect(watched.problems).toEqual([]);
    },
  );
});

describe('client navigation', () => {
  it('moves between CV, Articles and About without reloading, updating title, description and canonical', async () => {
    await open(CV);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    const head = () =>
      page.evaluate(() => ({
        title: document.title,
        description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
        canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
        titles: document.querySelectorAll('title').length,
        descriptions: document.querySelectorAll('meta[name="description"]').length,
      }));
    expect((await head()).title).toMatch(/^CV — Architecte/);

    await page.click('header >> text=Articles');
    await page.waitForURL('**/articles');
    await expect.poll(async () => (await head()).title).toMatch(/^Articles \|/);
    expect(await head()).toMatchObject({ canonical: 'https://www.example.test/articles', titles: 1, descriptions: 1 });
    expect(await page.textContent('.nav-link.active')).toBe('Articles');

    await page.click('header >> text=À propos');
    await page.waitForURL('**/help/about');
    await expect.poll(async () => (await head()).title).toMatch(/^À propos \|/);
    expect((await head()).description).toContain('notes de version');

    await page.click('header >> text=CV');
    await expect.poll(async () => (await head()).title).toMatch(/^CV — /);
    // Still the same document: no full reload happened.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    expect(watched.problems).toEqual([]);
  });

  it('redirects /cv and unknown paths to the CV page on client navigation too', async () => {
    await open('/help/about');
    for (const path of ['/cv', '/somewhere/else']) {
      await page.evaluate((target) => {
        window.history.pushState({}, '', target);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await page.waitForURL(`**${CV}`);
      await expect.poll(() => page.title()).toMatch(/^CV — /);
      await page.goBack();
    }
  });

  it('restores the scroll position when going back', async () => {
    await page.setViewportSize({ width: 800, height: 500 });
    await open(CV);
    await page.evaluate(() => window.scrollTo(0, 900));
    await page.waitForTimeout(100);
    // A DOM click: Playwright's own click would first scroll the top-bar link into view.
    await page.evaluate(() => document.querySelector<HTMLAnchorElement>('header a[href="/help/about"]')?.click());
    await page.waitForURL('**/help/about');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(900);
  });
});

describe('themes', () => {
  it('applies the chosen theme at once and keeps it across reloads', async () => {
    await open(CV);
    const state = () => page.evaluate(() => ({ mode: document.documentElement.dataset.bsTheme, theme: document.documentElement.dataset.theme, className: document.documentElement.className, stored: localStorage.getItem('theme') }));
    expect(await state()).toEqual({ mode: 'light', theme: 'day_mode', className: 'theme-day', stored: null });
    await page.selectOption('[data-testid="theme-selector"]', 'night_mode');
    expect(await state()).toEqual({ mode: 'dark', theme: 'night_mode', className: 'theme-night', stored: 'night_mode' });
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

    await page.reload();
    await waitForHydration(page);
    expect(await state()).toEqual({ mode: 'dark', theme: 'night_mode', className: 'theme-night', stored: 'night_mode' });
    expect(await page.inputValue('[data-testid="theme-selector"]')).toBe('night_mode');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(background);
    expect(watched.problems).toEqual([]);
  });

  it('paints the stored theme before any bundle runs (no flash)', async () => {
    await context.addInitScript(() => localStorage.setItem('theme', 'halloween'));
    // Without the client bundle, only the inline boot script can set the theme.
    await page.route('**/assets/entry-*.js', (route) => route.abort());
    await page.goto(site.server.url + CV, { waitUntil: 'domcontentloaded' });
    expect(await page.evaluate(() => [document.documentElement.dataset.bsTheme, document.documentElement.className])).toEqual(['dark', 'theme-halloween']);
  });

  it('falls back to day_mode for an unknown stored theme', async () => {
    await context.addInitScript(() => localStorage.setItem('theme', 'blue'));
    await open(CV);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('day_mode');
    expect(await page.inputValue('[data-testid="theme-selector"]')).toBe('day_mode');
  });
});

describe('without JavaScript', () => {
  it.each([
    [CV, 'Julien Marchand'],
    ['/articles', 'Articles techniques'],
    ['/articles/http-caching', 'HTTP caching headers in practice'],
    ['/help/about', 'À propos du site'],
    ['/articles/missing', 'Page introuvable'],
  ])('renders %s with its content and working links', async (path, heading) => {
    const noScript = await site.browser.newContext({ javaScriptEnabled: false });
    try {
      const plain = await noScript.newPage();
      await plain.goto(site.server.url + path);
      expect(await plain.textContent('main h1')).toBe(heading);
      await plain.click('header >> text=À propos');
      await plain.waitForURL('**/help/about');
      expect(await plain.textContent('main h1')).toBe('À propos du site');
    } finally {
      await noScript.close();
    }
  });

  it('renders the content, and the top-bar and article search forms still work', async () => {
    const noScript = await site.browser.newContext({ javaScriptEnabled: false });
    try {
      const plain = await noScript.newPage();
      await plain.route('https://www.google.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>search</title>' }));
      await plain.goto(site.server.url + '/articles');
      expect(await plain.locator('[data-testid="article-card"]').count()).toBe(4);
      expect(await plain.locator('[data-testid="theme-selector"]').isVisible()).toBe(false);
      await plain.fill('[data-testid="article-search"]', 'oeuvre');
      await plain.press('[data-testid="article-search"]', 'Enter');
      await plain.waitForURL(/\/articles\?f=oeuvre$/);
      expect(await plain.locator('[data-testid="article-card"]').count()).toBe(1);
      await plain.fill('#site-search', 'java');
      await plain.press('#site-search', 'Enter');
      await plain.waitForURL('https://www.google.com/search?**');
      expect(new URL(plain.url()).searchParams.get('as_sitesearch')).toBe('www.example.test');
    } finally {
      await noScript.close();
    }
  });
});

describe('top-bar search', () => {
  it('focuses the search box on Shift+/, but not while typing in another field', async () => {
    await open('/articles');
    await page.keyboard.press('Shift+Slash');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('site-search');
    await page.focus('[data-testid="article-search"]');
    await page.keyboard.press('Shift+Slash');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid)).toBe('article-search');
    expect(await page.inputValue('[data-testid="article-search"]')).toBe('?');
  });

  it('sends the typed text to the external search restricted to the site host', async () => {
    await page.route('https://www.google.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>search</title>' }));
    await open(CV);
    await page.fill('#site-search', 'spring batch');
    await page.press('#site-search', 'Enter');
    await page.waitForURL('https://www.google.com/**');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/search');
    expect(url.searchParams.get('q')).toBe('spring batch');
    expect(url.searchParams.get('as_sitesearch')).toBe('www.example.test');
  });
});

describe('article list and article pages', () => {
  it('filters on Enter, stores the query in the URL, and restores list and query on back', async () => {
    await open('/articles');
    await page.fill('[data-testid="article-search"]', 'équipe');
    await page.press('[data-testid="article-search"]', 'Enter');
    await page.waitForURL(/\/articles\?f=%C3%A9quipe$/);
    await expect.poll(() => page.locator('[data-testid="article-card"]').count()).toBe(1);
    expect(await page.textContent('[data-testid="result-count"]')).toBe('1 article pour « équipe »');

    await page.click('[data-testid="article-card"] >> nth=0');
    await page.waitForURL('**/articles/equipe-revues');
    await page.waitForSelector('[data-testid="article"]');
    expect(await page.title()).toMatch(/^Revues de code/);

    await page.goBack();
    await page.waitForURL(/\/articles\?f=%C3%A9quipe$/);
    await expect.poll(() => page.locator('[data-testid="article-card"]').count()).toBe(1);
    expect(await page.inputValue('[data-testid="article-search"]')).toBe('équipe');
    expect(watched.problems).toEqual([]);
  });

  it('filters when the search box loses focus (change event)', async () => {
    await open('/articles');
    await page.fill('[data-testid="article-search"]', 'http');
    await page.click('h1');
    await page.waitForURL(/\/articles\?f=http$/);
    await expect.poll(() => page.locator('[data-testid="article-card"]').count()).toBe(1);
  });

  it('keeps the list on screen until the article has loaded', async () => {
    await open('/articles');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/www-be/items/v1.0/items/*', async (route) => {
      await gate;
      await route.continue();
    });
    await page.click('[data-testid="article-card"] >> nth=1');
    await page.waitForTimeout(300);
    expect(await page.locator('[data-testid="article-list"]').isVisible()).toBe(true);
    release();
    await page.waitForSelector('[data-testid="article"]');
    expect(await page.locator('[data-testid="article-list"]').count()).toBe(0);
  });

  it('keeps the shell usable when a page fails to render in the browser', async () => {
    await open('/articles');
    // An answer the page cannot render (no tags, no body): the route's error boundary takes over.
    await page.route('**/www-be/items/v1.0/items/equipe-revues', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"id":"equipe-revues"}' }));
    await page.click('[data-testid="article-card"] >> nth=0');
    await page.waitForSelector('h1:text("Une erreur est survenue")');
    expect(await page.locator('header nav').isVisible()).toBe(true);
    await page.click('header >> text=À propos');
    await page.waitForSelector('h1:text("À propos du site")');
    // The failed render is reported in the console; nothing else.
    expect(watched.problems.every((problem) => problem.startsWith('console.error'))).toBe(true);
  });

  it('shows the 404 page on client navigation to a missing article', async () => {
    await open('/articles');
    // A history entry the router picks up as a navigation, as the back button would.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/articles/missing');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForSelector('h1:text("Page introuvable")');
    expect(await page.title()).toMatch(/^Page introuvable/);
    await page.click('main >> text=Retour à la liste des articles');
    await page.waitForSelector('[data-testid="article-list"]');
  });
});
