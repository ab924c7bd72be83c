// The interface language of a request: `?lang=` when the visitor just chose, else the cookie that
// remembers the choice, else French. The server renders in it, so there is no flash of French.
import type { Request, Response } from 'express';
import { DEFAULT_LANG, LANG_COOKIE, LANG_PARAM, isLang, type Lang } from '../../shared/i18n/i18n';

const LANG_IN_COOKIES = new RegExp(`(?:^|;\\s*)${LANG_COOKIE}=([a-z]{2})(?:;|$)`);
const LANG_IN_QUERY = new RegExp(`[?&]${LANG_PARAM}=([^&#]*)`);
const ONE_YEAR_MS = 365 * 24 * 3600 * 1000;

/** `?lang=` when it names a known language (read from the raw URL: this runs before any parser). */
function readQueryLang(req: Request): Lang | undefined {
  const value = LANG_IN_QUERY.exec(req.originalUrl)?.[1];
  return isLang(value) ? value : undefined;
}

function readCookieLang(req: Request): Lang | undefined {
  const header = req.headers.cookie;
  const value = header ? LANG_IN_COOKIES.exec(header)?.[1] : undefined;
  return isLang(value) ? value : undefined;
}

export function readRequestLang(req: Request): Lang {
  return readQueryLang(req) ?? readCookieLang(req) ?? DEFAULT_LANG;
}

/** Remembers a language chosen with `?lang=` for the next visits; on cached and rendered pages alike. */
export function rememberChosenLang(req: Request, res: Response): void {
  const chosen = readQueryLang(req);
  if (!chosen || chosen === readCookieLang(req)) return;
  res.cookie(LANG_COOKIE, chosen, { path: '/', maxAge: ONE_YEAR_MS, sameSite: 'lax', secure: req.secure, httpOnly: true });
}
