import { Link, useLoaderData } from 'react-router-dom';
import { useAppData, useT } from '../app-context';
import { PageHead } from '../components/page-head';
import { TagBadges } from '../components/tag-badges';
import { formatArticleDate, toIsoDate } from '../items/format-date';
import { htmlToPlainText, truncateText } from '../items/truncate-html';
import type { Article } from '../items/types';
import { paths } from '../paths';
import { buildBlogPosting, buildBreadcrumbList } from '../seo/structured-data';
import { siteConfig } from '../site/site-config';

export function ArticlePage() {
  const article = useLoaderData() as Article;
  const t = useT();
  const { siteUrl, lang } = useAppData();
  const description = truncateText(htmlToPlainText(article.sum), 160);
  const isFrench = article.lg === 'fr';
  // The author card speaks the article's language: French for fr, English otherwise (SPEC §2).
  const card = `ARTICLE.AUTHOR_CARD.${isFrench ? 'fr' : 'en'}`;
  // Marked only where it differs from the interface's: a French article in the English interface too.
  const contentLang = article.lg === lang ? undefined : article.lg;
  return (
    <div className="article-page">
      <PageHead
        title={article.tit}
        description={description}
        type="article"
        image={article.img[0] ? { src: article.img[0], alt: article.tit } : undefined}
        contentLang={article.lg}
        article={{ publishedTime: toIsoDate(article.date_m), tags: article.tags }}
        structuredData={[
          buildBlogPosting(siteUrl, article, description),
          buildBreadcrumbList(siteUrl, [
            [t('ARTICLES'), paths.articles],
            [article.tit, paths.article(article.id)],
          ]),
        ]}
      />
      <nav aria-label={t('ARTICLE.BREADCRUMB')}>
        <ol className="breadcrumb">
          <li className="breadcrumb-item">
            <Link to={paths.articles}>{t('ARTICLES')}</Link>
          </li>
          <li className="breadcrumb-item active" aria-current="page" lang={contentLang}>
            {article.tit}
          </li>
        </ol>
      </nav>
      <div className="row g-4">
        <article className="col-lg-9 article-content" lang={contentLang} data-testid="article">
          <h1 className="h2 mb-2">{article.tit}</h1>
          <p className="small text-body-secondary mb-2">
            {t('ARTICLE.PUBLISHED')} <time dateTime={toIsoDate(article.date_m)}>{formatArticleDate(article.date_m)}</time>
          </p>
          <TagBadges tags={article.tags} />
          <div className="article-summary lead mb-4" dangerouslySetInnerHTML={{ __html: article.sum }} />
          <div className="article-body" dangerouslySetInnerHTML={{ __html: article.ctn }} />
        </article>
        <aside className="col-lg-3" lang={isFrench ? 'fr' : 'en'}>
          <div className="card author-card" data-testid="author-card">
            <div className="card-body">
              <h2 className="h6 card-title">{t(`${card}.HEADING`)}</h2>
              <p className="card-text small">{t(`${card}.TEXT`, { name: siteConfig.author })}</p>
              <Link className="card-link" to={paths.cv}>
                {t(`${card}.LINK`)}
              </Link>
            </div>
          </div>
        </aside>
      </div>
    </div>
  );
}
