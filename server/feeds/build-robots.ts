// robots.txt: every page may be crawled; the sitemap is named by its absolute URL, as the protocol asks.
import { buildCanonicalUrl, paths } from '../../shared/paths';

export function buildRobotsTxt(siteUrl: string): string {
  return ['User-agent: *', 'Allow: /', '', `Sitemap: ${buildCanonicalUrl(siteUrl, paths.sitemap)}`, ''].join('\n');
}
