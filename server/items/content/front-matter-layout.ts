// Where things are in an article file: the line and column of each top-level front matter key, and the
// file line the Markdown body starts on. YAML parsers give values, not places; problems need places.

export interface Position {
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
}

export interface FileLayout {
  /** Each top-level key as written, where it starts. */
  keys: Map<string, Position>;
  /** The file line of the YAML's first line: gray-matter gives YAML the text right after the opening `---`, that line's end included. */
  yamlLine: number;
  /** The file line of the body's first line. */
  bodyLine: number;
  /** Where a missing key would go: the closing `---`, or the file's start. */
  end: Position;
  /** The file's lines (split on "\r?\n"), for whoever needs them next: split once a file. */
  lines: string[];
}

const DELIMITER = /^---\s*$/;
// A top-level key: a plain word, or a quoted one, then a colon.
const TOP_LEVEL_KEY = /^(?:"([^"]+)"|'([^']+)'|([^\s#:'"[\]{}-][^:#]*?))\s*:(?:\s|$)/;

export function readFileLayout(text: string): FileLayout {
  const lines = text.split(/\r?\n/);
  const keys = new Map<string, Position>();
  // gray-matter also takes a language after the opening delimiter (`---yaml`).
  if (!/^---[a-z]*\s*$/i.test(lines[0] ?? '')) return { keys, yamlLine: 1, bodyLine: 1, end: { line: 1, column: 1 }, lines };
  let close = lines.findIndex((line, at) => at > 0 && DELIMITER.test(line));
  if (close < 0) close = lines.length;
  for (let at = 1; at < close; at += 1) {
    const match = TOP_LEVEL_KEY.exec(lines[at]!);
    const key = match && (match[1] ?? match[2] ?? match[3]);
    if (key && !keys.has(key)) keys.set(key, { line: at + 1, column: 1 });
  }
  return { keys, yamlLine: 1, bodyLine: close + 2, end: { line: Math.min(close + 1, lines.length), column: 1 }, lines };
}

/** Where `needle` first appears in the given lines (1-based, from `fromLine`), at or after `after`; undefined when nowhere. */
export function findInLines(lines: string[], needle: string, fromLine: number, toLine: number, after?: Position): Position | undefined {
  for (let line = Math.max(fromLine, after?.line ?? 0); line <= Math.min(toLine, lines.length); line += 1) {
    const start = after && line === after.line ? after.column : 0;
    const at = lines[line - 1]!.indexOf(needle, start);
    if (at >= 0) return { line, column: at + 1 };
  }
  return undefined;
}
