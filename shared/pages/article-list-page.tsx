import { useLoaderData } from 'react-router-dom';
import { useAppData, useT } from '../app-context';
import { PageHead } from '../components/page-head';
import { Island } from '../islands/island';
import type { ArticleSearchLabels } from '../islands/article-search';
import { truncateHtml } from '../items/truncate-html';
import type { ArticleSummary } from '../items/types';
import { describeArticlesCard } from '../seo/share-image';

export interface ArticleListData {
  filter: string;
  articles: ArticleSummary[];
}

export function ArticleListPage() {
  const { filter, articles } = useLoaderData() as ArticleListData;
  const t = useT();
  const { lang } = useAppData();
  const labels: ArticleSearchLabels = {
    searchLabel: t('ARTICLE_LIST.SEARCH_LABEL'),
    placeholder: t('ARTICLE_LIST.SEARCH_PLACEHOLDER'),
    submit: t('ARTICLE_LIST.SEARCH_SUBMIT'),
    resultCount: { one: t('ARTICLE_LIST.RESULT_COUNT_one'), other: t('ARTICLE_LIST.RESULT_COUNT_other') },
    resultCountFiltered: { one: t('ARTICLE_LIST.RESULT_COUNT_FILTERED_one'), other: t('ARTICLE_LIST.RESULT_COUNT_FILTERED_other') },
    noMatch: t('ARTICLE_LIST.NO_MATCH'),
    noMatchHint: t('ARTICLE_LIST.NO_MATCH_HINT'),
    showAll: t('ARTICLE_LIST.SHOW_ALL'),
    empty: t('ARTICLE_LIST.EMPTY'),
    tags: t('ARTICLE_LIST.TAGS'),
    unavailable: t('ERROR.UNAVAILABLE_TEXT'),
  };
  // The cards show 300 characters of each summary: the island's props carry no more.
  const cards = articles.map((article) => ({ ...article, sum: truncateHtml(article.sum) }));
  return (
    <section className="article-list" aria-labelledby="articles-heading">
      <PageHead title={t('ARTICLE_LIST.TITLE')} description={t('ARTICLE_LIST.DESCRIPTION')} shareCard={describeArticlesCard()} />
      <h1 id="articles-heading" className="h2 mb-3">
        {t('ARTICLE_LIST.HEADING')}
      </h1>
      <Island name="article-search" props={{ filter, articles: cards, lang, labels }} />
    </section>
  );
}
