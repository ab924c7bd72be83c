import { useId } from 'react';
import { useHydrated } from './use-hydrated';
import { useTheme } from './use-theme';

export interface ThemeSelectorProps {
  label: string;
  /** Each theme's id and what the option says (emoji and name, in the interface language). */
  options: { id: string; text: string }[];
}

/** A native select: keyboard-operable and announced by screen readers. Needs JavaScript, so hidden without it. */
export function ThemeSelector({ label, options }: ThemeSelectorProps) {
  const id = useId();
  const hydrated = useHydrated();
  const [themeId, setTheme] = useTheme();
  return (
    <div className="theme-selector" hidden={!hydrated}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <select id={id} className="form-select form-select-sm" value={themeId} onChange={(event) => setTheme(event.target.value)} data-testid="theme-selector">
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.text}
          </option>
        ))}
      </select>
    </div>
  );
}
