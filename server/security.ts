// Security headers. The only inline script is the theme boot script: allowed by its hash.
import { createHash } from 'node:crypto';
import helmet from 'helmet';
import { siteConfig } from '../shared/site/site-config';
import { buildThemeBootScript } from '../shared/site/themes';
import { IFRAME_HOSTS } from './html/sanitize';

const themeScriptHash = `'sha256-${createHash('sha256').update(buildThemeBootScript()).digest('base64')}'`;

export function createSecurityHeaders() {
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", themeScriptHash],
        styleSrc: ["'self'"],
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
