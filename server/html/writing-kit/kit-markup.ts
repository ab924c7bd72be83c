// What the writing kit adds to article HTML, as the sanitiser's allow-lists: exactly the elements,
// attributes and classes the Markdown render writes (article-markdown.ts, diagrams.ts, math.ts), so
// an upstream service may send the same markup, and nothing more. SVG and MathML come with no
// script, no style, no event handler, no link and no reference outside the drawing itself.
import type sanitizeHtml from 'sanitize-html';
import { CALLOUT_TYPES } from './labels';

export const SVG_TAGS = ['svg', 'g', 'defs', 'marker', 'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'text', 'tspan', 'title', 'desc'];

// prettier-ignore
const SVG_ATTRIBUTES = [
  'fill', 'stroke', 'stroke-width', 'stroke-dasharray', 'stroke-linejoin', 'stroke-linecap', 'stroke-opacity', 'fill-opacity', 'opacity',
  'transform', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'width', 'height', 'points', 'd', 'dx', 'dy',
  'text-anchor', 'dominant-baseline', 'font-size', 'font-weight', 'font-style', 'marker-end', 'marker-start', 'marker-mid',
];

// prettier-ignore
export const MATH_TAGS = [
  'math', 'semantics', 'mrow', 'mi', 'mo', 'mn', 'ms', 'mtext', 'mspace', 'msup', 'msub', 'msubsup', 'mfrac', 'msqrt', 'mroot',
  'mover', 'munder', 'munderover', 'mtable', 'mtr', 'mtd', 'mpadded', 'mphantom', 'mstyle', 'menclose', 'mmultiscripts', 'mprescripts', 'none',
];

const MATH_ATTRIBUTES: Record<string, string[]> = {
  math: ['display', 'xmlns'],
  mo: ['stretchy', 'fence', 'separator', 'lspace', 'rspace', 'form', 'largeop', 'movablelimits', 'accent', 'symmetric', 'minsize', 'maxsize'],
  mi: ['mathvariant'],
  mn: ['mathvariant'],
  mtext: ['mathvariant'],
  mstyle: ['displaystyle', 'scriptlevel', 'mathvariant'],
  mfrac: ['linethickness'],
  mover: ['accent'],
  munder: ['accentunder'],
  munderover: ['accent', 'accentunder'],
  mtable: ['columnalign', 'rowalign', 'columnspacing', 'rowspacing', 'columnlines', 'rowlines', 'frame', 'displaystyle'],
  mtr: ['columnalign', 'rowalign'],
  mtd: ['columnalign', 'rowalign', 'columnspan', 'rowspan'],
  mspace: ['width', 'height', 'depth'],
  mpadded: ['width', 'height', 'depth', 'lspace', 'voffset'],
  menclose: ['notation'],
};

/** Elements the kit writes. */
export const KIT_TAGS = [...SVG_TAGS, ...MATH_TAGS, 'section'];

/** Attributes of the kit's elements (htmlparser2 reads HTML attribute names in lower case). */
export const KIT_ATTRIBUTES: Record<string, string[]> = {
  ...Object.fromEntries(SVG_TAGS.map((tag) => [tag, SVG_ATTRIBUTES])),
  svg: ['xmlns', 'viewbox', 'width', 'height', 'role', 'aria-label', 'class'],
  marker: [...SVG_ATTRIBUTES, 'id', 'markerwidth', 'markerheight', 'refx', 'refy', 'orient', 'viewbox', 'markerunits'],
  ...Object.fromEntries(MATH_TAGS.map((tag) => [tag, [...(MATH_ATTRIBUTES[tag] ?? []), 'class']])),
  pre: ['data-highlight'],
  a: ['id', 'aria-label'],
  li: ['id'],
  th: ['class'],
  td: ['class'],
  div: ['class'],
  p: ['class'],
  figure: ['class'],
  figcaption: ['class'],
  section: ['class'],
  ol: ['class'],
  sup: ['class'],
  small: ['class'],
  h2: ['class'],
  hr: ['class'],
};

/** Classes of the kit's elements; an element's other classes are dropped. */
export const KIT_CLASSES: Record<string, string[]> = {
  ...Object.fromEntries(MATH_TAGS.map((tag) => [tag, ['tml-*']])),
  svg: ['diagram-svg'],
  pre: ['line-numbers'],
  code: ['math-source'],
  span: ['math-fallback'],
  div: ['markdown-alert', ...CALLOUT_TYPES.map((type) => `markdown-alert-${type}`), 'diagram-fallback', 'math-display', 'math-fallback'],
  p: ['markdown-alert-title', 'diagram-note', 'math-note'],
  small: ['math-note'],
  figure: ['code-figure', 'diagram'],
  figcaption: ['code-title', 'diagram-title'],
  section: ['footnotes'],
  ol: ['footnotes-list'],
  li: ['footnote-item'],
  sup: ['footnote-ref'],
  a: ['footnote-backref'],
  hr: ['footnotes-sep'],
  h2: ['footnotes-title'],
  th: ['align-left', 'align-center', 'align-right'],
  td: ['align-left', 'align-center', 'align-right'],
};

/** Elements dropped with their content, not only their tags: what they hold is not text to show. */
export const NON_TEXT_TAGS = ['script', 'style', 'textarea', 'option', 'noscript', 'foreignobject', 'annotation-xml', 'annotation'];

// A reference to anything but the drawing's own parts (url(https://…)), or a scheme, in a presentation attribute.
const OUTSIDE_REFERENCE = /url\(\s*(?!#[\w-]+\s*\))|javascript:|expression\(|\\|@import/i;
const FOOTNOTE_ID = /^fn(?:ref)?\d{1,4}(?::\d{1,3})?$/;
const MARKER_ID = /^diagram-\d{1,3}-[\w-]{1,60}$/;
const LINE_RANGES = /^[\d,-]{1,200}$/;

type Attributes = sanitizeHtml.Attributes;

function keepIf(attribs: Attributes, name: string, pattern: RegExp): Attributes {
  if (attribs[name] === undefined || pattern.test(attribs[name])) return attribs;
  const { [name]: _dropped, ...rest } = attribs;
  return rest;
}

/** Drops what the allow-lists cannot judge by name: references out of an SVG, ids that are not the kit's, bad line ranges. */
export function filterKitAttributes(tagName: string, attribs: Attributes): Attributes {
  if (SVG_TAGS.includes(tagName)) {
    const kept = Object.fromEntries(Object.entries(attribs).filter(([, value]) => !OUTSIDE_REFERENCE.test(value)));
    return keepIf(kept, 'id', MARKER_ID);
  }
  if (tagName === 'a' || tagName === 'li') return keepIf(attribs, 'id', FOOTNOTE_ID);
  if (tagName === 'pre') return keepIf(attribs, 'data-highlight', LINE_RANGES);
  return attribs;
}
