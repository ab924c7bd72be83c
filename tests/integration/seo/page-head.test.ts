// What crawlers and link previews read in the server HTML: JSON-LD, OpenGraph, Twitter cards, languages.
import * as cheerio from 'cheerio';
import path from 'node:path';
import { pino } from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import type { ItemsSource } from '../../../server/items/source';
import { loadSiteResources } from '../../../server/render/site-resources';
import { loadHashedAssets } from '../../../server/static/hashed-assets';
import { cvData } from '../../../shared/site/cv-data';
import { owner } from '../../../shared/site/owner';
import { siteConfig } from '../../../shared/site/site-config';
import { FIXTURE_CONTENT_DIR, FIXTURE_PAGES } from '../../support/fixtures';
import { setUpFixtureApp } from '../../support/fixture-app';
import { collectBytes, readPngSize } from '../../support/image-bytes';
import { TEST_SITE_URL, createTestApp, rootDir } from '../../support/test-app';

const fixture = setUpFixtureApp();
const { getPage } = fixture;

/** Every JSON-LD block of the page, parsed. */
function readJsonLd($: cheerio.CheerioAPI): Record<string, unknown>[] {
  return $('script[type="application/ld+json"]')
    .get()
    .map((script) => JSON.parse($(script).text()) as Record<string, unknown>);
}

function readMeta($: cheerio.CheerioAPI, key: string): string | undefined {
  return $(`head meta[property="${key}"], head meta[name="${key}"]`).attr('content');
}

describe('structured data', () => {
  it('describes the CV page as a ProfilePage about a Person, from the CV data', async () => {
    const [profile, ...others] = readJsonLd(await getPage(FIXTURE_PAGES.cv));
    expect(others).toEqual([]);
    expect(profile).toMatchObject({ '@context': 'https://schema.org', '@type': 'ProfilePage', url: `${TEST_SITE_URL}${siteConfig.cvSlug}` });
    const person = profile!.mainEntity as { knowsAbout: string[]; knowsLanguage: string[]; alumniOf: unknown[]; hasCredential: { name: string }[] };
    expect(person).toMatchObject({
      '@type': 'Person',
      name: owner.name,
      jobTitle: owner.jobTitle,
      email: `mailto:${owner.email}`,
      url: TEST_SITE_URL,
      address: { '@type': 'PostalAddress', ...owner.address },
      sameAs: owner.social.map((link) => link.url),
    });
    // Every skill named on the page, and not split inside parentheses.
    expect(person.knowsAbout).toEqual(expect.arrayContaining(['Java', 'Spring', 'PostgreSQL', 'AWS (EKS, RDS, S3, Lambda)', 'Terraform']));
    expect(person.knowsAbout).not.toContain('Français');
    expect(person.knowsLanguage).toEqual(['Français', 'Anglais', 'Espagnol']);
    expect(person.alumniOf).toContainEqual({ '@type': 'EducationalOrganization', name: 'Institut universitaire de technologie' });
    expect(person.hasCredential.map((credential) => credential.name)).toEqual(cvData.formation_list.map((formation) => formation.title));
  });

  it('describes an article as a BlogPosting with its breadcrumbs', async () => {
    const [posting, breadcrumbs] = readJsonLd(await getPage(FIXTURE_PAGES['English article']));
    expect(posting).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'HTTP caching headers in practice',
      datePublished: '2024-09-15T00:00:00.000Z',
      inLanguage: 'en',
      keywords: ['HTTP'],
      url: `${TEST_SITE_URL}articles/http-caching`,
      author: { '@type': 'Person', name: owner.name, url: `${TEST_SITE_URL}${siteConfig.cvSlug}` },
    });
    expect(posting!.description).toBe('ETag, Cache-Control and revalidation for a Spring API.');
    expect(breadcrumbs).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Articles', item: `${TEST_SITE_URL}articles` },
        { '@type': 'ListItem', position: 2, name: 'HTTP caching headers in practice', item: `${TEST_SITE_URL}articles/http-caching` },
      ],
    });
  });

  it('cannot be broken out of by an article title', async () => {
    const $ = await getPage(FIXTURE_PAGES['article with code']);
    expect($('script[type="application/ld+json"]').first().html()).not.toMatch(/<|>/);
    expect(readJsonLd($)[0]!.headline).toBe("Revues de code : organiser l'équipe");
  });
});

describe('link previews', () => {
  it.each(Object.entries(FIXTURE_PAGES).filter(([name]) => name !== 'not found'))('the %s page has OpenGraph and Twitter card tags', async (_name, url) => {
    const $ = await getPage(url);
    const title = $('title').text();
    expect(readMeta($, 'og:title')).toBeTruthy();
    expect(title.startsWith(readMeta($, 'og:title')!)).toBe(true);
    expect(readMeta($, 'og:description')).toBe($('meta[name="description"]').attr('content'));
    expect(readMeta($, 'og:url')).toBe($('link[rel="canonical"]').attr('href'));
    expect(readMeta($, 'og:image')).toMatch(/^https:\/\/www\.example\.test\//);
    expect(readMeta($, 'og:image:alt')).toBeTruthy();
    expect(readMeta($, 'twitter:card')).toMatch(/^summary(_large_image)?$/);
    expect(readMeta($, 'twitter:title')).toBe(readMeta($, 'og:title'));
    expect(readMeta($, 'twitter:image')).toBe(readMeta($, 'og:image'));
  });

  it("keeps an article's own raster image, and links a generated 1200×630 card for the others", async () => {
    const withImage = await getPage(FIXTURE_PAGES['article with code']);
    expect(readMeta(withImage, 'og:image')).toBe(`${TEST_SITE_URL}images/photo-96.png`);
    expect(readMeta(withImage, 'og:image:type')).toBe('image/png');
    expect(readMeta(withImage, 'twitter:card')).toBe('summary_large_image');
    expect(readMeta(withImage, 'og:type')).toBe('article');
    expect(
      withImage('head meta[property="article:tag"]')
        .map((_, meta) => withImage(meta).attr('content'))
        .get(),
    ).toEqual(['Méthodes', 'Équipe']);
    for (const [url, card] of [
      [FIXTURE_PAGES['English article'], '/share/articles/http-caching.png'],
      [FIXTURE_PAGES.cv, '/share/cv.png'],
      [FIXTURE_PAGES.list, '/share/articles.png'],
    ] as const) {
      const $ = await getPage(url);
      const image = new URL(readMeta($, 'og:image')!);
      expect(image.pathname, url).toBe(card);
      expect(image.searchParams.get('v'), url).toMatch(/^[a-z0-9]+$/);
      expect([readMeta($, 'og:image:width'), readMeta($, 'og:image:height'), readMeta($, 'og:image:type')]).toEqual(['1200', '630', 'image/png']);
      expect(readMeta($, 'twitter:card')).toBe('summary_large_image');
      expect(readMeta($, 'twitter:image')).toBe(image.href);
      // The linked card exists, and is what the tags say.
      const png = await request(fixture.app).get(`${image.pathname}${image.search}`).buffer(true).parse(collectBytes).expect(200);
      expect(readPngSize(png.body as Buffer)).toEqual({ width: 1200, height: 630 });
    }
    const [posting] = readJsonLd(await getPage(FIXTURE_PAGES['English article']));
    expect(posting!.image).toEqual({
      '@type': 'ImageObject',
      url: readMeta(await getPage(FIXTURE_PAGES['English article']), 'og:image'),
      width: 1200,
      height: 630,
    });
    expect(readMeta(await getPage(FIXTURE_PAGES.cv), 'og:type')).toBe('profile');
  });

  it('links each page to its Markdown twin', async () => {
    const twinOf = async (url: string) => (await getPage(url))('head link[rel="alternate"][type="text/markdown"]').attr('href');
    expect(await twinOf(FIXTURE_PAGES['English article'])).toBe('/articles/http-caching.md');
    expect(await twinOf(FIXTURE_PAGES.cv)).toBe('/cv.md');
    expect(await twinOf(FIXTURE_PAGES.list)).toBe('/llms.txt');
    expect(await twinOf(FIXTURE_PAGES.about)).toBe('/llms.txt');
  });

  it("gives an article's content its own language, in either interface language", async () => {
    for (const prefix of ['', '/en']) {
      const $ = await getPage(prefix + FIXTURE_PAGES['English article']);
      expect($('article').attr('lang') ?? $('html').attr('lang')).toBe('en');
      expect(readMeta($, 'og:locale')).toBe('en_US');
    }
    const french = await getPage(FIXTURE_PAGES['article with code']);
    expect(readMeta(french, 'og:locale')).toBe('fr_FR');
    const frenchInEnglish = await getPage(`/en${FIXTURE_PAGES['article with code']}`);
    expect([frenchInEnglish('html').attr('lang'), frenchInEnglish('article').attr('lang')]).toEqual(['en', 'fr']);
  });
});

describe('under a SITE_URL with a path', () => {
  it('builds every absolute URL of the previews and the JSON-LD under that path', async () => {
    const blog = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR, SITE_URL: 'https://www.example.test/blog/' });
    try {
      const $ = cheerio.load((await request(blog.app).get(FIXTURE_PAGES.cv).expect(200)).text);
      expect(readMeta($, 'og:image')).toMatch(/^https:\/\/www\.example\.test\/blog\/share\/cv\.png\?v=/);
      expect(readMeta($, 'og:url')).toBe(`https://www.example.test/blog/${siteConfig.cvSlug}`);
      const person = readJsonLd($)[0]!.mainEntity as { image: string; '@id': string };
      expect(person.image).toBe('https://www.example.test/blog/images/photo-384.png');
      expect(person['@id']).toBe(`https://www.example.test/blog/${siteConfig.cvSlug}#person`);
      const article = cheerio.load((await request(blog.app).get(FIXTURE_PAGES['article with code']).expect(200)).text);
      expect(readJsonLd(article)[0]).toMatchObject({
        url: 'https://www.example.test/blog/articles/equipe-revues',
        image: 'https://www.example.test/blog/images/photo-96.png',
      });
    } finally {
      await blog.close();
    }
  });
});

describe('hostile article fields that reach the page', () => {
  it('writes no og:locale "[object Object]" for the language "__proto__" and answers 200 for an image URL that does not parse', async () => {
    const hostile = {
      id: 'x',
      title: 'Hostile',
      summary: '<p>s</p>',
      body: '<p>c</p>',
      date: '2024-01-01',
      language: '__proto__',
      tags: [],
      images: ['http://[invalid'],
    };
    // A source that hands the page its fields as they are, past any validation at the edge.
    const source: ItemsSource = {
      description: 'hostile',
      list: async () => [hostile],
      get: async (id) => (id === hostile.id ? hostile : null),
      onChange: () => () => {},
      isReady: async () => true,
      close: async () => {},
    };
    const config = loadConfig({ SITE_URL: TEST_SITE_URL }, rootDir);
    const [site, assets] = await Promise.all([loadSiteResources(rootDir, config.siteUrl), loadHashedAssets(path.join(rootDir, 'dist/public/assets'))]);
    const app = createApp({ config, logger: pino({ level: 'silent' }), source, site, rootDir, assets });
    const $ = cheerio.load((await request(app).get('/articles/x').expect(200)).text);
    expect(readMeta($, 'og:locale')).not.toMatch(/object/i);
    expect(readMeta($, 'og:image')).toMatch(/^https?:\/\//);
  });
});
