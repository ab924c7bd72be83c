// A fork changes every field of the owner's data: the whole site follows, and nothing of the sample
// owner is left on any page, feed or document (decision 044).
import * as cheerio from 'cheerio';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OwnerData } from '../../../shared/site/owner-types';
import { paths } from '../../../shared/paths';
import { secondOwner } from '../../fixtures/second-owner/owner';
import { FIXTURE_CONTENT_DIR } from '../../support/fixtures';
import { createTestApp, rootDir, type TestApp } from '../../support/test-app';

vi.mock('../../../shared/site/owner', async () => ({ owner: (await import('../../fixtures/second-owner/owner')).secondOwner }));

let ctx: TestApp;
let contentDir: string;
let sample: OwnerData;

beforeAll(async () => {
  sample = (await vi.importActual<{ owner: OwnerData }>('../../../shared/site/owner')).owner;
  contentDir = await mkdtemp(path.join(tmpdir(), 'second-owner-'));
  await cp(path.join(FIXTURE_CONTENT_DIR, 'articles'), path.join(contentDir, 'articles'), { recursive: true });
  await cp(path.join(rootDir, 'tests', 'fixtures', 'second-owner', 'pages'), path.join(contentDir, 'pages'), { recursive: true });
  ctx = await createTestApp({ CONTENT_DIR: contentDir });
});

afterAll(async () => {
  await ctx?.close();
  await rm(contentDir, { recursive: true, force: true });
});

/** Any answer as text, whatever its type (supertest leaves an SVG as bytes). */
const get = async (url: string): Promise<string> =>
  (
    await request(ctx.app)
      .get(url)
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done(null, text));
      })
      .expect(200)
  ).body as string;

/** Every field of the sample owner that a fork replaces, as it could show in a page. */
function sampleTraces(): string[] {
  return [
    sample.name,
    sample.siteName,
    sample.email,
    sample.jobTitle,
    sample.jobDescription,
    sample.address.streetAddress,
    sample.homeUrl,
    ...sample.social.map((link) => link.url),
  ];
}

describe('the site on a second owner’s data', () => {
  it('is valid data, different from the sample owner in every field', () => {
    for (const key of Object.keys(sample) as (keyof OwnerData)[]) {
      expect(JSON.stringify(secondOwner[key]), key).not.toBe(JSON.stringify(sample[key]));
    }
  });

  const everyAnswer = [
    paths.cv,
    '/en' + paths.cv,
    paths.articles,
    paths.about,
    '/en' + paths.about,
    '/articles/equipe-revues',
    '/articles/http-caching',
    paths.rss,
    paths.atom,
    paths.llmsTxt,
    paths.cvJson,
    paths.cvMarkdown,
    '/favicon.svg',
  ];

  it.each(everyAnswer)('leaves nothing of the sample owner in %s', async (url) => {
    const body = await get(url);
    for (const trace of sampleTraces()) expect(body, trace).not.toContain(trace);
    expect(body).not.toContain(`>${sample.initials}<`);
  });

  it('shows the new owner on the CV: name, title, years since the career began, contact, address and profiles', async () => {
    const $ = cheerio.load(await get(paths.cv));
    expect($('h1').text()).toBe(secondOwner.name);
    expect($('title').text()).toContain(`| ${secondOwner.name}, ${secondOwner.role.fr}`);
    expect($('meta[name="description"]').attr('content')).toContain(secondOwner.specialities.fr);
    expect($('.top-bar .brand-mark').text()).toBe(secondOwner.initials);
    expect($('[data-testid="experience-years"]').text()).toBe(`${new Date().getFullYear() - secondOwner.careerSince} ans d’expérience`);
    expect($('.cv-contact a[href^="mailto:"]').text()).toBe(secondOwner.email);
    expect($('.cv-contact').text()).toContain(`${secondOwner.address.streetAddress}, ${secondOwner.address.postalCode} ${secondOwner.address.addressLocality}`);
    expect(
      $('.cv-contact a[rel="me"]')
        .map((_, link) => $(link).attr('href'))
        .get(),
    ).toEqual(secondOwner.social.map((link) => link.url));
    expect($('picture img').attr('src')).toBe(secondOwner.photo.small.src);
    expect($('picture source:not([type])').attr('media')).toBe(`(min-width: ${secondOwner.photo.breakpointPx}px)`);
    const footer = $('footer');
    expect(footer.text()).toContain(`${secondOwner.siteSince}–${new Date().getFullYear()} ${secondOwner.name}`);
    expect(
      footer
        .find('a[rel="me"]')
        .map((_, link) => $(link).attr('href'))
        .get(),
    ).toEqual(secondOwner.social.map((link) => link.url));
    const [profile] = $('script[type="application/ld+json"]')
      .map((_, script) => JSON.parse($(script).text()) as { mainEntity: Record<string, unknown> })
      .get();
    expect(profile!.mainEntity).toMatchObject({
      name: secondOwner.name,
      email: `mailto:${secondOwner.email}`,
      address: { ...secondOwner.address },
      sameAs: secondOwner.social.map((link) => link.url),
    });
  });

  it('names the new owner in the feeds, the JSON Resume, the author card and the favicon', async () => {
    expect(await get(paths.rss)).toContain(`<title>Articles de ${secondOwner.name}</title>`);
    const resume = JSON.parse(await get(paths.cvJson)) as { basics: { name: string; profiles: { url: string }[] } };
    expect(resume.basics.name).toBe(secondOwner.name);
    expect(resume.basics.profiles.map((profile) => profile.url)).toEqual(secondOwner.social.map((link) => link.url));
    const $ = cheerio.load(await get('/articles/http-caching'));
    expect($('[data-testid="author-card"]').text()).toContain(`${secondOwner.name}, freelance ${secondOwner.specialities.en} ${secondOwner.role.en}`);
    expect(await get('/favicon.svg')).toContain(`>${secondOwner.initials}</text>`);
  });

  it('shows the owner’s own Markdown on the About page, in each language, with raw HTML and script links made harmless', async () => {
    const fr = cheerio.load(await get(paths.about));
    const section = fr('[data-testid="about-owner"]');
    expect(section.find('h3').text()).toBe('Bonjour');
    expect(section.find('strong').text()).toBe('Ada');
    expect(section.find('a[href="https://ada-kn.example/pipelines"]')).toHaveLength(1);
    expect(section.find('script, img, [onerror]')).toHaveLength(0);
    expect(section.find('a[href^="javascript:"]')).toHaveLength(0);
    expect(section.text()).toContain("<script>alert('about')</script>");
    // The seed's table stays beside it.
    expect(fr('[data-testid="about-info"] td').first().text()).toBe(secondOwner.siteName);
    const en = cheerio.load(await get('/en' + paths.about));
    expect(en('[data-testid="about-owner"]').attr('lang')).toBe('en');
    expect(en('[data-testid="about-owner"]').text()).toContain('I build data pipelines');
  });
});

describe('the sample site', () => {
  it('has no personal About section when the content folder has no pages/about.md', async () => {
    const bare = await createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR });
    try {
      const $ = cheerio.load((await request(bare.app).get(paths.about).expect(200)).text);
      expect($('[data-testid="about-owner"]')).toHaveLength(0);
      expect($('[data-testid="about-info"]')).toHaveLength(1);
    } finally {
      await bare.close();
    }
  });
});
