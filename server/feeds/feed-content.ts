// An article's prepared body as a feed reader gets it with FEED_FULL_CONTENT=true: the sanitised HTML
// with every URL absolute (a reader has no page to resolve them against) and without the page's
// heading link icons, which point at anchors the reader does not have.
import render from 'dom-serializer';
import type { Element } from 'domhandler';
import { findAll, removeElement } from 'domutils';
import { parseDocument } from 'htmlparser2';
import { HEADING_ANCHOR_CLASS } from '../../shared/items/article-markup';
import { buildCanonicalUrl, paths } from '../../shared/paths';
import type { Article } from '../../shared/items/types';
import { absolutize } from '../markdown/to-markdown';

/** "a.png 1x, b.png 2x" with each URL made absolute. */
function absolutizeSrcSet(srcset: string, siteUrl: string, baseUrl: string): string {
  return srcset
    .split(',')
    .map((candidate) => {
      const [url = '', ...descriptors] = candidate.trim().split(/\s+/);
      return [absolutize(url, siteUrl, baseUrl), ...descriptors].join(' ');
    })
    .join(', ');
}

export function buildFeedContent(siteUrl: string, article: Article): string {
  const baseUrl = buildCanonicalUrl(siteUrl, paths.article(article.id));
  const document = parseDocument(article.body);
  for (const anchor of findAll((element) => (element.attribs.class ?? '').split(/\s+/).includes(HEADING_ANCHOR_CLASS), document.children))
    removeElement(anchor);
  for (const element of findAll((node: Element) => Boolean(node.attribs.href || node.attribs.src || node.attribs.srcset), document.children)) {
    const { href, src, srcset } = element.attribs;
    // An in-page anchor points into the article's own page.
    if (href) element.attribs.href = href.startsWith('#') ? `${baseUrl}${href}` : absolutize(href, siteUrl, baseUrl);
    if (src) element.attribs.src = absolutize(src, siteUrl, baseUrl);
    if (srcset) element.attribs.srcset = absolutizeSrcSet(srcset, siteUrl, baseUrl);
  }
  return render(document.children, { encodeEntities: 'utf8', emptyAttrs: true });
}
