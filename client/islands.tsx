// Browser entry, a few kilobytes: the page works as server HTML, and React (the other 70 KB) comes
// with the visitor's first interaction, then hydrates the islands (client/hydrate-islands.tsx). Until
// then the theme selector and Shift+/ work with plain DOM code, so nothing the visitor does is lost
// (decision 019).
import { focusOnShortcut } from '../shared/islands/site-search-shortcut';
import { readListQuery } from '../shared/items/list-query';
import { storeArticleFilter, updateFilterLinks } from '../shared/islands/stored-filter';
import { chooseTheme, readActiveThemeId } from '../shared/islands/theme-choice';

/** What marks a visitor's first interaction: pointer, touch, keyboard, focus or scroll. */
const INTERACTIONS = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'scroll', 'wheel'] as const;
/** Set on <html> once every island is hydrated (for tests and for curious readers). */
const HYDRATED_ATTRIBUTE = 'data-islands';

const themeSelect = () => document.querySelector<HTMLSelectElement>('[data-island="theme-selector"] select');
const onThemeChange = (event: Event) => chooseTheme((event.target as HTMLSelectElement).value);

function startHydration(): void {
  for (const type of INTERACTIONS) window.removeEventListener(type, startHydration, true);
  void import('./hydrate-islands')
    .then(({ hydrateIslands }) => hydrateIslands())
    .then(() => {
      // The islands have their own listeners now.
      document.removeEventListener('keydown', focusOnShortcut);
      themeSelect()?.removeEventListener('change', onThemeChange);
      document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, 'hydrated');
    });
}

// The list stores its search for the visit; elsewhere, the menu's link to the list brings it back.
if (document.querySelector('[data-island="article-search"]')) storeArticleFilter(readListQuery(new URLSearchParams(window.location.search)).filter);
else updateFilterLinks();
// The selector shows the theme the boot script applied, and works before React arrives.
const select = themeSelect();
if (select) {
  select.value = readActiveThemeId();
  select.addEventListener('change', onThemeChange);
}
document.addEventListener('keydown', focusOnShortcut);
for (const type of INTERACTIONS) window.addEventListener(type, startHydration, { capture: true, passive: true });
