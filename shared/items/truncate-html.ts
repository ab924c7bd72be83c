// Cuts sanitised HTML to a number of text characters without breaking markup or entities.
// Runs on both sides (list cards render on the server and on client navigation), so it relies on no DOM.

const TOKEN = /<!--[\s\S]*?-->|<\/?[A-Za-z][^>]*>|&(?:#\d+|#x[0-9A-Fa-f]+|[A-Za-z][A-Za-z0-9]*);|[^<&]+|[<&]/g;
const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

export const SUMMARY_PREVIEW_LENGTH = 300;
export const ELLIPSIS = '…';

function tagName(tag: string): string {
  return /^<\/?([A-Za-z][A-Za-z0-9-]*)/.exec(tag)?.[1]?.toLowerCase() ?? '';
}

/**
 * Keeps the first `maxChars` characters of text (an entity counts as one, a surrogate pair as one),
 * closes the elements left open and adds "…" when text was cut. Input must be well-formed
 * (it is: it comes out of the server's sanitiser).
 */
export function truncateHtml(html: string, maxChars: number = SUMMARY_PREVIEW_LENGTH): string {
  if (maxChars !== SUMMARY_PREVIEW_LENGTH) return cutHtml(html, maxChars);
  let cut = previews.get(html);
  if (cut === undefined) {
    cut = cutHtml(html, maxChars);
    if (previews.size >= MAX_PREVIEWS) previews.clear();
    previews.set(html, cut);
  }
  return cut;
}

/**
 * Cards' previews by summary: a list page cuts each of its summaries twice (its island's props, then
 * the card), and the same summaries page after page. Bounded in entries (a summary is sanitised HTML
 * of an article's first paragraph, a few hundred characters): a few MB at most (decision 069).
 */
const previews = new Map<string, string>();
const MAX_PREVIEWS = 4_096;

function cutHtml(html: string, maxChars: number): string {
  const open: string[] = [];
  let out = '';
  let count = 0;
  // Where the text budget ran out exactly: the cut goes there if any more text follows.
  let full: { length: number; open: string[] } | null = null;
  const close = (names: string[]) =>
    [...names]
      .reverse()
      .map((name) => `</${name}>`)
      .join('');
  for (const [token] of html.matchAll(TOKEN)) {
    if (token.startsWith('<!--')) continue;
    if (token.length > 1 && token.startsWith('<')) {
      const name = tagName(token);
      if (token.startsWith('</')) {
        const at = open.lastIndexOf(name);
        if (at >= 0) open.splice(at);
      } else if (!VOID_ELEMENTS.has(name) && !token.endsWith('/>')) {
        open.push(name);
      }
      out += token;
      continue;
    }
    if (full) {
      if (token.trim() === '') continue;
      return out.slice(0, full.length).trimEnd() + ELLIPSIS + close(full.open);
    }
    const units = token.startsWith('&') && token.length > 1 ? [token] : Array.from(token);
    if (count + units.length <= maxChars) {
      out += token;
      count += units.length;
      if (count === maxChars) full = { length: out.length, open: [...open] };
      continue;
    }
    return (
      out +
      units
        .slice(0, maxChars - count)
        .join('')
        .trimEnd() +
      ELLIPSIS +
      close(open)
    );
  }
  return out;
}

/** The text of an HTML fragment, for descriptions: tags dropped, common entities decoded, spaces folded. */
export function htmlToPlainText(html: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
  return (
    html
      // Blocks and line breaks part words; inline tags do not: "<code>ETag</code>," stays "ETag,".
      .replace(/<\/?(?:p|div|br|hr|li|ul|ol|dl|dt|dd|h[1-6]|pre|blockquote|table|tr|td|th|figure|figcaption|section|article)\b[^>]*>/gi, ' ')
      .replace(/<[^>]*>/g, '')
      .replace(/&(#\d+|#x[0-9A-Fa-f]+|[A-Za-z]+);/g, (entity, body: string) => {
        if (!body.startsWith('#')) return named[body] ?? entity;
        const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
      })
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** Plain text cut at a word boundary to about `maxChars`, with "…" when cut (meta descriptions). */
export function truncateText(text: string, maxChars = 160): string {
  if (text.length <= maxChars) return text;
  const cut = text.slice(0, maxChars - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return (lastSpace > maxChars * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.]+$/, '') + ELLIPSIS;
}
