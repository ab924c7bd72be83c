// What a code fence's info string asks for: ```java title="Facture.java" {3,5-7} showLineNumbers
// (the syntax of Docusaurus and Expressive Code). Unknown words are ignored, never an error.

export interface FenceInfo {
  /** The first word, lower case; '' when the fence names none. */
  language: string;
  title?: string;
  /** Line ranges to highlight as written, normalised: "3,5-7". */
  highlight?: string;
  lineNumbers: boolean;
}

/** Most lines a highlight range may reach: a typo such as {1-99999999} must not build a huge set. */
export const MAX_HIGHLIGHT_LINE = 5_000;

const TITLE = /\btitle=(?:"([^"]*)"|'([^']*)')/;
const RANGES = /\{([\d\s,-]+)\}/;
const RANGE = /^(\d+)(?:-(\d+))?$/;

/** "3, 5-7" → "3,5-7"; undefined when nothing in it is a line number. */
export function normaliseRanges(text: string): string | undefined {
  const ranges = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => RANGE.test(part))
    .slice(0, 50);
  return ranges.length > 0 ? ranges.join(',') : undefined;
}

/** The set of 1-based line numbers that "3,5-7" names. */
export function readLineRanges(ranges: string): Set<number> {
  const lines = new Set<number>();
  for (const part of ranges.split(',')) {
    const match = RANGE.exec(part.trim());
    if (!match) continue;
    const from = Number(match[1]);
    const to = Math.min(Number(match[2] ?? match[1]), MAX_HIGHLIGHT_LINE);
    for (let line = from; line <= to; line += 1) lines.add(line);
  }
  return lines;
}

export function parseFenceInfo(info: string): FenceInfo {
  const text = info.trim();
  const language = /^[^\s{]+/.exec(text)?.[0]?.toLowerCase() ?? '';
  const title = TITLE.exec(text);
  const ranges = RANGES.exec(text);
  const highlight = ranges?.[1] ? normaliseRanges(ranges[1]) : undefined;
  const titleText = (title?.[1] ?? title?.[2])?.trim();
  return {
    language: language.includes('=') ? '' : language,
    ...(titleText ? { title: titleText } : {}),
    ...(highlight ? { highlight } : {}),
    lineNumbers: /(^|\s)showLineNumbers(\s|$)/.test(text),
  };
}
