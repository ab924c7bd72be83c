// Security headers. Scripts run by a per-response nonce ('strict-dynamic': what they load is trusted
// too); the theme boot script and the inlined CSS, the same on every page, are also allowed by hash.
// Cached pages get a new nonce on every response (decision 018).
import { createHash, randomFillSync } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { siteConfig } from '../shared/site/site-config';
import { buildThemeBootScript } from '../shared/site/themes';
import { IFRAME_HOSTS } from './html/sanitize';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

// Random bytes drawn in batches from the system's generator, each byte used once: the hot path asks
// for a nonce on every page and a token for every new visitor.
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

/** 128 random bits: a new CSP nonce. */
export function createCspNonce(): string {
  return createRandomToken(16);
}

/** The nonce of this response, set by the first middleware of the stack (assignCspNonce). */
export function readCspNonce(res: Response): string {
  return (res.locals as { cspNonce: string }).cspNonce;
}

function assignCspNonce(_req: Request, res: Response, next: NextFunction): void {
  (res.locals as { cspNonce: string }).cspNonce = createCspNonce();
  next();
}

/** inlineCss: the one inline <style> of every page, allowed by its hash. */
export function createSecurityHeaders({ inlineCss }: { inlineCss: string }): RequestHandler[] {
  return [
    assignCspNonce,
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // 'self' only for browsers older than CSP 3; the others ignore it beside 'strict-dynamic'.
          scriptSrc: [(_req, res) => `'nonce-${readCspNonce(res as Response)}'`, "'strict-dynamic'", sha256(buildThemeBootScript()), "'self'"],
          styleSrc: ["'self'", sha256(inlineCss)],
          imgSrc: ["'self'", 'data:', 'https:'],
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
      // Sent below, and only over HTTPS: over plain HTTP it would be ignored, or pin a local test host.
      strictTransportSecurity: false,
    }),
    securityExtras,
  ];
}

/** What helmet does not set: Permissions-Policy, and HSTS when the request came over HTTPS. */
function securityExtras(req: Request, res: Response, next: NextFunction): void {
  res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
  if (req.secure) res.setHeader(HSTS[0], HSTS[1]);
  next();
}

/** HSTS, sent over HTTPS only: by the stack above, and by the hot path for cached answers. */
export const HSTS = ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as const;

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
const PERMISSIONS_POLICY = ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'interest-cohort', 'browsing-topics'].map((feature) => `${feature}=()`).join(', ');
