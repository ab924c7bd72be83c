// Translations, renamed articles and the helpful 404 in a real Chromium, on the sample content: its
// translated pair (http-cache-headers, fr / http-caching-headers, en) and its renamed article
// (memoire-jvm-docker, now jvm-memoire-conteneurs) (decision 040).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rootDir } from '../support/test-app';
import { setUpBrowsing } from '../support/site-under-test';

const site = setUpBrowsing({ env: { SITE_URL: 'https://www.example.test/', CONTENT_DIR: path.join(rootDir, 'content') } });

function readPath(): string {
  const url = new URL(site.page.url());
  return url.pathname + url.search;
}

/** The page's hreflang alternates, as the browser parsed them. */
function readAlternates() {
  return site.page.evaluate(() =>
    [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]).sort(),
  );
}

describe('a translated pair', () => {
  it('goes from the French article to the English one and back, by its link and by the language switch', async () => {
    await site.open('/articles/http-cache-headers');
    const alternates = [
      ['en', 'https://www.example.test/en/articles/http-caching-headers'],
      ['fr', 'https://www.example.test/articles/http-cache-headers'],
      ['x-default', 'https://www.example.test/articles/http-cache-headers'],
    ];
    expect(await readAlternates()).toEqual(alternates);

    await site.page.getByRole('link', { name: 'Read in English' }).click();
    await site.page.waitForURL('**/en/articles/http-caching-headers');
    expect(await site.page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await site.page.locator('h1').textContent()).toBe('HTTP cache headers explained to back-end developers');
    expect(await readAlternates()).toEqual(alternates);
    // The body's link to another article stays in the English interface.
    expect(await site.page.locator('.article-main a[href*="jvm-memoire-conteneurs"]').getAttribute('href')).toBe('/en/articles/jvm-memoire-conteneurs');

    await site.page.getByTestId('language-switch').click();
    await site.page.waitForURL('**/articles/http-cache-headers');
    expect(readPath()).toBe('/articles/http-cache-headers');
    expect(await site.page.evaluate(() => document.documentElement.lang)).toBe('fr');
    expect(await site.page.getByRole('link', { name: 'Read in English' }).getAttribute('lang')).toBe('en');
    expect(site.watched.problems).toEqual([]);
  });

  it('badges the English articles in the French list, in the server page and in the live search’s results', async () => {
    await site.open('/articles');
    const card = site.page.getByTestId('article-card').filter({ hasText: 'HTTP cache headers explained' });
    expect(await card.getByTestId('language-badge').isVisible()).toBe(true);
    // "EN" to the eye, "English" to a screen reader.
    const badge = card.getByTestId('language-badge');
    expect(await badge.locator('[aria-hidden="true"]').innerText()).toBe('EN');
    expect(await badge.locator('.visually-hidden').evaluate((hidden) => [hidden.textContent, hidden.getBoundingClientRect().width <= 1])).toEqual([
      'English',
      true,
    ]);
    await site.page.fill('[data-testid="article-search"]', 'cache');
    await expect.poll(() => site.page.textContent('[data-testid="result-count"]')).toMatch(/^\d+ articles? pour « cache »$/);
    expect(await card.getByTestId('language-badge').isVisible()).toBe(true);
    const french = site.page.getByTestId('article-card').filter({ hasText: 'Les en-têtes de cache HTTP' });
    expect(await french.getByTestId('language-badge').count()).toBe(0);
    expect(site.watched.problems).toEqual([]);
  });
});

describe('a renamed article', () => {
  it('is reached by its former id, in both interfaces', async () => {
    await site.open('/articles/memoire-jvm-docker');
    expect(readPath()).toBe('/articles/jvm-memoire-conteneurs');
    await site.open('/en/articles/memoire-jvm-docker');
    expect(readPath()).toBe('/en/articles/jvm-memoire-conteneurs');
    expect(site.watched.problems).toEqual([]);
  });
});

describe('a mistyped id', () => {
  it('answers 404 with the intended article first, one click away', async () => {
    const response = await site.page.goto(site.url('/articles/jvm-memoir-conteneurs'));
    expect(response?.status()).toBe(404);
    const first = site.page.getByTestId('suggestions').getByRole('link').first();
    expect(await first.textContent()).toBe("Dimensionner la mémoire d'une JVM dans un conteneur");
    await first.click();
    await site.page.waitForURL('**/articles/jvm-memoire-conteneurs');
    expect(site.watched.problems).toEqual([]);
  });
});
