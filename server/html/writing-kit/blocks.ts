// The writing kit's part of enhance.ts, on sanitised HTML from any source: an icon beside each
// callout's label (the label says it in words; the icon only repeats it), and tables that scroll
// sideways in their own box on a phone rather than widen the page.
import { Element, type ChildNode } from 'domhandler';
import { findAll, prependChild } from 'domutils';
import { acceptsDiv, wrapInDiv } from '../dom-wrap';
import type { CalloutType } from './labels';

/** Class of the box around each table. */
export const TABLE_SCROLL_CLASS = 'table-scroll';
const MAX_DECORATED = 300;

// 16×16 line drawings in currentColor: info, light bulb, speech bubble, triangle, octagon.
const ICON_PATHS: Record<CalloutType, string[]> = {
  note: ['M8 1.5a6.5 6.5 0 1 0 0 13a6.5 6.5 0 1 0 0-13Z', 'M8 7.25v4', 'M8 4.75v.01'],
  tip: ['M5.5 11a4.75 4.75 0 1 1 5 0v1.25h-5Z', 'M6 14.5h4'],
  important: ['M1.75 2h12.5v9H7.5l-3.25 3v-3H1.75Z', 'M8 4.25v3.5', 'M8 9.5v.01'],
  warning: ['M8 1.5l6.75 12.5H1.25Z', 'M8 6v3.75', 'M8 11.75v.01'],
  caution: ['M5.1 1.5h5.8l3.6 3.6v5.8l-3.6 3.6H5.1l-3.6-3.6V5.1Z', 'M8 4.5v4.25', 'M8 11.25v.01'],
};

function createCalloutIcon(type: CalloutType): Element {
  const paths = ICON_PATHS[type].map((d) => new Element('path', { d }));
  const group = new Element('g', { fill: 'none', stroke: 'currentColor', 'stroke-width': '1.5', 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }, paths);
  for (const path of paths) path.parent = group;
  const svg = new Element('svg', { class: 'callout-icon', 'aria-hidden': 'true', focusable: 'false', width: '16', height: '16', viewBox: '0 0 16 16' }, [
    group,
  ]);
  group.parent = svg;
  return svg;
}

/** Each callout becomes a note for assistive technologies, its label led by its icon. */
export function decorateCallouts(root: ChildNode[]): void {
  const callouts = findAll((element) => element.name === 'div' && /(^|\s)markdown-alert(\s|$)/.test(element.attribs.class ?? ''), root);
  for (const callout of callouts.slice(0, MAX_DECORATED)) {
    const type = /markdown-alert-(note|tip|important|warning|caution)/.exec(callout.attribs.class ?? '')?.[1] as CalloutType | undefined;
    callout.attribs.role = 'note';
    const title = callout.children.find((child): child is Element => child instanceof Element && child.attribs.class === 'markdown-alert-title');
    if (type && title) prependChild(title, createCalloutIcon(type));
  }
}

/** Each table in a box that scrolls sideways, reachable by keyboard, so a wide one never widens the page. */
export function wrapTables(root: ChildNode[]): void {
  const tables = findAll((element) => element.name === 'table', root);
  for (const table of tables.slice(0, MAX_DECORATED)) {
    if (!acceptsDiv(table)) continue;
    wrapInDiv(table, TABLE_SCROLL_CLASS).attribs.tabindex = '0';
  }
}
