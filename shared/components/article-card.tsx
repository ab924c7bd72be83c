import { Link } from 'react-router-dom';
import { formatArticleDate, toIsoDate } from '../items/format-date';
import { truncateHtml } from '../items/truncate-html';
import type { ArticleSummary } from '../items/types';
import { paths } from '../paths';
import { TagBadges } from './tag-badges';

export function ArticleCard({ article }: { article: ArticleSummary }) {
  const thumbnail = article.img[0];
  return (
    <li className="card article-card mb-3" data-testid="article-card">
      <div className="card-body">
        <h2 className="h5 card-title mb-1">
          {/* stretched-link: the whole card is the link, announced once by its title. */}
          <Link className="stretched-link article-card-link" to={paths.article(article.id)}>
            {article.tit}
          </Link>
        </h2>
        <p className="small text-body-secondary mb-2">
          <time dateTime={toIsoDate(article.date_m)}>{formatArticleDate(article.date_m)}</time>
        </p>
        <TagBadges tags={article.tags} />
        <div className="d-flex gap-3 align-items-start">
          {thumbnail && <img className="article-thumb flex-shrink-0 rounded" src={thumbnail} width={64} height={64} alt="" loading="lazy" decoding="async" />}
          <div className="article-summary mb-0" dangerouslySetInnerHTML={{ __html: truncateHtml(article.sum) }} />
        </div>
      </div>
    </li>
  );
}
