// What a route shows when its loader or render fails: 404 for a missing article, 503 when the items
// service is down, a generic page otherwise. The shell around it stays usable. A missing article's
// 404 lists the articles most likely meant (shared/items/suggest-articles.ts, decision 040).
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { LanguageBadge } from '../components/language-badge';
import { SiteLink } from '../components/site-link';
import type { ArticleSummary } from '../items/types';
import { usePageContext, useT } from '../page-context';
import { PageHead } from '../components/page-head';
import { paths } from '../paths';

export function RouteErrorPage() {
  const error = useRouteError();
  const t = useT();
  const { lang } = usePageContext();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const suggestions = (isRouteErrorResponse(error) && (error.data as { suggestions?: ArticleSummary[] } | undefined)?.suggestions) || [];
  const [title, text] =
    status === 404
      ? [t('ERROR.NOT_FOUND_TITLE'), t('ERROR.NOT_FOUND_TEXT')]
      : status === 503 || status === 502
        ? [t('ERROR.UNAVAILABLE_TITLE'), t('ERROR.UNAVAILABLE_TEXT')]
        : [t('ERROR.GENERIC_TITLE'), t('ERROR.GENERIC_TEXT')];
  return (
    <section className="error-page py-4" aria-labelledby="error-heading" data-status={status}>
      <PageHead title={title} description={text} />
      <h1 id="error-heading" className="h2">
        {title}
      </h1>
      <p>{text}</p>
      {suggestions.length > 0 && (
        <nav aria-labelledby="suggestions-heading" data-testid="suggestions">
          <h2 id="suggestions-heading" className="h5">
            {t('ERROR.SUGGESTIONS')}
          </h2>
          <ul>
            {suggestions.map((article) => (
              <li key={article.id}>
                <SiteLink to={paths.article(article.id)} lang={article.language && article.language !== lang ? article.language : undefined}>
                  {article.title}
                </SiteLink>
                <LanguageBadge language={article.language} lang={lang} />
              </li>
            ))}
          </ul>
        </nav>
      )}
      <p className="d-flex gap-3 flex-wrap">
        <SiteLink to={paths.articles}>{t('ERROR.BACK_TO_LIST')}</SiteLink>
        <SiteLink to={paths.cv}>{t('ERROR.BACK_HOME')}</SiteLink>
      </p>
    </section>
  );
}
