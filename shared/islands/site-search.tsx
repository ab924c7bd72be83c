// The top bar's search: a plain GET form to an external engine limited to this host (SPEC §2), with or
// without JavaScript. Hydrated, it also answers Shift+/ by focusing its box.
import { useEffect } from 'react';
import { SITE_SEARCH_INPUT_ID } from '../paths';

export interface SiteSearchProps {
  action: string;
  queryParam: string;
  siteParam: string;
  host: string;
  label: string;
  placeholder: string;
  submit: string;
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

function focusOnShortcut(event: KeyboardEvent): void {
  // Shift+/ is "?" on most layouts; the physical key is named Slash.
  const isShortcut = event.shiftKey && (event.key === '?' || event.key === '/' || event.code === 'Slash');
  if (!isShortcut || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
  const input = document.getElementById(SITE_SEARCH_INPUT_ID);
  if (input instanceof HTMLInputElement) {
    event.preventDefault();
    input.focus();
    input.select();
  }
}

export function SiteSearch({ action, queryParam, siteParam, host, label, placeholder, submit }: SiteSearchProps) {
  useEffect(() => {
    document.addEventListener('keydown', focusOnShortcut);
    return () => document.removeEventListener('keydown', focusOnShortcut);
  }, []);
  return (
    <form className="site-search d-flex" role="search" method="get" action={action}>
      <input type="hidden" name={siteParam} value={host} />
      <label htmlFor={SITE_SEARCH_INPUT_ID} className="visually-hidden">
        {label}
      </label>
      <input id={SITE_SEARCH_INPUT_ID} className="form-control form-control-sm" type="search" name={queryParam} placeholder={placeholder} aria-keyshortcuts="Shift+/" autoComplete="off" required />
      <button className="btn btn-sm btn-outline-accent ms-1" type="submit">
        {submit}
      </button>
    </form>
  );
}
