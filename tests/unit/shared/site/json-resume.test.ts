import { describe, expect, it } from 'vitest';
import { cvData } from '../../../../shared/site/cv-data';
import type { CvData } from '../../../../shared/site/cv-types';
import { buildJsonResume } from '../../../../shared/site/json-resume';
import { owner } from '../../../../shared/site/owner';
import { formatAddress } from '../../../../shared/site/site-config';
import { findJsonResumeErrors } from '../../../support/json-resume-schema';

const SITE_URL = 'https://cv.example.test/';
const describeEnvironment = (env: string) => `Environnement : ${env}`;

describe('buildJsonResume', () => {
  it('turns the site CV into a document the official JSON Resume schema accepts', () => {
    expect(findJsonResumeErrors(buildJsonResume({ siteUrl: SITE_URL, describeEnvironment }))).toEqual([]);
  });

  it('is checked by a validator that does reject a wrong document', () => {
    const resume = buildJsonResume({ siteUrl: SITE_URL, describeEnvironment });
    const broken = { ...resume, basics: { ...resume.basics, email: 'not an address' }, work: [{ ...resume.work[0], startDate: 'depuis 2019' }] };
    expect(findJsonResumeErrors(broken)).toEqual([expect.stringContaining('basics.email'), expect.stringContaining('work[0].startDate')]);
  });

  it('gives every URL from SITE_URL, and the owner data from the site config', () => {
    const { basics, meta } = buildJsonResume({ siteUrl: SITE_URL, describeEnvironment });
    expect(basics).toMatchObject({
      name: owner.name,
      label: owner.jobTitle,
      email: owner.email,
      url: SITE_URL,
      summary: owner.jobDescription,
    });
    expect(basics.image).toBe(`https://cv.example.test${owner.photo.large.src2x}`);
    const { streetAddress: street, postalCode, addressLocality: city, addressCountry: countryCode } = owner.address;
    expect(basics.location).toEqual({ address: street, postalCode, city, countryCode });
    expect(formatAddress()).toBe(`${street}, ${postalCode} ${city}`);
    expect(meta.canonical).toBe('https://cv.example.test/cv.json');
  });

  it('maps jobs, years, degrees, certifications, skills and spoken languages', () => {
    const cv: CvData = {
      knowledge_list: [
        { name: 'Cloud', details: 'AWS (EKS, S3), Terraform' },
        { name: 'Back-end', list: [{ name: 'Spring', details: 'Boot, Batch' }] },
        { name: 'Langues', spokenLanguages: true, list: [{ name: 'Anglais', details: 'courant' }] },
        { name: 'Autres langues', spokenLanguages: true, details: 'Breton, Gallo' },
      ],
      formation_list: [
        { years: { start: 2001, end: 2003 }, title: 'Diplôme d’ingénieur', location: 'École, Nantes', kind: 'degree' },
        { years: { start: 2022, end: 2022 }, title: 'AWS SAA', location: 'Amazon Web Services', kind: 'certification' },
      ],
      companies: [
        {
          employer: 'Mutuelle',
          relation: 'client freelance',
          years: { start: 2022 },
          exp: [{ job: 'Architecte', list: ['Une réalisation'], description: ['Un paragraphe.'], env: 'Java 21' }],
        },
        { employer: 'Éditeur', years: { start: 2011, end: 2017 }, exp: [{ job: 'Lead', years: { start: 2013, end: 2015 } }] },
      ],
    };
    const resume = buildJsonResume({ siteUrl: SITE_URL, describeEnvironment, cv });
    expect(resume.work).toEqual([
      {
        name: 'Mutuelle',
        description: 'client freelance',
        position: 'Architecte',
        startDate: '2022',
        summary: 'Un paragraphe.\n\nEnvironnement : Java 21',
        highlights: ['Une réalisation'],
      },
      { name: 'Éditeur', position: 'Lead', startDate: '2013', endDate: '2015' },
    ]);
    expect(resume.education).toEqual([{ institution: 'École, Nantes', area: 'Diplôme d’ingénieur', startDate: '2001', endDate: '2003' }]);
    expect(resume.certificates).toEqual([{ name: 'AWS SAA', date: '2022', issuer: 'Amazon Web Services' }]);
    expect(resume.skills).toEqual([
      { name: 'Cloud', keywords: ['AWS (EKS, S3)', 'Terraform'] },
      { name: 'Spring', keywords: ['Boot', 'Batch'] },
    ]);
    expect(resume.languages).toEqual([{ language: 'Anglais', fluency: 'courant' }, { language: 'Breton' }, { language: 'Gallo' }]);
    expect(findJsonResumeErrors(resume)).toEqual([]);
  });

  it('leaves out nothing of the site CV: every job, formation and skill entry is there', () => {
    const resume = buildJsonResume({ siteUrl: SITE_URL, describeEnvironment });
    const jobs = cvData.companies.flatMap((company) => company.exp);
    expect(resume.work).toHaveLength(jobs.length);
    expect(resume.education.length + resume.certificates.length).toBe(cvData.formation_list.length);
    const skillEntries = cvData.knowledge_list.filter((group) => !group.spokenLanguages).flatMap((group) => group.list ?? [group]);
    expect(resume.skills.map((skill) => skill.name)).toEqual(skillEntries.map((entry) => entry.name));
    expect(resume.languages.length).toBeGreaterThan(0);
  });
});
