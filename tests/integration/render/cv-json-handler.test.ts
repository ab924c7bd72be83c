// GET /cv.json through HTTP: a JSON Resume document the official schema accepts, saying what the CV page says.
import * as cheerio from 'cheerio';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { owner } from '../../../shared/site/owner';
import { siteConfig } from '../../../shared/site/site-config';
import { findJsonResumeErrors } from '../../support/json-resume-schema';
import { TEST_SITE_URL, createTestApp, type TestApp } from '../../support/test-app';

const cvPath = `/${siteConfig.cvSlug}`;
/** The schema's own date form: YYYY, YYYY-MM or YYYY-MM-DD. */
const ISO_DATE = /^\d{4}(-\d{2}(-\d{2})?)?$/;
let ctx: TestApp;

interface Resume {
  basics: Record<string, unknown>;
  work: { name: string; position: string; startDate: string; endDate?: string; summary?: string; highlights?: string[] }[];
  education: { area: string; institution: string; startDate: string; endDate: string }[];
  certificates: { name: string; date: string }[];
  skills: { name: string; keywords: string[] }[];
  languages: { language: string; fluency?: string }[];
}

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function getResume(): Promise<Resume> {
  const response = await request(ctx.app).get('/cv.json').expect(200);
  return response.body as Resume;
}

describe('GET /cv.json', () => {
  it('answers JSON that anyone may keep as long as the articles it lists, then revalidate', async () => {
    const response = await request(ctx.app).get('/cv.json').expect(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    // It lists the articles as publications: kept for the items TTL, like the feeds.
    expect(response.headers['cache-control']).toBe(`public, max-age=${ctx.config.cacheTtlSeconds}, stale-while-revalidate=${ctx.config.cacheTtlSeconds}`);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    await request(ctx.app)
      .get('/cv.json')
      .set('If-None-Match', response.headers.etag as string)
      .expect(304);
    const head = await request(ctx.app).head('/cv.json').expect(200);
    expect(head.headers['content-type']).toMatch(/^application\/json/);
  });

  it('is a valid JSON Resume document for the official schema', async () => {
    expect(findJsonResumeErrors(await getResume())).toEqual([]);
  });

  it('builds its URLs from SITE_URL', async () => {
    const { basics } = await getResume();
    expect(basics).toMatchObject({ name: owner.name, label: owner.jobTitle, email: owner.email, url: TEST_SITE_URL });
    expect(basics.image).toBe(new URL(owner.photo.large.src2x, TEST_SITE_URL).href);
    const photo = await request(ctx.app)
      .get(new URL(basics.image as string).pathname)
      .expect(200);
    expect(photo.headers['content-type']).toBe('image/png');
  });

  it('says what the CV page says: every employer, job, formation and skill, with ISO dates', async () => {
    const [resume, page] = await Promise.all([getResume(), request(ctx.app).get(cvPath).expect(200)]);
    const $ = cheerio.load(page.text);

    const companyTitles = $('.cv-company-title')
      .map((_, el) => $(el).text())
      .get();
    const employers = [...new Set(resume.work.map((job) => job.name))];
    expect(employers).toHaveLength(companyTitles.length);
    employers.forEach((employer, index) => expect(companyTitles[index]!.startsWith(employer)).toBe(true));

    const jobTitles = $('.cv-job h4')
      .map((_, el) => $(el).text())
      .get();
    expect(resume.work.map((job) => job.position)).toHaveLength(jobTitles.length);
    resume.work.forEach((job, index) => expect(jobTitles[index]!.startsWith(job.position)).toBe(true));
    // Bullets and environment lines are carried over word for word.
    const bullets = $('.cv-job li')
      .map((_, el) => $(el).text())
      .get();
    expect(resume.work.flatMap((job) => job.highlights ?? [])).toEqual(bullets);
    const environments = $('.cv-env')
      .map((_, el) =>
        $(el)
          .text()
          .replace(/^Environnement : /, ''),
      )
      .get();
    for (const env of environments) expect(resume.work.some((job) => job.summary?.endsWith(`Environnement : ${env}`))).toBe(true);

    for (const job of resume.work) {
      expect(job.startDate).toMatch(ISO_DATE);
      if (job.endDate) expect(Number(job.endDate)).toBeGreaterThanOrEqual(Number(job.startDate));
    }
    // Open-ended jobs are those of the company the page shows "à aujourd’hui" for.
    expect([...new Set(resume.work.filter((job) => !job.endDate).map((job) => job.name))]).toEqual(
      companyTitles.filter((title) => title.endsWith('aujourd’hui')).map((title) => title.split(' (')[0]),
    );

    const formationTitles = $('[data-testid="formation-list"] .fw-semibold')
      .map((_, el) => $(el).text())
      .get();
    expect([...resume.education.map((entry) => entry.area), ...resume.certificates.map((entry) => entry.name)].sort()).toEqual([...formationTitles].sort());
    for (const entry of resume.education) expect([entry.startDate, entry.endDate]).toEqual([expect.stringMatching(ISO_DATE), expect.stringMatching(ISO_DATE)]);
    for (const entry of resume.certificates) expect(entry.date).toMatch(ISO_DATE);

    // Each skill shown on the page (a group text, or a named sub-entry) is a skill or a spoken language.
    const pageSkillNames = $('#cv-knowledge')
      .parent()
      .find('.cv-entry')
      .map((_, entry) => {
        const names = $(entry)
          .find('li .fw-semibold')
          .map((__, el) => $(el).text())
          .get();
        return names.length > 0 ? names : [$(entry).find('h3').text()];
      })
      .get() as string[];
    expect([...resume.skills.map((skill) => skill.name), ...resume.languages.map((language) => language.language)].sort()).toEqual([...pageSkillNames].sort());
    expect(resume.skills.every((skill) => skill.keywords.length > 0)).toBe(true);
  });

  it('is named by the CV page as its JSON alternate', async () => {
    const $ = cheerio.load((await request(ctx.app).get(cvPath).expect(200)).text);
    expect($('head link[rel="alternate"][type="application/json"]').attr('href')).toBe('/cv.json');
  });

  it('refuses writes like the pages do', async () => {
    await request(ctx.app).post('/cv.json').expect(405);
  });
});
