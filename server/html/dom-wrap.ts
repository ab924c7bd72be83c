// Wrapping an element of prepared article HTML in a <div>, where the HTML content model allows one.
import { Element } from 'domhandler';
import { appendChild, replaceElement } from 'domutils';

// Parents where a <div> may stand in for a heading or a <pre> (not <summary>, <hgroup>, <dt>, <a> …).
const FLOW_PARENTS = new Set([
  'div',
  'section',
  'article',
  'aside',
  'nav',
  'main',
  'header',
  'footer',
  'blockquote',
  'li',
  'dd',
  'td',
  'th',
  'details',
  'figure',
]);

export function acceptsDiv(element: Element): boolean {
  const parent = element.parent;
  return !parent || !(parent instanceof Element) || FLOW_PARENTS.has(parent.name);
}

/** Puts `element` in a new <div class="…">, where it stood. */
export function wrapInDiv(element: Element, className: string): Element {
  const wrapper = new Element('div', { class: className });
  replaceElement(element, wrapper);
  appendChild(wrapper, element);
  return wrapper;
}
