// The React half of the islands: loaded on the visitor's first interaction, it hydrates each island
// the server rendered as its own root, with the props it rendered with, one per task.
import { hydrateRoot } from 'react-dom/client';
import { ISLANDS, isIslandName, islandIdPrefix } from '../shared/islands/registry';

/** Gives the main thread back between islands, so no task runs long. */
function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export async function hydrateIslands(): Promise<void> {
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
