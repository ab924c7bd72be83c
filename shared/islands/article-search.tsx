// The article list and its search box. Without JavaScript it is a GET form (/articles?f=…) over the
// list the server rendered. Hydrated, it searches as the visitor types (debounced) through the items
// API, keeps the URL in step (Back and Forward show each search again) and stores the query so that
// the menu's link brings it back (SPEC §4).
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ArticleCard } from '../components/article-card';
import type { Lang } from '../i18n/langs';
import { fetchArticleList } from '../items/items-client';
import { normalizeFilter } from '../items/items-reader';
import type { ArticleSummary } from '../items/types';
import { localizePath, paths } from '../paths';
import { storeArticleFilter } from './stored-filter';

/** Templates with {{count}} / {{query}}; `_one` and `_other` chosen by the language's plural rules. */
export interface ArticleSearchLabels {
  searchLabel: string;
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
}

export interface ArticleSearchProps {
  filter: string;
  articles: ArticleSummary[];
  lang: Lang;
  labels: ArticleSearchLabels;
}

/** Waits this long after the last key before searching: a search per word, not per letter. */
const DEBOUNCE_MS = 250;

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(values[name] ?? ''));
}

function countText(labels: ArticleSearchLabels, lang: Lang, count: number, query: string): string {
  const form = new Intl.PluralRules(lang).select(count) === 'one' ? 'one' : 'other';
  return fill(query ? labels.resultCountFiltered[form] : labels.resultCount[form], { count, query });
}

function readUrlFilter(): string {
  return normalizeFilter(new URLSearchParams(window.location.search).get('f'));
}

export function ArticleSearch({ filter: initialFilter, articles: initialArticles, lang, labels }: ArticleSearchProps) {
  const inputId = useId();
  const [state, setState] = useState({ filter: initialFilter, articles: initialArticles, failed: false });
  const [busy, setBusy] = useState(false);
  // Uncontrolled: what the visitor typed before the island was hydrated stays in the box.
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pending = useRef<AbortController>(undefined);
  // One history entry per typing session: the first search pushes, the next ones replace it.
  const pushed = useRef(false);

  const runSearch = useCallback(
    async (text: string, history: 'push' | 'replace' | 'none') => {
      const filter = normalizeFilter(text);
      pending.current?.abort();
      const controller = new AbortController();
      pending.current = controller;
      setBusy(true);
      try {
        const articles = await fetchArticleList(filter, controller.signal);
        if (controller.signal.aborted) return;
        setState({ filter, articles, failed: false });
        storeArticleFilter(filter);
        if (history !== 'none') {
          const url = localizePath(paths.articleSearch(filter), lang);
          if (history === 'push') window.history.pushState(null, '', url);
          else window.history.replaceState(null, '', url);
        }
      } catch {
        if (!controller.signal.aborted) setState((previous) => ({ ...previous, failed: true }));
      } finally {
        if (pending.current === controller) setBusy(false);
      }
    },
    [lang],
  );

  const schedule = (text: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (normalizeFilter(text) === state.filter) return;
      void runSearch(text, pushed.current ? 'replace' : 'push');
      pushed.current = true;
    }, DEBOUNCE_MS);
  };

  useEffect(() => {
    storeArticleFilter(initialFilter);
    // Typed before hydration (React came with that first key): search it now.
    const typed = input.current?.value ?? '';
    if (normalizeFilter(typed) !== initialFilter) {
      pushed.current = true;
      void runSearch(typed, 'push');
    }
    const onPopState = () => {
      const filter = readUrlFilter();
      if (input.current) input.current.value = filter;
      pushed.current = false;
      void runSearch(filter, 'none');
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('popstate', onPopState);
      clearTimeout(timer.current);
      pending.current?.abort();
    };
  }, [initialFilter, runSearch]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clearTimeout(timer.current);
    const value = input.current?.value ?? '';
    if (normalizeFilter(value) !== state.filter) void runSearch(value, 'push');
    pushed.current = false;
  };

  const { filter, articles, failed } = state;
  return (
    <>
      {/* A plain GET form without JavaScript: /articles?f=... */}
      <form className="article-search d-flex gap-2 mb-3" role="search" method="get" action={localizePath(paths.articles, lang)} onSubmit={onSubmit}>
        <label htmlFor={inputId} className="visually-hidden">
          {labels.searchLabel}
        </label>
        <input
          id={inputId}
          className="form-control"
          type="search"
          name="f"
          ref={input}
          defaultValue={initialFilter}
          onChange={(event) => schedule(event.target.value)}
          placeholder={labels.placeholder}
          maxLength={200}
          autoComplete="off"
          data-testid="article-search"
        />
        <button className="btn btn-primary" type="submit">
          {labels.submit}
        </button>
      </form>
      <p className="small text-body-secondary" role="status" aria-live="polite" aria-busy={busy} data-testid="result-count">
        {failed ? labels.unavailable : countText(labels, lang, articles.length, filter)}
      </p>
      {articles.length > 0 ? (
        <ul className="list-unstyled" data-testid="article-list">
          {articles.map((article) => (
            <ArticleCard key={article.id} article={article} lang={lang} tagsLabel={labels.tags} />
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
    </>
  );
}
