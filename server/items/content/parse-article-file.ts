// One Markdown file with YAML front matter → one article, or an error naming the file and the field.
import matter from 'gray-matter';
import MarkdownIt from 'markdown-it';
import { z } from 'zod';
import { isValidArticleId } from '../../../shared/items/items-reader';
import type { Article } from '../../../shared/items/types';
import { isIsoDate } from '../iso-date';

// Raw HTML is allowed in articles; everything still goes through the sanitiser before it is shown.
const markdown = new MarkdownIt({ html: true, linkify: true, typographer: false });

const isoDate = z.union([z.date(), z.string()]).transform((value, context) => {
  const date = value instanceof Date ? value : new Date(isIsoDate(value.trim()) ? value.trim() : Number.NaN);
  if (Number.isNaN(date.getTime())) {
    context.addIssue({ code: 'custom', message: `not a date: ${JSON.stringify(value)} (expected YYYY-MM-DD)` });
    return z.NEVER;
  }
  // YAML turns 2024-03-12 into a Date at UTC midnight: keep it a plain date.
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
});

const stringList = z.union([z.string().min(1), z.array(z.string().min(1))]).transform((value) => (Array.isArray(value) ? value : [value]));

const frontMatterSchema = z.object({
  id: z
    .union([z.string(), z.number().int().nonnegative()])
    .transform(String)
    .refine(isValidArticleId, { error: 'must be letters, digits, ".", "_", "~" or "-" (at most 128)' }),
  title: z.string().trim().min(1, { error: 'must not be empty' }),
  date: isoDate,
  language: z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, { error: 'must be a language code such as fr or en' }),
  tags: z.array(z.union([z.string(), z.number()]).transform(String)).default([]),
  images: stringList.optional(),
  image: z.string().min(1).optional(),
  summary: z.string().trim().min(1, { error: 'must not be empty' }),
});

export class ContentFileError extends Error {
  constructor(
    readonly file: string,
    readonly field: string,
    detail: string,
  ) {
    super(`${file}: ${field}: ${detail}`);
    this.name = 'ContentFileError';
  }
}

// Front matter is data: gray-matter would evaluate "---js" front matter, so refuse it.
function refuseCode(): never {
  throw new Error('executable front matter is not allowed, use YAML');
}

/** Parses one article file's text; throws ContentFileError naming the field at fault. */
export function parseArticleFile(file: string, text: string): Article {
  let parsed: matter.GrayMatterFile<string>;
  try {
    // Passing options also turns off gray-matter's cache, so a reload reads the file anew.
    parsed = matter(text, { engines: { js: refuseCode, javascript: refuseCode } });
  } catch (error) {
    throw new ContentFileError(file, 'front matter', `invalid YAML (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
  }
  const result = frontMatterSchema.safeParse(parsed.data);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ContentFileError(file, issue?.path.join('.') || 'front matter', issue?.message ?? 'invalid');
  }
  const meta = result.data;
  return {
    id: meta.id,
    tit: meta.title,
    date_m: meta.date,
    lg: meta.language,
    tags: meta.tags,
    img: meta.images ?? (meta.image ? [meta.image] : []),
    sum: markdown.renderInline(meta.summary),
    ctn: markdown.render(parsed.content),
  };
}
