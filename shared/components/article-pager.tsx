import { SiteLink } from './site-link';
import { usePageContext, useT } from '../page-context';
import { LanguageBadge } from './language-badge';
import type { ArticleNeighbours } from '../items/article-neighbours';
import { paths } from '../paths';

/** Links to the article published just before (previous) and just after (next); nothing when alone. */
export function ArticlePager({ previous, next }: ArticleNeighbours) {
  const t = useT();
  const { lang } = usePageContext();
  if (!previous && !next) return null;
  return (
    <nav className="article-pager mt-5" aria-label={t('ARTICLE.PAGER')} data-testid="article-pager">
      <ul className="list-unstyled row g-3 mb-0">
        {previous && (
          <li className="col-sm-6">
            <SiteLink className="pager-link card card-body h-100" to={paths.article(previous.id)} rel="prev" data-testid="previous-article">
              <span className="small text-body-secondary">
                <span aria-hidden="true">← </span>
                {t('ARTICLE.PREVIOUS')}
              </span>
              <span className="pager-title">
                <span lang={previous.language && previous.language !== lang ? previous.language : undefined}>{previous.title}</span>
                <LanguageBadge language={previous.language} lang={lang} />
              </span>
            </SiteLink>
          </li>
        )}
        {next && (
          <li className="col-sm-6 ms-sm-auto text-sm-end">
            <SiteLink className="pager-link card card-body h-100" to={paths.article(next.id)} rel="next" data-testid="next-article">
              <span className="small text-body-secondary">
                {t('ARTICLE.NEXT')}
                <span aria-hidden="true"> →</span>
              </span>
              <span className="pager-title">
                <span lang={next.language && next.language !== lang ? next.language : undefined}>{next.title}</span>
                <LanguageBadge language={next.language} lang={lang} />
              </span>
            </SiteLink>
          </li>
        )}
      </ul>
    </nav>
  );
}
