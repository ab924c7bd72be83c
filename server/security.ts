// Security headers. The only inline script (theme boot) and style (the site CSS) are allowed by their
// hashes: they are the same on every page, so cached pages need no per-response nonce (decision 008).
import { createHash } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { siteConfig } from '../shared/site/site-config';
import { buildThemeBootScript } from '../shared/site/themes';
import { IFRAME_HOSTS } from './html/sanitize';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** inlineCss: the one inline <style> of every page, allowed by its hash. */
export function createSecurityHeaders({ inlineCss }: { inlineCss: string }): RequestHandler[] {
  return [helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", sha256(buildThemeBootScript())],
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
  }), securityExtras];
}

/** What helmet does not set: Permissions-Policy, and HSTS when the request came over HTTPS. */
function securityExtras(req: Request, res: Response, next: NextFunction): void {
  res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
  applyTransportSecurity(req, res);
  next();
}

/** HSTS, over HTTPS only; also called for answers replayed from the response cache. */
export function applyTransportSecurity(req: Request, res: Response): void {
  if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
}

// The site uses none of these browser features.
const PERMISSIONS_POLICY = ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'interest-cohort', 'browsing-topics'].map((feature) => `${feature}=()`).join(', ');
