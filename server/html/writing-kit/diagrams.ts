// ```mermaid blocks drawn as inline SVG when the article is prepared, by beautiful-mermaid: pure
// JavaScript (its layout is elkjs), no DOM and no browser (decision 037). The SVG is cleaned for the
// page: no <style> (it imports a web font), no inline style, ids made unique to the diagram, colours
// left as the var(--_…) references the site's CSS defines per theme, and a name for assistive
// technologies. A diagram that cannot be drawn is shown as its source with a note.
import render from 'dom-serializer';
import type { ChildNode } from 'domhandler';
import { findAll, removeElement, textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';
import type * as BeautifulMermaid from 'beautiful-mermaid';

type Renderer = typeof BeautifulMermaid;

let renderer: Renderer | undefined;

/** Longest diagram source drawn: its layout grows faster than its size. */
export const MAX_DIAGRAM_CHARS = 8_000;
/** Most diagrams drawn in one article (each costs 20-60 ms); the rest are shown as source. */
export const MAX_DIAGRAMS = 24;

const MERMAID_FENCE = /^ {0,3}(?:`{3,}|~{3,})[ \t]*mermaid\b/m;

/** True when a Markdown text has a ```mermaid block. */
export function hasDiagramFence(markdown: string): boolean {
  return MERMAID_FENCE.test(markdown);
}

/**
 * Loads the renderer (0.5 s and 35 MB the first time): only a thread that meets a diagram pays it,
 * so the 10,000 articles indexed at start, which are never drawn there, do not.
 */
export async function loadDiagramRenderer(): Promise<void> {
  renderer ??= await import('beautiful-mermaid');
}

export class DiagramError extends Error {}

const ROUNDED = /(\d+\.\d\d)\d+/g;
const LOCAL_URL = /url\(#([\w-]+)\)/g;

/** The words of the diagram (node and edge labels), for its accessible name. */
function readDiagramWords(nodes: ChildNode[]): string {
  const words = [...new Set(findAll((element) => element.name === 'text', nodes).map((text) => textContent(text).trim()))].filter(Boolean);
  const joined = words.slice(0, 16).join(', ');
  return joined.length > 240 ? `${joined.slice(0, 239)}…` : joined;
}

/** The renderer's SVG made fit for the page: see the file's comment. `prefix` makes its ids unique. */
export function cleanDiagramSvg(svg: string, prefix: string, name: (words: string) => string): string {
  const document = parseDocument(svg, { xmlMode: true });
  for (const style of findAll((element) => element.name === 'style', document.children)) removeElement(style);
  const root = findAll((element) => element.name === 'svg', document.children)[0];
  if (!root) throw new DiagramError('no <svg> in the renderer’s output');
  for (const element of findAll(() => true, [root])) {
    for (const [attribute, value] of Object.entries(element.attribs)) {
      if (attribute === 'style' || attribute.startsWith('data-') || attribute.startsWith('on')) delete element.attribs[attribute];
      else if (attribute === 'id') element.attribs.id = `${prefix}-${value}`;
      else element.attribs[attribute] = value.replace(ROUNDED, '$1').replace(LOCAL_URL, (_, id: string) => `url(#${prefix}-${id})`);
    }
  }
  const words = readDiagramWords([root]);
  root.attribs = {
    xmlns: 'http://www.w3.org/2000/svg',
    role: 'img',
    'aria-label': name(words),
    viewBox: root.attribs.viewBox ?? '',
    width: root.attribs.width ?? '',
    height: root.attribs.height ?? '',
    class: 'diagram-svg',
  };
  return render(root, { xmlMode: 'foreign', encodeEntities: 'utf8' });
}

/** The diagram's SVG; DiagramError when the renderer is not loaded or the source cannot be drawn. */
export function drawDiagram(source: string, prefix: string, name: (words: string) => string): string {
  if (!renderer) throw new DiagramError('the diagram renderer is not loaded');
  if (source.length > MAX_DIAGRAM_CHARS) throw new DiagramError(`longer than ${MAX_DIAGRAM_CHARS} characters`);
  let svg: string;
  try {
    svg = renderer.renderMermaidSVG(source.trim());
  } catch (error) {
    throw new DiagramError(error instanceof Error ? error.message.split('\n')[0] : String(error));
  }
  return cleanDiagramSvg(svg, prefix, name);
}
