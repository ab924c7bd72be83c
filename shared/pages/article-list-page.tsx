import { useLoaderData } from 'react-router-dom';
import { usePageContext, useT } from '../page-context';
import { PageHead } from '../components/page-head';
import { Island } from '../islands/island';
import { type ArticleSearchLabels } from '../islands/article-search';
import { ARTICLE_RESULTS_ID, ArticleResults, buildListUrl, type ArticleListResult } from '../components/article-results';
import { countPages } from '../items/search';
import { DEFAULT_LANG } from '../i18n/langs';
import { describeArticlesCard } from '../seo/share-image';

export type ArticleListData = ArticleListResult;

export function ArticleListPage() {
  const result = useLoaderData() as ArticleListData;
  const t = useT();
  const { lang } = usePageContext();
  const labels: ArticleSearchLabels = {
    searchLabel: t('ARTICLE_LIST.SEARCH_LABEL'),
    placeholder: t('ARTICLE_LIST.SEARCH_PLACEHOLDER'),
    tips: {
      title: t('ARTICLE_LIST.TIPS'),
      lines: [t('ARTICLE_LIST.TIP_PHRASE'), t('ARTICLE_LIST.TIP_EXCLUDE'), t('ARTICLE_LIST.TIP_OR'), t('ARTICLE_LIST.TIP_REST')],
    },
    submit: t('ARTICLE_LIST.SEARCH_SUBMIT'),
    resultCount: { one: t('ARTICLE_LIST.RESULT_COUNT_one'), other: t('ARTICLE_LIST.RESULT_COUNT_other') },
    resultCountFiltered: { one: t('ARTICLE_LIST.RESULT_COUNT_FILTERED_one'), other: t('ARTICLE_LIST.RESULT_COUNT_FILTERED_other') },
    noMatch: t('ARTICLE_LIST.NO_MATCH'),
    noMatchHint: t('ARTICLE_LIST.NO_MATCH_HINT'),
    showAll: t('ARTICLE_LIST.SHOW_ALL'),
    empty: t('ARTICLE_LIST.EMPTY'),
    tags: t('ARTICLE_LIST.TAGS'),
    unavailable: t('ERROR.UNAVAILABLE_TEXT'),
    suggestion: t('ARTICLE_LIST.SUGGESTION'),
    sortLabel: t('ARTICLE_LIST.SORT_LABEL'),
    sortRelevance: t('ARTICLE_LIST.SORT_RELEVANCE'),
    sortDate: t('ARTICLE_LIST.SORT_DATE'),
    facets: t('ARTICLE_LIST.FACETS'),
    pages: t('ARTICLE_LIST.PAGES'),
    previousPage: t('ARTICLE_LIST.PREVIOUS_PAGE'),
    nextPage: t('ARTICLE_LIST.NEXT_PAGE'),
    pageOf: t('ARTICLE_LIST.PAGE_OF'),
  };
  const pages = countPages(result.total);
  const pageUrl = (page: number) => buildListUrl(result.filter, result.sort, page, DEFAULT_LANG);
  return (
    <section className="article-list" aria-labelledby="articles-heading">
      <PageHead
        title={result.page > 1 ? `${t('ARTICLE_LIST.TITLE')} — ${t('ARTICLE_LIST.PAGE_OF', { page: result.page, pages })}` : t('ARTICLE_LIST.TITLE')}
        description={t('ARTICLE_LIST.DESCRIPTION')}
        shareCard={describeArticlesCard()}
        pagination={{
          page: result.page,
          previous: result.page > 1 ? pageUrl(result.page - 1) : undefined,
          next: result.page < pages ? pageUrl(result.page + 1) : undefined,
        }}
      />
      <h1 id="articles-heading" className="h2 mb-3">
        {t('ARTICLE_LIST.HEADING')}
      </h1>
      {/* The island holds the form and the status line; the results are server HTML, never hydrated (decision 068). */}
      <Island
        name="article-search"
        props={{ search: { filter: result.filter, sort: result.sort, page: result.page, total: result.total }, lang, labels }}
        reuse={false}
      />
      <div id={ARTICLE_RESULTS_ID} data-testid="article-results">
        <ArticleResults result={result} lang={lang} labels={labels} />
      </div>
    </section>
  );
}
