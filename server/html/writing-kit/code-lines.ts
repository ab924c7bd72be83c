// Code blocks cut into one element per line, for what is drawn per line: highlighted lines ({3,5-7}),
// line numbers (showLineNumbers, drawn by CSS counters, so never copied nor read) and the added and
// removed lines of a diff. The text stays exactly the code: each line keeps its line break.
import { readLineRanges } from './fence-info';

/** Class of each line; with is-highlighted, is-added or is-removed. */
export const CODE_LINE_CLASS = 'code-line';

const SPAN_TAG = /<span class="([^"]*)">|<\/span>/g;

/** What marks a line of a diff: a + or − in its first column (not the +++ and --- of file names). */
function readDiffMark(line: string): 'is-added' | 'is-removed' | undefined {
  if (line.startsWith('+') && !line.startsWith('+++')) return 'is-added';
  if (line.startsWith('-') && !line.startsWith('---')) return 'is-removed';
  return undefined;
}

export interface LineOptions {
  /** "3,5-7": lines to highlight. */
  highlight?: string;
  diff: boolean;
}

/**
 * `html`: the code as highlight.js writes it (escaped text and <span class="…"> only) or as escaped
 * text; `text`: the same code as plain text. Spans that run over a line break are closed at its end
 * and opened again on the next line.
 */
export function wrapCodeLines(html: string, text: string, { highlight, diff }: LineOptions): string {
  const highlighted = highlight ? readLineRanges(highlight) : new Set<number>();
  const htmlLines = html.split('\n');
  const textLines = text.split('\n');
  // The code's own last line break ends the last line, it does not open a new one.
  if (htmlLines.length > 1 && htmlLines.at(-1) === '') htmlLines.pop();
  const open: string[] = [];
  return htmlLines
    .map((line, index) => {
      const reopened = open.map((name) => `<span class="${name}">`).join('');
      for (const [tag, name] of line.matchAll(SPAN_TAG)) {
        if (name !== undefined) open.push(name);
        else if (tag === '</span>') open.pop();
      }
      const classes = [CODE_LINE_CLASS];
      if (highlighted.has(index + 1)) classes.push('is-highlighted');
      const mark = diff ? readDiffMark(textLines[index] ?? '') : undefined;
      if (mark) classes.push(mark);
      const last = index === htmlLines.length - 1;
      const end = last && !text.endsWith('\n') ? '' : '\n';
      return `<span class="${classes.join(' ')}">${reopened}${line}${'</span>'.repeat(open.length)}${end}</span>`;
    })
    .join('');
}
