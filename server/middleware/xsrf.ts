// Anti-forgery (SPEC §7): a random XSRF-TOKEN cookie scripts can read, echoed back in X-XSRF-TOKEN
// on every request that changes something.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { XSRF_COOKIE, XSRF_HEADER } from '../../shared/items/items-client';

const SAFE_METHODS = new Set(['GET', 'HEAD']);
// 32 random bytes in base64url; anything else in the cookie is ignored (and replaced).
const TOKEN_IN_COOKIES = new RegExp(`(?:^|;\\s*)${XSRF_COOKIE}=([A-Za-z0-9_-]{43})(?:;|$)`);

/** The visitor's token, read from the raw Cookie header (works before any cookie parser). */
function readToken(req: Request): string | undefined {
  const header = req.headers.cookie;
  return header ? TOKEN_IN_COOKIES.exec(header)?.[1] : undefined;
}

/** Gives a visitor without a valid token a new one. Used on every page, cached or not. */
export function ensureXsrfCookie(req: Request, res: Response): void {
  if (readToken(req)) return;
  res.cookie(XSRF_COOKIE, randomBytes(32).toString('base64url'), {
    path: '/',
    sameSite: 'lax',
    secure: req.secure,
    // Readable by scripts on purpose: the client copies it into the header.
    httpOnly: false,
  });
}

export function issueXsrfCookie(req: Request, res: Response, next: NextFunction): void {
  ensureXsrfCookie(req, res);
  next();
}

/** 403 for a request that is not GET or HEAD without a header equal to the cookie. */
export function requireXsrfToken(req: Request, res: Response, next: NextFunction): void {
  if (SAFE_METHODS.has(req.method)) return next();
  const cookie = readToken(req);
  const header = Buffer.from(req.get(XSRF_HEADER) ?? '');
  // Compare bytes, not characters: a multi-byte header of the same length must not throw.
  const valid = cookie !== undefined && header.length === cookie.length && timingSafeEqual(header, Buffer.from(cookie));
  if (!valid) {
    res.status(403).json({ error: 'forbidden', message: `Missing or wrong ${XSRF_HEADER} header.` });
    return;
  }
  next();
}
