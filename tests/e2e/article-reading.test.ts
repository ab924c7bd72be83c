// Reading an article in a real Chromium: table of contents and heading links move to the heading,
// copy buttons copy (and are absent without JavaScript), previous/next and tag badges lead on.
import { describe, expect, it } from 'vitest';
import { waitForHydration } from '../support/browser';
import { setUpBrowsing } from '../support/site-under-test';

const ARTICLE = '/articles/spring-batch-oeuvre';
const site = setUpBrowsing({ context: { viewport: { width: 1280, height: 600 } } });
const open = (path: string) => site.open(path);

/** Where the heading stands in the viewport, and how far the page is scrolled. */
function headingPosition(id: string) {
  return site.page.evaluate((target) => ({ top: Math.round(document.getElementById(target)?.getBoundingClientRect().top ?? -1), scrollY: window.scrollY }), id);
}

describe('islands on an article', () => {
  it('leave the server’s body as it is: the same body, contents and reading time, only the copy buttons added', async () => {
    const plain = await site.openWithoutJavaScript(ARTICLE);
    const serverBody = await plain.innerHTML('.article-body');
    await open(ARTICLE);
    expect(await site.page.locator('[data-testid="copy-code"]').count()).toBe(2);
    // Copy buttons are portals into the body: compare without them.
    const hydratedBody = await site.page.evaluate(() => {
      const body = document.querySelector('.article-body')!.cloneNode(true) as HTMLElement;
      body.querySelectorAll('[data-testid="copy-code"]').forEach((button) => button.remove());
      return body.innerHTML;
    });
    expect(hydratedBody).toBe(serverBody);
    expect(await site.page.locator('nav[data-testid="toc"] a').count()).toBeGreaterThan(2);
    expect(site.watched.problems).toEqual([]);
  });
});

describe('table of contents and heading links', () => {
  it('scrolls to the heading and puts its anchor in the URL when a contents entry is followed', async () => {
    await open(ARTICLE);
    expect((await headingPosition('1-2-mise-en-oeuvre')).top).toBeGreaterThan(600);
    await site.page.click('nav[data-testid="toc"] >> text=Mise en œuvre');
    await site.page.waitForURL(`**${ARTICLE}#1-2-mise-en-oeuvre`);
    // Bootstrap scrolls smoothly: wait for the heading to arrive at the top, below its scroll margin.
    await expect.poll(async () => (await headingPosition('1-2-mise-en-oeuvre')).top).toBeLessThan(40);
    expect((await headingPosition('1-2-mise-en-oeuvre')).top).toBeGreaterThanOrEqual(0);
    expect(site.watched.problems).toEqual([]);
  });

  it('shows each heading’s link on keyboard focus, named after its heading, and following it sets the anchor', async () => {
    await open(ARTICLE);
    const link = site.page.locator('a.heading-anchor[href="#2-exploitation"]');
    expect(await link.evaluate((element) => getComputedStyle(element).opacity)).toBe('0');
    expect(await site.page.locator('.article-body').ariaSnapshot()).toContain('link "Lien vers la section 2 Exploitation"');
    await link.focus();
    await expect.poll(() => link.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
    await site.page.keyboard.press('Enter');
    await site.page.waitForURL(`**${ARTICLE}#2-exploitation`);
  });

  it('opens a shared link with an anchor at that heading', async () => {
    await open(`${ARTICLE}#1-2-mise-en-oeuvre`);
    await expect.poll(async () => (await headingPosition('1-2-mise-en-oeuvre')).top).toBeLessThan(40);
    expect((await headingPosition('1-2-mise-en-oeuvre')).scrollY).toBeGreaterThan(600);
  });
});

describe('copy buttons', () => {
  it('copy the code of their block to the clipboard and announce it, by mouse and by keyboard', async () => {
    await site.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.server.url });
    await open(ARTICLE);
    const buttons = site.page.locator('.code-block [data-testid="copy-code"]');
    expect(await buttons.count()).toBe(2);
    expect(await buttons.first().textContent()).toBe('Copier');

    await buttons.first().click();
    await expect.poll(() => site.page.textContent('[data-testid="copy-status"]')).toBe('Code copié dans le presse-papiers.');
    expect(await buttons.first().textContent()).toBe('Copié');
    expect(await site.page.evaluate(() => navigator.clipboard.readText())).toBe('<dependency><artifactId>spring-boot-starter-batch</artifactId></dependency>');

    await buttons.nth(1).focus();
    await site.page.keyboard.press('Enter');
    await expect
      .poll(() => site.page.evaluate(() => navigator.clipboard.readText()))
      .toBe('@Bean\npublic Step step(JobRepository repository) { return null; }');
    // Back to its label once the confirmation has been seen.
    await expect.poll(() => buttons.first().textContent(), { timeout: 5_000 }).toBe('Copier');
    expect(site.watched.problems).toEqual([]);
  });

  it('say so when the clipboard refuses', async () => {
    await open(ARTICLE);
    await site.page.evaluate(() => Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } }));
    await site.page.locator('[data-testid="copy-code"]').first().click();
    await expect.poll(() => site.page.textContent('[data-testid="copy-status"]')).toBe('La copie a échoué : sélectionnez le code pour le copier.');
    expect(await site.page.locator('[data-testid="copy-code"]').first().textContent()).toBe('Copier');
  });

  it('are there on the next article too, and in the interface language', async () => {
    await open('/articles/equipe-revues');
    expect(await site.page.locator('[data-testid="copy-code"]').count()).toBe(2);
    await site.page.click('[data-testid="previous-article"]');
    await site.page.waitForURL('**/articles/http-caching');
    await waitForHydration(site.page);
    expect(await site.page.locator('[data-testid="copy-code"]').count()).toBe(1);
    await open('/en/articles/http-caching');
    expect(await site.page.locator('[data-testid="copy-code"]').textContent()).toBe('Copy');
  });

  it('are absent without JavaScript, where the contents still lead to the headings', async () => {
    const plain = await site.openWithoutJavaScript(ARTICLE, { viewport: { width: 375, height: 700 } });
    expect(await plain.locator('.code-block pre').count()).toBe(2);
    expect(await plain.locator('button:has-text("Copier")').count()).toBe(0);
    // On a narrow screen the contents come before the body.
    const [tocTop, bodyTop] = await plain.evaluate(() =>
      ['[data-testid="toc"]', '.article-body'].map((selector) => document.querySelector(selector)!.getBoundingClientRect().top),
    );
    expect(tocTop).toBeLessThan(bodyTop!);
    await plain.click('nav[data-testid="toc"] >> text=Exploitation');
    await plain.waitForURL(`**${ARTICLE}#2-exploitation`);
    // Bootstrap scrolls smoothly: the URL changes before the page has moved.
    await expect.poll(() => plain.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });
});

describe('previous and next articles', () => {
  it('lead to the newer and the older article', async () => {
    await open(ARTICLE);
    expect(await site.page.textContent('[data-testid="next-article"]')).toContain('HTTP caching headers in practice');
    await site.page.click('[data-testid="next-article"]');
    await site.page.waitForURL('**/articles/http-caching');
    expect(await site.page.textContent('[data-testid="article"] h1')).toBe('HTTP caching headers in practice');
    expect(await site.page.textContent('[data-testid="previous-article"]')).toContain('Mise en œuvre de Spring Batch');
    await site.page.click('[data-testid="previous-article"]');
    await site.page.waitForURL(`**${ARTICLE}`);
    expect(await site.page.textContent('[data-testid="article"] h1')).toBe('Mise en œuvre de Spring Batch');
    await site.page.click('[data-testid="previous-article"]');
    await site.page.waitForURL('**/articles/old-postgres');
    expect(await site.page.locator('[data-testid="previous-article"]').count()).toBe(0);
    expect(site.watched.problems).toEqual([]);
  });
});

describe('tag badges', () => {
  it('lead from an article to the page of that tag', async () => {
    await open(ARTICLE);
    await site.page.click('[data-testid="article"] .tag-badges >> text=Java');
    await site.page.waitForURL(/\/tags\/Java$/);
    await expect.poll(() => site.page.locator('[data-testid="article-card"]').count()).toBe(1);
    expect(await site.page.textContent('h1')).toBe('Articles sur Java');
    expect(await site.page.textContent('[data-testid="article-card"] h2')).toBe('Mise en œuvre de Spring Batch');
  });

  it('on a list card, lead to the tag page rather than to the card’s article', async () => {
    await open('/articles');
    await site.page.click('[data-testid="article-card"] >> nth=0 >> .tag-badges >> text=Équipe');
    await site.page.waitForURL(/\/tags\/%C3%89quipe$/);
    await expect.poll(() => site.page.textContent('[data-testid="result-count"]')).toBe('1 article');
    expect(site.watched.problems).toEqual([]);
  });
});
