import { useId, type FormEvent, type FocusEvent } from 'react';
import { Link, useLoaderData, useNavigate, useNavigation } from 'react-router-dom';
import { useT } from '../app-context';
import { ArticleCard } from '../components/article-card';
import { PageHead } from '../components/page-head';
import type { ArticleSummary } from '../items/types';
import { paths } from '../paths';
import { describeArticlesCard } from '../seo/share-image';

export interface ArticleListData {
  filter: string;
  articles: ArticleSummary[];
}

export function ArticleListPage() {
  const { filter, articles } = useLoaderData() as ArticleListData;
  const t = useT();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const inputId = useId();

  // The search box's change event (Enter or leaving the field) stores the query in the URL; the loader reloads.
  const search = (value: string) => {
    const target = paths.articleSearch(value);
    if (value.trim() !== filter) void navigate(target);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    search(new FormData(event.currentTarget).get('f')?.toString() ?? '');
  };
  const onBlur = (event: FocusEvent<HTMLInputElement>) => search(event.currentTarget.value);

  return (
    <section className="article-list" aria-labelledby="articles-heading">
      <PageHead title={t('ARTICLE_LIST.TITLE')} description={t('ARTICLE_LIST.DESCRIPTION')} shareCard={describeArticlesCard()} />
      <h1 id="articles-heading" className="h2 mb-3">
        {t('ARTICLE_LIST.HEADING')}
      </h1>
      {/* A plain GET form without JavaScript: /articles?f=... */}
      <form className="article-search d-flex gap-2 mb-3" role="search" method="get" action={paths.articles} onSubmit={onSubmit}>
        <label htmlFor={inputId} className="visually-hidden">
          {t('ARTICLE_LIST.SEARCH_LABEL')}
        </label>
        {/* Keyed by the filter so back/forward shows the query of the URL. */}
        <input
          key={filter}
          id={inputId}
          className="form-control"
          type="search"
          name="f"
          defaultValue={filter}
          placeholder={t('ARTICLE_LIST.SEARCH_PLACEHOLDER')}
          onBlur={onBlur}
          maxLength={200}
          data-testid="article-search"
        />
        <button className="btn btn-primary" type="submit">
          {t('ARTICLE_LIST.SEARCH_SUBMIT')}
        </button>
      </form>
      <p className="small text-body-secondary" role="status" aria-live="polite" data-testid="result-count">
        {navigation.state === 'idle' &&
          (filter
            ? t('ARTICLE_LIST.RESULT_COUNT_FILTERED', { count: articles.length, query: filter })
            : t('ARTICLE_LIST.RESULT_COUNT', { count: articles.length }))}
      </p>
      {articles.length > 0 ? (
        <ul className="list-unstyled" data-testid="article-list">
          {articles.map((article) => (
            <ArticleCard key={article.id} article={article} />
          ))}
        </ul>
      ) : filter ? (
        <div className="alert alert-info" data-testid="no-match">
          <p className="mb-1">{t('ARTICLE_LIST.NO_MATCH', { query: filter })}</p>
          <p className="mb-0">
            {t('ARTICLE_LIST.NO_MATCH_HINT')} <Link to={paths.articles}>{t('ARTICLE_LIST.SHOW_ALL')}</Link>
          </p>
        </div>
      ) : (
        <p data-testid="no-match">{t('ARTICLE_LIST.EMPTY')}</p>
      )}
    </section>
  );
}
