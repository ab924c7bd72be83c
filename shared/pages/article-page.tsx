import { useLoaderData } from 'react-router-dom';
import { SiteLink } from '../components/site-link';
import { usePageContext, useT } from '../page-context';
import { ArticleBody } from '../components/article-body';
import { ArticlePager } from '../components/article-pager';
import { PageHead } from '../components/page-head';
import { TableOfContents } from '../components/table-of-contents';
import { TagBadges } from '../components/tag-badges';
import { readArticleAids } from '../items/article-aids';
import type { ArticleNeighbours } from '../items/article-neighbours';
import { HEADING_LINK_LABEL_ID } from '../items/article-markup';
import { formatArticleDate, toIsoDate } from '../items/format-date';
import type { Article, ArticleSummary } from '../items/types';
import { READ_IN, isLang } from '../i18n/langs';
import { localizeArticleLinks } from '../items/localize-article-links';
import { localizeArticlePath, paths } from '../paths';
import { describeArticleCard } from '../seo/share-image';
import { buildBlogPosting, buildBreadcrumbList } from '../seo/structured-data';
import { owner } from '../site/owner';

/** The article route's id (the language switch reads its data). */
export const ARTICLE_ROUTE_ID = 'article';

export interface ArticlePageData extends ArticleNeighbours {
  article: Article;
  /** Every part of the article's series, in order (the article among them); none outside a series. */
  series: ArticleSummary[];
  /** Up to three articles close to this one, other than the previous and next. */
  related: ArticleSummary[];
  /** A draft or a future article, shown for review: a banner, and no indexing. */
  unpublished?: boolean;
  /** The article's translations (same `translationKey`), by language; none when it has none. */
  translations?: ArticleSummary[];
}

/** Says, in both languages whatever the interface's, that the article is not published. */
function DraftBanner() {
  return (
    <p className="alert alert-warning draft-banner" role="status" data-testid="draft-banner">
      <strong>
        <span lang="fr">Brouillon</span> / <span lang="en">Draft</span>
      </strong>
      {' — '}
      <span lang="fr">non publié, ne pas diffuser</span> / <span lang="en">not published, do not share</span>
    </p>
  );
}

export function ArticlePage() {
  const { article, previous, next, series = [], related = [], translations = [], unpublished = false } = useLoaderData() as ArticlePageData;
  const t = useT();
  const { siteUrl, lang } = usePageContext();
  // All read the prepared HTML the items API serves, so client navigation shows what the server rendered.
  const { description, toc, minutes } = readArticleAids(article);
  const isFrench = article.language === 'fr';
  // The author card speaks the article's language: French for fr, English otherwise (SPEC §2).
  const cardLang = isFrench ? 'fr' : 'en';
  const card = `ARTICLE.AUTHOR_CARD.${cardLang}`;
  // Marked only where it differs from the interface's: a French article in the English interface too.
  const contentLang = article.language === lang ? undefined : article.language;
  return (
    <div className="article-page">
      <PageHead
        title={article.title}
        description={description}
        type="article"
        image={article.images[0] ? { src: article.images[0], alt: article.title } : undefined}
        shareCard={describeArticleCard(article)}
        contentLang={article.language}
        noindex={unpublished}
        languageVersions={[
          { language: article.language, path: localizeArticlePath(article.id, article.language), current: true },
          ...translations.map((translation) => ({ language: translation.language ?? '', path: localizeArticlePath(translation.id, translation.language) })),
        ].filter((version) => version.language !== '')}
        article={{ publishedTime: toIsoDate(article.date), tags: article.tags }}
        structuredData={[
          buildBlogPosting(siteUrl, article, description, translations),
          buildBreadcrumbList(siteUrl, [
            [t('ARTICLES'), paths.articles],
            [article.title, paths.article(article.id)],
          ]),
        ]}
      />
      {unpublished && <DraftBanner />}
      <nav aria-label={t('ARTICLE.BREADCRUMB')}>
        <ol className="breadcrumb">
          <li className="breadcrumb-item">
            <SiteLink to={paths.articles}>{t('ARTICLES')}</SiteLink>
          </li>
          <li className="breadcrumb-item active" aria-current="page" lang={contentLang}>
            {article.title}
          </li>
        </ol>
      </nav>
      {/* Names every heading link with its heading, in the interface language (see server/html/enhance.ts). */}
      <span id={HEADING_LINK_LABEL_ID} hidden>
        {t('ARTICLE.HEADING_LINK')}
      </span>
      {/* One column on small screens (table of contents before the body); a side column from lg. */}
      <article className="article-layout article-content" lang={contentLang} data-testid="article">
        <div className="article-header">
          <h1 className="h2 mb-2">{article.title}</h1>
          <p className="small text-body-secondary mb-2" lang={contentLang ? lang : undefined}>
            {t('ARTICLE.PUBLISHED')} <time dateTime={toIsoDate(article.date)}>{formatArticleDate(article.date)}</time>
            {article.updated && (
              <span data-testid="updated">
                {', '}
                {t('ARTICLE.UPDATED')} <time dateTime={toIsoDate(article.updated)}>{formatArticleDate(article.updated)}</time>
              </span>
            )}
            <span aria-hidden="true"> · </span>
            <span data-testid="reading-time">{t('ARTICLE.READING_TIME', { count: minutes })}</span>
          </p>
          <TagBadges tags={article.tags} label={t('ARTICLE_LIST.TAGS')} lang={lang} />
          {translations.some((translation) => translation.language) && (
            <ul className="article-translations list-inline small mb-2" aria-label={t('ARTICLE.TRANSLATIONS')} lang={lang} data-testid="translations">
              {translations.map(
                (translation) =>
                  translation.language && (
                    <li key={translation.id} className="list-inline-item">
                      <a href={localizeArticlePath(translation.id, translation.language)} hrefLang={translation.language} lang={translation.language}>
                        {isLang(translation.language) ? READ_IN[translation.language] : `${translation.title} (${translation.language})`}
                      </a>
                    </li>
                  ),
              )}
            </ul>
          )}
          <div className="article-summary lead mb-4" dangerouslySetInnerHTML={{ __html: article.summary }} />
        </div>
        <TableOfContents entries={toc} contentLang={article.language} />
        <div className="article-main">
          <ArticleBody key={article.id} html={localizeArticleLinks(article.body, lang)} />
        </div>
        <aside className="article-aside" lang={isFrench ? 'fr' : 'en'}>
          <div className="card author-card" data-testid="author-card">
            <div className="card-body">
              <h2 className="h6 card-title">{t(`${card}.HEADING`)}</h2>
              <p className="card-text small">
                {t(`${card}.TEXT`, { name: owner.name, role: owner.role[cardLang], specialities: owner.specialities[cardLang] })}
              </p>
              <SiteLink className="card-link" to={paths.cv}>
                {t(`${card}.LINK`)}
              </SiteLink>
            </div>
          </div>
          {series.length > 1 && (
            <nav className="card series-card mt-3" aria-labelledby="series-heading" data-testid="series">
              <div className="card-body">
                <h2 id="series-heading" className="h6 card-title">
                  {t('ARTICLE.SERIES', { series: article.series })}
                </h2>
                <ol className="small mb-0">
                  {series.map((part) => (
                    <li key={part.id}>
                      {part.id === article.id ? <span aria-current="page">{part.title}</span> : <SiteLink to={paths.article(part.id)}>{part.title}</SiteLink>}
                    </li>
                  ))}
                </ol>
              </div>
            </nav>
          )}
        </aside>
      </article>
      <ArticlePager previous={previous} next={next} />
      {related.length > 0 && (
        <section className="related-articles mt-4" aria-labelledby="related-heading" data-testid="related">
          <h2 id="related-heading" className="h5">
            {t('ARTICLE.RELATED')}
          </h2>
          <ul className="list-unstyled">
            {related.map((item) => (
              <li key={item.id} className="mb-1">
                <SiteLink to={paths.article(item.id)}>{item.title}</SiteLink>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
