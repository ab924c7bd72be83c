// The article list and its search. Without JavaScript it is a GET form (/articles?f=…) over the page
// the server rendered: ranked results with where they matched, tag facets, a "did you mean", date
// order as the alternative and pages. Hydrated, it searches as the visitor types (debounced) through
// the items API's search, renders the same, keeps the URL in step (Back and Forward show each search
// again) and stores the query so that the menu's link brings it back (SPEC §4).
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ArticleCard } from '../components/article-card';
import { Pagination } from '../components/pagination';
import type { Lang } from '../i18n/langs';
import { fetchSearch } from '../items/items-client';
import { LIST_PARAMS, readListQuery, writeListQuery } from '../items/list-query';
import { countPages, type SearchAnswer, type SearchSort } from '../items/search';
import { localizePath, paths } from '../paths';
import { storeArticleFilter } from './stored-filter';

/** Templates with {{count}} / {{query}} / {{page}}; `one` and `other` chosen by the language's plural rules. */
export interface ArticleSearchLabels {
  searchLabel: string;
  /** The search syntax, shown under the box: a title and one line per example. */
  tips: { title: string; lines: string[] };
  placeholder: string;
  submit: string;
  resultCount: Record<'one' | 'other', string>;
  resultCountFiltered: Record<'one' | 'other', string>;
  noMatch: string;
  noMatchHint: string;
  showAll: string;
  empty: string;
  tags: string;
  unavailable: string;
  suggestion: string;
  sortLabel: string;
  sortRelevance: string;
  sortDate: string;
  facets: string;
  pages: string;
  previousPage: string;
  nextPage: string;
  pageOf: string;
}

/** One page of results as the list shows it. */
export interface ArticleListResult extends SearchAnswer {
  filter: string;
  sort: SearchSort;
  page: number;
}

export interface ArticleSearchProps {
  result: ArticleListResult;
  lang: Lang;
  labels: ArticleSearchLabels;
}

/** Waits this long after the last key before searching: a search per word, not per letter. */
const DEBOUNCE_MS = 250;
/** Facets shown: the most frequent tags of the results. */
export const MAX_FACETS = 12;

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(values[name] ?? ''));
}

// Made once a language: an Intl object costs more to make than a whole list card to render.
const pluralRules = new Map<Lang, Intl.PluralRules>();

function countText(labels: ArticleSearchLabels, lang: Lang, count: number, query: string): string {
  let rules = pluralRules.get(lang);
  if (rules === undefined) pluralRules.set(lang, (rules = new Intl.PluralRules(lang)));
  const form = rules.select(count) === 'one' ? 'one' : 'other';
  return fill(query ? labels.resultCountFiltered[form] : labels.resultCount[form], { count, query });
}

/** The list's URL for a search, an order and a page, in the interface's language. */
export function buildListUrl(filter: string, sort: SearchSort, page: number, lang: Lang): string {
  return localizePath(paths.articles, lang) + writeListQuery({ filter, sort, page });
}

/** The search text as the list's URL and the page cache hold it. */
const toFilter = LIST_PARAMS.f;

export function ArticleSearch({ result: initial, lang, labels }: ArticleSearchProps) {
  const inputId = useId();
  const [result, setResult] = useState(initial);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  // Uncontrolled: what the visitor typed before the island was hydrated stays in the box.
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pending = useRef<AbortController>(undefined);
  // One history entry per typing session: the first search pushes, the next ones replace it.
  const pushed = useRef(false);

  const runSearch = useCallback(
    async (text: string, sort: SearchSort, history: 'push' | 'replace' | 'none') => {
      const filter = toFilter(text);
      pending.current?.abort();
      const controller = new AbortController();
      pending.current = controller;
      setBusy(true);
      try {
        const answer = await fetchSearch(filter, sort, controller.signal);
        if (controller.signal.aborted) return;
        setResult({ ...answer, filter, sort, page: 1 });
        setFailed(false);
        storeArticleFilter(filter);
        const url = buildListUrl(filter, sort, 1, lang);
        if (history === 'push') window.history.pushState(null, '', url);
        else if (history === 'replace') window.history.replaceState(null, '', url);
      } catch {
        if (!controller.signal.aborted) setFailed(true);
      } finally {
        if (pending.current === controller) setBusy(false);
      }
    },
    [lang],
  );

  const schedule = (text: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (toFilter(text) === result.filter && result.page === 1) return;
      void runSearch(text, result.sort, pushed.current ? 'replace' : 'push');
      pushed.current = true;
    }, DEBOUNCE_MS);
  };

  useEffect(() => {
    // Typed before hydration (React came with that first key): search it now.
    const typed = input.current?.value ?? '';
    if (toFilter(typed) !== initial.filter) {
      pushed.current = true;
      void runSearch(typed, initial.sort, 'push');
    }
    const onPopState = () => {
      const { filter, sort } = readListQuery(new URLSearchParams(window.location.search));
      if (input.current) input.current.value = filter;
      pushed.current = false;
      void runSearch(filter, sort, 'none');
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('popstate', onPopState);
      clearTimeout(timer.current);
      pending.current?.abort();
    };
  }, [initial, runSearch]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clearTimeout(timer.current);
    const value = input.current?.value ?? '';
    if (toFilter(value) !== result.filter || result.page !== 1) void runSearch(value, result.sort, 'push');
    pushed.current = false;
  };

  const { filter, sort, page, total, hits, facets, suggestion } = result;
  const pages = countPages(total);
  return (
    <>
      {/* A plain GET form without JavaScript: /articles?f=... */}
      <form className="article-search d-flex gap-2 mb-3" role="search" method="get" action={localizePath(paths.articles, lang)} onSubmit={onSubmit}>
        <label htmlFor={inputId} className="visually-hidden">
          {labels.searchLabel}
        </label>
        <input
          id={inputId}
          ref={input}
          className="form-control"
          type="search"
          name="f"
          defaultValue={initial.filter}
          onChange={(event) => schedule(event.target.value)}
          placeholder={labels.placeholder}
          maxLength={200}
          autoComplete="off"
          data-testid="article-search"
        />
        {sort === 'date' && <input type="hidden" name="sort" value="date" />}
        <button className="btn btn-primary" type="submit">
          {labels.submit}
        </button>
      </form>
      {/* <details> opens without JavaScript. */}
      <details className="search-tips small mb-2" data-testid="search-tips">
        <summary>{labels.tips.title}</summary>
        <ul className="mb-0 mt-1">
          {labels.tips.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </details>
      <p className="small text-body-secondary" role="status" aria-live="polite" aria-busy={busy} data-testid="result-count">
        {failed ? labels.unavailable : countText(labels, lang, total, filter)}
      </p>
      {suggestion && (
        <p data-testid="suggestion">
          <a href={buildListUrl(suggestion, sort, 1, lang)}>{fill(labels.suggestion, { query: suggestion })}</a>
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
        <ul className="list-unstyled" data-testid="article-list">
          {hits.map((hit) => (
            <ArticleCard key={hit.article.id} article={hit.article} snippet={hit.snippet} lang={lang} tagsLabel={labels.tags} />
          ))}
        </ul>
      ) : filter ? (
        <div className="alert alert-info" data-testid="no-match">
          <p className="mb-1">{fill(labels.noMatch, { query: filter })}</p>
          <p className="mb-0">
            {labels.noMatchHint} <a href={localizePath(paths.articles, lang)}>{labels.showAll}</a>
          </p>
        </div>
      ) : (
        <p data-testid="no-match">{labels.empty}</p>
      )}
      <Pagination page={page} pages={pages} hrefOf={(target) => buildListUrl(filter, sort, target, lang)} labels={labels} />
    </>
  );
}
