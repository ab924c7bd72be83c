// The interface language: part of the URL (English under /en), so a page is the same for every
// visitor and every cache keys the languages apart; the server renders it (decision 019).
import * as cheerio from 'cheerio';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_CONTENT_DIR, FIXTURE_PAGES } from '../../support/fixtures';
import { TEST_SITE_URL, createTestApp, type TestApp } from '../../support/test-app';
import { owner } from '../../../shared/site/owner';

let ctx: TestApp;

beforeAll(async () => {
  ctx = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR });
});
afterAll(() => ctx.close());

function load(text: string) {
  return cheerio.load(text);
}

describe('interface language', () => {
  it('is French at the bare path, with a link to the same page in English', async () => {
    const response = await request(ctx.app).get(FIXTURE_PAGES.list).expect(200);
    const $ = load(response.text);
    expect($('html').attr('lang')).toBe('fr');
    expect($('.skip-link').text()).toBe('Aller au contenu');
    const toggle = $('[data-testid="language-switch"]');
    expect(toggle.attr('href')).toBe('/en/articles');
    expect(toggle.attr('hreflang')).toBe('en');
    expect(toggle.find('[lang="en"]').text()).toBe('English');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('renders the whole interface in English under /en, links included, without a cookie', async () => {
    const response = await request(ctx.app).get('/en/articles').expect(200);
    const $ = load(response.text);
    expect($('html').attr('lang')).toBe('en');
    expect($('.skip-link').text()).toBe('Skip to content');
    const nav = $('nav[aria-label="Main navigation"] .nav-link');
    expect(nav.map((_, link) => $(link).text()).get()).toEqual(['Résumé', 'Articles', 'About']);
    // Links stay in the language: the English pages link English pages.
    expect(nav.map((_, link) => $(link).attr('href')).get()).toEqual([
      '/en/architecte-logiciel-freelance-java-spring-angular',
      '/en/articles',
      '/en/help/about',
    ]);
    expect($('[data-testid="article-card"] a.article-card-link').first().attr('href')).toMatch(/^\/en\/articles\//);
    expect($('[data-testid="language-switch"]').attr('href')).toBe('/articles');
    // The island gets its English labels as props: no flash of French when it hydrates.
    expect(JSON.parse($('script[data-island-props="article-search"]').text())).toMatchObject({ lang: 'en', labels: { submit: 'Filter' } });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('sends the English home to the English CV', async () => {
    for (const url of ['/en', '/en/']) {
      const response = await request(ctx.app).get(url).expect(301);
      expect(response.headers.location).toBe(`/en${FIXTURE_PAGES.cv}`);
    }
    expect((await request(ctx.app).get('/en/no/such/page').expect(302)).headers.location).toBe(`/en${FIXTURE_PAGES.cv}`);
  });

  it('moves the old ?lang= links to the language path, with the route parameters and nothing else', async () => {
    const english = await request(ctx.app).get('/articles?f=spring%20batch&lang=en&utm_source=x').expect(301);
    expect(english.headers.location).toBe('/en/articles?f=spring+batch');
    const french = await request(ctx.app).get(`/en${FIXTURE_PAGES.about}?lang=fr`).expect(301);
    expect(french.headers.location).toBe(FIXTURE_PAGES.about);
  });

  it('keeps the route parameters, and only them, in the switch link', async () => {
    const $ = load((await request(ctx.app).get('/articles?f=spring%20batch&utm_source=newsletter').expect(200)).text);
    expect($('[data-testid="language-switch"]').attr('href')).toBe('/en/articles?f=spring+batch');
  });

  it('ignores an unknown or malformed language, and a cookie, instead of failing', async () => {
    for (const url of ['/articles?lang=de', '/articles?lang=%ff', `/articles?lang=${'x'.repeat(5000)}`]) {
      const response = await request(ctx.app).get(url).set('Cookie', 'lang=en; lang=<script>').expect(200);
      expect(load(response.text)('html').attr('lang')).toBe('fr');
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('never serves a cached page in the wrong language, and varies on nothing but the encoding', async () => {
    for (let round = 0; round < 2; round++) {
      const french = await request(ctx.app).get(FIXTURE_PAGES.cv).set('Cookie', 'lang=en').expect(200);
      expect(load(french.text)('html').attr('lang')).toBe('fr');
      expect(french.headers.vary).toBe('Accept-Encoding');
      const english = await request(ctx.app).get(`/en${FIXTURE_PAGES.cv}`).expect(200);
      expect(load(english.text)('html').attr('lang')).toBe('en');
      expect(english.headers.vary).toBe('Accept-Encoding');
      expect(english.headers.etag).not.toBe(french.headers.etag);
    }
  });

  it('marks the language alternates of every page, French as the default', async () => {
    const $ = load((await request(ctx.app).get('/en/articles?f=spring').expect(200)).text);
    const alternates = $('link[rel="alternate"][hreflang]')
      .map((_, link) => [[$(link).attr('hreflang'), $(link).attr('href')]])
      .get();
    expect(alternates).toEqual([
      ['fr', `${TEST_SITE_URL}articles`],
      ['en', `${TEST_SITE_URL}en/articles`],
      ['x-default', `${TEST_SITE_URL}articles`],
    ]);
    expect($('link[rel="canonical"]').attr('href')).toBe(`${TEST_SITE_URL}en/articles`);
  });

  it("marks the owner's French text as French inside the English interface, and only there", async () => {
    const english = load((await request(ctx.app).get(`/en${FIXTURE_PAGES.about}`).expect(200)).text);
    expect(
      english('[data-testid="release-notes"] tbody tr td:last-child')
        .map((_, cell) => english(cell).attr('lang'))
        .get(),
    ).toSatisfy((langs: string[]) => langs.length > 0 && langs.every((lang) => lang === 'fr'));
    expect(english('footer [lang="fr"]').text()).toContain(owner.jobTitle);
    const cv = load((await request(ctx.app).get(`/en${FIXTURE_PAGES.cv}`).expect(200)).text);
    expect(cv('.cv-job-title').attr('lang')).toBe('fr');
    expect(cv('h2#cv-knowledge').attr('lang')).toBeUndefined();
    expect(cv('section[aria-labelledby="cv-knowledge"] .row').attr('lang')).toBe('fr');
    expect(cv('.cv-company-title').first().text()).toMatch(/ — 2022 to present$/);
    expect(cv('.cv-company-title [lang="fr"]').first().text()).toBe('Mutuelle Océane (client freelance)');
    for (const url of [FIXTURE_PAGES.about, FIXTURE_PAGES.cv]) {
      const french = load((await request(ctx.app).get(url).expect(200)).text);
      expect(french('body [lang="fr"]')).toHaveLength(0);
    }
  });

  it('leaves the items API alone: the same answer whatever the language', async () => {
    const french = await request(ctx.app).get('/www-be/items/v1.0/items?s=-date_m').expect(200);
    const english = await request(ctx.app).get('/www-be/items/v1.0/items?s=-date_m&lang=en').set('Cookie', 'lang=en').expect(200);
    expect(english.body).toEqual(french.body);
    expect(english.headers.vary).toBe('Accept-Encoding');
  });
});
