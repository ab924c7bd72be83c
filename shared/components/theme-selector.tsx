import { useId } from 'react';
import { useT } from '../app-context';
import { useHydrated } from '../hooks/use-hydrated';
import { useTheme } from '../hooks/use-theme';
import { THEMES } from '../site/themes';

/** A native select: keyboard-operable and announced by screen readers. Needs JavaScript, so hidden without it. */
export function ThemeSelector() {
  const t = useT();
  const id = useId();
  const hydrated = useHydrated();
  const [themeId, setTheme] = useTheme();
  return (
    <div className="theme-selector" hidden={!hydrated}>
      <label htmlFor={id} className="visually-hidden">
        {t('SHELL.THEME_LABEL')}
      </label>
      <select
        id={id}
        className="form-select form-select-sm"
        value={themeId}
        onChange={(event) => setTheme(event.target.value)}
        data-testid="theme-selector"
      >
        {THEMES.map((theme) => (
          <option key={theme.id} value={theme.id}>
            {`${theme.name} ${t(theme.desc)}`}
          </option>
        ))}
      </select>
    </div>
  );
}
