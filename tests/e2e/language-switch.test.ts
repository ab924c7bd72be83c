// The fr/en switch in a real Chromium: English lives under /en, so the URL alone decides the language
// of the whole interface; the switch is a plain link to the same page in the other language.
import { describe, expect, it } from 'vitest';
import { waitForHydration } from '../support/browser';
import { FIXTURE_PAGES } from '../support/fixtures';
import { setUpBrowsing } from '../support/site-under-test';

const site = setUpBrowsing({ env: { SITE_URL: 'https://www.example.test/' } });
const FRENCH_SHELL = { lang: 'fr', skip: 'Aller au contenu', menu: ['CV', 'Articles', 'À propos'], theme: 'Thème' };
const ENGLISH_SHELL = { lang: 'en', skip: 'Skip to content', menu: ['Résumé', 'Articles', 'About'], theme: 'Theme' };

/** What a visitor reads of the shell: the document language, the skip link, the menu, the theme selector's name. */
function readShell(page = site.page) {
  return page.evaluate(() => ({
    lang: document.documentElement.lang,
    skip: document.querySelector('.skip-link')?.textContent,
    menu: [...document.querySelectorAll('header .nav-link')].map((link) => link.textContent),
    theme: document.querySelector('.theme-selector label')?.textContent,
  }));
}

function readPath(page = site.page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

describe('language switch', () => {
  it('translates the interface, keeps English on every page the visitor goes to, and switches back', async () => {
    await site.open(FIXTURE_PAGES.list);
    expect(await readShell()).toEqual(FRENCH_SHELL);

    await site.page.getByTestId('language-switch').click();
    await site.page.waitForURL('**/en/articles');
    await waitForHydration(site.page);
    expect(await readShell()).toEqual(ENGLISH_SHELL);
    expect(await site.page.getByTestId('result-count').textContent()).toBe('4 articles');

    // Ordinary links keep the language: they lead under /en.
    await site.page.click('header >> text=About');
    await site.page.waitForURL('**/en/help/about');
    expect(await site.page.title()).toMatch(/^About/);
    expect(await readShell()).toEqual(ENGLISH_SHELL);
    await site.page.click('header >> text=Résumé');
    await site.page.waitForURL(`**/en${FIXTURE_PAGES.cv}`);
    await waitForHydration(site.page);
    expect(await site.page.getByRole('button', { name: 'Print / PDF' }).isVisible()).toBe(true);

    await site.page.getByTestId('language-switch').click();
    await site.page.waitForURL(`**${FIXTURE_PAGES.cv}`);
    expect(readPath()).toBe(FIXTURE_PAGES.cv);
    await waitForHydration(site.page);
    expect(await readShell()).toEqual(FRENCH_SHELL);
    expect(site.watched.problems).toEqual([]);
  });

  it('leads to the same page in the other language, keeping the page’s own parameters and no others', async () => {
    await site.open(`${FIXTURE_PAGES.list}?f=http&utm_source=newsletter`);
    expect(await site.page.getByTestId('language-switch').getAttribute('href')).toBe('/en/articles?f=http');
    await site.page.getByTestId('language-switch').click();
    await site.page.waitForURL('**/en/articles?f=http');
    await waitForHydration(site.page);
    expect(await site.page.inputValue('[data-testid="article-search"]')).toBe('http');
    expect(await site.page.getByTestId('result-count').textContent()).toBe('1 article for “http”');
    await site.open(`/en${FIXTURE_PAGES['article with code']}`);
    expect(await site.page.getByTestId('language-switch').getAttribute('href')).toBe(FIXTURE_PAGES['article with code']);
  });

  it('answers ?lang=en with a permanent redirect to the /en address (and ?lang=fr back to the bare one)', async () => {
    for (const [from, to] of [
      [`${FIXTURE_PAGES.about}?lang=en`, `/en${FIXTURE_PAGES.about}`],
      [`${FIXTURE_PAGES.list}?lang=en`, `/en${FIXTURE_PAGES.list}`],
      [`/en${FIXTURE_PAGES.list}?lang=fr`, FIXTURE_PAGES.list],
    ]) {
      const answer = await site.page.request.get(site.url(from!), { maxRedirects: 0 });
      expect(answer.status(), from).toBe(301);
      expect(answer.headers().location, from).toBe(to);
    }
    await site.open(`${FIXTURE_PAGES.about}?lang=en`);
    expect(readPath()).toBe(`/en${FIXTURE_PAGES.about}`);
    expect(await readShell()).toEqual(ENGLISH_SHELL);
  });

  it('remembers nothing about the visitor: no cookie, and the bare address stays French after a visit in English', async () => {
    const pageAnswers: { url: string; setCookie?: string }[] = [];
    site.page.on('response', (response) => {
      if (response.request().resourceType() === 'document') pageAnswers.push({ url: response.url(), setCookie: response.headers()['set-cookie'] });
    });
    await site.open(`/en${FIXTURE_PAGES.list}`);
    await site.page.getByTestId('language-switch').click();
    await site.page.waitForURL(`**${FIXTURE_PAGES.list}`);
    await site.page.goto(site.url(`/en${FIXTURE_PAGES.about}`));
    expect(await site.context.cookies()).toEqual([]);
    expect(pageAnswers.length).toBeGreaterThanOrEqual(3);
    expect(pageAnswers.filter((answer) => answer.setCookie !== undefined)).toEqual([]);

    await site.open(FIXTURE_PAGES.cv);
    expect(await readShell()).toEqual(FRENCH_SHELL);
    const html = await (await site.page.request.get(site.url(FIXTURE_PAGES.cv))).text();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="fr"/);
  });

  it('works without JavaScript', async () => {
    const plain = await site.openWithoutJavaScript(FIXTURE_PAGES.about);
    await plain.getByTestId('language-switch').click();
    await plain.waitForURL('**/en/help/about');
    expect(await readShell(plain)).toMatchObject({ lang: 'en', skip: 'Skip to content', menu: ENGLISH_SHELL.menu });
    await plain.click('header >> text=Articles');
    await plain.waitForURL('**/en/articles');
    expect(await plain.textContent('main h1')).toBe('Technical articles');
    await plain.getByTestId('language-switch').click();
    await plain.waitForURL(/\/articles$/);
    expect(readPath(plain)).toBe(FIXTURE_PAGES.list);
    expect((await readShell(plain)).lang).toBe('fr');
  });
});
