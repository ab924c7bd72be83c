// The list's search query, stored for the visit (SPEC §4: the list opens on the stored filter). The
// menu's link to the list carries it, so coming back shows the same search without a flash.

const STORAGE_KEY = 'articleFilter';
/** Links that lead to the list and should bring the stored query along (the menu's, and the language switch on the list). */
export const KEEPS_FILTER_SELECTOR = 'a[data-keeps-filter]';

export function storeArticleFilter(filter: string): void {
  try {
    if (filter) sessionStorage.setItem(STORAGE_KEY, filter);
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage can be disabled: the search still works, it is just not remembered.
  }
  updateFilterLinks(filter);
}

export function readStoredFilter(): string {
  try {
    return sessionStorage.getItem(STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

/** Points the menu's list links at the stored search (their path is kept: it carries the language). */
export function updateFilterLinks(filter: string = readStoredFilter()): void {
  for (const link of document.querySelectorAll<HTMLAnchorElement>(KEEPS_FILTER_SELECTOR)) {
    const url = new URL(link.href);
    if (filter) url.searchParams.set('f', filter);
    else url.searchParams.delete('f');
    link.href = url.pathname + url.search;
  }
}
