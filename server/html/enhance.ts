// Server-side work on sanitised article bodies: code highlighting and heading numbers with anchors.
// Done once when an article enters the cache, so the browser bundle carries no highlighter.
import render from 'dom-serializer';
import { Element, Text, type ChildNode } from 'domhandler';
import { appendChild, findAll, prependChild, textContent } from 'domutils';
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import dockerfile from 'highlight.js/lib/languages/dockerfile';
import groovy from 'highlight.js/lib/languages/groovy';
import http from 'highlight.js/lib/languages/http';
import ini from 'highlight.js/lib/languages/ini';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import kotlin from 'highlight.js/lib/languages/kotlin';
import properties from 'highlight.js/lib/languages/properties';
import python from 'highlight.js/lib/languages/python';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import { parseDocument } from 'htmlparser2';
import { acceptsDiv, wrapInDiv } from './dom-wrap';
import { decorateCallouts, wrapTables } from './writing-kit/blocks';
import { wrapCodeLines } from './writing-kit/code-lines';
import { CODE_BLOCK_CLASS, HEADING_ANCHOR_CLASS, HEADING_LINK_LABEL_ID, HEADING_NUMBER_CLASS, HEADING_WRAPPER_CLASS } from '../../shared/items/article-markup';
import { foldText } from '../../shared/items/search';

// Each brings its aliases: sh, zsh, kt, py, yml, docker, html, ts, js …
const languages = { bash, css, diff, dockerfile, groovy, http, ini, java, javascript, json, kotlin, properties, python, shell, sql, typescript, xml, yaml };
for (const [name, definition] of Object.entries(languages)) hljs.registerLanguage(name, definition);

/** The language named by a code element's class: language-x, lang-x or a bare known name. */
function readLanguage(element: Element): string | undefined {
  const classes = (element.attribs.class ?? '').split(/\s+/).filter(Boolean);
  for (const name of classes) {
    const language = name.replace(/^(language|lang)-/, '').toLowerCase();
    if (hljs.getLanguage(language)) return language;
  }
  return undefined;
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function setChildren(parent: Element, html: string): void {
  const children = parseDocument(html).children;
  for (const child of children) child.parent = parent;
  parent.children = children;
}

// Highlighting costs about 1 to 3 ms a kilobyte of code on the event loop: past these sizes a block
// stays plain escaped text, so no article holds every visitor up for long (issue 13, row 6).
/** Longest code block highlighted. */
export const MAX_HIGHLIGHTED_BLOCK_CHARS = 16_000;
/** Most code highlighted in one article, all blocks together. */
export const MAX_HIGHLIGHTED_ARTICLE_CHARS = 24_000;
/** Most headings numbered and linked: a real article has tens; the rest stay plain. */
export const MAX_NUMBERED_HEADINGS = 300;
const FOOTNOTES_TITLE_CLASS = 'footnotes-title';
/** Most code blocks given a copy-button wrapper. */
const MAX_WRAPPED_CODE_BLOCKS = 300;

function highlightCodeBlocks(root: ChildNode[]): void {
  const blocks = findAll((element) => element.name === 'code' && (element.parent as Element | null)?.name === 'pre', root);
  let budget = MAX_HIGHLIGHTED_ARTICLE_CHARS;
  for (const code of blocks) {
    const language = readLanguage(code);
    const pre = code.parent as Element;
    const byLine = Boolean(pre.attribs['data-highlight']) || /\bline-numbers\b/.test(pre.attribs.class ?? '') || language === 'diff';
    if (!language && !byLine) continue;
    const text = textContent(code);
    if (text.length > MAX_HIGHLIGHTED_BLOCK_CHARS || text.length > budget) continue;
    budget -= text.length;
    let html = language ? hljs.highlight(text, { language, ignoreIllegals: true }).value : escapeText(text);
    if (byLine) html = wrapCodeLines(html, text, { highlight: pre.attribs['data-highlight'], diff: language === 'diff' });
    setChildren(code, html);
    if (language) code.attribs.class = `hljs language-${language}`;
  }
}

/** Anchor for a heading: number and words, folded as search terms and tags are (1-2-mise-en-oeuvre). */
export function slugifyHeading(number: string, text: string): string {
  const words = foldText(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return [number.replace(/\./g, '-'), words].filter(Boolean).join('-');
}

/** Numbers h2..h6 as 1, 1.1, 1.2, 2 ... (the body's highest heading level counts as the first level). */
function numberHeadings(root: ChildNode[]): void {
  // The footnotes' heading closes the article: not a section of it.
  const headings = findAll((element) => /^h[1-6]$/.test(element.name) && element.attribs.class !== FOOTNOTES_TITLE_CLASS, root).slice(0, MAX_NUMBERED_HEADINGS);
  if (headings.length === 0) return;
  // A loop, not Math.min(...): spreading 200,000 headings overflows the call stack.
  const top = headings.reduce((lowest, heading) => Math.min(lowest, Number(heading.name[1])), 6);
  const counters: number[] = [];
  for (const heading of headings) {
    const depth = Number(heading.name[1]) - top;
    counters.length = depth + 1;
    for (let index = 0; index < depth; index += 1) counters[index] ??= 1;
    counters[depth] = (counters[depth] ?? 0) + 1;
    const number = counters.join('.');
    heading.attribs.id = slugifyHeading(number, textContent(heading));
    prependChild(heading, new Text(' '));
    prependChild(heading, new Element('span', { class: HEADING_NUMBER_CLASS }, [new Text(number)]));
  }
}

/** A chain-link icon, drawn here; decorative (the link is named by its label). */
function createLinkIcon(): Element {
  const links = [
    new Element('rect', { x: '1', y: '5.5', width: '8', height: '5', rx: '2.5' }),
    new Element('rect', { x: '7', y: '5.5', width: '8', height: '5', rx: '2.5' }),
  ];
  const group = new Element('g', { transform: 'rotate(-45 8 8)', fill: 'none', stroke: 'currentColor', 'stroke-width': '1.6' }, links);
  return new Element('svg', { 'aria-hidden': 'true', focusable: 'false', width: '16', height: '16', viewBox: '0 0 16 16' }, [group]);
}

/**
 * Gives each numbered heading a link to its own anchor, beside it rather than inside it, so the
 * heading's name stays its text. The link is named by the page's label and the heading:
 * "Lien vers la section 1.2 Mise en œuvre".
 */
function addHeadingLinks(root: ChildNode[]): void {
  const headings = findAll((element) => /^h[1-6]$/.test(element.name) && Boolean(element.attribs.id), root);
  for (const heading of headings) {
    if (!acceptsDiv(heading)) continue;
    const { id } = heading.attribs;
    const wrapper = wrapInDiv(heading, HEADING_WRAPPER_CLASS);
    appendChild(
      wrapper,
      new Element('a', { class: HEADING_ANCHOR_CLASS, href: `#${id}`, 'aria-labelledby': `${HEADING_LINK_LABEL_ID} ${id}` }, [createLinkIcon()]),
    );
  }
}

/** Puts each <pre> in a block the browser adds its copy button to (no button without JavaScript). */
function wrapCodeBlocks(root: ChildNode[]): void {
  // Each wrap searches its siblings: bounded, or thousands of blocks would cost seconds.
  const blocks = findAll((element) => element.name === 'pre', root).slice(0, MAX_WRAPPED_CODE_BLOCKS);
  for (const pre of blocks) if (acceptsDiv(pre)) wrapInDiv(pre, CODE_BLOCK_CLASS);
}

/** Highlights code blocks, numbers headings and gives them links, and marks code blocks, in sanitised HTML. */
export function enhanceArticleBody(html: string): string {
  const document = parseDocument(html);
  highlightCodeBlocks(document.children);
  numberHeadings(document.children);
  addHeadingLinks(document.children);
  wrapCodeBlocks(document.children);
  decorateCallouts(document.children);
  wrapTables(document.children);
  return render(document.children, { encodeEntities: 'utf8' });
}
