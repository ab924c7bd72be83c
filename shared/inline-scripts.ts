// The inline scripts every page carries, built in one place: the document renders them and the
// server's CSP allows each by its hash, so the two cannot drift (decision 019).
import { BACKEND_PATH } from './items/items-api';

/**
 * Loads the islands' module. Added by a script, not parsed from a src attribute: under a hash-based
 * 'strict-dynamic' policy, only scripts that trusted scripts create may load (web.dev's strict CSP).
 */
export function buildIslandLoader(src: string): string {
  return `(function(){var s=document.createElement('script');s.type='module';s.src=${JSON.stringify(src)};document.head.appendChild(s)})();`;
}

/**
 * Speculation Rules: a link the visitor hovers or presses is prerendered, so the next page shows at
 * once. Pages only: not the items API, nor files (a dot in the last segment), nor links marked off.
 */
export const SPECULATION_RULES = JSON.stringify({
  prerender: [
    {
      where: {
        and: [
          { href_matches: '/*' },
          { not: { href_matches: `${BACKEND_PATH}/*` } },
          { not: { href_matches: '/*.*' } },
          { not: { selector_matches: '[rel~=nofollow], [download]' } },
        ],
      },
      eagerness: 'moderate',
    },
  ],
});
