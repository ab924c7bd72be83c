import { describe, expect, it } from 'vitest';
import { buildCanonicalUrl } from '../../../../shared/components/page-head';

describe('buildCanonicalUrl', () => {
  it('is SITE_URL + path, with no double or trailing slash', () => {
    expect(buildCanonicalUrl('https://example.org/', '/articles')).toBe('https://example.org/articles');
    expect(buildCanonicalUrl('https://example.org/', '/articles/')).toBe('https://example.org/articles');
    expect(buildCanonicalUrl('https://example.org/', '/')).toBe('https://example.org/');
    expect(buildCanonicalUrl('https://example.org/blog/', '/help/about')).toBe('https://example.org/blog/help/about');
  });
});
