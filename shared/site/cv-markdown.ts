// The CV as Markdown (/cv.md), from the same typed data the CV page renders, for crawlers and
// assistants that read text: what the page says, in its order, with the skills' article links.
import type { TFunction } from 'i18next';
import { buildCanonicalUrl, paths, toAbsoluteUrl } from '../paths';
import { cvData } from './cv-data';
import type { CvData, YearSpan } from './cv-types';
import { owner } from './owner';
import { computeExperienceYears, formatAddress } from './site-config';
import { createSkillMatcher, type TaggedArticle } from './skill-links';
import { splitKeywords } from './cv-knowledge';

export interface CvMarkdownInput {
  siteUrl: string;
  /** The CV's labels, in the CV's language (French). */
  t: TFunction;
  now: Date | string;
  /** The site's articles: a skill that has some links to its tag page. */
  articles?: readonly TaggedArticle[];
  cv?: CvData;
}

// Text from the CV data is written as it is, except what Markdown would read as markup.
function escapeText(text: string): string {
  return text.replace(/([\\`*_[\]<>#|])/g, '\\$1');
}

function formatYears(t: TFunction, { start, end }: YearSpan): string {
  if (end === undefined) return t('CV.YEARS_ONGOING', { start });
  return end === start ? String(start) : t('CV.YEARS_RANGE', { start, end });
}

export function buildCvMarkdown({ siteUrl, t, now, articles = [], cv = cvData }: CvMarkdownInput): string {
  const match = createSkillMatcher(articles, cv.skillTags);
  const skill = (name: string) => {
    const link = match(name);
    return link ? `[${escapeText(name)}](${toAbsoluteUrl(siteUrl, paths.tag(link.tag))}) (${t('CV.SKILL_ARTICLES', { count: link.count })})` : escapeText(name);
  };
  const skills = (text: string) => splitKeywords(text).map(skill).join(', ');
  const lines: string[] = [
    '---',
    `title: ${JSON.stringify(`${owner.name} — ${owner.jobTitle}`)}`,
    'language: fr',
    `canonical: ${JSON.stringify(buildCanonicalUrl(siteUrl, paths.cv))}`,
    '---',
    '',
    `# ${escapeText(owner.name)}`,
    '',
    `**${escapeText(owner.jobTitle)}** — ${escapeText(owner.jobDescription)}`,
    '',
    t('CV.EXPERIENCE_YEARS', { count: computeExperienceYears(now) }),
    '',
    `- ${t('CV.ADDRESS')} : ${escapeText(formatAddress())}`,
    `- ${t('CV.EMAIL')} : <${owner.email}>`,
    `- ${t('CV.WEB')} : <${siteUrl}>`,
    '',
    `## ${t('CV.KNOWLEDGE')}`,
  ];
  for (const group of cv.knowledge_list) {
    lines.push('', `### ${escapeText(group.name)}`, '');
    if (group.list)
      for (const entry of group.list) lines.push(`- **${skill(entry.name)}** : ${group.spokenLanguages ? escapeText(entry.details) : skills(entry.details)}`);
    else lines.push(group.spokenLanguages ? escapeText(group.details) : skills(group.details));
  }
  lines.push('', `## ${t('CV.FORMATION')}`, '');
  for (const formation of cv.formation_list)
    lines.push(`- ${formatYears(t, formation.years)} : **${escapeText(formation.title)}**, ${escapeText(formation.location)}`);
  lines.push('', `## ${t('CV.EXPERIENCE')}`);
  for (const company of cv.companies) {
    const name = company.relation ? `${company.employer} (${company.relation})` : company.employer;
    lines.push('', `### ${escapeText(name)} — ${formatYears(t, company.years)}`);
    for (const job of company.exp) {
      lines.push('', `#### ${escapeText(job.job)}${job.years ? ` (${formatYears(t, job.years)})` : ''}`);
      if (job.list?.length) lines.push('', ...job.list.map((item) => `- ${escapeText(item)}`));
      for (const paragraph of job.description ?? []) lines.push('', escapeText(paragraph));
      if (job.env) lines.push('', `*${t('CV.ENVIRONMENT')}* : ${escapeText(job.env)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
