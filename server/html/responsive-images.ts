// Article bodies: each local raster <img> becomes a <picture> with AVIF and WebP sources in several
// widths and a fallback, all with width and height; a local SVG gets width and height from its
// viewBox. Images on another origin (an upstream service's) are left as they are (decision 023).
import render from 'dom-serializer';
import { Element } from 'domhandler';
import { findAll, replaceElement, appendChild } from 'domutils';
import { parseDocument } from 'htmlparser2';
import { buildSrcSet, buildVariantPath, chooseFallbackFormat, chooseWidths, FORMAT_TYPES, MODERN_FORMATS } from '../../shared/images/responsive-image';
import { EMPTY_CATALOG, type ImageCatalog } from '../images/image-catalog';

/** The body column: full width on small screens, beside the table of contents from lg (client/styles.css). */
export const ARTICLE_IMAGE_SIZES = '(min-width: 1400px) 1000px, (min-width: 992px) calc(100vw - 22rem), 100vw';

// Set by the images router when the app starts: the items cache prepares articles without the app's
// paths at hand, and its signature belongs to another part of the server.
let current: ImageCatalog = EMPTY_CATALOG;

/** The catalog that article bodies are prepared with from now on. */
export function setImageCatalog(catalog: ImageCatalog): void {
  current = catalog;
}

/** The catalog set last: worker threads get the part of it an article needs with each job. */
export function getImageCatalog(): ImageCatalog {
  return current;
}

/** A site path ("/images/a.png"), without query or fragment; undefined for another origin or a relative path. */
function toLocalPath(src: string | undefined): string | undefined {
  if (!src || !src.startsWith('/') || src.startsWith('//')) return undefined;
  try {
    return decodeURI(src.replace(/[?#].*$/, ''));
  } catch {
    return undefined;
  }
}

/** The body with its local images made responsive; unchanged when it has none. */
export function rewriteResponsiveImages(html: string, catalog: ImageCatalog = current): string {
  if (!html.includes('<img') || catalog.bySrc.size === 0) return html;
  const document = parseDocument(html);
  let changed = false;
  for (const img of findAll((element) => element.name === 'img', document.children)) {
    const image = catalog.bySrc.get(toLocalPath(img.attribs.src) ?? '');
    if (!image) continue;
    // Given sizes are the author's: the display ratio still comes from the file.
    img.attribs.width ??= String(image.width);
    img.attribs.height ??= String(Math.round((Number(img.attribs.width) / image.width) * image.height) || image.height);
    img.attribs.decoding ??= 'async';
    img.attribs.loading ??= 'lazy';
    changed = true;
    const parent = img.parent as Element | null;
    // An SVG scales by itself; an author's own <picture> or srcset is kept.
    if (image.kind === 'svg' || parent?.name === 'picture' || img.attribs.srcset) continue;
    const widths = chooseWidths(image.width);
    const fallback = chooseFallbackFormat(image.src);
    const sources = MODERN_FORMATS.map(
      (format) =>
        new Element('source', { type: FORMAT_TYPES[format], srcset: buildSrcSet(image.src, widths, format, image.version), sizes: ARTICLE_IMAGE_SIZES }),
    );
    const picture = new Element('picture', {}, sources);
    replaceElement(img, picture);
    for (const source of sources) source.parent = picture;
    img.attribs.src = buildVariantPath(image.src, widths[widths.length - 1]!, fallback, image.version);
    img.attribs.srcset = buildSrcSet(image.src, widths, fallback, image.version);
    img.attribs.sizes = ARTICLE_IMAGE_SIZES;
    appendChild(picture, img);
  }
  return changed ? render(document.children, { encodeEntities: 'utf8', emptyAttrs: true }) : html;
}
