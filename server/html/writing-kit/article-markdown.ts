// The Markdown of built-in articles: markdown-it with the writing kit. Code fences with a title,
// highlighted lines, line numbers and diffs (highlighted later, in enhance.ts, for every source);
// GitHub's callouts; footnotes; math as MathML; Mermaid diagrams as SVG; table alignment as classes
// (the sanitiser drops inline styles, and the CSP would block them). Labels are in the article's
// language. What cannot be drawn is shown as source with a note, and reported with its file and line.
import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import type Renderer from 'markdown-it/lib/renderer.mjs';
import footnote from 'markdown-it-footnote';
import githubAlerts from 'markdown-it-github-alerts';
import texmath from 'markdown-it-texmath';
import { escapeHtml } from '../../../shared/escape-html';
import { drawDiagram, MAX_DIAGRAMS } from './diagrams';
import { parseFenceInfo, type FenceInfo } from './fence-info';
import { CALLOUT_TYPES, readWritingLabels, type CalloutType } from './labels';
import { typesetMath } from './math';

/** Something in an article that could not be drawn: the log names the file and the line. */
export interface RenderWarning {
  file: string;
  line: number;
  detail: string;
}

/** What a render needs beside the Markdown: passed as markdown-it's env. */
export interface ArticleRenderEnv {
  /** The article's language: the labels follow it. */
  language: string;
  file: string;
  /** Lines of the file before the Markdown (the front matter), so lines are the file's. */
  lineOffset: number;
  warnings: RenderWarning[];
  diagrams?: number;
}

function warn(env: ArticleRenderEnv | undefined, token: Token, detail: string): void {
  env?.warnings?.push({ file: env.file, line: (token.map?.[0] ?? 0) + (env.lineOffset ?? 0) + 1, detail });
}

/** <pre><code> with what enhance.ts reads back: language, highlighted lines, line numbers; in a figure under its title. */
function renderCode(content: string, info: FenceInfo): string {
  const language = /^[\w+#.-]{1,40}$/.test(info.language) ? info.language : '';
  const preAttributes = `${info.lineNumbers ? ' class="line-numbers"' : ''}${info.highlight ? ` data-highlight="${info.highlight}"` : ''}`;
  const pre = `<pre${preAttributes}><code${language ? ` class="language-${language}"` : ''}>${escapeHtml(content)}</code></pre>`;
  return info.title ? `<figure class="code-figure"><figcaption class="code-title">${escapeHtml(info.title)}</figcaption>${pre}</figure>\n` : `${pre}\n`;
}

function renderDiagramFence(token: Token, info: FenceInfo, env: ArticleRenderEnv | undefined): string {
  const labels = readWritingLabels(env?.language);
  const number = env ? (env.diagrams = (env.diagrams ?? 0) + 1) : 1;
  try {
    if (number > MAX_DIAGRAMS) throw new Error(`more than ${MAX_DIAGRAMS} diagrams in the article`);
    const svg = drawDiagram(token.content, `diagram-${number}`, (words) => labels.diagramName(info.title ?? labels.diagram, words));
    const caption = info.title ? `<figcaption class="diagram-title">${escapeHtml(info.title)}</figcaption>` : '';
    return `<figure class="diagram">${svg}${caption}</figure>\n`;
  } catch (error) {
    warn(env, token, `diagram not drawn: ${error instanceof Error ? error.message : String(error)}`);
    const note = `<p class="diagram-note">${escapeHtml(labels.diagramFailed)}</p>`;
    return `<div class="diagram-fallback">${note}${renderCode(token.content, { ...info, language: 'mermaid' })}</div>\n`;
  }
}

function renderMath(token: Token, display: boolean, env: ArticleRenderEnv | undefined): string {
  try {
    const math = typesetMath(token.content, display);
    return display ? `<div class="math-display">${math}</div>\n` : math;
  } catch (error) {
    warn(env, token, `formula not typeset: ${error instanceof Error ? error.message : String(error)}`);
    const labels = readWritingLabels(env?.language);
    const source = `<code class="math-source">${escapeHtml(display ? `$$${token.content}$$` : `$${token.content}$`)}</code>`;
    return display
      ? `<div class="math-fallback"><p class="math-note">${escapeHtml(labels.mathFailed)}</p><pre>${source}</pre></div>\n`
      : `<span class="math-fallback">${source} <small class="math-note">(${escapeHtml(labels.mathFailedShort)})</small></span>`;
  }
}

/** markdown-it's table cells carry style="text-align:…": a class says the same and passes the sanitiser. */
function alignTableCells(state: { tokens: Token[] }): void {
  for (const token of state.tokens) {
    if (token.type !== 'th_open' && token.type !== 'td_open') continue;
    const align = /text-align:(left|center|right)/.exec(token.attrGet('style') ?? '')?.[1];
    token.attrs = (token.attrs ?? []).filter(([name]) => name !== 'style');
    if (align) token.attrSet('class', `align-${align}`);
  }
}

/** Inline formulas have no line of their own: give them their paragraph's, for the log. */
function markInlineLines(state: { tokens: Token[] }): void {
  for (const token of state.tokens) {
    if (token.type !== 'inline' || !token.map) continue;
    for (const child of token.children ?? []) if (child.type.startsWith('math_')) child.map = token.map;
  }
}

function setRenderers(md: MarkdownIt): void {
  const rules: Renderer['rules'] = md.renderer.rules;
  rules.fence = (tokens, index, _options, env: ArticleRenderEnv | undefined) => {
    const token = tokens[index]!;
    const info = parseFenceInfo(md.utils.unescapeAll(token.info));
    return info.language === 'mermaid' ? renderDiagramFence(token, info, env) : renderCode(token.content, info);
  };
  rules.math_inline = (tokens, index, _options, env: ArticleRenderEnv | undefined) => renderMath(tokens[index]!, false, env);
  rules.math_inline_double = (tokens, index, _options, env: ArticleRenderEnv | undefined) => renderMath(tokens[index]!, true, env);
  rules.math_block = (tokens, index, _options, env: ArticleRenderEnv | undefined) => renderMath(tokens[index]!, true, env);
  rules.math_block_eqno = (tokens, index, _options, env: ArticleRenderEnv | undefined) => {
    const token = tokens[index]!;
    return renderMath(token, true, env).replace(/<\/div>\n$/, `<span class="math-number">(${escapeHtml(token.info)})</span></div>\n`);
  };
  rules.alert_open = (tokens, index, _options, env: ArticleRenderEnv | undefined) => {
    const { title, type } = tokens[index]!.meta as { title: string; type: string };
    const kind = (CALLOUT_TYPES as readonly string[]).includes(type) ? (type as CalloutType) : 'note';
    const label = title || readWritingLabels(env?.language).callouts[kind];
    return `<div class="markdown-alert markdown-alert-${kind}"><p class="markdown-alert-title">${escapeHtml(label)}</p>`;
  };
  rules.footnote_block_open = (_tokens, _index, _options, env: ArticleRenderEnv | undefined) =>
    `<section class="footnotes"><h2 class="footnotes-title">${escapeHtml(readWritingLabels(env?.language).footnotes)}</h2>\n<ol class="footnotes-list">\n`;
  rules.footnote_ref = (tokens, index, _options, env: ArticleRenderEnv | undefined) => {
    const { id, subId } = tokens[index]!.meta as { id: number; subId: number };
    const number = String(id + 1);
    const label = escapeHtml(readWritingLabels(env?.language).footnoteRef(number));
    return `<sup class="footnote-ref"><a href="#fn${number}" id="fnref${number}${subId > 0 ? `:${subId}` : ''}" aria-label="${label}">${number}</a></sup>`;
  };
  rules.footnote_anchor = (tokens, index, _options, env: ArticleRenderEnv | undefined) => {
    const { id, subId } = tokens[index]!.meta as { id: number; subId: number };
    const number = String(id + 1);
    const label = escapeHtml(readWritingLabels(env?.language).footnoteBack(number));
    return ` <a href="#fnref${number}${subId > 0 ? `:${subId}` : ''}" class="footnote-backref" aria-label="${label}">↩\uFE0E</a>`;
  };
}

/** A markdown-it for articles; `linkify` only where the HTML is rendered (it changes no word of the text, and neither do the rules it brings here). */
export function createArticleMarkdown({ linkify }: { linkify: boolean }): MarkdownIt {
  // Raw HTML is allowed in articles; everything still goes through the sanitiser before it is shown.
  const md = new MarkdownIt({ html: true, linkify, typographer: false });
  md.use(footnote);
  // Titles '' mean "the label in the article's language" (alert_open below); icons are added by enhance.ts.
  md.use(githubAlerts, { icons: {}, titles: Object.fromEntries(CALLOUT_TYPES.map((type) => [type, ''])) });
  // texmath finds the formulas; math.ts typesets them (the renderers below), so it needs no engine of its own.
  md.use(texmath, { engine: { renderToString: () => '' }, delimiters: 'dollars' });
  // For the HTML only: the words the index reads are the same without them.
  if (linkify) {
    md.core.ruler.push('table-alignment', alignTableCells);
    md.core.ruler.push('math-lines', markInlineLines);
  }
  setRenderers(md);
  return md;
}
