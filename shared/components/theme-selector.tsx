import { useT } from '../page-context';
import { Island } from '../islands/island';
import { THEMES } from '../site/themes';

/** The theme selector island, its labels in the interface language. */
export function ThemeSelectorIsland() {
  const t = useT();
  const options = THEMES.map((theme) => ({ id: theme.id, text: `${theme.name} ${t(theme.desc)}` }));
  return <Island name="theme-selector" props={{ label: t('SHELL.THEME_LABEL'), options }} />;
}
