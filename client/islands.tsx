// Browser entry: hydrate each island the server rendered, as its own root with the props it rendered
// with. Everything else on the page is server HTML the browser never hydrates (decision 019).
import { hydrateRoot } from 'react-dom/client';
import { ISLANDS, isIslandName, islandIdPrefix } from '../shared/islands/registry';
import { updateFilterLinks } from '../shared/islands/stored-filter';

/** Gives the main thread back between islands, so no task runs long (Total Blocking Time). */
function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function hydrateIslands(): Promise<void> {
  for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = element.dataset.island;
    const propsScript = element.nextElementSibling;
    const propsText = propsScript && propsScript.getAttribute('data-island-props') === name ? propsScript.textContent : null;
    if (!isIslandName(name) || propsText === null) continue;
    const Component = ISLANDS[name] as (props: object) => React.JSX.Element | null;
    hydrateRoot(element, <Component {...(JSON.parse(propsText) as object)} />, { identifierPrefix: islandIdPrefix(name) });
    await yieldToBrowser();
  }
}

// The menu's link to the list brings back the search stored during this visit.
updateFilterLinks();
void hydrateIslands();
