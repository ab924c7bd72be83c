// Preview links of hidden articles (drafts, future dates): the secret in the link is an HMAC of the
// article id under PREVIEW_SECRET, so a link opens one article only, and needs no store.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { paths } from '../../shared/paths';

/** The token of an article's preview link: 32 characters of base64url (192 bits). */
export function createPreviewToken(secret: string, id: string): string {
  return createHmac('sha256', secret).update(`article-preview\0${id}`).digest('base64url').slice(0, 32);
}

/** Whether the token is the article's; compared in constant time. */
export function isPreviewToken(secret: string, id: string, token: string): boolean {
  const expected = Buffer.from(createPreviewToken(secret, id));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The preview link of an article, absolute under SITE_URL. */
export function buildPreviewUrl(siteUrl: string, secret: string, id: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${paths.articlePreview(id, createPreviewToken(secret, id))}`;
}
