// Every page route through HTTP: status, redirects, and the head tags in the HTML the server sends.
import * as cheerio from 'cheerio';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cvData } from '../../../shared/site/cv-data';
import { releaseNotes } from '../../../shared/site/release-notes';
import { owner } from '../../../shared/site/owner';
import { formatAddress, siteConfig } from '../../../shared/site/site-config';
import { TEST_SITE_URL, createTestApp, rootDir, type TestApp } from '../../support/test-app';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { getRaw } from '../../support/raw-request';

const cvPath = `/${siteConfig.cvSlug}`;
const packageVersion = (JSON.parse(readFileSync(path.join(rootDir, 'package.json'), 'utf8')) as { version: string }).version;
let ctx: TestApp;
const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function getPage(url: string, status = 200) {
  const response = await request(ctx.app).get(url).expect(status);
  return { response, $: cheerio.load(response.text) };
}

function headTags($: cheerio.CheerioAPI) {
  return {
    title: $('head > title').text(),
    description: $('head > meta[name="description"]').attr('content'),
    canonical: $('head > link[rel="canonical"]').attr('href'),
    titles: $('title').length,
  };
}

describe('redirects', () => {
  it.each([
    ['/', 301],
    ['/cv', 301],
    ['/no/such/page', 302],
    ['/articles-old', 302],
    ['/help', 302],
  ])('%s answers %i to the CV page', async (url, status) => {
    const response = await request(ctx.app).get(url).expect(status);
    expect(response.headers.location).toBe(cvPath);
  });

  it('moves /cv/ to /cv first: one form per path (issue 25)', async () => {
    expect((await request(ctx.app).get('/cv/').expect(301)).headers.location).toBe('/cv');
  });

  it('keeps a missing asset a 404 instead of redirecting', async () => {
    await request(ctx.app).get('/assets/entry-MISSING.js').expect(404);
  });
});

describe('head tags in the server HTML', () => {
  it.each([
    [cvPath, `CV — ${owner.jobTitle}, ${owner.specialities.fr}`, 'ans d’expérience'],
    ['/articles', 'Articles', `Articles techniques sur ${owner.topics.fr}`],
    ['/help/about', 'À propos', 'Informations sur le site'],
  ])('%s carries its own title, description and canonical link', async (url, title, description) => {
    const { $ } = await getPage(url);
    const head = headTags($);
    expect(head.titles).toBe(1);
    expect(head.title).toContain(title);
    expect(head.description).toContain(description);
    expect(head.canonical).toBe(TEST_SITE_URL.replace(/\/$/, '') + url);
    expect($('html').attr('lang')).toBe('fr');
  });

  it('drops the query string from the canonical link, and moves a trailing slash away', async () => {
    expect((await request(ctx.app).get('/articles/?f=java').expect(301)).headers.location).toBe('/articles?f=java');
    const { $ } = await getPage('/articles?f=java');
    expect(headTags($).canonical).toBe('https://www.example.test/articles');
  });

  it('gives each page a different title and description', async () => {
    const heads = await Promise.all([cvPath, '/articles', '/help/about'].map(async (url) => headTags((await getPage(url)).$)));
    expect(new Set(heads.map((head) => head.title)).size).toBe(3);
    expect(new Set(heads.map((head) => head.description)).size).toBe(3);
  });
});

describe('document and shell', () => {
  it('loads the hashed islands script from an inline loader, allowed by its hash, and links the built stylesheet', async () => {
    const manifest = JSON.parse(readFileSync(path.join(rootDir, 'dist/public/manifest.json'), 'utf8')) as { js: string; css: string };
    const { response, $ } = await getPage(cvPath);
    // No parser-inserted script with a src: under 'strict-dynamic' the hashed loader adds it.
    expect($('script[src]')).toHaveLength(0);
    const loader = $('head script:not([type])').filter((_at, element) => $(element).text().includes(manifest.js));
    expect(loader).toHaveLength(1);
    await request(ctx.app)
      .get(manifest.js)
      .expect(200)
      .expect('cache-control', /immutable/);
    // One stylesheet, the built one, in <head> after every inline script (one below it would wait for it).
    const stylesheets = $('link[rel="stylesheet"]');
    expect(stylesheets).toHaveLength(1);
    expect(stylesheets.attr('href')).toBe(manifest.css);
    expect(stylesheets.parent().is('head')).toBe(true);
    expect(stylesheets.nextAll('script')).toHaveLength(0);
    const csp = String(response.headers['content-security-policy']);
    // Styles from the site's files only: no inline style is allowed, by hash or otherwise.
    expect(csp).toMatch(/(^|;)style-src 'self'(;|$)/);
    // Every inline script is allowed by its hash, and nothing by a nonce.
    const inline = $('script:not([src])').filter((_at, element) => !['application/json', 'application/ld+json'].includes($(element).attr('type') ?? ''));
    expect(inline.length).toBeGreaterThanOrEqual(3);
    inline.each((_at, element) => {
      expect(csp).toContain(`'sha256-${sha256($(element).text())}'`);
    });
    expect(csp).toContain("'strict-dynamic'");
    expect(csp).not.toMatch(/nonce-|unsafe-inline/);
  });

  it('serves the stylesheet as CSS, immutable, in brotli when asked', async () => {
    const manifest = JSON.parse(readFileSync(path.join(rootDir, 'dist/public/manifest.json'), 'utf8')) as { css: string };
    const css = readFileSync(path.join(rootDir, 'dist/public', manifest.css));
    const answer = await getRaw(ctx.app, manifest.css, { 'Accept-Encoding': 'br, gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(answer.body).equals(css)).toBe(true);
    // Far smaller than the file: what a visitor fetches once per visit.
    expect(answer.body.length).toBeLessThan(css.length / 3);
  });

  it.each([
    [cvPath, 200],
    ['/articles?f=java', 200],
    ['/articles/postgresql-index-explain', 200],
    // Code with line numbers and a diagram: the SVG reads its colours from the stylesheet, not from style attributes.
    ['/articles/facturation-outbox-evenements', 200],
    ['/tags', 200],
    ['/help/about', 200],
    ['/en/articles', 200],
    ['/articles/no-such-article', 404],
  ])('%s links the one stylesheet and carries no inline style', async (url, status) => {
    const manifest = JSON.parse(readFileSync(path.join(rootDir, 'dist/public/manifest.json'), 'utf8')) as { css: string };
    const { response, $ } = await getPage(url, status);
    expect(
      $('link[rel="stylesheet"]')
        .map((_at, element) => $(element).attr('href'))
        .get(),
    ).toEqual([manifest.css]);
    expect($('style, [style]')).toHaveLength(0);
    expect(response.text).not.toMatch(/<style[\s>]/i);
    expect(String(response.headers['content-security-policy'])).toMatch(/(^|;)style-src 'self'(;|$)/);
  });

  it('keeps the translation files fetchable', async () => {
    for (const lang of ['fr', 'en']) {
      const response = await request(ctx.app).get(`/assets/i18n/${lang}.json`).expect(200).expect('content-type', /json/);
      expect((response.body as { MENU: { ABOUT: string } }).MENU.ABOUT).toBe(lang === 'fr' ? 'À propos' : 'About');
    }
  });

  it('embeds no page data for a client router: only the props of each island, as escaped JSON', async () => {
    const { $ } = await getPage('/articles');
    expect($('#page-payload')).toHaveLength(0);
    const islands = $('[data-island]')
      .map((_at, element) => $(element).attr('data-island'))
      .get();
    expect(islands).toEqual(['theme-selector', 'site-search', 'article-search']);
    for (const name of islands) {
      const props = $(`script[type="application/json"][data-island-props="${name}"]`);
      expect(props, name).toHaveLength(1);
      expect(() => JSON.parse(props.text()), name).not.toThrow();
    }
    const search = JSON.parse($('script[data-island-props="article-search"]').text()) as {
      lang: string;
      search: { filter: string; total: number };
      labels: { submit: string };
    };
    expect(search.lang).toBe('fr');
    expect(search.labels.submit).toBe('Filtrer');
    // The island gets the search its status line counts, not the results: those are server HTML beside it.
    expect(search.search).toEqual({ filter: '', sort: 'relevance', page: 1, total: $('[data-testid="article-card"]').length });
    expect(Object.keys(search).sort()).toEqual(['labels', 'lang', 'search']);
    expect($('[data-island] [data-testid="article-card"]')).toHaveLength(0);
    // Not i18next's whole set of strings: the island gets what it shows.
    expect($('script[data-island-props="article-search"]').text()).not.toContain('MENU');
  });

  it('tells the browser to prerender the links a visitor is about to follow', async () => {
    const { $ } = await getPage(cvPath);
    const rules = JSON.parse($('script[type="speculationrules"]').text()) as { prerender: { where: unknown; eagerness: string }[] };
    expect(rules.prerender[0]?.eagerness).toBe('moderate');
    expect(JSON.stringify(rules.prerender[0]?.where)).toContain('/www-be/*');
  });

  it('has the top bar: home link, CV/Articles/About with the current one active, and the external search form', async () => {
    const { $ } = await getPage('/articles');
    const nav = $('header nav');
    expect(nav.find(`a.navbar-brand[href="${cvPath}"]`)).toHaveLength(1);
    const links = nav.find('.nav-link');
    expect(links.map((_, el) => $(el).text()).get()).toEqual(['CV', 'Articles', 'À propos']);
    expect(nav.find('.nav-link.active').text()).toBe('Articles');
    expect(nav.find('.nav-link.active').attr('aria-current')).toBe('page');
    const form = $('form[role="search"]').first();
    expect(form.attr('action')).toBe('https://www.google.com/search');
    expect(form.attr('method')).toBe('get');
    expect(form.find('input[name="as_sitesearch"]').val()).toBe('www.example.test');
    expect(form.find('input#site-search[name="q"]')).toHaveLength(1);
    expect($('a.skip-link').attr('href')).toBe('#main-content');
    expect($('main#main-content')).toHaveLength(1);
  });

  it('has the footer: author, job title, address, home URL, version and year range from the site’s first year', async () => {
    const { $ } = await getPage(cvPath);
    const footer = $('footer').text();
    expect(footer).toContain(owner.name);
    expect(footer).toContain(owner.jobTitle);
    expect(footer).toContain(formatAddress());
    expect(footer).toContain(TEST_SITE_URL);
    expect(footer).toContain(`Version ${packageVersion}`);
    expect(footer).toContain(`${owner.siteSince}–${new Date().getFullYear()}`);
  });

  it('sets the theme before the first paint with an inline script allowed by the CSP hash', async () => {
    const { response, $ } = await getPage(cvPath);
    const script = $('head script:not([src]):not([type])').first().text();
    expect(script).toContain('localStorage.getItem("theme")');
    expect(response.headers['content-security-policy']).toContain(`'sha256-${sha256(script)}'`);
  });
});

describe('CV page', () => {
  it('shows the header, contact lines and the computed years of experience', async () => {
    const { $ } = await getPage(cvPath);
    expect($('h1').text()).toBe(owner.name);
    expect($('[data-testid="experience-years"]').text()).toBe(`${new Date().getFullYear() - owner.careerSince} ans d’expérience`);
    // The PNG fallback for browsers without AVIF or WebP (tests/integration/images/ covers those).
    expect($('picture source:not([type])').attr('media')).toBe(`(min-width: ${owner.photo.breakpointPx}px)`);
    expect($('picture source:not([type])').attr('srcset')).toBe(`${owner.photo.large.src} 1x, ${owner.photo.large.src2x} 2x`);
    expect($('picture img').attr('srcset')).toBe(`${owner.photo.small.src} 1x, ${owner.photo.small.src2x} 2x`);
    expect($('picture img').attr('src')).toBe(owner.photo.small.src);
    expect($('picture img').attr('width')).toBe(String(owner.photo.small.width));
    const mailto = $('.cv-contact a[href^="mailto:"]').attr('href');
    expect(mailto).toBe(`mailto:${owner.email}?subject=${encodeURIComponent(siteConfig.mailSubject)}`);
    expect($('.cv-contact a[href="https://www.example.test/"]')).toHaveLength(1);
    expect($('.cv-contact').text()).toContain(formatAddress());
  });

  it('serves every photo file the CV page points to', async () => {
    const { small, large } = owner.photo;
    for (const src of [small.src, small.src2x, large.src, large.src2x]) {
      await request(ctx.app).get(src).expect(200).expect('content-type', 'image/png');
    }
  });

  it('has the Compétences, Formation and Expérience sections with all the CV data', async () => {
    const { $ } = await getPage(cvPath);
    expect(
      $('h2.cv-section-title')
        .map((_, el) => $(el).text())
        .get(),
    ).toEqual(['Compétences', 'Formation', 'Expérience']);
    expect($('#cv-knowledge').parent().find('h3')).toHaveLength(cvData.knowledge_list.length);
    expect($('[data-testid="formation-list"] > li')).toHaveLength(cvData.formation_list.length);
    expect($('[data-testid="formation-list"]').hasClass('row-cols-md-2')).toBe(true);
    expect($('.cv-company')).toHaveLength(cvData.companies.length);
    const jobs = cvData.companies.flatMap((company) => company.exp);
    expect($('.cv-job')).toHaveLength(jobs.length);
    expect($('.cv-env')).toHaveLength(jobs.filter((job) => job.env).length);
    expect($('.cv-env').first().text()).toMatch(/^Environnement : /);
  });

  it('holds realistic sample content: 6+ skill groups, 4+ formations, 5+ employers, 8+ jobs', () => {
    expect(cvData.knowledge_list.length).toBeGreaterThanOrEqual(6);
    expect(cvData.knowledge_list.some((group) => group.list)).toBe(true);
    expect(cvData.knowledge_list.some((group) => group.details)).toBe(true);
    expect(cvData.formation_list.length).toBeGreaterThanOrEqual(4);
    expect(cvData.companies.length).toBeGreaterThanOrEqual(5);
    expect(cvData.companies.flatMap((company) => company.exp).length).toBeGreaterThanOrEqual(8);
  });
});

describe('About page', () => {
  it('has the information table with site, home URL, version, contact and the report note', async () => {
    const { $ } = await getPage('/help/about');
    const rows = Object.fromEntries(
      $('[data-testid="about-info"] tr')
        .map((_, row) => [[$(row).find('th').text(), $(row).find('td')]])
        .get() as [string, cheerio.Cheerio<never>][],
    );
    expect(rows.Site?.text()).toBe(owner.siteName);
    expect(rows.Adresse?.find('a').attr('href')).toBe(TEST_SITE_URL);
    expect(rows.Version?.text()).toBe(packageVersion);
    expect(rows.Contact?.find('a').attr('href')).toBe(`mailto:${owner.email}?subject=${encodeURIComponent(siteConfig.mailSubject)}`);
    expect(rows.Description?.text()).toMatch(/capture d’écran.*nom et la version de votre navigateur/);
  });

  it('lists the versions of the components actually installed', async () => {
    const { $ } = await getPage('/help/about');
    const components = Object.fromEntries(
      $('[data-testid="components"] tbody tr')
        .map((_, row) => [[$(row).find('td').first().text(), $(row).find('td').last().text()]])
        .get() as [string, string][],
    );
    const installed = (name: string) =>
      (JSON.parse(readFileSync(path.join(rootDir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
    expect(components['Node.js']).toBe(process.versions.node);
    expect(components.React).toBe(installed('react'));
    expect(components.Bootstrap).toBe(installed('bootstrap'));
    expect(components['React Router']).toBe(installed('react-router'));
  });

  it('shows the release notes from 5.0.0 to this release, newest first', async () => {
    const { $ } = await getPage('/help/about');
    const rows = $('[data-testid="release-notes"] tbody tr')
      .map((_, row) => [[$(row).find('td').eq(0).text(), $(row).find('td').eq(1).text()]])
      .get() as [string, string][];
    const versions = rows.map(([version]) => version);
    expect(versions).toEqual(releaseNotes.map((note) => note.version));
    expect(versions).toEqual(expect.arrayContaining(['6.0.0', '5.9.4', '5.9.3', '5.9.1', '5.2.0', '5.0.0']));
    expect(rows.find(([version]) => version === '5.0.0')?.[1]).toBe('06/03/2019');
    expect(rows.find(([version]) => version === '5.9.4')?.[1]).toBe('12/07/2025');
    // The newest note is the release the site runs.
    expect(versions[0]).toBe(packageVersion);
  });
});

describe('other methods', () => {
  it('answers 405 to a POST on a page', async () => {
    await request(ctx.app).post('/articles').expect(405).expect('allow', 'GET, HEAD');
  });

  it('answers HEAD on a page without a body', async () => {
    const response = await request(ctx.app).head(cvPath).expect(200);
    expect(response.text ?? '').toBe('');
  });
});
