// A tag's page: exactly the articles carrying the tag (not a text search), newest first, paged, with
// the tag's own feeds; and the page of every tag with its count. Server HTML only, no island.
import { useLoaderData } from 'react-router-dom';
import { SiteLink } from '../components/site-link';
import { usePageContext, useT } from '../page-context';
import { ArticleCard } from '../components/article-card';
import { PageHead } from '../components/page-head';
import { Pagination } from '../components/pagination';
import { writeListQuery } from '../items/list-query';
import { escapeHtml } from '../escape-html';
import { countPages, type SearchAnswer } from '../items/search';
import { truncateHtml } from '../items/truncate-html';
import type { Lang } from '../i18n/i18n';
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

/** One tag cloud per tags array, language and translations: what the page shows of them, as HTML. */
const tagClouds = new WeakMap<TagsPageData['tags'], { lang: Lang; translations: object; html: string }[]>();

/**
 * The items of the tag list as HTML, written once per tags array (the same while its list lasts:
 * decision 065) and language. 1,000 tags rendered by React were 15-30 ms on the event loop, each time
 * the page was made; as text they are well under a millisecond, once.
 */
export function writeTagCloud(tags: TagsPageData['tags'], lang: Lang, countLabel: (count: number) => string): string {
  return tags
    .map(
      ({ tag, count }) =>
        `<li class="list-inline-item mb-2"><a class="badge tag-badge" href="${escapeHtml(localizePath(paths.tag(tag), lang))}">${escapeHtml(tag)} <span class="facet-count">(${escapeHtml(countLabel(count))})</span></a></li>`,
    )
    .join('');
}

export function TagsPage() {
  const { tags } = useLoaderData() as TagsPageData;
  const t = useT();
  const { lang, translations } = usePageContext();
  let clouds = tagClouds.get(tags);
  if (!clouds) tagClouds.set(tags, (clouds = []));
  let cloud = clouds.find((each) => each.lang === lang && each.translations === translations);
  if (!cloud) {
    // One translation per distinct count: 1,000 tags were 1,000 interpolations.
    const countLabels = new Map<number, string>();
    const countLabel = (count: number) => {
      let label = countLabels.get(count);
      if (label === undefined) countLabels.set(count, (label = t('TAGS.COUNT', { count })));
      return label;
    };
    cloud = { lang, translations, html: writeTagCloud(tags, lang, countLabel) };
    clouds.push(cloud);
  }
  return (
    <section className="tags-page" aria-labelledby="tags-heading">
      <PageHead title={t('TAGS.TITLE')} description={t('TAGS.DESCRIPTION')} shareCard={describeArticlesCard()} />
      <h1 id="tags-heading" className="h2 mb-3">
        {t('TAGS.HEADING')}
      </h1>
      <ul className="list-inline tag-cloud" data-testid="tag-list" dangerouslySetInnerHTML={{ __html: cloud.html }} />
    </section>
  );
}
