import { useId } from 'react';
import { useTheme } from './use-theme';

export interface ThemeSelectorProps {
  label: string;
  /** Each theme's id and what the option says (emoji and name, in the interface language). */
  options: { id: string; text: string }[];
}

/**
 * A native select: keyboard-operable and announced by screen readers. It needs JavaScript: the CSS
 * hides it on a page where scripts do not run (no `js` class on <html>), and shows it from the first
 * paint where they do, so hydrating it moves nothing.
 */
export function ThemeSelector({ label, options }: ThemeSelectorProps) {
  const id = useId();
  const [themeId, setTheme] = useTheme();
  return (
    <div className="theme-selector needs-script">
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
      {/* Bootstrap's chevron, drawn here: as a data-URI background it costs an SVG document of its own in every page's first layout. */}
      <svg className="theme-selector-chevron" aria-hidden="true" focusable="false" width="16" height="12" viewBox="0 0 16 16">
        <path fill="none" stroke="currentColor" strokeLinecap="round" strokeLinejoin="round" strokeWidth="2" d="m2 5 6 6 6-6" />
      </svg>
    </div>
  );
}
