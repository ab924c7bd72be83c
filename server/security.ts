// Security headers, the same for every visitor: a page is kept and sent whole, so its policy allows
// inline scripts by their hashes, with 'strict-dynamic' for what those scripts load (no nonce:
// decision 019), and styles only from the site's own files (decision 078). HSTS goes with every
// answer of a site whose public URL is HTTPS.
import { createHash, randomFillSync } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { siteConfig } from '../shared/site/site-config';
import { IFRAME_HOSTS } from './html/sanitize';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

// Random bytes drawn in batches from the system's generator, each byte used once: a token for every
// new visitor of the items API.
const randomPool = Buffer.alloc(8192);
let randomPoolAt = randomPool.length;

/** `bytes` random bytes (at most 8 KB), base64url. */
export function createRandomToken(bytes: number): string {
  if (randomPoolAt + bytes > randomPool.length) {
    randomFillSync(randomPool);
    randomPoolAt = 0;
  }
  randomPoolAt += bytes;
  return randomPool.toString('base64url', randomPoolAt - bytes, randomPoolAt);
}

export interface SecurityHeadersOptions {
  /** Every inline script a page may carry (theme boot, islands loader, speculation rules). */
  inlineScripts: string[];
  /** SITE_URL: HSTS when it is HTTPS. */
  siteUrl: string;
  /** ITEMS_SERVICE_URL: images it names may live on its own origin, even over plain HTTP. */
  itemsServiceUrl?: string;
}

/**
 * The policy headers of every answer the application writes, as a flat list [name, value, …]: helmet's
 * (run once, on a stub: none of them depends on the request) and the Permissions-Policy. Pages, files,
 * hashed assets, redirects and errors carry the same list (decision 033).
 */
export function buildPolicyHeaders({ inlineScripts, siteUrl, itemsServiceUrl }: SecurityHeadersOptions): string[] {
  const https = siteUrl.startsWith('https:');
  const itemsOrigin = itemsServiceUrl ? [new URL(itemsServiceUrl).origin] : [];
  const policy = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // 'self' only for browsers older than CSP 3; the others ignore it beside 'strict-dynamic'.
        scriptSrc: [...new Set(inlineScripts.map(sha256)), "'strict-dynamic'", "'self'"],
        // The site's stylesheet only: no inline <style> and no style attribute (decision 078).
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'https:', ...itemsOrigin],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc: IFRAME_HOSTS.map((host) => `https://${host}`),
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'", new URL(siteConfig.webSearch.action).origin],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Only for an HTTPS site: over plain HTTP it would be ignored, or pin a local test host.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  const headers: string[] = [];
  const stub = {
    setHeader: (name: string, value: string | number) => headers.push(name, String(value)),
    removeHeader: () => undefined,
  };
  let called = false;
  policy({} as Request, stub as unknown as Response, () => {
    called = true;
  });
  if (!called) throw new Error('helmet did not set its headers synchronously');
  return [...headers, 'Permissions-Policy', PERMISSIONS_POLICY];
}

/** Sets the policy headers (buildPolicyHeaders) on every response of the Express stack. */
export function createSecurityHeaders(headers: readonly string[]): RequestHandler {
  return (_req, res, next) => {
    for (let at = 0; at < headers.length; at += 2) res.setHeader(headers[at]!, headers[at + 1]!);
    next();
  };
}

/**
 * For images: any origin may embed them (Cross-Origin-Resource-Policy: cross-origin). The site's
 * `same-origin` would blank them in a feed read in a web reader and in link previews (decision 033).
 */
export function allowEmbedding(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  next();
}

/** Decides whether a proxy's address is trusted (Express's compiled "trust proxy fn"). */
export type TrustProxy = (address: string, hop: number) => boolean;

/**
 * Whether the client reached us over HTTPS: TLS here, or X-Forwarded-Proto from a trusted proxy —
 * what Express's req.secure says, for the raw requests of the hot path.
 */
export function isSecureRequest(req: IncomingMessage, trust: TrustProxy): boolean {
  const encrypted = Boolean((req.socket as TLSSocket).encrypted);
  if (!trust(req.socket.remoteAddress ?? '', 0)) return encrypted;
  const header = req.headers['x-forwarded-proto'] as string | string[] | undefined;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return encrypted;
  return value.split(',')[0]!.trim() === 'https';
}

// The site uses none of these browser features.
const PERMISSIONS_POLICY = ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'interest-cohort', 'browsing-topics']
  .map((feature) => `${feature}=()`)
  .join(', ');
