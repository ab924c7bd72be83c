// One Markdown file with YAML front matter → one article, or an error naming every problem of its
// front matter, each at its line and column.
import matter from 'gray-matter';
import yaml from 'js-yaml';
import type Token from 'markdown-it/lib/token.mjs';
import { z } from 'zod';
import { isValidArticleId } from '../../../shared/items/items-reader';
import type { Article } from '../../../shared/items/types';
import { LANGS } from '../../../shared/i18n/langs';
import { closest, distance } from 'fastest-levenshtein';
import { createArticleMarkdown, type ArticleRenderEnv, type RenderWarning } from '../../html/writing-kit/article-markdown';
import { parseFenceInfo } from '../../html/writing-kit/fence-info';
import { isIsoDate } from '../iso-date';
import { ContentFileError, type ContentProblem, type ContentProblemKind } from './content-problems';
import { readReferences, type ArticleReferences } from './content-references';
import { readFileLayout, type FileLayout } from './front-matter-layout';

const markdown = createArticleMarkdown({ linkify: true });
// The body's words for the index only: linkify changes no text there, and its scan was a quarter of a file's analysis.
const markdownForText = createArticleMarkdown({ linkify: false });

/** A date that exists in the calendar: YAML and Date.parse would turn 2026-02-30 into 2 March. */
function toIsoDate(value: string): string | null {
  const text = value.trim();
  if (!isIsoDate(text)) return null;
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text);
  if (Number.isNaN(date.getTime())) return null;
  const [year, month, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return null;
  // A plain date stays a plain date; a date-time is written in UTC.
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : date.toISOString();
}

const isoDate = z.union([z.string(), z.number()]).transform((value, context) => {
  const iso = typeof value === 'string' ? toIsoDate(value) : null;
  if (!iso) {
    context.addIssue({ code: 'custom', message: `not a date: ${JSON.stringify(value)} (expected YYYY-MM-DD)` });
    return z.NEVER;
  }
  return iso;
});

const plainDate = isoDate.refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value), { error: 'must be a date YYYY-MM-DD' });

const stringList = z.union([z.string().min(1), z.array(z.string().min(1))]).transform((value) => (Array.isArray(value) ? value : [value]));

const articleId = z
  .union([z.string(), z.number().int().nonnegative()])
  .transform(String)
  .refine(isValidArticleId, { error: 'must be letters, digits, ".", "_", "~" or "-" (at most 128)' });

/**
 * The front matter's keys, each with its rule. A key not named here is an error (a typo such as
 * `drafts: true` must not publish a draft).
 */
export const frontMatterFields = {
  id: articleId,
  title: z.string().trim().min(1, { error: 'must not be empty' }),
  date: isoDate,
  updated: plainDate.optional(),
  language: z.enum(LANGS, { error: `must be ${LANGS.join(' or ')}` }),
  tags: z.array(z.union([z.string(), z.number()]).transform(String)).default([]),
  images: stringList.optional(),
  image: z.string().min(1).optional(),
  summary: z.string().trim().min(1, { error: 'must not be empty' }),
  draft: z.boolean({ error: 'must be true or false' }).default(false),
  series: z.string().trim().min(1, { error: 'must not be empty' }).max(200).optional(),
  seriesOrder: z.number({ error: 'must be a whole number' }).int({ error: 'must be a whole number' }).min(1, { error: 'must be at least 1' }).optional(),
  // Articles sharing one key are translations of one another (Hugo's convention): article-links.ts.
  translationKey: z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(z.string().trim().min(1, { error: 'must not be empty' }).max(200))
    .optional(),
  // Former ids of the article, each answered 301 to it (article-links.ts).
  aliases: z
    .union([articleId, z.array(articleId).max(100, { error: 'at most 100 former ids' })], { error: 'must be an id or a list of ids' })
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .optional(),
};

const KNOWN_KEYS = Object.keys(frontMatterFields);

const frontMatterSchema = z.object(frontMatterFields).superRefine((meta, context) => {
  if (meta.updated && meta.updated < meta.date.slice(0, 10))
    context.addIssue({ code: 'custom', path: ['updated'], message: `${meta.updated} is before the date ${meta.date}` });
  if (meta.seriesOrder !== undefined && !meta.series) context.addIssue({ code: 'custom', path: ['seriesOrder'], message: 'needs a series' });
  if (meta.aliases?.includes(meta.id)) context.addIssue({ code: 'custom', path: ['aliases'], message: `"${meta.id}" is the article's own id` });
});

export { ContentFileError } from './content-problems';

// Front matter is data: gray-matter would evaluate "---js" front matter, so refuse it.
function refuseCode(): never {
  throw new Error('executable front matter is not allowed, use YAML');
}

// The JSON schema of YAML keeps dates as the strings written, so they can be checked as written.
const parseYamlText = (text: string): object => (yaml.load(text, { schema: yaml.JSON_SCHEMA }) as object | null | undefined) ?? {};

const matterOptions = { engines: { yaml: parseYamlText, js: refuseCode, javascript: refuseCode } };

/**
 * gray-matter's data and content of a file, with gray-matter given only the front matter when the file
 * has one: its cost grows with its input (it copies the text into a Buffer and keys a cache with it),
 * and it was a tenth of a cold start's analysis for 14 KB files (decision 071). gray-matter ends the
 * front matter at the first "\n---" after the opening "---" (the rest of that line names its language),
 * and its content starts after it, one "\r" then one "\n" dropped: the same cut here. Anything else
 * (no front matter, a BOM, "----") goes to gray-matter whole. Passing options also turns off its
 * cache, so a reload reads the file anew.
 */
export function readMatter(text: string): { data: unknown; content: string } {
  const close = text.startsWith('---') && text[3] !== '-' ? text.indexOf('\n---', 3) : -1;
  if (close < 0) return matter(text, matterOptions);
  const { data } = matter(text.slice(0, close + 4), matterOptions);
  let from = close + 4;
  if (text[from] === '\r') from += 1;
  if (text[from] === '\n') from += 1;
  return { data, content: text.slice(from) };
}

/** The closest known key to a misspelt one, when it is close enough to be what was meant. */
function suggestKey(key: string): string | undefined {
  const best = closest(
    key.toLowerCase(),
    KNOWN_KEYS.map((known) => known.toLowerCase()),
  );
  const known = KNOWN_KEYS.find((each) => each.toLowerCase() === best);
  return known && distance(key.toLowerCase(), best) <= Math.max(1, Math.floor(known.length / 3)) ? known : undefined;
}

function kindOfIssue(key: string, value: unknown): ContentProblemKind {
  if (value === undefined) return 'missing-field';
  if (key === 'date' || key === 'updated') return 'invalid-date';
  if (key === 'language') return 'invalid-language';
  return 'invalid-field';
}

/** Every front matter problem: unknown keys, then each field's; with the schema's result (parsed once: it was a tenth of a file's parse). */
function checkFrontMatter(
  file: string,
  data: Record<string, unknown>,
  layout: FileLayout,
): { problems: ContentProblem[]; result: ReturnType<typeof frontMatterSchema.safeParse> } {
  const problems: ContentProblem[] = [];
  const at = (key: string) => layout.keys.get(key) ?? layout.end;
  for (const key of Object.keys(data)) {
    if (key in frontMatterFields) continue;
    const suggestion = suggestKey(key);
    const message = `unknown key "${key}"${suggestion ? ` (did you mean "${suggestion}"?)` : ''}`;
    problems.push({ file, ...at(key), kind: 'unknown-key', severity: 'error', field: key, message });
  }
  const result = frontMatterSchema.safeParse(data);
  for (const issue of result.success ? [] : result.error.issues) {
    const key = String(issue.path[0] ?? '');
    const field = issue.path.join('.') || 'front matter';
    const kind = kindOfIssue(key, data[key]);
    const message = kind === 'missing-field' ? `${field}: is required` : `${field}: ${issue.message}`;
    problems.push({ file, ...at(key), kind, severity: 'error', field, message });
  }
  return { problems, result };
}

/** The YAML's error where the file has it: js-yaml counts from the YAML's first line, from 0. */
function yamlProblem(file: string, error: unknown, layout: FileLayout): ContentProblem {
  const mark = (error as { mark?: { line?: number; column?: number } }).mark;
  const reason = (error as { reason?: string }).reason ?? (error instanceof Error ? error.message.split('\n')[0] : String(error));
  const position = mark?.line !== undefined ? { line: mark.line + layout.yamlLine, column: (mark.column ?? 0) + 1 } : { line: 1, column: 1 };
  return { file, ...position, kind: 'front-matter-syntax', severity: 'error', field: 'front matter', message: `front matter: invalid YAML (${reason})` };
}

/** What the search index reads of an article, as plain text. */
export interface ArticleText {
  headings: string;
  summary: string;
  /** Paragraphs, lists, quotes: what snippets are cut from. */
  body: string;
  /** Code blocks: searchable, never shown in a snippet. */
  code: string;
}

export interface ParsedArticle {
  /** The article; `body` is the rendered Markdown, or '' when the body was not asked for. */
  article: Article;
  draft: boolean;
  seriesOrder?: number;
  /** Shared by the article's translations. */
  translationKey?: string;
  /** Former ids of the article. */
  aliases?: string[];
  text: ArticleText;
  /** Links, images and heading anchors, when asked for (`readRefs`). */
  refs?: ArticleReferences;
  /** What the body's render could not draw (a diagram, a formula): shown as source, to be logged. */
  warnings: RenderWarning[];
}

function inlineText(token: Token): string {
  return (token.children ?? [])
    .filter((child) => child.type === 'text' || child.type === 'code_inline')
    .map((child) => child.content)
    .join('');
}

function textOf(tokens: Token[]): Omit<ArticleText, 'summary'> {
  const headings: string[] = [];
  const body: string[] = [];
  const code: string[] = [];
  let inHeading = false;
  for (const token of tokens) {
    if (token.type === 'heading_open') inHeading = true;
    else if (token.type === 'heading_close') inHeading = false;
    else if (token.type === 'inline') (inHeading ? headings : body).push(inlineText(token));
    else if (token.type === 'fence' || token.type === 'code_block') {
      code.push(token.content);
      // A code block's title is a caption: searchable like the prose.
      const title = token.type === 'fence' ? parseFenceInfo(token.info).title : undefined;
      if (title) body.push(title);
    }
  }
  return { headings: headings.join('\n'), body: body.join('\n'), code: code.join('\n') };
}

/** Lines of the file before its Markdown body (the front matter), so that a warning names the file's line. */
function countLinesBefore(text: string, content: string): number {
  const start = text.lastIndexOf(content);
  return start <= 0 ? 0 : text.slice(0, start).split('\n').length - 1;
}

/** Parses one article file's text; throws a ContentFileError with every error found in its front matter. */
export function parseArticleSource(
  file: string,
  text: string,
  { renderBody = true, readRefs = false }: { renderBody?: boolean; readRefs?: boolean } = {},
): ParsedArticle {
  const layout = readFileLayout(text);
  let parsed: { data: unknown; content: string };
  try {
    parsed = readMatter(text);
  } catch (error) {
    throw new ContentFileError([yamlProblem(file, error, layout)]);
  }
  const data = (typeof parsed.data === 'object' && parsed.data !== null && !Array.isArray(parsed.data) ? parsed.data : {}) as Record<string, unknown>;
  const { problems, result } = checkFrontMatter(file, data, layout);
  if (problems.length > 0 || !result.success) throw new ContentFileError(problems);
  const meta = result.data;
  const env: ArticleRenderEnv = { language: meta.language, file, lineOffset: countLinesBefore(text, parsed.content), warnings: [] };
  const tokens = (renderBody ? markdown : markdownForText).parse(parsed.content, env);
  const summaryTokens = markdown.parseInline(meta.summary, {});
  const images = meta.images ?? (meta.image ? [meta.image] : []);
  // In this order: the items API answers the fields in the order they come (wire-format.ts).
  const article: Article = {
    id: meta.id,
    title: meta.title,
    date: meta.date,
    language: meta.language,
    tags: meta.tags,
    images,
    summary: markdown.renderer.render(summaryTokens, markdown.options, {}),
    body: renderBody ? markdown.renderer.render(tokens, markdown.options, env) : '',
    ...(meta.updated ? { updated: meta.updated } : {}),
    ...(meta.series ? { series: meta.series } : {}),
  };
  let refs: ArticleReferences | undefined;
  if (readRefs) {
    refs = readReferences(tokens, layout.lines, layout.bodyLine);
    const imagesAt = layout.keys.get(meta.images ? 'images' : 'image') ?? layout.end;
    refs.images.unshift(...images.map((target) => ({ target, ...imagesAt })));
    if (meta.aliases?.length) refs.aliases = [...new Set(meta.aliases)];
  }
  return {
    article,
    draft: meta.draft,
    ...(meta.seriesOrder !== undefined ? { seriesOrder: meta.seriesOrder } : {}),
    ...(meta.translationKey !== undefined ? { translationKey: meta.translationKey } : {}),
    ...(meta.aliases?.length ? { aliases: [...new Set(meta.aliases)] } : {}),
    text: { ...textOf(tokens), summary: summaryTokens.map(inlineText).join(' ') },
    ...(refs ? { refs } : {}),
    warnings: env.warnings,
  };
}

/** The links and images of a file's body alone, whatever its front matter (for a file refused for it). */
export function readBodyReferences(text: string): ArticleReferences {
  const layout = readFileLayout(text);
  const lines = layout.lines;
  return readReferences(markdownForText.parse(lines.slice(layout.bodyLine - 1).join('\n'), {}), lines, layout.bodyLine);
}

/** Parses one article file's text into the article; throws ContentFileError naming the field at fault. */
export function parseArticleFile(file: string, text: string): Article {
  return parseArticleSource(file, text).article;
}
