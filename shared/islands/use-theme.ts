import { useSyncExternalStore } from 'react';
import { DEFAULT_THEME_ID, type ThemeId } from '../site/themes';
import { chooseTheme, readActiveThemeId, subscribeToTheme } from './theme-choice';

/** The active theme and the way to change it, for the theme selector island. */
export function useTheme(): [ThemeId, (id: string) => void] {
  const themeId = useSyncExternalStore(subscribeToTheme, readActiveThemeId, () => DEFAULT_THEME_ID);
  return [themeId, chooseTheme];
}
