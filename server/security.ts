// Security headers. The only inline script (theme boot) and style (the site CSS) are allowed by their hashes.
import { createHash } from 'node:crypto';
import helmet from 'helmet';
import { siteConfig } from '../shared/site/site-config';
import { buildThemeBootScript } from '../shared/site/themes';
import { IFRAME_HOSTS } from './html/sanitize';


const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** inlineCss: the one inline <style> of every page, allowed by its hash. */
export function createSecurityHeaders({ inlineCss }: { inlineCss: string }) {
  return helmet({
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
    // HSTS only means something over HTTPS; the reverse proxy in front decides (docs/deploy.md).
    strictTransportSecurity: false,
  });
}
