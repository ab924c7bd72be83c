// Shift+/ focuses the top bar's search box (SPEC §2 Shell), unless the visitor is typing elsewhere.
// Plain DOM code: the site search island listens with it, and the islands entry until it is hydrated.
import { SITE_SEARCH_INPUT_ID } from '../paths';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export function focusOnShortcut(event: KeyboardEvent): void {
  // Shift+/ is "?" on most layouts; the physical key is named Slash.
  const isShortcut = event.shiftKey && (event.key === '?' || event.key === '/' || event.code === 'Slash');
  if (!isShortcut || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
  const input = document.getElementById(SITE_SEARCH_INPUT_ID);
  if (!(input instanceof HTMLInputElement)) return;
  event.preventDefault();
  // On a narrow screen the box is inside the closed menu: open it first, or there is nothing to focus.
  const menu = input.closest<HTMLElement>('[popover]');
  if (menu && input.getClientRects().length === 0 && !menu.matches(':popover-open')) menu.showPopover();
  input.focus();
  input.select();
}
