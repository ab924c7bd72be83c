// The CV's skills link to the tag pages of the articles that show them, with their count; the page,
// its JSON-LD and /cv.json name the same articles. A source that cannot answer leaves the skills unlinked.
import * as cheerio from 'cheerio';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURE_PAGES } from '../../support/fixtures';
import { setUpFixtureApp } from '../../support/fixture-app';
import { findJsonResumeErrors } from '../../support/json-resume-schema';
import { TEST_SITE_URL, createTestApp, type TestApp } from '../../support/test-app';

const fixture = setUpFixtureApp();

describe('skills on the CV', () => {
  it('link to the tag page of the articles that carry them, with how many there are', async () => {
    const $ = await fixture.getPage(FIXTURE_PAGES.cv);
    const links = $('a.cv-skill-link')
      .map((_, link) => ({
        text: $(link).text(),
        href: $(link).attr('href'),
        count: ($(link).next('.cv-skill-count').text() || $(link).parent().next('.cv-skill-count').text()).trim(),
      }))
      .get();
    // Fixture tags: Java and Spring (1 article), PostgreSQL (1), HTTP (1), Méthodes, Équipe.
    expect(links).toEqual(
      expect.arrayContaining([
        { text: 'Java', href: '/tags/Java', count: '(1 article)' },
        { text: 'PostgreSQL', href: '/tags/PostgreSQL', count: '(1 article)' },
        // The alias "Spring" → "Spring Boot" finds no article here: the skill's own name does.
        { text: 'Spring', href: '/tags/Spring', count: '(1 article)' },
      ]),
    );
    // Skills no article carries stay plain text.
    expect(links.map((link) => link.text)).not.toContain('Kotlin');
    expect($('#cv-knowledge').parent().text()).toContain('Kotlin');
  });

  it('and the ProfilePage names the same articles as subjectOf its Person', async () => {
    const $ = await fixture.getPage(FIXTURE_PAGES.cv);
    const profile = JSON.parse($('script[type="application/ld+json"]').first().text()) as { mainEntity: { subjectOf: { url: string; headline: string }[] } };
    expect(profile.mainEntity.subjectOf.map((work) => work.url).sort()).toEqual(
      ['old-postgres', 'spring-batch-oeuvre'].map((id) => `${TEST_SITE_URL}articles/${id}`).sort(),
    );
    const resume = (await request(fixture.app).get('/cv.json').expect(200)).body as { publications: { url: string; releaseDate: string }[] };
    expect(resume.publications.map((publication) => publication.url).sort()).toEqual(profile.mainEntity.subjectOf.map((work) => work.url).sort());
    expect(findJsonResumeErrors(resume)).toEqual([]);
  });
});

describe('with the items source down', () => {
  let down: TestApp | undefined;
  afterAll(() => down?.close());

  it('shows the CV with its skills unlinked, and /cv.json without publications', async () => {
    // Nothing listens on port 9 of the loopback: every call to the source fails at once.
    down = await createTestApp({ ITEMS_SERVICE_URL: 'http://127.0.0.1:9/www-be/items/v1.0', UPSTREAM_TIMEOUT_MS: '500' });
    const $ = cheerio.load((await request(down.app).get(FIXTURE_PAGES.cv).expect(200)).text);
    expect($('a.cv-skill-link')).toHaveLength(0);
    expect($('#cv-knowledge').parent().text()).toContain('Java');
    const resume = (await request(down.app).get('/cv.json').expect(200)).body as { publications: unknown[] };
    expect(resume.publications).toEqual([]);
  });
});
