// The article list's search. Without JavaScript it is a GET form (/articles?f=…) over the results the
// server rendered beside it (shared/components/article-results.tsx: ranked cards with where they
// matched, tag facets, a "did you mean", date order as the alternative and pages). Hydrated, it
// searches as the visitor types (debounced) through the items API's search and renders that same
// component in place of the server's results, keeps the URL in step (Back and Forward show each search
// again) and stores the query so that the menu's link brings it back (SPEC §4). Its props are the
// search and the labels, never the results: those are server HTML, never hydrated (decision 068).
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import {
  ARTICLE_RESULTS_ID,
  ArticleResults,
  buildListUrl,
  fillLabel,
  toFilter,
  type ArticleListResult,
  type ArticleResultsLabels,
} from '../components/article-results';
import type { Lang } from '../i18n/langs';
import { fetchSearch } from '../items/items-client';
import { readListQuery } from '../items/list-query';
import type { SearchSort } from '../items/search';
import { localizePath, paths } from '../paths';
import { storeArticleFilter } from './stored-filter';

/** Templates with {{count}} / {{query}}; `one` and `other` chosen by the language's plural rules. */
export interface ArticleSearchLabels extends ArticleResultsLabels {
  searchLabel: string;
  /** The search syntax, shown under the box: a title and one line per example. */
  tips: { title: string; lines: string[] };
  placeholder: string;
  submit: string;
  resultCount: Record<'one' | 'other', string>;
  resultCountFiltered: Record<'one' | 'other', string>;
  unavailable: string;
}

/** The search the server's results answer: what the box, the status line and the links start from. */
export interface ArticleSearchState {
  filter: string;
  sort: SearchSort;
  page: number;
  total: number;
}

export interface ArticleSearchProps {
  search: ArticleSearchState;
  lang: Lang;
  labels: ArticleSearchLabels;
}

/** Waits this long after the last key before searching: a search per word, not per letter. */
const DEBOUNCE_MS = 250;

// Made once a language: an Intl object costs more to make than a whole list card to render.
const pluralRules = new Map<Lang, Intl.PluralRules>();

function countText(labels: ArticleSearchLabels, lang: Lang, count: number, query: string): string {
  let rules = pluralRules.get(lang);
  if (rules === undefined) pluralRules.set(lang, (rules = new Intl.PluralRules(lang)));
  const form = rules.select(count) === 'one' ? 'one' : 'other';
  return fillLabel(query ? labels.resultCountFiltered[form] : labels.resultCount[form], { count, query });
}

/** The server's results element, on the client only (the server renders no portal). */
function findResults(): HTMLElement | null {
  return typeof document === 'undefined' ? null : document.getElementById(ARTICLE_RESULTS_ID);
}

export function ArticleSearch({ search: initial, lang, labels }: ArticleSearchProps) {
  const inputId = useId();
  // A live search's answer; until the first one, the server's results stay as they are.
  const [live, setLive] = useState<ArticleListResult>();
  const [results] = useState(findResults);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  // Uncontrolled: what the visitor typed before the island was hydrated stays in the box.
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pending = useRef<AbortController>(undefined);
  // One history entry per typing session: the first search pushes, the next ones replace it.
  const pushed = useRef(false);
  // The server's result nodes, removed in the commit that puts the first live answer beside them.
  const serverNodes = useRef<ChildNode[]>(undefined);
  const current = live ?? initial;

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
        setLive({ ...answer, filter, sort, page: 1 });
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
      if (toFilter(text) === current.filter && current.page === 1) return;
      void runSearch(text, current.sort, pushed.current ? 'replace' : 'push');
      pushed.current = true;
    }, DEBOUNCE_MS);
  };

  useEffect(() => {
    serverNodes.current ??= results ? [...results.childNodes] : [];
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
  }, [initial, results, runSearch]);

  // Before the browser paints: the live answer replaces the server's nodes, never shows beside them.
  useLayoutEffect(() => {
    if (live === undefined || !serverNodes.current?.length) return;
    for (const node of serverNodes.current) node.remove();
    serverNodes.current = [];
  }, [live]);

  // The results are being replaced while a search runs.
  useEffect(() => {
    if (busy) results?.setAttribute('aria-busy', 'true');
    else results?.removeAttribute('aria-busy');
  }, [busy, results]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clearTimeout(timer.current);
    const value = input.current?.value ?? '';
    if (toFilter(value) !== current.filter || current.page !== 1) void runSearch(value, current.sort, 'push');
    pushed.current = false;
  };

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
        {current.sort === 'date' && <input type="hidden" name="sort" value="date" />}
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
      {/* In the island from the first paint on, so that screen readers announce each new count. */}
      <p className="small text-body-secondary" role="status" aria-live="polite" aria-busy={busy} data-testid="result-count">
        {failed ? labels.unavailable : countText(labels, lang, current.total, current.filter)}
      </p>
      {live && results && createPortal(<ArticleResults result={live} lang={lang} labels={labels} />, results)}
    </>
  );
}
