// The active theme lives on <html> (set before paint by the boot script); this hook reads and changes it.
import { useCallback, useSyncExternalStore } from 'react';
import { DEFAULT_THEME_ID, THEMES, THEME_STORAGE_KEY, resolveTheme, type Theme, type ThemeId } from '../site/themes';

const CHANGE_EVENT = 'site:theme-change';

function subscribe(onChange: () => void): () => void {
  // Another tab changing the theme updates this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY) {
      applyTheme(resolveTheme(event.newValue));
    }
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

function readActiveThemeId(): ThemeId {
  return resolveTheme(document.documentElement.getAttribute('data-theme')).id;
}

/** Sets the Bootstrap colour mode and the accent class on <html>. */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.setAttribute('data-bs-theme', theme.bsTheme);
  root.setAttribute('data-theme', theme.id);
  for (const other of THEMES) root.classList.toggle(other.lbeTheme, other.id === theme.id);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function useTheme(): [ThemeId, (id: string) => void] {
  const themeId = useSyncExternalStore(subscribe, readActiveThemeId, () => DEFAULT_THEME_ID);
  const setTheme = useCallback((id: string) => {
    const theme = resolveTheme(id);
    applyTheme(theme);
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, theme.id);
    } catch {
      // Storage can be disabled (private mode, policies): the theme still applies to this page.
    }
  }, []);
  return [themeId, setTheme];
}
