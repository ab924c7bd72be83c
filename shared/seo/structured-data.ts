// schema.org JSON-LD for search engines, built from the same data the pages show.
import { DEFAULT_LANG } from '../i18n/i18n';
import { toIsoDate } from '../items/format-date';
import type { Article, ArticleSummary } from '../items/types';
import { paths, toAbsoluteUrl } from '../paths';
import { buildShareImagePath, describeArticleCard, describeCvCard, findRasterImage, SHARE_IMAGE } from './share-image';
import { cvData } from '../site/cv-data';
import { partitionKnowledge, splitKeywords } from '../site/cv-knowledge';
import type { CvData, KnowledgeGroup } from '../site/cv-types';
import { listSkillArticles, type TaggedArticle } from '../site/skill-links';
import { owner } from '../site/owner';

export type JsonLd = Record<string, unknown>;

/** A group's skills as short names: its entries' names, or its details text split into items. */
export function listSkillNames(group: KnowledgeGroup): string[] {
  return group.list ? group.list.map((entry) => entry.name) : splitKeywords(group.details);
}

/** "Oracle University, centre d’examen de Nantes" → "Oracle University". */
function readOrganization(location: string): string {
  return location.split(',')[0]!.trim();
}

function buildPerson(siteUrl: string, articles: readonly TaggedArticle[], cv: CvData = cvData): JsonLd {
  const shown = listSkillArticles(cv, articles);
  const { skillGroups, languageGroups } = partitionKnowledge(cv);
  const languages = languageGroups.flatMap(listSkillNames);
  const degrees = cv.formation_list.filter((formation) => formation.kind === 'degree');
  const schools = [...new Set(degrees.map((formation) => readOrganization(formation.location)))];
  return {
    '@type': 'Person',
    '@id': `${toAbsoluteUrl(siteUrl, paths.cv)}#person`,
    name: owner.name,
    jobTitle: owner.jobTitle,
    description: owner.jobDescription,
    email: `mailto:${owner.email}`,
    url: siteUrl,
    image: toAbsoluteUrl(siteUrl, owner.photo.large.src2x),
    address: { '@type': 'PostalAddress', ...owner.address },
    ...(owner.social.length > 0 && { sameAs: owner.social.map((link) => link.url) }),
    knowsAbout: [...new Set(skillGroups.flatMap(listSkillNames))],
    ...(languages.length > 0 && { knowsLanguage: languages }),
    // The articles that show the skills above.
    ...(shown.length > 0 && {
      subjectOf: shown.map((article) => ({
        '@type': 'BlogPosting',
        headline: article.title,
        url: toAbsoluteUrl(siteUrl, paths.article(article.id)),
        datePublished: toIsoDate(article.date),
        keywords: article.tags,
      })),
    }),
    alumniOf: schools.map((name) => ({ '@type': 'EducationalOrganization', name })),
    hasCredential: cv.formation_list.map((formation) => ({
      '@type': 'EducationalOccupationalCredential',
      name: formation.title,
      recognizedBy: { '@type': 'Organization', name: readOrganization(formation.location) },
    })),
  };
}

/** The CV page: a ProfilePage about its owner, and the articles that show their skills. */
export function buildProfilePage(siteUrl: string, articles: readonly TaggedArticle[] = []): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfilePage',
    url: toAbsoluteUrl(siteUrl, paths.cv),
    // The CV is written in French whatever the interface language.
    inLanguage: DEFAULT_LANG,
    image: { '@type': 'ImageObject', url: toAbsoluteUrl(siteUrl, buildShareImagePath(describeCvCard())), width: SHARE_IMAGE.width, height: SHARE_IMAGE.height },
    mainEntity: buildPerson(siteUrl, articles),
  };
}

/** The article's own raster image, else its generated card (previews and rich results show no SVG). */
function buildPreviewImage(siteUrl: string, article: Article): JsonLd | string {
  const raster = findRasterImage(article.images);
  if (raster) return toAbsoluteUrl(siteUrl, raster);
  return {
    '@type': 'ImageObject',
    url: toAbsoluteUrl(siteUrl, buildShareImagePath(describeArticleCard(article))),
    width: SHARE_IMAGE.width,
    height: SHARE_IMAGE.height,
  };
}

/**
 * How an article and its translations refer to one another: the version in the site's language (else
 * the oldest) is the work, the others its translations (schema.org workTranslation / translationOfWork).
 */
function describeTranslations(siteUrl: string, article: Article, translations: readonly ArticleSummary[]): JsonLd {
  const versions = translations.filter((translation) => translation.language);
  if (versions.length === 0) return {};
  const reference = (version: ArticleSummary) => ({
    '@type': 'BlogPosting',
    '@id': toAbsoluteUrl(siteUrl, paths.article(version.id)),
    inLanguage: version.language,
  });
  const original = [article, ...versions].reduce((best, each) =>
    (each.language === DEFAULT_LANG) !== (best.language === DEFAULT_LANG)
      ? each.language === DEFAULT_LANG
        ? each
        : best
      : each.date < best.date
        ? each
        : best,
  );
  if (original === article) return { workTranslation: versions.map(reference) };
  return { translationOfWork: reference(original) };
}

/** An article page: a BlogPosting by the site's owner, tied to its translations. */
export function buildBlogPosting(siteUrl: string, article: Article, description: string, translations: readonly ArticleSummary[] = []): JsonLd {
  const url = toAbsoluteUrl(siteUrl, paths.article(article.id));
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    '@id': url,
    mainEntityOfPage: url,
    url,
    headline: article.title,
    description,
    datePublished: toIsoDate(article.date),
    dateModified: toIsoDate(article.updated ?? article.date),
    inLanguage: article.language,
    keywords: article.tags,
    image: buildPreviewImage(siteUrl, article),
    author: { '@type': 'Person', name: owner.name, url: toAbsoluteUrl(siteUrl, paths.cv) },
    publisher: { '@type': 'Person', name: owner.name, url: toAbsoluteUrl(siteUrl, paths.cv) },
    ...describeTranslations(siteUrl, article, translations),
  };
}

/** The trail above a page, as [name, path] pairs from the top. */
export function buildBreadcrumbList(siteUrl: string, trail: [name: string, path: string][]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map(([name, path], index) => ({ '@type': 'ListItem', position: index + 1, name, item: toAbsoluteUrl(siteUrl, path) })),
  };
}
