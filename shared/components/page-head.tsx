// What a page tells browsers, crawlers and link previews: title, description, canonical and language
// alternates, OpenGraph and Twitter cards, JSON-LD. React 19 hoists the <title>, <meta> and <link>
// into <head> (docs/decisions/024); the JSON-LD stays where it is rendered, which crawlers accept.
import { useLocation } from 'react-router-dom';
import { usePageContext, useT } from '../page-context';
import { DEFAULT_LANG, LANGS, type Lang } from '../i18n/i18n';
import { writeListQuery } from '../items/list-query';
import { buildCanonicalUrl, localizePath, paths, toAbsoluteUrl } from '../paths';
import { buildShareImagePath, describeCvCard, findRasterImage, SHARE_IMAGE, type ShareCard } from '../seo/share-image';
import type { JsonLd } from '../seo/structured-data';
import { serializeForScript } from '../serialize-for-script';
import { owner } from '../site/owner';

/** The page's URL in an interface language: French at the bare path, English under /en (decision 019). */
export function buildPageUrl(siteUrl: string, pathname: string, lang: Lang): string {
  return buildCanonicalUrl(siteUrl, localizePath(pathname, lang));
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
  /** The page's own image (an article's) and its text: used for previews when it is a raster image. */
  image?: { src: string; alt: string };
  /** The generated share card of the page (shared/seo/share-image.ts); the CV's when none is given. */
  shareCard?: ShareCard;
  /** Language of the page's content when it is not the interface's (an English article). */
  contentLang?: string;
  /** An article's date and tags (article:published_time, article:tag). */
  article?: { publishedTime: string; tags: string[] };
  /** schema.org blocks, each written as one <script type="application/ld+json">. */
  structuredData?: JsonLd[];
  /** A page of a paged list: its number, and the site paths (French form) of the pages around it. */
  pagination?: { page: number; previous?: string; next?: string };
  /** Asks search engines to leave the page out (an unpublished article shown for review). */
  noindex?: boolean;
  /**
   * An article's language versions, itself (`current`) and its translations, each at its own page
   * (`localizeArticlePath`): the canonical URL is its own page's, and the alternates name the articles'
   * languages rather than the interface's (decision 040).
   */
  languageVersions?: { language: string; path: string; current?: boolean }[];
  /** Extra feeds of this page (a tag's), besides the site's, as site paths. */
  feeds?: { type: 'rss' | 'atom'; title: string; href: string }[];
}

/** Link previews show no SVG: a page's own raster image, else its generated 1200×630 card. */
export function choosePreviewImage(
  image: PageHeadProps['image'],
  card: ShareCard,
): { src: string; alt: string; width?: number; height?: number; type?: string } {
  const raster = image && findRasterImage([image.src]);
  if (image && raster) {
    const extension = /\.(\w+)(?:[?#]|$)/.exec(raster)?.[1]?.toLowerCase();
    return { src: raster, alt: image.alt, ...(extension && { type: `image/${extension === 'jpg' ? 'jpeg' : extension}` }) };
  }
  return { src: buildShareImagePath(card), alt: describeCardAlt(card), width: SHARE_IMAGE.width, height: SHARE_IMAGE.height, type: SHARE_IMAGE.type };
}

/** What a card shows, as its alternative text. */
function describeCardAlt(card: ShareCard): string {
  switch (card.kind) {
    case 'article':
      return `${card.title} — ${card.owner.name}`;
    case 'cv':
      return `${card.owner.name}, ${card.owner.jobTitle}`;
    case 'articles':
      return `${card.title} — ${card.owner.name}`;
    case 'tag':
      return `${card.tag} — ${card.owner.name}`;
  }
}

/** The page's Markdown twin: the article's, the CV's, or llms.txt for the other pages. */
function locateMarkdownTwin(card: ShareCard | undefined): string {
  if (card?.kind === 'article') return paths.articleMarkdown(card.id);
  if (card?.kind === 'cv') return paths.cvMarkdown;
  return paths.llmsTxt;
}

export function PageHead({
  title,
  description,
  type = 'website',
  image,
  shareCard,
  contentLang,
  article,
  structuredData = [],
  pagination,
  languageVersions,
  feeds = [],
  noindex = false,
}: PageHeadProps) {
  const { siteUrl, lang } = usePageContext();
  const t = useT();
  const { pathname } = useLocation();
  // A later page of a list is a page of its own: its canonical URL names it.
  const pageQuery = pagination ? writeListQuery({ page: pagination.page }) : '';
  const ownVersion = languageVersions?.find((version) => version.current);
  const url = ownVersion ? buildCanonicalUrl(siteUrl, ownVersion.path) : buildPageUrl(siteUrl, pathname, lang) + pageQuery;
  const alternates = ownVersion
    ? [
        ...languageVersions!.map((version) => ({ hrefLang: version.language, href: buildCanonicalUrl(siteUrl, version.path) })),
        {
          hrefLang: 'x-default',
          href: buildCanonicalUrl(siteUrl, (languageVersions!.find((version) => version.language === DEFAULT_LANG) ?? ownVersion).path),
        },
      ]
    : [
        ...LANGS.map((alternate) => ({ hrefLang: alternate as string, href: buildPageUrl(siteUrl, pathname, alternate) })),
        { hrefLang: 'x-default', href: buildPageUrl(siteUrl, pathname, DEFAULT_LANG) },
      ];
  const toPageUrl = (sitePath: string) => buildCanonicalUrl(siteUrl, localizePath(sitePath, lang));
  const preview = choosePreviewImage(image, shareCard ?? describeCvCard());
  const imageUrl = toAbsoluteUrl(siteUrl, preview.src);
  const locale = toOgLocale(contentLang ?? lang);
  return (
    <>
      <title>{title + t('SITE.TITLE_SUFFIX')}</title>
      <meta name="description" content={description} />
      {noindex && <meta name="robots" content="noindex, nofollow" />}
      <link rel="canonical" href={url} />
      {pagination?.previous && <link rel="prev" href={toPageUrl(pagination.previous)} />}
      {pagination?.next && <link rel="next" href={toPageUrl(pagination.next)} />}
      {feeds.map((feed) => (
        <link
          key={feed.href}
          rel="alternate"
          type={feed.type === 'rss' ? 'application/rss+xml' : 'application/atom+xml'}
          title={feed.title}
          href={buildCanonicalUrl(siteUrl, feed.href)}
        />
      ))}
      {alternates.map((alternate) => (
        <link key={alternate.hrefLang} rel="alternate" hrefLang={alternate.hrefLang} href={alternate.href} />
      ))}
      <meta property="og:type" content={type} />
      <meta property="og:site_name" content={owner.siteName} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:locale" content={locale} />
      <meta property="og:image" content={imageUrl} />
      {preview.width && <meta property="og:image:width" content={String(preview.width)} />}
      {preview.height && <meta property="og:image:height" content={String(preview.height)} />}
      {preview.type && <meta property="og:image:type" content={preview.type} />}
      <meta property="og:image:alt" content={preview.alt} />
      {article && <meta property="article:published_time" content={article.publishedTime} />}
      {article?.tags.map((tag) => (
        <meta key={tag} property="article:tag" content={tag} />
      ))}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
      <meta name="twitter:image:alt" content={preview.alt} />
      <link rel="alternate" type="text/markdown" href={locateMarkdownTwin(shareCard)} />
      {structuredData.map((block, index) => (
        <script key={index} type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeForScript(block) }} />
      ))}
    </>
  );
}
