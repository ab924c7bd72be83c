// The interface language: chosen with the switch (?lang=), remembered by a cookie, rendered by the server.
import * as cheerio from 'cheerio';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_CONTENT_DIR, FIXTURE_PAGES } from '../../support/fixtures';
import { TEST_SITE_URL, createTestApp, type TestApp } from '../../support/test-app';

let ctx: TestApp;

beforeAll(async () => {
  ctx = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR });
});
afterAll(() => ctx.close());

function load(text: string) {
  return cheerio.load(text);
}

/** The lang cookie a response sets, if any. */
function readLangCookie(headers: Record<string, unknown>): string | undefined {
  const cookies = (headers['set-cookie'] as string[] | undefined) ?? [];
  return cookies.find((cookie) => cookie.startsWith('lang='));
}

describe('interface language', () => {
  it('is French by default, with a link to the English interface', async () => {
    const response = await request(ctx.app).get(FIXTURE_PAGES.list).expect(200);
    const $ = load(response.text);
    expect($('html').attr('lang')).toBe('fr');
    expect($('.skip-link').text()).toBe('Aller au contenu');
    const toggle = $('[data-testid="language-switch"]');
    expect(toggle.attr('href')).toBe('/articles?lang=en');
    expect(toggle.attr('hreflang')).toBe('en');
    expect(toggle.find('[lang="en"]').text()).toBe('English');
    expect(readLangCookie(response.headers)).toBeUndefined();
  });

  it('renders the whole interface in English on ?lang=en and remembers the choice in a cookie', async () => {
    const response = await request(ctx.app).get('/articles?lang=en').expect(200);
    const $ = load(response.text);
    expect($('html').attr('lang')).toBe('en');
    expect($('.skip-link').text()).toBe('Skip to content');
    expect($('nav[aria-label="Main navigation"] .nav-link').map((_, link) => $(link).text()).get()).toEqual(['Résumé', 'Articles', 'About']);
    expect($('[data-testid="language-switch"]').attr('href')).toBe('/articles?lang=fr');
    // The embedded payload carries the English strings: the browser hydrates without a flash of French.
    expect(JSON.parse($('#page-payload').text()).app).toMatchObject({ lang: 'en', translations: { SHELL: { SKIP_TO_CONTENT: 'Skip to content' } } });
    const cookie = readLangCookie(response.headers);
    expect(cookie).toMatch(/^lang=en; Max-Age=31536000; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
  });

  it('renders in the language of the cookie on the next visits, and back in French after ?lang=fr', async () => {
    const english = await request(ctx.app).get(FIXTURE_PAGES.about).set('Cookie', 'lang=en').expect(200);
    expect(load(english.text)('html').attr('lang')).toBe('en');
    expect(readLangCookie(english.headers)).toBeUndefined();
    const french = await request(ctx.app).get(`${FIXTURE_PAGES.about}?lang=fr`).set('Cookie', 'lang=en').expect(200);
    expect(load(french.text)('html').attr('lang')).toBe('fr');
    expect(readLangCookie(french.headers)).toMatch(/^lang=fr;/);
  });

  it('keeps the other query parameters in the switch link', async () => {
    const $ = load((await request(ctx.app).get('/articles?f=spring%20batch').expect(200)).text);
    expect($('[data-testid="language-switch"]').attr('href')).toBe('/articles?f=spring+batch&lang=en');
  });

  it('ignores an unknown or malformed language instead of failing', async () => {
    for (const url of ['/articles?lang=de', '/articles?lang=%ff', `/articles?lang=${'x'.repeat(5000)}`]) {
      const response = await request(ctx.app).get(url).set('Cookie', 'lang=zz; lang=<script>').expect(200);
      expect(load(response.text)('html').attr('lang')).toBe('fr');
      expect(readLangCookie(response.headers)).toBeUndefined();
    }
  });

  it('never serves a cached page in the wrong language, and tells shared caches it varies with the cookie', async () => {
    const first = await request(ctx.app).get(FIXTURE_PAGES.cv).set('Cookie', 'lang=en').expect(200);
    expect(load(first.text)('html').attr('lang')).toBe('en');
    expect(first.headers.vary).toBe('Accept-Encoding, Cookie');
    for (let round = 0; round < 2; round++) {
      const french = await request(ctx.app).get(FIXTURE_PAGES.cv).expect(200);
      expect(load(french.text)('html').attr('lang')).toBe('fr');
      expect(french.headers.vary).toBe('Accept-Encoding, Cookie');
      const english = await request(ctx.app).get(FIXTURE_PAGES.cv).set('Cookie', 'lang=en').expect(200);
      expect(load(english.text)('html').attr('lang')).toBe('en');
      expect(english.headers.etag).not.toBe(french.headers.etag);
    }
    // A cached page still remembers a language chosen with ?lang=.
    await request(ctx.app).get(`${FIXTURE_PAGES.cv}?lang=en`).expect(200);
    const hit = await request(ctx.app).get(`${FIXTURE_PAGES.cv}?lang=en`).expect(200);
    expect(readLangCookie(hit.headers)).toMatch(/^lang=en;/);
  });

  it('marks the language alternates of every page, French as the default', async () => {
    const $ = load((await request(ctx.app).get('/articles?f=spring&lang=en').expect(200)).text);
    const alternates = $('link[rel="alternate"][hreflang]').map((_, link) => [[$(link).attr('hreflang'), $(link).attr('href')]]).get();
    expect(alternates).toEqual([
      ['fr', `${TEST_SITE_URL}articles`],
      ['en', `${TEST_SITE_URL}articles?lang=en`],
      ['x-default', `${TEST_SITE_URL}articles`],
    ]);
    expect($('link[rel="canonical"]').attr('href')).toBe(`${TEST_SITE_URL}articles?lang=en`);
  });

  it("marks the owner's French text as French inside the English interface, and only there", async () => {
    const english = load((await request(ctx.app).get(FIXTURE_PAGES.about).set('Cookie', 'lang=en').expect(200)).text);
    expect(english('[data-testid="release-notes"] tbody tr td:last-child').map((_, cell) => english(cell).attr('lang')).get()).toSatisfy((langs: string[]) => langs.length > 0 && langs.every((lang) => lang === 'fr'));
    expect(english('footer [lang="fr"]').text()).toContain('Architecte logiciel freelance');
    const cv = load((await request(ctx.app).get(FIXTURE_PAGES.cv).set('Cookie', 'lang=en').expect(200)).text);
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
    const english = await request(ctx.app).get('/www-be/items/v1.0/items?s=-date_m').set('Cookie', 'lang=en').expect(200);
    expect(english.body).toEqual(french.body);
    expect(english.headers.vary).toBe('Accept-Encoding');
  });
});
