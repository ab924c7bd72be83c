// Every article passes here once on its way into the cache, whichever source it came from.
// The work is bounded: a hostile body of megabytes or of 200,000 elements would otherwise hold the
// event loop, and every visitor, for seconds (issue 13, row 6; docs/decisions/021).
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { LRUCache } from 'lru-cache';
import type { Article, ArticleSummary } from '../../shared/items/types';
import type { ImageCatalog } from '../images/image-catalog';
import { enhanceArticleBody } from './enhance';
import { rewriteResponsiveImages } from './responsive-images';
import { sanitizeArticleHtml } from './sanitize';

/** Longest article body kept, in characters; a real one is tens of kilobytes. */
export const MAX_BODY_CHARS = 512 * 1024;
/** Most elements (start tags) of a body kept: sanitising costs about 12 µs an element. */
export const MAX_BODY_ELEMENTS = 3_000;
export const MAX_SUMMARY_CHARS = 16 * 1024;
export const MAX_SUMMARY_ELEMENTS = 200;

const START_TAG = /<[A-Za-z]/g;

/** The HTML cut before the start tag that passes either limit; the sanitiser closes what is left open. */
export function boundHtml(html: string, maxChars: number, maxElements: number): string {
  let end = Math.min(html.length, maxChars);
  let elements = 0;
  START_TAG.lastIndex = 0;
  for (let match = START_TAG.exec(html); match && match.index < end; match = START_TAG.exec(html)) {
    elements += 1;
    if (elements > maxElements) end = match.index;
  }
  if (end === html.length) return html;
  // Not in the middle of a tag.
  const lastOpen = html.lastIndexOf('<', end - 1);
  if (lastOpen > html.lastIndexOf('>', end - 1)) end = lastOpen;
  return html.slice(0, end);
}

export function prepareSummary<T extends ArticleSummary>(item: T): T {
  return { ...item, summary: sanitizeSummaryHtml(item.summary) };
}

/** A summary's HTML as prepareSummary makes it: cut, then sanitised. */
function sanitizeSummaryHtml(html: string): string {
  return sanitizeArticleHtml(boundHtml(html, MAX_SUMMARY_CHARS, MAX_SUMMARY_ELEMENTS));
}

/** Room for the sanitised summaries of some 10,000 articles (raw and sanitised text, two bytes a character). */
export const SANITISED_SUMMARIES_MAX_BYTES = 32 * 1024 * 1024;

/** prepareSummary's sanitising, remembered by the raw text. */
export interface SummarySanitiser {
  /** The sanitised HTML of a raw summary already seen, else undefined. */
  recall(html: string): string | undefined;
  /** The sanitised HTML, from memory or sanitised now (0.3-0.6 ms, whatever its size) and remembered. */
  sanitise(html: string): string;
  clear(): void;
}

/**
 * Sanitised summaries by their raw text, bounded in bytes: an items service sends the same summaries
 * in new objects on every list, and sanitize-html costs 0.3-0.6 ms a call with the article allow-lists
 * (27,000 summaries: 8-15 s of CPU).
 */
export function createSummarySanitiser(maxBytes = SANITISED_SUMMARIES_MAX_BYTES): SummarySanitiser {
  const known = new LRUCache<string, string>({
    maxSize: maxBytes,
    sizeCalculation: (value, key) => Math.max(1, (key.length + value.length) * 2 + 64),
  });
  // Known by the text as cut: a hostile summary of megabytes is neither kept whole nor sanitised whole.
  const cut = (html: string) => boundHtml(html, MAX_SUMMARY_CHARS, MAX_SUMMARY_ELEMENTS);
  return {
    recall: (html) => (html === '' ? '' : known.get(cut(html))),
    sanitise(html) {
      const bounded = cut(html);
      let sanitised = bounded === '' ? '' : known.get(bounded);
      if (sanitised === undefined) {
        sanitised = sanitizeArticleHtml(bounded);
        known.set(bounded, sanitised);
      }
      return sanitised;
    },
    clear: () => known.clear(),
  };
}

/**
 * Sanitises and enhances, giving other requests the event loop between the two steps (when run
 * inline; server/workers/ runs it off the event loop). `catalog`: the site's images, by default the
 * one the images router set.
 */
export async function prepareArticle(article: Article, catalog?: ImageCatalog): Promise<Article> {
  const body = sanitizeArticleHtml(boundHtml(article.body, MAX_BODY_CHARS, MAX_BODY_ELEMENTS));
  await yieldToEventLoop();
  const prepared = prepareSummary(article);
  await yieldToEventLoop();
  return { ...prepared, body: rewriteResponsiveImages(enhanceArticleBody(body), catalog) };
}
