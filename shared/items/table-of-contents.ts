// The table of contents of a prepared article body, read from the heading markup the server wrote
// (id, number span): pure string work, so it runs the same on the server and on client navigation.
import { HEADING_NUMBER_CLASS } from './article-markup';
import { htmlToPlainText } from './truncate-html';

export interface TocEntry {
  /** The heading's anchor: 1-2-mise-en-oeuvre. */
  id: string;
  /** The heading's number as shown: 1.2. */
  number: string;
  text: string;
  children: TocEntry[];
}

const HEADING = /<h([1-6])\b([^>]*)>([\s\S]*?)<\/h\1>/gi;
const ID_ATTRIBUTE = /\sid="([^"]+)"/;
const NUMBER_SPAN = new RegExp(`^\\s*<span class="${HEADING_NUMBER_CLASS}">([0-9.]+)</span>`);

/** Nested entries (1 > 1.1 > 1.1.1) for every numbered heading with an anchor, in document order. */
export function extractTableOfContents(html: string): TocEntry[] {
  const roots: TocEntry[] = [];
  // The open entries, one per depth: a heading goes under the nearest one less deep.
  const open: { depth: number; entry: TocEntry }[] = [];
  for (const [, , attributes, inner] of html.matchAll(HEADING)) {
    const id = ID_ATTRIBUTE.exec(attributes ?? '')?.[1];
    const number = NUMBER_SPAN.exec(inner ?? '');
    if (!id || !number?.[1]) continue;
    const entry: TocEntry = { id, number: number[1], text: htmlToPlainText((inner ?? '').slice(number[0].length)), children: [] };
    const depth = entry.number.split('.').length;
    while (open.length > 0 && (open.at(-1)?.depth ?? 0) >= depth) open.pop();
    (open.at(-1)?.entry.children ?? roots).push(entry);
    open.push({ depth, entry });
  }
  return roots;
}
