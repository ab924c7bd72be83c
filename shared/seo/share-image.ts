// What each generated share card draws, and its URL. The URL carries a hash of what is drawn, so a
// page links the card of its current content and caches may keep that URL for ever (decision 022).
import { formatArticleDate } from '../items/format-date';
import { paths } from '../paths';
import { owner as siteOwner } from '../site/owner';

/** Size and type of every generated card: what LinkedIn, Facebook and X show large. */
export const SHARE_IMAGE = { width: 1200, height: 630, type: 'image/png' } as const;

/** Raised whenever the card's layout changes, so every card gets a new URL. */
export const SHARE_CARD_VERSION = 1;

/** The owner as every card shows them. */
export interface CardOwner {
  name: string;
  jobTitle: string;
}

export type ShareCard =
  | { kind: 'article'; id: string; title: string; date: string; tags: string[]; owner: CardOwner }
  | { kind: 'cv'; title: string; description: string; owner: CardOwner }
  | { kind: 'articles'; title: string; owner: CardOwner }
  | { kind: 'tag'; tag: string; owner: CardOwner };

const owner: CardOwner = { name: siteOwner.name, jobTitle: siteOwner.jobTitle };

/** Most characters of a title a card draws: three lines at its smallest size hold about 105 (decision 035). */
export const CARD_TITLE_MAX_CHARS = 110;
/** Most tags a card draws, and most characters of each. */
export const CARD_MAX_TAGS = 6;
export const CARD_TAG_MAX_CHARS = 28;

/** The text cut to `max` characters, ending with "…" when cut: what a card draws, whatever it is given. */
export function cutForCard(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${Array.from(text.slice(0, max)).slice(0, -1).join('').trimEnd()}…`;
}

/** An article's card: its title, date (dd/MM/yyyy, as the page shows it) and tags, cut to what the card shows. */
export function describeArticleCard(article: { id: string; title: string; date: string; tags: string[] }): ShareCard {
  return {
    kind: 'article',
    id: article.id,
    title: cutForCard(article.title, CARD_TITLE_MAX_CHARS),
    date: formatArticleDate(article.date),
    tags: article.tags.slice(0, CARD_MAX_TAGS).map((tag) => cutForCard(tag, CARD_TAG_MAX_CHARS)),
    owner,
  };
}

export function describeCvCard(): ShareCard {
  return { kind: 'cv', title: siteOwner.jobTitle, description: siteOwner.jobDescription, owner };
}

export function describeArticlesCard(): ShareCard {
  return { kind: 'articles', title: 'Articles techniques', owner };
}

export function describeTagCard(tag: string): ShareCard {
  return { kind: 'tag', tag, owner };
}

/** cyrb53: a fast 53-bit string hash (no Node crypto here: this file also runs in the browser). */
function hashString(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The hash of what a card draws, its layout version included. */
export function hashShareCard(card: ShareCard): string {
  return hashString(JSON.stringify([SHARE_CARD_VERSION, card]));
}

/** The card's path without its version. */
export function locateShareCard(card: ShareCard): string {
  switch (card.kind) {
    case 'article':
      return paths.shareArticle(card.id);
    case 'cv':
      return paths.shareCv;
    case 'articles':
      return paths.shareArticles;
    case 'tag':
      return paths.shareTag(card.tag);
  }
}

/** The path a page links: `?v=` names the content, so the answer may be cached as immutable. */
export function buildShareImagePath(card: ShareCard): string {
  return `${locateShareCard(card)}?v=${hashShareCard(card)}`;
}

/** A raster image of the article's own (not SVG: link previews do not show SVG), or none. */
export function findRasterImage(images: readonly string[]): string | undefined {
  return images.find((src) => /\.(png|jpe?g|webp|avif)(?:[?#]|$)/i.test(src));
}
