// Anti-forgery (SPEC §7): a random XSRF-TOKEN cookie scripts can read, echoed back in X-XSRF-TOKEN
// on every request that changes something.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { XSRF_COOKIE, XSRF_HEADER } from '../../shared/items/items-client';

const SAFE_METHODS = new Set(['GET', 'HEAD']);
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function readToken(req: Request): string | undefined {
  const token: unknown = req.cookies?.[XSRF_COOKIE];
  return typeof token === 'string' && TOKEN_PATTERN.test(token) ? token : undefined;
}

/** Gives every visitor without a valid token a new one. */
export function issueXsrfCookie(req: Request, res: Response, next: NextFunction): void {
  if (!readToken(req)) {
    res.cookie(XSRF_COOKIE, randomBytes(32).toString('base64url'), {
      path: '/',
      sameSite: 'lax',
      secure: req.secure,
      // Readable by scripts on purpose: the client copies it into the header.
      httpOnly: false,
    });
  }
  next();
}

/** 403 for a request that is not GET or HEAD without a header equal to the cookie. */
export function requireXsrfToken(req: Request, res: Response, next: NextFunction): void {
  if (SAFE_METHODS.has(req.method)) return next();
  const cookie = readToken(req);
  const header = req.get(XSRF_HEADER);
  const valid =
    cookie !== undefined &&
    header !== undefined &&
    header.length === cookie.length &&
    timingSafeEqual(Buffer.from(header), Buffer.from(cookie));
  if (!valid) {
    res.status(403).json({ error: 'forbidden', message: `Missing or wrong ${XSRF_HEADER} header.` });
    return;
  }
  next();
}
