import {
  buildSrcSet,
  buildVariantPath,
  chooseFallbackFormat,
  FORMAT_TYPES,
  isLocalRaster,
  MODERN_FORMATS,
  THUMBNAIL_SIZES,
  THUMBNAIL_WIDTHS,
} from '../images/responsive-image';
import type { Lang } from '../i18n/langs';
import { formatArticleDate, toIsoDate } from '../items/format-date';
import { truncateHtml } from '../items/truncate-html';
import type { ArticleSummary } from '../items/types';
import { localizePath, paths } from '../paths';
import { LanguageBadge } from './language-badge';
import { TagBadges } from './tag-badges';

/** One card of the list: plain markup and links, server HTML (the article search island renders the same for a live answer). */
export function ArticleCard({ article, lang, tagsLabel, snippet }: { article: ArticleSummary; lang: Lang; tagsLabel: string; snippet?: string }) {
  const thumbnail = article.images[0];
  return (
    <li className="card article-card mb-3" data-testid="article-card">
      <div className="card-body">
        <h2 className="h5 card-title mb-1">
          {/* stretched-link: the whole card is the link, announced once by its title. */}
          <a
            className="stretched-link article-card-link"
            href={localizePath(paths.article(article.id), lang)}
            lang={article.language && article.language !== lang ? article.language : undefined}
          >
            {article.title}
          </a>
          <LanguageBadge language={article.language} lang={lang} />
        </h2>
        <p className="small text-body-secondary mb-2">
          <time dateTime={toIsoDate(article.date)}>{formatArticleDate(article.date)}</time>
        </p>
        <TagBadges tags={article.tags} label={tagsLabel} lang={lang} />
        <div className="d-flex gap-3 align-items-start">
          {thumbnail && <Thumbnail src={thumbnail} />}
          <div className="article-summary mb-0" dangerouslySetInnerHTML={{ __html: truncateHtml(article.summary) }} />
        </div>
        {/* Where the search matched: escaped text with <mark>, made by the search index, never the query as HTML. */}
        {snippet && <p className="search-snippet small text-body-secondary mt-2 mb-0" data-testid="snippet" dangerouslySetInnerHTML={{ __html: snippet }} />}
      </div>
    </li>
  );
}

/** The card's image: a site raster in AVIF, WebP and its own format at 1x to 3x; anything else as it is. */
function Thumbnail({ src }: { src: string }) {
  const img = (props: { src: string; srcSet?: string; sizes?: string }) => (
    <img className="article-thumb flex-shrink-0 rounded" {...props} width={64} height={64} alt="" loading="lazy" decoding="async" />
  );
  if (!isLocalRaster(src)) return img({ src });
  const path = src.replace(/[?#].*$/, '');
  const fallback = chooseFallbackFormat(path);
  return (
    <picture className="flex-shrink-0">
      {MODERN_FORMATS.map((format) => (
        <source key={format} type={FORMAT_TYPES[format]} srcSet={buildSrcSet(path, THUMBNAIL_WIDTHS, format)} sizes={THUMBNAIL_SIZES} />
      ))}
      {img({ src: buildVariantPath(path, THUMBNAIL_WIDTHS[0], fallback), srcSet: buildSrcSet(path, THUMBNAIL_WIDTHS, fallback), sizes: THUMBNAIL_SIZES })}
    </picture>
  );
}
