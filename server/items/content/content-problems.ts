// What is wrong in a content file, as data: a kind to act on (tests, the dev overlay, `npm run check`),
// where it is (1-based line and column in the file), and a message for people.
import path from 'node:path';
import type { LinkProblem } from './article-links';

export type ContentProblemKind =
  /** The file cannot be read from disk. */
  | 'unreadable'
  /** The worker thread analysing it failed (not the file's fault); the next change retries. */
  | 'analysis-failed'
  /** The front matter is not YAML, or is code. */
  | 'front-matter-syntax'
  /** A key the front matter does not know (a typo such as `drafts:`). */
  | 'unknown-key'
  | 'missing-field'
  | 'invalid-field'
  | 'invalid-date'
  | 'invalid-language'
  /** Another file already has this id. */
  | 'duplicate-id'
  /** A link to an article, a tag or a site page that does not exist. */
  | 'broken-link'
  /** A link to a heading that the article does not have. */
  | 'broken-anchor'
  /** A local image that is not in public/. */
  | 'missing-image'
  | 'image-without-alt'
  /** Two articles of one language share a `translationKey` (decision 040). */
  | 'translation-conflict'
  /** An alias that is a live id, or that two articles claim (decision 040). */
  | 'alias-conflict'
  /** content/synonyms.yml is not YAML, or a group is not a list of two terms or more (decision 046). */
  | 'invalid-synonyms';

/** An error keeps the file's article out (its last good version serves on); a warning is only told. */
export type ContentProblemSeverity = 'error' | 'warning';

export interface ContentProblem {
  /** The file, relative to the working directory. */
  file: string;
  line: number;
  column: number;
  kind: ContentProblemKind;
  severity: ContentProblemSeverity;
  /** The front matter field at fault, or "file", "body". */
  field: string;
  /** What is wrong, naming the field. */
  message: string;
}

/** A file as problems name it: relative to the working directory when under it, else absolute. */
export function displayPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative === '' || relative.startsWith('..') || path.isAbsolute(relative) ? path.resolve(file) : relative;
}

/** `file:line:column: message`, as compilers print it (editors and terminals make it a link). */
export function formatProblem({ file, line, column, severity, message }: ContentProblem): string {
  return `${file}:${line}:${column}: ${severity === 'warning' ? 'warning: ' : ''}${message}`;
}

/** Problems in reading order: by file, then line, then column. */
export function sortProblems(problems: ContentProblem[]): ContentProblem[] {
  return [...problems].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column));
}

/** A file that cannot become an article: every error found in it. */
export class ContentFileError extends Error {
  readonly problems: ContentProblem[];

  constructor(problems: ContentProblem[]) {
    const first = problems[0];
    super(first ? `${first.file}: ${first.message}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}` : 'invalid content file');
    this.name = 'ContentFileError';
    this.problems = problems;
  }

  /** The file of the first problem. */
  get file(): string {
    return this.problems[0]?.file ?? '';
  }

  /** The field of the first problem. */
  get field(): string {
    return this.problems[0]?.field ?? 'file';
  }

  /** One problem, at the file's start unless told. */
  static of(file: string, kind: ContentProblemKind, field: string, message: string, at: { line: number; column: number } = { line: 1, column: 1 }) {
    return new ContentFileError([{ file, ...at, kind, severity: 'error', field, message }]);
  }
}

/** Conflicts between files (translations, aliases) as content problems: the file's article serves on. */
export function linkProblems(problems: readonly LinkProblem[]): ContentProblem[] {
  return problems.map(({ file, field, message }) => ({
    file,
    line: 1,
    column: 1,
    kind: field === 'aliases' ? 'alias-conflict' : 'translation-conflict',
    severity: 'error',
    field,
    message,
  }));
}
