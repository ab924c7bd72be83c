// What an article points at (links, images) and what others may point at in it (heading anchors),
// read from its Markdown once when the file is analysed; checked across all articles by content-rules.ts.
import type Token from 'markdown-it/lib/token.mjs';
import { slugifyHeading } from '../../html/enhance';
import { findInLines, type Position } from './front-matter-layout';

export interface Reference extends Position {
  target: string;
}

export interface ImageReference extends Reference {
  /** The alt text; undefined for the front matter's images (share cards), which have none to give. */
  alt?: string;
}

export interface ArticleReferences {
  links: Reference[];
  images: ImageReference[];
  /** The ids the page gives its headings (server/html/enhance.ts numbers them the same way). */
  anchors: string[];
  /** Other ids the article answers to (front matter `aliases`): links to them lead to it. */
  aliases?: string[];
}

function textOfInline(token: Token): string {
  return (token.children ?? [])
    .filter((child) => child.type === 'text' || child.type === 'code_inline')
    .map((child) => child.content)
    .join('');
}

function decodeSafely(target: string): string {
  try {
    return decodeURI(target);
  } catch {
    return target;
  }
}

/** Heading anchors as the page will have them: numbered from the body's highest level (1, 1.1, 2 …). */
function readAnchors(tokens: Token[]): string[] {
  const headings: { level: number; text: string }[] = [];
  tokens.forEach((token, at) => {
    if (token.type === 'heading_open') headings.push({ level: Number(token.tag.slice(1)), text: textOfInline(tokens[at + 1]!) });
  });
  const top = headings.reduce((lowest, heading) => Math.min(lowest, heading.level), 6);
  const counters: number[] = [];
  return headings.map(({ level, text }) => {
    const depth = level - top;
    counters.length = depth + 1;
    for (let index = 0; index < depth; index += 1) counters[index] ??= 1;
    counters[depth] = (counters[depth] ?? 0) + 1;
    return slugifyHeading(counters.join('.'), text);
  });
}

/**
 * The links and images of parsed Markdown, each where it is written in the file. `lines` are the file's,
 * `bodyLine` the file line of the body's first line (token maps count from the body).
 */
export function readReferences(tokens: Token[], lines: string[], bodyLine: number): ArticleReferences {
  const links: Reference[] = [];
  const images: ImageReference[] = [];
  for (const token of tokens) {
    if (token.type !== 'inline' || !token.children || !token.map) continue;
    const from = token.map[0] + bodyLine;
    const to = token.map[1] + bodyLine - 1;
    let after: Position | undefined;
    for (const child of token.children) {
      const target = child.type === 'link_open' ? child.attrGet('href') : child.type === 'image' ? child.attrGet('src') : null;
      // Autolinks and bare URLs (linkify) are external: nothing to check.
      if (target === null || child.markup === 'linkify' || child.markup === 'autolink') continue;
      // markdown-it percent-encodes targets ("é" → "%C3%A9"): look for them as written too.
      const written = decodeSafely(target);
      const found =
        findInLines(lines, `](${written}`, from, to, after) ??
        findInLines(lines, `](${target}`, from, to, after) ??
        findInLines(lines, written, from, to, after);
      const at = found
        ? { line: found.line, column: found.column + (lines[found.line - 1]!.startsWith('](', found.column - 1) ? 2 : 0) }
        : { line: from, column: 1 };
      if (found) after = { line: found.line, column: found.column };
      if (child.type === 'image') images.push({ target, ...at, alt: child.content.trim() });
      else links.push({ target, ...at });
    }
  }
  return { links, images, anchors: readAnchors(tokens) };
}
