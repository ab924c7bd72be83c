import type { TFunction } from 'i18next';
import { Fragment } from 'react';
import { useLoaderData } from 'react-router-dom';
import { SiteLink } from '../components/site-link';
import { usePageContext, useT } from '../page-context';
import { DEFAULT_LANG } from '../i18n/i18n';
import { useOwnerTextLang } from '../hooks/use-owner-text-lang';
import { PageHead } from '../components/page-head';
import { PrintButtonIsland } from '../components/print-button';
import { Section } from '../components/section';
import { buildSrcSet, chooseWidths, FORMAT_TYPES, MODERN_FORMATS } from '../images/responsive-image';
import { paths } from '../paths';
import { describeCvCard } from '../seo/share-image';
import { buildProfilePage } from '../seo/structured-data';
import { cvData } from '../site/cv-data';
import { splitKeywords } from '../site/cv-knowledge';
import { createSkillMatcher, type SkillLink, type TaggedArticle } from '../site/skill-links';
import { ItemsUnavailableError, type ItemsReader } from '../items/items-reader';
import type { Job, KnowledgeGroup, YearSpan } from '../site/cv-types';
import { owner } from '../site/owner';
import { SocialLinks } from '../components/social-links';
import { buildMailto, computeExperienceYears, formatAddress } from '../site/site-config';

/** The CV route's data: the articles (id, title, date, tags) its skills link to; null when the source cannot answer now. */
export interface CvPageData {
  articles: TaggedArticle[] | null;
}

/** The CV route's loader: every article, slimmed to what the skill links need. */
export async function loadCvPageData(items: ItemsReader, signal?: AbortSignal): Promise<CvPageData> {
  try {
    const articles = await items.list('', signal);
    return { articles: articles.map(({ id, title, date, tags }) => ({ id, title, date, tags })) };
  } catch (error) {
    // The CV is the shop window: without the articles it shows its skills unlinked.
    if (error instanceof ItemsUnavailableError) return { articles: null };
    throw error;
  }
}

type SkillMatcher = (skill: string) => SkillLink | undefined;

/** The photo's resized copies: 96, 192 and 384 px, for both sizes at 1x and 2x. */
const PHOTO_WIDTHS = chooseWidths(owner.photo.large.width * 2);

export function CvPage() {
  const t = useT();
  const ownerLang = useOwnerTextLang();
  const { siteUrl, now } = usePageContext();
  const years = computeExperienceYears(now);
  const { photo } = owner;
  const articles = (useLoaderData() as CvPageData | undefined)?.articles ?? null;
  const match = createSkillMatcher(articles ?? [], cvData.skillTags);
  return (
    <article className="cv" aria-labelledby="cv-name">
      <PageHead
        title={t('CV.TITLE')}
        description={t('CV.DESCRIPTION', { name: owner.name, job: owner.jobTitle.toLowerCase(), years })}
        type="profile"
        shareCard={describeCvCard()}
        contentLang={DEFAULT_LANG}
        structuredData={[buildProfilePage(siteUrl, articles ?? [])]}
      />
      <link rel="alternate" type="application/json" href={paths.cvJson} title={t('CV.JSON_RESUME')} />
      <header className="cv-header d-flex flex-wrap align-items-center gap-3 mb-3">
        <picture>
          {/* AVIF, then WebP, resized from the 384 px file (server/images/); the PNGs for older browsers. */}
          {MODERN_FORMATS.flatMap((format) => [
            <source
              key={`${format}-large`}
              media={`(min-width: ${photo.breakpointPx}px)`}
              type={FORMAT_TYPES[format]}
              srcSet={buildSrcSet(photo.large.src2x, PHOTO_WIDTHS, format)}
              sizes={`${photo.large.width}px`}
              width={photo.large.width}
              height={photo.large.height}
            />,
            <source
              key={`${format}-small`}
              type={FORMAT_TYPES[format]}
              srcSet={buildSrcSet(photo.large.src2x, PHOTO_WIDTHS, format)}
              sizes={`${photo.small.width}px`}
              width={photo.small.width}
              height={photo.small.height}
            />,
          ])}
          <source
            media={`(min-width: ${photo.breakpointPx}px)`}
            srcSet={`${photo.large.src} 1x, ${photo.large.src2x} 2x`}
            width={photo.large.width}
            height={photo.large.height}
          />
          <img
            className="cv-photo rounded-circle"
            src={photo.small.src}
            srcSet={`${photo.small.src} 1x, ${photo.small.src2x} 2x`}
            width={photo.small.width}
            height={photo.small.height}
            alt={t('CV.PHOTO_ALT', { name: owner.name })}
            fetchPriority="high"
          />
        </picture>
        <div>
          <h1 id="cv-name" className="h2 mb-1">
            {owner.name}
          </h1>
          <p className="lead mb-1 cv-job-title" lang={ownerLang}>
            {owner.jobTitle}
          </p>
          <p className="mb-1 cv-job-description" lang={ownerLang}>
            {owner.jobDescription}
          </p>
          <p className="mb-0 fw-semibold cv-experience" data-testid="experience-years">
            {t('CV.EXPERIENCE_YEARS', { count: years })}
          </p>
          <PrintButtonIsland className="mt-2" />
        </div>
      </header>

      <dl className="cv-contact row mb-4">
        <dt className="col-sm-2">{t('CV.ADDRESS')}</dt>
        <dd className="col-sm-10" lang={ownerLang}>
          {formatAddress()}
        </dd>
        <dt className="col-sm-2">{t('CV.EMAIL')}</dt>
        <dd className="col-sm-10">
          <a href={buildMailto()}>{owner.email}</a>
        </dd>
        <dt className="col-sm-2">{t('CV.WEB')}</dt>
        <dd className="col-sm-10">
          {/* Its text is already the URL: the print stylesheet does not repeat it. */}
          <a className="link-shows-url" href={siteUrl}>
            {siteUrl}
          </a>
        </dd>
        {owner.social.length > 0 && (
          <>
            <dt className="col-sm-2">{t('CV.PROFILES')}</dt>
            <dd className="col-sm-10">
              <SocialLinks />
            </dd>
          </>
        )}
      </dl>

      <Section id="cv-knowledge" title={t('CV.KNOWLEDGE')} className="cv-section mb-4" headingClassName="cv-section-title">
        <div className="row g-3" lang={ownerLang}>
          {cvData.knowledge_list.map((group) => (
            <KnowledgeCard key={group.name} group={group} match={match} />
          ))}
        </div>
      </Section>

      <Section id="cv-formation" title={t('CV.FORMATION')} className="cv-section mb-4" headingClassName="cv-section-title">
        {/* Two per row from the md breakpoint (SPEC §9). */}
        <ul className="row row-cols-1 row-cols-md-2 g-3 list-unstyled" data-testid="formation-list">
          {cvData.formation_list.map((formation) => (
            <li className="col" key={formation.title}>
              <div className="cv-entry h-100">
                <p className="mb-0 text-body-secondary small">{formatYearSpan(t, formation.years)}</p>
                <p className="mb-0 fw-semibold" lang={ownerLang}>
                  {formation.title}
                </p>
                <p className="mb-0" lang={ownerLang}>
                  {formation.location}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="cv-experience" title={t('CV.EXPERIENCE')} className="cv-section" headingClassName="cv-section-title">
        {cvData.companies.map((company) => (
          <section className="cv-company mb-4" key={company.employer}>
            <h3 className="h5 cv-company-title">
              <span lang={ownerLang}>{company.relation ? `${company.employer} (${company.relation})` : company.employer}</span>
              {` — ${formatYearSpan(t, company.years)}`}
            </h3>
            {company.exp.map((job) => (
              <JobEntry key={job.job} job={job} ownerLang={ownerLang} />
            ))}
          </section>
        ))}
      </Section>
    </article>
  );
}

/** "2019 à 2022", "2022 à aujourd’hui", or "2003" for a single year. */
function formatYearSpan(t: TFunction, { start, end }: YearSpan): string {
  if (end === undefined) return t('CV.YEARS_ONGOING', { start });
  return end === start ? String(start) : t('CV.YEARS_RANGE', { start, end });
}

function KnowledgeCard({ group, match }: { group: KnowledgeGroup; match: SkillMatcher }) {
  return (
    <div className="col-md-6 col-xl-4">
      <div className="cv-entry h-100">
        <h3 className="h6 mb-2">{group.name}</h3>
        {group.list ? (
          <ul className="list-unstyled mb-0">
            {group.list.map((item) => (
              <li key={item.name}>
                <Skill name={item.name} match={match} className="fw-semibold" /> : <SkillList text={item.details} match={match} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mb-0">
            <SkillList text={group.details} match={match} />
          </p>
        )}
      </div>
    </div>
  );
}

/** A skill: a link to its tag's articles, with their count, when articles carry it. */
function Skill({ name, match, className }: { name: string; match: SkillMatcher; className?: string }) {
  const t = useT();
  const link = match(name);
  const text = link ? (
    <SiteLink className="cv-skill-link" to={paths.tag(link.tag)}>
      {name}
    </SiteLink>
  ) : (
    name
  );
  const named = className ? <span className={className}>{text}</span> : text;
  if (!link) return <>{named}</>;
  return (
    <>
      {named}
      <span className="cv-skill-count text-body-secondary small"> ({t('CV.SKILL_ARTICLES', { count: link.count })})</span>
    </>
  );
}

/** A details text as it is written, its skills that have articles linked. */
function SkillList({ text, match }: { text: string; match: SkillMatcher }) {
  const keywords = splitKeywords(text);
  if (!keywords.some((keyword) => match(keyword))) return <>{text}</>;
  return (
    <>
      {keywords.map((keyword, index) => (
        <Fragment key={keyword}>
          {index > 0 && ', '}
          <Skill name={keyword} match={match} />
        </Fragment>
      ))}
    </>
  );
}

function JobEntry({ job, ownerLang }: { job: Job; ownerLang: string | undefined }) {
  const t = useT();
  return (
    <div className="cv-job cv-entry mb-3">
      <h4 className="h6 mb-2">
        <span lang={ownerLang}>{job.job}</span>
        {job.years && ` (${formatYearSpan(t, job.years)})`}
      </h4>
      {job.list && job.list.length > 0 && (
        <ul className="mb-2" lang={ownerLang}>
          {job.list.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
      {job.description?.map((paragraph) => (
        <p className="mb-2" key={paragraph} lang={ownerLang}>
          {paragraph}
        </p>
      ))}
      {job.env && (
        <p className="mb-0 small cv-env">
          <span className="fw-semibold">{t('CV.ENVIRONMENT')}</span> : <span lang={ownerLang}>{job.env}</span>
        </p>
      )}
    </div>
  );
}
