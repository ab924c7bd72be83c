// The active theme lives on <html> (set before paint by the boot script). Plain DOM code: the theme
// selector island uses it, and so does the islands entry before the island is hydrated.
import { THEMES, THEME_STORAGE_KEY, resolveTheme, type Theme, type ThemeId } from '../site/themes';

const CHANGE_EVENT = 'site:theme-change';

/** Sets the Bootstrap colour mode and the accent class on <html>. */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.setAttribute('data-bs-theme', theme.bsTheme);
  root.setAttribute('data-theme', theme.id);
  for (const other of THEMES) root.classList.toggle(other.lbeTheme, other.id === theme.id);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Applies a theme at once and stores it for the next pages (SPEC §4). */
export function chooseTheme(id: string): void {
  const theme = resolveTheme(id);
  applyTheme(theme);
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme.id);
  } catch {
    // Storage can be disabled (private mode, policies): the theme still applies to this page.
  }
}

export function readActiveThemeId(): ThemeId {
  return resolveTheme(document.documentElement.getAttribute('data-theme')).id;
}

/** Calls onChange when this page or another tab changes the theme. */
export function subscribeToTheme(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY) applyTheme(resolveTheme(event.newValue));
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}
