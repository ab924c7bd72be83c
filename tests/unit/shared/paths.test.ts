import { describe, expect, it } from 'vitest';
import { buildCanonicalUrl, toAbsoluteUrl } from '../../../shared/paths';

describe('buildCanonicalUrl', () => {
  it('is SITE_URL + path, with no double or trailing slash', () => {
    expect(buildCanonicalUrl('https://example.org/', '/articles')).toBe('https://example.org/articles');
    expect(buildCanonicalUrl('https://example.org/', '/articles/')).toBe('https://example.org/articles');
    expect(buildCanonicalUrl('https://example.org/', '/')).toBe('https://example.org/');
    expect(buildCanonicalUrl('https://example.org/blog/', '/help/about')).toBe('https://example.org/blog/help/about');
  });
});

describe('toAbsoluteUrl', () => {
  it('puts a site path under SITE_URL, its own path included', () => {
    expect(toAbsoluteUrl('https://example.org/', '/images/photo-384.png')).toBe('https://example.org/images/photo-384.png');
    expect(toAbsoluteUrl('https://example.org/blog/', '/images/photo-384.png')).toBe('https://example.org/blog/images/photo-384.png');
    expect(toAbsoluteUrl('https://example.org/blog/', 'images/a.png')).toBe('https://example.org/blog/images/a.png');
  });

  it('keeps a URL that is already absolute', () => {
    expect(toAbsoluteUrl('https://example.org/blog/', 'https://cdn.example.net/a.png')).toBe('https://cdn.example.net/a.png');
    expect(toAbsoluteUrl('https://example.org/blog/', '//cdn.example.net/a.png')).toBe('https://cdn.example.net/a.png');
  });
});

describe('toAbsoluteUrl with a URL that does not parse', () => {
  it.each(['http://[invalid', 'https://exa mple.org:99999/a.png', '//[::1'])('answers the home URL for %s, never throws', (url) => {
    expect(toAbsoluteUrl('https://example.org/blog/', url)).toBe('https://example.org/blog/');
  });
});
