// The CV as a JSON Resume document (jsonresume.org schema 1.0), served at /cv.json: built from the
// same typed data the CV page renders, so the two cannot say different things.
import { buildCanonicalUrl, paths, toAbsoluteUrl } from '../paths';
import { toIsoDate } from '../items/format-date';
import { cvData } from './cv-data';
import { partitionKnowledge, splitKeywords } from './cv-knowledge';
import type { Company, CvData, Formation, Job, KnowledgeGroup, YearSpan } from './cv-types';
import { owner } from './owner';
import type { OwnerData } from './owner-types';
import { listSkillArticles, type TaggedArticle } from './skill-links';

/** The published schema the document follows (a link for readers and tools; nothing fetches it). */
export const JSON_RESUME_SCHEMA_URL = 'https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json';

/** The parts of the JSON Resume schema this site fills. */
export interface JsonResume {
  $schema: string;
  basics: {
    name: string;
    label: string;
    image: string;
    email: string;
    url: string;
    summary: string;
    location: { address: string; postalCode: string; city: string; countryCode: string };
    profiles?: { network: string; url: string }[];
  };
  work: { name: string; description?: string; position: string; startDate: string; endDate?: string; summary?: string; highlights?: string[] }[];
  education: { institution: string; area: string; startDate: string; endDate: string }[];
  certificates: { name: string; date: string; issuer: string }[];
  skills: { name: string; keywords: string[] }[];
  languages: { language: string; fluency?: string }[];
  /** The site's articles that show a skill of the CV. */
  publications: { name: string; publisher: string; releaseDate: string; url: string }[];
  meta: { canonical: string };
}

export interface JsonResumeInput {
  /** SITE_URL, with a trailing slash: the base of every URL in the document. */
  siteUrl: string;
  /** The line that names a job's technical environment, in the CV's language ("Environnement : …"). */
  describeEnvironment: (env: string) => string;
  cv?: CvData;
  /** The site's articles (newest first): those tagged with a skill of the CV become publications. */
  articles?: readonly TaggedArticle[];
  site?: Pick<OwnerData, 'name' | 'jobTitle' | 'jobDescription' | 'email' | 'address' | 'photo' | 'social'>;
}

/** ISO 8601 years, as the schema's dates allow ("2019"); no end date while the span goes on. */
function toDates(years: YearSpan): { startDate: string; endDate?: string } {
  return years.end === undefined ? { startDate: String(years.start) } : { startDate: String(years.start), endDate: String(years.end) };
}

function toWork(company: Company, job: Job, describeEnvironment: (env: string) => string): JsonResume['work'][number] {
  const paragraphs = [...(job.description ?? []), ...(job.env ? [describeEnvironment(job.env)] : [])];
  return {
    name: company.employer,
    ...(company.relation ? { description: company.relation } : {}),
    position: job.job,
    // A job without years of its own spans the company's.
    ...toDates(job.years ?? company.years),
    ...(paragraphs.length > 0 ? { summary: paragraphs.join('\n\n') } : {}),
    ...(job.list && job.list.length > 0 ? { highlights: job.list } : {}),
  };
}

/** One skill per group with a details text, one per sub-entry otherwise (its details are the keywords). */
function toSkills(group: KnowledgeGroup): JsonResume['skills'] {
  if (group.list) return group.list.map((item) => ({ name: item.name, keywords: splitKeywords(item.details) }));
  return [{ name: group.name, keywords: splitKeywords(group.details) }];
}

function toEducation(formation: Formation): JsonResume['education'][number] {
  const { startDate } = toDates(formation.years);
  return { institution: formation.location, area: formation.title, startDate, endDate: String(formation.years.end ?? formation.years.start) };
}

function toCertificate(formation: Formation): JsonResume['certificates'][number] {
  return { name: formation.title, date: String(formation.years.end ?? formation.years.start), issuer: formation.location };
}

/** The whole CV as JSON Resume. Pure: the same input always gives the same document. */
export function buildJsonResume({ siteUrl, describeEnvironment, cv = cvData, articles = [], site = owner }: JsonResumeInput): JsonResume {
  const { skillGroups, languageGroups } = partitionKnowledge(cv);
  const { streetAddress: street, postalCode, addressLocality: city, addressCountry: countryCode } = site.address;
  return {
    $schema: JSON_RESUME_SCHEMA_URL,
    basics: {
      name: site.name,
      label: site.jobTitle,
      image: toAbsoluteUrl(siteUrl, site.photo.large.src2x),
      email: site.email,
      url: siteUrl,
      summary: site.jobDescription,
      location: { address: street, postalCode, city, countryCode },
      ...(site.social.length > 0 && { profiles: site.social.map((link) => ({ network: link.label, url: link.url })) }),
    },
    work: cv.companies.flatMap((company) => company.exp.map((job) => toWork(company, job, describeEnvironment))),
    education: cv.formation_list.filter((formation) => formation.kind === 'degree').map(toEducation),
    certificates: cv.formation_list.filter((formation) => formation.kind === 'certification').map(toCertificate),
    skills: skillGroups.flatMap(toSkills),
    languages: languageGroups.flatMap((group) =>
      group.list ? group.list.map((item) => ({ language: item.name, fluency: item.details })) : splitKeywords(group.details).map((language) => ({ language })),
    ),
    publications: listSkillArticles(cv, articles).map((article) => ({
      name: article.title,
      publisher: site.name,
      releaseDate: toIsoDate(article.date).slice(0, 10),
      url: toAbsoluteUrl(siteUrl, paths.article(article.id)),
    })),
    meta: { canonical: buildCanonicalUrl(siteUrl, paths.cvJson) },
  };
}
