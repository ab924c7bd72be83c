// The hot path: hashed assets and cached answers, served on the raw request before Express — no
// React, no compression, no middleware. It adds only what is per visitor: the XSRF cookie when
// missing, the language cookie after ?lang=, HSTS over HTTPS, this response's CSP nonce, a log line.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { buildLangCookie } from '../i18n/request-lang';
import { logCachedHit } from '../logger';
import { buildXsrfCookie } from '../middleware/xsrf';
import { HSTS, createCspNonce, isSecureRequest, type TrustProxy } from '../security';
import { serveHashedAsset, type HashedAssets } from '../static/hashed-assets';
import { addEncoding, readAcceptedEncodings, writeEncoded } from './encoded-body';
import { findCachedResponse, type CachedResponse, type ResponseCache } from './response-cache';

export interface HotPathDeps {
  assets: HashedAssets;
  responseCache: ResponseCache;
  logger: Logger;
  /** Express's compiled "trust proxy" setting: whether X-Forwarded-Proto may be believed. */
  trust: TrustProxy;
  /** Paths left to the Express stack even when cached (/www-be/ when its rate limit is on). */
  throughStack?: string;
}

/** Writes a cached answer with what is per visitor added. url: path and query as the client sent them. */
export function sendCachedResponse(req: IncomingMessage, res: ServerResponse, url: string, entry: CachedResponse, { logger, trust }: Pick<HotPathDeps, 'logger' | 'trust'>): void {
  const secure = isSecureRequest(req, trust);
  const headers = entry.headers.slice();
  const xsrfCookie = buildXsrfCookie(req, secure);
  const langCookie = buildLangCookie(req, url, secure);
  if (xsrfCookie || langCookie) headers.push('Set-Cookie', [xsrfCookie, langCookie].filter((cookie) => cookie !== undefined));
  if (secure) headers.push(...HSTS);
  logCachedHit(logger, req, res);
  const nonce = entry.nonceHeaders.length > 0 || entry.afterNonce ? createCspNonce() : undefined;
  writeEncoded(req, res, entry.status, headers, entry.body, { nonce, afterNonce: entry.afterNonce, nonceHeaders: entry.nonceHeaders });
  // Kept in the encoding of the client that filled it: the first one to prefer another has it made.
  const preferred = readAcceptedEncodings(req.headers['accept-encoding'])[0];
  if (preferred && !entry.body[preferred]) addEncoding(entry.body, preferred);
}

/** Answers the request when it is a hashed asset or a cached answer; false leaves it to the Express stack. */
export function createHotPath(deps: HotPathDeps): (req: IncomingMessage, res: ServerResponse) => boolean {
  return function serveHot(req, res) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '/';
    const queryAt = url.indexOf('?');
    if (serveHashedAsset(deps.assets, req, res, queryAt < 0 ? url : url.slice(0, queryAt))) return true;
    if (deps.throughStack && url.startsWith(deps.throughStack)) return false;
    const entry = findCachedResponse(deps.responseCache, req, url);
    if (!entry) return false;
    sendCachedResponse(req, res, url, entry, deps);
    return true;
  };
}
