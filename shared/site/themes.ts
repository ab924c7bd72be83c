// The four colour themes (SPEC §3 Theme) and the rule that picks one from what was stored.

export type BsTheme = 'light' | 'dark';

export interface Theme {
  id: ThemeId;
  /** An emoji, shown in the theme selector. */
  name: string;
  /** i18n key of the description. */
  desc: string;
  /** Bootstrap 5.3 colour mode, set as data-bs-theme on <html>. */
  bsTheme: BsTheme;
  /** CSS class on <html> that carries the theme's accents. */
  lbeTheme: string;
}

export const THEME_IDS = ['day_mode', 'night_mode', 'halloween', 'green'] as const;
export type ThemeId = (typeof THEME_IDS)[number];

export const DEFAULT_THEME_ID: ThemeId = 'day_mode';
/** localStorage key (SPEC §9). */
export const THEME_STORAGE_KEY = 'theme';

export const THEMES: readonly Theme[] = [
  { id: 'day_mode', name: '☀️', desc: 'THEME.DAY_MODE', bsTheme: 'light', lbeTheme: 'theme-day' },
  { id: 'night_mode', name: '🌙', desc: 'THEME.NIGHT_MODE', bsTheme: 'dark', lbeTheme: 'theme-night' },
  { id: 'halloween', name: '🎃', desc: 'THEME.HALLOWEEN', bsTheme: 'dark', lbeTheme: 'theme-halloween' },
  { id: 'green', name: '🌿', desc: 'THEME.GREEN', bsTheme: 'light', lbeTheme: 'theme-green' },
];

/** A stored value that is missing or unknown falls back to day_mode (SPEC §5). */
export function resolveTheme(stored: string | null | undefined): Theme {
  return THEMES.find((theme) => theme.id === stored) ?? (THEMES[0] as Theme);
}

/** Class the boot script puts on <html>: controls that need JavaScript show from the first paint (no layout shift when they hydrate), and stay hidden without it. */
export const SCRIPTED_CLASS = 'js';

/**
 * Inline script run in <head> before the first paint, so the stored theme shows without a flash.
 * Generated from THEMES so it cannot drift from resolveTheme. It also quiets the page loads' skipped
 * cross-fades (styles.css's @view-transition), before the page is first shown as `pagereveal` needs,
 * and those Chromium aborts without handing them to the page.
 */
export function buildThemeBootScript(): string {
  const table = Object.fromEntries(THEMES.map((theme) => [theme.id, [theme.bsTheme, theme.lbeTheme]]));
  return (
    `(function(){var t=${JSON.stringify(table)},d=${JSON.stringify(DEFAULT_THEME_ID)},s;` +
    `try{s=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)})}catch(e){}` +
    `var v=Object.prototype.hasOwnProperty.call(t,s)?s:d,e=document.documentElement;e.setAttribute('data-bs-theme',t[v][0]);` +
    `e.setAttribute('data-theme',v);e.classList.add(t[v][1],${JSON.stringify(SCRIPTED_CLASS)});` +
    // A page load's cross-fade that the browser skips (a second click before it starts, a hidden tab) rejects
    // the promises of its ViewTransition, which no code holds: uncaught errors in the console otherwise.
    `function q(n){var x=n.viewTransition;if(x)[x.ready,x.finished,x.updateCallbackDone].forEach(function(p){if(p)p.catch(function(){})})}` +
    `addEventListener('pageswap',q);addEventListener('pagereveal',q);` +
    // Chromium also aborts a cross-fade it never hands to the page ("Page already revealed": a navigation
    // while the page is still being shown), so that one is recognised where it surfaces. Nothing else is hidden.
    `addEventListener('unhandledrejection',function(e){var r=e.reason;` +
    `if(r&&r.name==='InvalidStateError'&&/^Transition was aborted/.test(r.message))e.preventDefault()})})();`
  );
}
