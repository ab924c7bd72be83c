// Article bodies as clean Markdown for the twins (/articles/{id}.md): the author's source when the
// built-in content has it, else the prepared HTML through turndown; every link and image absolute.
import render from 'dom-serializer';
import { type Element } from 'domhandler';
import { findAll, removeElement, textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';
import TurndownService from 'turndown';
import { toAbsoluteUrl } from '../../shared/paths';
import { HEADING_ANCHOR_CLASS, HEADING_NUMBER_CLASS } from '../../shared/items/article-markup';

/** A link or image target made absolute: site paths under SITE_URL, relative ones against the article's URL. */
export function absolutize(href: string, siteUrl: string, baseUrl: string): string {
  const trimmed = href.trim();
  if (trimmed === '' || trimmed.startsWith('#') || /^[a-z][a-z\d+.-]*:/i.test(trimmed)) return trimmed;
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return toAbsoluteUrl(siteUrl, trimmed);
  try {
    return new URL(trimmed, baseUrl).href;
  } catch {
    return trimmed;
  }
}

// An inline link or image target, a reference definition, or an HTML src/href/srcset attribute.
const INLINE_TARGET = /(!?\[[^\]\n]*\]\()(<[^>\n]*>|[^)\s]+)/g;
// Not a footnote ([^1]: text), whose text is no address.
const REFERENCE_TARGET = /^(\s{0,3}\[(?!\^)[^\]\n]+\]:\s*)(<[^>\n]*>|\S+)/;
const HTML_TARGET = /(\s(?:src|href)\s*=\s*")([^"]*)(")/gi;
const FENCE = /^\s{0,3}(`{3,}|~{3,})/;

/** The author's Markdown with its links and images made absolute; code blocks and code spans untouched. */
export function absolutizeMarkdown(markdown: string, siteUrl: string, baseUrl: string): string {
  const fix = (href: string) => (href.startsWith('<') ? `<${absolutize(href.slice(1, -1), siteUrl, baseUrl)}>` : absolutize(href, siteUrl, baseUrl));
  let fence: string | undefined;
  return markdown
    .split('\n')
    .map((line) => {
      const opening = FENCE.exec(line)?.[1];
      if (fence) {
        if (opening && opening[0] === fence[0] && opening.length >= fence.length) fence = undefined;
        return line;
      }
      if (opening) {
        fence = opening;
        return line;
      }
      // Odd pieces of a split on backtick runs are code spans.
      return line
        .split(/(`+[^`]*`+)/)
        .map((piece, index) =>
          index % 2 === 1
            ? piece
            : piece
                .replace(INLINE_TARGET, (_, opener: string, href: string) => opener + fix(href))
                .replace(REFERENCE_TARGET, (_, opener: string, href: string) => opener + fix(href))
                .replace(HTML_TARGET, (_, opener: string, href: string, closer: string) => opener + absolutize(href, siteUrl, baseUrl) + closer),
        )
        .join('');
    })
    .join('\n');
}

const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '*' });
// A <picture> says the same as its <img>: keep the image alone.
turndown.remove(['source', 'script', 'style']);

/** What the site added to the article's HTML for the page (heading numbers and links, icons) taken out, and its URLs made absolute. */
function cleanPreparedHtml(html: string, siteUrl: string, baseUrl: string): string {
  const document = parseDocument(html);
  const added = findAll((element) => {
    const classes = (element.attribs.class ?? '').split(/\s+/);
    return classes.includes(HEADING_NUMBER_CLASS) || classes.includes(HEADING_ANCHOR_CLASS) || element.name === 'svg';
  }, document.children);
  for (const element of added) removeElement(element);
  for (const element of findAll((node: Element) => Boolean(node.attribs.href || node.attribs.src), document.children)) {
    if (element.attribs.href) element.attribs.href = absolutize(element.attribs.href, siteUrl, baseUrl);
    if (element.attribs.src) element.attribs.src = absolutize(element.attribs.src, siteUrl, baseUrl);
    delete element.attribs.srcset;
  }
  return render(document.children, { encodeEntities: 'utf8' });
}

/** Sanitised (and prepared) article HTML as Markdown, URLs absolute. */
export function convertHtmlToMarkdown(html: string, siteUrl: string, baseUrl: string): string {
  return turndown.turndown(cleanPreparedHtml(html, siteUrl, baseUrl)).trim();
}

/** HTML as one line of plain text (summaries in llms.txt). */
export function convertHtmlToText(html: string): string {
  return textContent(parseDocument(html).children).replace(/\s+/g, ' ').trim();
}

// What would make Markdown of plain text: a backslash, code, emphasis and strikethrough marks, link
// brackets, an HTML tag or autolink, an entity, and a # that could open or close a heading.
const MARKDOWN_SYNTAX = /[\\`*_~[\]]|<(?=[A-Za-z/!?])|&(?=#?[A-Za-z0-9]+;)|(?<=^|\s)#/g;

/**
 * Data (a title, a tag, a summary) as Markdown text that reads as what it says: on one line, each
 * character Markdown would take as structure escaped with a backslash (CommonMark escapes any ASCII
 * punctuation so). Written after a prefix ("# ", "## ", "- [", ": "), never at the start of a line.
 * markdown-escape, the package for this, leaves the backslash itself and entities unescaped.
 */
export function escapeMarkdownText(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(MARKDOWN_SYNTAX, '\\$&');
}
