// The interface language of a request: `?lang=` when the visitor just chose, else the cookie that
// remembers the choice, else French. The server renders in it, so there is no flash of French.
import type { IncomingMessage } from 'node:http';
import { serialize } from 'cookie';
import type { NextFunction, Request, Response } from 'express';
import { DEFAULT_LANG, LANG_COOKIE, LANG_PARAM, isLang, type Lang } from '../../shared/i18n/i18n';

const LANG_IN_COOKIES = new RegExp(`(?:^|;\\s*)${LANG_COOKIE}=([a-z]{2})(?:;|$)`);
const LANG_IN_QUERY = new RegExp(`[?&]${LANG_PARAM}=([^&#]*)`);
const ONE_YEAR_S = 365 * 24 * 3600;

/** `?lang=` when it names a known language (read from the raw URL: this runs before any parser). */
function readQueryLang(url: string): Lang | undefined {
  const value = url.includes('?') ? LANG_IN_QUERY.exec(url)?.[1] : undefined;
  return isLang(value) ? value : undefined;
}

function readCookieLang(cookieHeader: string | undefined): Lang | undefined {
  const value = cookieHeader ? LANG_IN_COOKIES.exec(cookieHeader)?.[1] : undefined;
  return isLang(value) ? value : undefined;
}

/** url: the request's whole URL (path and query), as the client sent it. */
export function readRequestLang(url: string, cookieHeader: string | undefined): Lang {
  return readQueryLang(url) ?? readCookieLang(cookieHeader) ?? DEFAULT_LANG;
}

/** The Set-Cookie value that remembers a language chosen with `?lang=` for the next visits; undefined when there is nothing new to remember. */
export function buildLangCookie(req: IncomingMessage, url: string, secure: boolean): string | undefined {
  const chosen = readQueryLang(url);
  if (!chosen || chosen === readCookieLang(req.headers.cookie)) return undefined;
  return serialize(LANG_COOKIE, chosen, { path: '/', maxAge: ONE_YEAR_S, expires: new Date(Date.now() + ONE_YEAR_S * 1000), sameSite: 'lax', secure, httpOnly: true });
}

/** On every answer of the Express stack; cached pages get theirs on the hot path. */
export function rememberChosenLang(req: Request, res: Response, next: NextFunction): void {
  const cookie = buildLangCookie(req, req.originalUrl, req.secure);
  if (cookie) res.append('Set-Cookie', cookie);
  next();
}
