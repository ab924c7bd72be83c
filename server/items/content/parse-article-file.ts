// One Markdown file with YAML front matter → one article, or an error naming the file and the field.
import matter from 'gray-matter';
import yaml from 'js-yaml';
import type Token from 'markdown-it/lib/token.mjs';
import { z } from 'zod';
import { isValidArticleId } from '../../../shared/items/items-reader';
import type { Article } from '../../../shared/items/types';
import { createArticleMarkdown, type ArticleRenderEnv, type RenderWarning } from '../../html/writing-kit/article-markdown';
import { parseFenceInfo } from '../../html/writing-kit/fence-info';
import { isIsoDate } from '../iso-date';

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

const frontMatterSchema = z
  .object({
    id: z
      .union([z.string(), z.number().int().nonnegative()])
      .transform(String)
      .refine(isValidArticleId, { error: 'must be letters, digits, ".", "_", "~" or "-" (at most 128)' }),
    title: z.string().trim().min(1, { error: 'must not be empty' }),
    date: isoDate,
    updated: plainDate.optional(),
    language: z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, { error: 'must be a language code such as fr or en' }),
    tags: z.array(z.union([z.string(), z.number()]).transform(String)).default([]),
    images: stringList.optional(),
    image: z.string().min(1).optional(),
    summary: z.string().trim().min(1, { error: 'must not be empty' }),
    draft: z.boolean({ error: 'must be true or false' }).default(false),
    series: z.string().trim().min(1, { error: 'must not be empty' }).max(200).optional(),
    seriesOrder: z.number({ error: 'must be a whole number' }).int({ error: 'must be a whole number' }).min(1, { error: 'must be at least 1' }).optional(),
  })
  .superRefine((meta, context) => {
    if (meta.updated && meta.updated < meta.date.slice(0, 10))
      context.addIssue({ code: 'custom', path: ['updated'], message: `${meta.updated} is before the date ${meta.date}` });
    if (meta.seriesOrder !== undefined && !meta.series) context.addIssue({ code: 'custom', path: ['seriesOrder'], message: 'needs a series' });
  });

export class ContentFileError extends Error {
  constructor(
    readonly file: string,
    readonly field: string,
    readonly detail: string,
  ) {
    super(`${file}: ${field}: ${detail}`);
    this.name = 'ContentFileError';
  }
}

// Front matter is data: gray-matter would evaluate "---js" front matter, so refuse it.
function refuseCode(): never {
  throw new Error('executable front matter is not allowed, use YAML');
}

// The JSON schema of YAML keeps dates as the strings written, so they can be checked as written.
const parseYaml = (text: string): object => (yaml.load(text, { schema: yaml.JSON_SCHEMA }) as object | null | undefined) ?? {};

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
  text: ArticleText;
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

/** Parses one article file's text; throws ContentFileError naming the field at fault. */
export function parseArticleSource(file: string, text: string, { renderBody = true }: { renderBody?: boolean } = {}): ParsedArticle {
  let parsed: matter.GrayMatterFile<string>;
  try {
    // Passing options also turns off gray-matter's cache, so a reload reads the file anew.
    parsed = matter(text, { engines: { yaml: parseYaml, js: refuseCode, javascript: refuseCode } });
  } catch (error) {
    throw new ContentFileError(file, 'front matter', `invalid YAML (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
  }
  const result = frontMatterSchema.safeParse(parsed.data);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ContentFileError(file, issue?.path.join('.') || 'front matter', issue?.message ?? 'invalid');
  }
  const meta = result.data;
  const env: ArticleRenderEnv = { language: meta.language, file, lineOffset: countLinesBefore(text, parsed.content), warnings: [] };
  const tokens = (renderBody ? markdown : markdownForText).parse(parsed.content, env);
  const summaryTokens = markdown.parseInline(meta.summary, {});
  // In this order: the items API answers the fields in the order they come (wire-format.ts).
  const article: Article = {
    id: meta.id,
    title: meta.title,
    date: meta.date,
    language: meta.language,
    tags: meta.tags,
    images: meta.images ?? (meta.image ? [meta.image] : []),
    summary: markdown.renderer.render(summaryTokens, markdown.options, {}),
    body: renderBody ? markdown.renderer.render(tokens, markdown.options, env) : '',
    ...(meta.updated ? { updated: meta.updated } : {}),
    ...(meta.series ? { series: meta.series } : {}),
  };
  return {
    article,
    draft: meta.draft,
    ...(meta.seriesOrder !== undefined ? { seriesOrder: meta.seriesOrder } : {}),
    text: { ...textOf(tokens), summary: summaryTokens.map(inlineText).join(' ') },
    warnings: env.warnings,
  };
}

/** Parses one article file's text into the article; throws ContentFileError naming the field at fault. */
export function parseArticleFile(file: string, text: string): Article {
  return parseArticleSource(file, text).article;
}
