// A tag's page: exactly the articles carrying the tag (not a text search), newest first, paged, with
// the tag's own feeds; and the page of every tag with its count. Server HTML only, no island.
import { useLoaderData } from 'react-router-dom';
import { SiteLink } from '../components/site-link';
import { usePageContext, useT } from '../page-context';
import { ArticleCard } from '../components/article-card';
import { PageHead } from '../components/page-head';
import { Pagination } from '../components/pagination';
import { writeListQuery } from '../items/list-query';
import { countPages, type SearchAnswer } from '../items/search';
import { truncateHtml } from '../items/truncate-html';
import { localizePath, paths } from '../paths';
import { describeArticlesCard, describeTagCard } from '../seo/share-image';

export interface TagPageData extends SearchAnswer {
  /** The tag as the articles write it. */
  tag: string;
  page: number;
}

export interface TagsPageData {
  tags: { tag: string; count: number }[];
}

const tagPageUrl = (tag: string, page: number) => paths.tag(tag) + writeListQuery({ page });

export function TagPage() {
  const { tag, page, total, hits } = useLoaderData() as TagPageData;
  const t = useT();
  const { lang } = usePageContext();
  const pages = countPages(total);
  const title = t('TAGS.TAG_TITLE', { tag });
  const labels = {
    pages: t('ARTICLE_LIST.PAGES'),
    previousPage: t('ARTICLE_LIST.PREVIOUS_PAGE'),
    nextPage: t('ARTICLE_LIST.NEXT_PAGE'),
    pageOf: t('ARTICLE_LIST.PAGE_OF'),
  };
  return (
    <section className="tag-page" aria-labelledby="tag-heading">
      <PageHead
        title={page > 1 ? `${title} — ${t('ARTICLE_LIST.PAGE_OF', { page, pages })}` : title}
        description={t('TAGS.TAG_DESCRIPTION', { tag })}
        shareCard={describeTagCard(tag)}
        pagination={{ page, previous: page > 1 ? tagPageUrl(tag, page - 1) : undefined, next: page < pages ? tagPageUrl(tag, page + 1) : undefined }}
        feeds={[
          { type: 'rss', title: t('TAGS.FEED_RSS', { tag }), href: `${paths.tag(tag)}/rss.xml` },
          { type: 'atom', title: t('TAGS.FEED_ATOM', { tag }), href: `${paths.tag(tag)}/atom.xml` },
        ]}
      />
      <nav aria-label={t('ARTICLE.BREADCRUMB')}>
        <ol className="breadcrumb">
          <li className="breadcrumb-item">
            <SiteLink to={paths.tags}>{t('TAGS.TITLE')}</SiteLink>
          </li>
          <li className="breadcrumb-item active" aria-current="page">
            {tag}
          </li>
        </ol>
      </nav>
      <h1 id="tag-heading" className="h2 mb-3">
        {title}
      </h1>
      <p className="small text-body-secondary" data-testid="result-count">
        {t('TAGS.COUNT', { count: total })}
      </p>
      <ul className="list-unstyled" data-testid="article-list">
        {hits.map((hit) => (
          <ArticleCard
            key={hit.article.id}
            article={{ ...hit.article, summary: truncateHtml(hit.article.summary) }}
            lang={lang}
            tagsLabel={t('ARTICLE_LIST.TAGS')}
          />
        ))}
      </ul>
      <Pagination page={page} pages={pages} hrefOf={(target) => localizePath(tagPageUrl(tag, target), lang)} labels={labels} />
    </section>
  );
}

export function TagsPage() {
  const { tags } = useLoaderData() as TagsPageData;
  const t = useT();
  const { lang } = usePageContext();
  // One translation per distinct count: 1,000 tags were 1,000 interpolations in one render.
  const countLabels = new Map<number, string>();
  const countLabel = (count: number) => {
    let label = countLabels.get(count);
    if (label === undefined) countLabels.set(count, (label = t('TAGS.COUNT', { count })));
    return label;
  };
  return (
    <section className="tags-page" aria-labelledby="tags-heading">
      <PageHead title={t('TAGS.TITLE')} description={t('TAGS.DESCRIPTION')} shareCard={describeArticlesCard()} />
      <h1 id="tags-heading" className="h2 mb-3">
        {t('TAGS.HEADING')}
      </h1>
      <ul className="list-inline tag-cloud" data-testid="tag-list">
        {tags.map(({ tag, count }) => (
          <li className="list-inline-item mb-2" key={tag}>
            {/* SiteLink's own link, without a component and a context read for each of up to 1,000 tags. */}
            <a className="badge tag-badge" href={localizePath(paths.tag(tag), lang)}>
              {tag} <span className="facet-count">({countLabel(count)})</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
