import type { Lang } from '../i18n/langs';
import { formatArticleDate, toIsoDate } from '../items/format-date';
import { truncateHtml } from '../items/truncate-html';
import type { ArticleSummary } from '../items/types';
import { localizePath, paths } from '../paths';
import { TagBadges } from './tag-badges';

/** One card of the list: plain markup and links, rendered inside the article search island. */
export function ArticleCard({ article, lang, tagsLabel, snippet }: { article: ArticleSummary; lang: Lang; tagsLabel: string; snippet?: string }) {
  const thumbnail = article.images[0];
  return (
    <li className="card article-card mb-3" data-testid="article-card">
      <div className="card-body">
        <h2 className="h5 card-title mb-1">
          {/* stretched-link: the whole card is the link, announced once by its title. */}
          <a className="stretched-link article-card-link" href={localizePath(paths.article(article.id), lang)}>
            {article.title}
          </a>
        </h2>
        <p className="small text-body-secondary mb-2">
          <time dateTime={toIsoDate(article.date)}>{formatArticleDate(article.date)}</time>
        </p>
        <TagBadges tags={article.tags} label={tagsLabel} lang={lang} />
        <div className="d-flex gap-3 align-items-start">
          {thumbnail && <img className="article-thumb flex-shrink-0 rounded" src={thumbnail} width={64} height={64} alt="" loading="lazy" decoding="async" />}
          <div className="article-summary mb-0" dangerouslySetInnerHTML={{ __html: truncateHtml(article.summary) }} />
        </div>
        {/* Where the search matched: escaped text with <mark>, made by the search index, never the query as HTML. */}
        {snippet && <p className="search-snippet small text-body-secondary mt-2 mb-0" data-testid="snippet" dangerouslySetInnerHTML={{ __html: snippet }} />}
      </div>
    </li>
  );
}
