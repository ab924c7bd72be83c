// The results of the article list: "did you mean", sort links, tag facets, the cards or what to do
// when nothing matched, and the pages. Server HTML in the page, never hydrated: the article-search
// island renders this same component in their place when the visitor searches live (decision 068).
import { useContext } from 'react';
import type { Lang } from '../i18n/langs';
import { LIST_PARAMS, writeListQuery } from '../items/list-query';
import { countPages, type SearchAnswer, type SearchSort } from '../items/search';
import { localizePath, paths } from '../paths';
import { ArticleCard } from './article-card';
import { CardMarkupContext } from './card-markup';
import { Pagination, type PaginationLabels } from './pagination';

/** Templates with {{query}}; the page's translations, passed down so that the browser needs no i18next. */
export interface ArticleResultsLabels extends PaginationLabels {
  noMatch: string;
  noMatchHint: string;
  showAll: string;
  empty: string;
  tags: string;
  suggestion: string;
  sortLabel: string;
  sortRelevance: string;
  sortDate: string;
  facets: string;
}

/** One page of results as the list shows it. */
export interface ArticleListResult extends SearchAnswer {
  filter: string;
  sort: SearchSort;
  page: number;
}

/** The element that holds the results: the island finds it by this id to render a live search's. */
export const ARTICLE_RESULTS_ID = 'article-results';
/** Facets shown: the most frequent tags of the results. */
export const MAX_FACETS = 12;

export function fillLabel(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(values[name] ?? ''));
}

/** The list's URL for a search, an order and a page, in the interface's language. */
export function buildListUrl(filter: string, sort: SearchSort, page: number, lang: Lang): string {
  return localizePath(paths.articles, lang) + writeListQuery({ filter, sort, page });
}

/** The search text as the list's URL and the page cache hold it. */
export const toFilter = LIST_PARAMS.f;

export function ArticleResults({ result, lang, labels }: { result: ArticleListResult; lang: Lang; labels: ArticleResultsLabels }) {
  const { filter, sort, page, total, hits, facets, suggestion } = result;
  const cardMarkup = useContext(CardMarkupContext);
  // On the server, the cards as kept markup with each snippet set in: the same HTML as the children (tested).
  const cards = cardMarkup
    ? {
        dangerouslySetInnerHTML: {
          __html: hits.map((hit) => cardMarkup({ article: hit.article, snippet: hit.snippet, lang, tagsLabel: labels.tags })).join(''),
        },
      }
    : { children: hits.map((hit) => <ArticleCard key={hit.article.id} article={hit.article} snippet={hit.snippet} lang={lang} tagsLabel={labels.tags} />) };
  return (
    <>
      {suggestion && (
        <p data-testid="suggestion">
          <a href={buildListUrl(suggestion, sort, 1, lang)}>{fillLabel(labels.suggestion, { query: suggestion })}</a>
        </p>
      )}
      {filter && total > 0 && (
        <p className="small search-sort" data-testid="search-sort">
          {labels.sortLabel}{' '}
          {(['relevance', 'date'] as const).map((each, at) => (
            <span key={each}>
              {at > 0 && ' · '}
              <a href={buildListUrl(filter, each, 1, lang)} aria-current={each === sort ? 'true' : undefined}>
                {each === 'date' ? labels.sortDate : labels.sortRelevance}
              </a>
            </span>
          ))}
        </p>
      )}
      {filter && facets.length > 0 && (
        <nav className="search-facets mb-3" aria-label={labels.facets} data-testid="facets">
          <ul className="list-inline mb-0">
            {facets.slice(0, MAX_FACETS).map((facet) => (
              <li className="list-inline-item" key={facet.tag}>
                <a className="badge tag-badge" href={localizePath(paths.tag(facet.tag), lang)}>
                  {facet.tag} <span className="facet-count">({facet.count})</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {hits.length > 0 ? (
        <ul className="list-unstyled" data-testid="article-list" {...cards} />
      ) : filter ? (
        <div className="alert alert-info" data-testid="no-match">
          <p className="mb-1">{fillLabel(labels.noMatch, { query: filter })}</p>
          <p className="mb-0">
            {labels.noMatchHint} <a href={localizePath(paths.articles, lang)}>{labels.showAll}</a>
          </p>
        </div>
      ) : (
        <p data-testid="no-match">{labels.empty}</p>
      )}
      <Pagination page={page} pages={countPages(total)} hrefOf={(target) => buildListUrl(filter, sort, target, lang)} labels={labels} />
    </>
  );
}
