// Anti-forgery (SPEC §7): a random XSRF-TOKEN cookie scripts can read, echoed back in X-XSRF-TOKEN
// on every request that changes something.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { serialize } from 'cookie';
import type { NextFunction, Request, Response } from 'express';
import { XSRF_COOKIE, XSRF_HEADER } from '../../shared/items/xsrf';
import { createRandomToken } from '../security';

const SAFE_METHODS = new Set(['GET', 'HEAD']);
// 32 random bytes in base64url; anything else in the cookie is ignored (and replaced).
const TOKEN_IN_COOKIES = new RegExp(`(?:^|;\\s*)${XSRF_COOKIE}=([A-Za-z0-9_-]{43})(?:;|$)`);

/** The visitor's token, read from the raw Cookie header (works before any cookie parser). */
function readToken(req: IncomingMessage): string | undefined {
  const header = req.headers.cookie;
  return header ? TOKEN_IN_COOKIES.exec(header)?.[1] : undefined;
}

// Readable by scripts on purpose (no HttpOnly): the client copies it into the header. The attributes
// are serialised once; the token, base64url, needs no escaping (this runs for every new visitor).
const attributesOf = (secure: boolean) => serialize(XSRF_COOKIE, '-', { path: '/', sameSite: 'lax', secure }).slice(`${XSRF_COOKIE}=-`.length);
const XSRF_ATTRIBUTES = { plain: attributesOf(false), secure: attributesOf(true) };

/** The Set-Cookie value that gives a visitor without a valid token a new one; undefined when the token is there. */
export function buildXsrfCookie(req: IncomingMessage, secure: boolean): string | undefined {
  if (readToken(req)) return undefined;
  return `${XSRF_COOKIE}=${createRandomToken(32)}${secure ? XSRF_ATTRIBUTES.secure : XSRF_ATTRIBUTES.plain}`;
}

/** Used on every answer of the Express stack; cached answers get theirs on the hot path. */
export function issueXsrfCookie(req: Request, res: Response, next: NextFunction): void {
  const cookie = buildXsrfCookie(req, req.secure);
  if (cookie) res.append('Set-Cookie', cookie);
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
