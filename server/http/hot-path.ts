// The hot path: hashed assets and kept answers, served on the raw request before Express — no React,
// no compression, no middleware. A hit writes stored headers and a stored buffer; the only addition is
// the XSRF cookie on items API answers for a visitor who has none (the double-submit needs it there).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { logCachedHit } from '../logger';
import { buildXsrfCookie } from '../middleware/xsrf';
import { isSecureRequest, type TrustProxy } from '../security';
import { serveHashedAsset, type HashedAssets } from '../static/hashed-assets';
import { readRequestTarget } from './request-target';
import type { KeptAnswer, ResponseCache } from './response-cache';
import { writeSent, writeStored } from './stored-answer';

export interface HotPathDeps {
  assets: HashedAssets;
  responseCache: ResponseCache;
  logger: Logger;
  /** Express's compiled "trust proxy" setting: whether X-Forwarded-Proto may be believed (Secure cookies). */
  trust: TrustProxy;
  /** True when the items API is rate-limited: its answers then go through the Express stack. */
  itemsThroughStack: boolean;
}

/** Answers the request when it is a hashed asset or a kept answer; false leaves it to the Express stack. */
export function createHotPath(deps: HotPathDeps): (req: IncomingMessage, res: ServerResponse) => boolean {
  return function serveHot(req, res) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '/';
    const queryAt = url.indexOf('?');
    if (serveHashedAsset(deps.assets, req, res, queryAt < 0 ? url : url.slice(0, queryAt))) return true;
    if (!deps.responseCache.enabled) return false;
    // Parsed once here; the Express stack reads the same parse on a miss.
    const target = readRequestTarget(req);
    const isItemsApi = target.policy.kind === 'items-api';
    if ((isItemsApi && deps.itemsThroughStack) || target.redirectTo) return false;
    const answer = deps.responseCache.get(target.url, req.headers['accept-encoding']);
    if (!answer) return false;
    logCachedHit(deps.logger, req, res);
    sendKeptAnswer(req, res, answer, isItemsApi, deps.trust);
    return true;
  };
}

/** Writes a kept answer (once it is whole: see ResponseCache.get); items API answers carry the XSRF cookie to a visitor without one. */
export function sendKeptAnswer(req: IncomingMessage, res: ServerResponse, answer: KeptAnswer, isItemsApi: boolean, trust: TrustProxy): void {
  const cookie = isItemsApi ? buildXsrfCookie(req, isSecureRequest(req, trust)) : undefined;
  if ('encoded' in answer) {
    writeSent(req, res, answer, cookie ? ['Set-Cookie', cookie] : []);
    return;
  }
  if (!(answer instanceof Promise)) {
    writeStored(req, res, answer, cookie ? ['Set-Cookie', cookie] : []);
    return;
  }
  answer.then(
    (whole) => writeStored(req, res, whole, cookie ? ['Set-Cookie', cookie] : []),
    (error: unknown) => res.destroy(error as Error),
  );
}
