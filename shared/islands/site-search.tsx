// The top bar's search: a plain GET form to an external engine limited to this host (SPEC §2), with or
// without JavaScript. Hydrated, it also answers Shift+/ by focusing its box.
import { useEffect } from 'react';
import { SITE_SEARCH_INPUT_ID } from '../paths';
import { focusOnShortcut } from './site-search-shortcut';

export interface SiteSearchProps {
  action: string;
  queryParam: string;
  siteParam: string;
  host: string;
  label: string;
  placeholder: string;
  /** The keys of the shortcut, shown in the box only where a keyboard is likely (client/styles.css). */
  shortcut: string;
  submit: string;
}

export function SiteSearch({ action, queryParam, siteParam, host, label, placeholder, shortcut, submit }: SiteSearchProps) {
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
      <span className="site-search-field">
        <input
          id={SITE_SEARCH_INPUT_ID}
          className="form-control form-control-sm"
          type="search"
          name={queryParam}
          placeholder={placeholder}
          aria-keyshortcuts="Shift+/"
          autoComplete="off"
          required
        />
        {/* aria-keyshortcuts tells assistive technologies; this is for the eyes. */}
        <kbd className="site-search-shortcut" aria-hidden="true">
          {shortcut}
        </kbd>
      </span>
      <button className="btn btn-sm btn-outline-accent ms-1" type="submit">
        {submit}
      </button>
    </form>
  );
}
