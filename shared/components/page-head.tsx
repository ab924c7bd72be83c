// What a page tells browsers, crawlers and link previews: title, description, canonical and language
// alternates, OpenGraph and Twitter cards, JSON-LD. React 19 hoists the <title>, <meta> and <link>
// into <head> (docs/decisions/002); the JSON-LD stays where it is rendered, which crawlers accept.
import { useLocation } from 'react-router-dom';
import { useAppData, useT } from '../app-context';
import { DEFAULT_LANG, LANGS, LANG_PARAM, type Lang } from '../i18n/i18n';
import { buildCanonicalUrl, toAbsoluteUrl } from '../paths';
import type { JsonLd } from '../seo/structured-data';
import { serializeForScript } from '../serialize-for-script';
import { siteConfig } from '../site/site-config';

/**
 * The page's URL in an interface language: the canonical URL for French (what a crawler without the
 * cookie gets), with `?lang=` for the others.
 */
export function buildPageUrl(siteUrl: string, pathname: string, lang: Lang): string {
  const canonical = buildCanonicalUrl(siteUrl, pathname);
  return lang === DEFAULT_LANG ? canonical : `${canonical}?${LANG_PARAM}=${lang}`;
}

/** OpenGraph locales of the languages the site's content is written in. */
const OG_LOCALES: Record<string, string> = { fr: 'fr_FR', en: 'en_US' };

function toOgLocale(lang: string): string {
  // Own keys only: "__proto__" or "constructor" from an items service must not reach Object.prototype.
  return Object.hasOwn(OG_LOCALES, lang) ? (OG_LOCALES[lang] as string) : lang;
}

export interface PageHeadProps {
  title: string;
  description: string;
  /** og:type; `website` unless said otherwise. */
  type?: 'website' | 'article' | 'profile';
  /** The page's own image (an article's) and its text; the owner's photo otherwise. */
  image?: { src: string; alt: string };
  /** Language of the page's content when it is not the interface's (an English article). */
  contentLang?: string;
  /** An article's date and tags (article:published_time, article:tag). */
  article?: { publishedTime: string; tags: string[] };
  /** schema.org blocks, each written as one <script type="application/ld+json">. */
  structuredData?: JsonLd[];
}

export function PageHead({ title, description, type = 'website', image, contentLang, article, structuredData = [] }: PageHeadProps) {
  const { siteUrl, lang } = useAppData();
  const t = useT();
  const { pathname } = useLocation();
  const url = buildPageUrl(siteUrl, pathname, lang);
  const preview = image ?? { src: siteConfig.photo.large.src2x, alt: t('CV.PHOTO_ALT', { name: siteConfig.author }) };
  const imageUrl = toAbsoluteUrl(siteUrl, preview.src);
  const locale = toOgLocale(contentLang ?? lang);
  return (
    <>
      <title>{title + t('SITE.TITLE_SUFFIX')}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      {LANGS.map((alternate) => (
        <link key={alternate} rel="alternate" hrefLang={alternate} href={buildPageUrl(siteUrl, pathname, alternate)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={buildPageUrl(siteUrl, pathname, DEFAULT_LANG)} />
      <meta property="og:type" content={type} />
      <meta property="og:site_name" content={siteConfig.siteName} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:locale" content={locale} />
      <meta property="og:image" content={imageUrl} />
      <meta property="og:image:alt" content={preview.alt} />
      {article && <meta property="article:published_time" content={article.publishedTime} />}
      {article?.tags.map((tag) => <meta key={tag} property="article:tag" content={tag} />)}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
      <meta name="twitter:image:alt" content={preview.alt} />
      {structuredData.map((block, index) => (
        <script key={index} type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeForScript(block) }} />
      ))}
    </>
  );
}
