// The personal part of the About page: content/pages/about.md (French) and about.<lang>.md for the
// other interface languages, written by the owner in Markdown. Raw HTML in it is shown as text, and the
// result is sanitised like an article body: a page the owner writes cannot run script (decision 044).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import MarkdownIt from 'markdown-it';
import type { RenderRule } from 'markdown-it/lib/renderer.mjs';
import { DEFAULT_LANG, type Lang } from '../../shared/i18n/langs';
import type { AboutText } from '../../shared/page-context';
import { sanitizeArticleHtml } from '../html/sanitize';

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });
// The page has its h1 and the section its h2: the Markdown's "#" becomes an h3.
const lowerHeading: RenderRule = (tokens, index, options, _env, self) => {
  const token = tokens[index]!;
  token.tag = `h${Math.min(6, Number(token.tag.slice(1)) + 2)}`;
  return self.renderToken(tokens, index, options);
};
markdown.renderer.rules.heading_open = lowerHeading;
markdown.renderer.rules.heading_close = lowerHeading;

/** The file of one language: about.md for the default language, about.en.md for English. */
export function aboutFile(contentDir: string, lang: Lang): string {
  return path.join(contentDir, 'pages', lang === DEFAULT_LANG ? 'about.md' : `about.${lang}.md`);
}

export function renderAboutMarkdown(source: string): string {
  return sanitizeArticleHtml(markdown.render(source));
}

async function readText(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The text for one language, else the default language's (marked with its lang), else none. */
export async function loadAboutText(contentDir: string, lang: Lang): Promise<AboutText | undefined> {
  const own = await readText(aboutFile(contentDir, lang));
  if (own !== undefined && own.trim() !== '') return { html: renderAboutMarkdown(own), lang };
  if (lang === DEFAULT_LANG) return undefined;
  return loadAboutText(contentDir, DEFAULT_LANG);
}
