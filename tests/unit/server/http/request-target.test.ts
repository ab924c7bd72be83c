import { describe, expect, it } from 'vitest';
import { parseRequestTarget } from '../../../../server/http/request-target';

describe('parseRequestTarget', () => {
  it('keeps only the parameters the route declares, normalised, in the URL the answer depends on', () => {
    // The search text trimmed, otherwise as typed: `OR` is syntax, `or` a word (decision 046).
    expect(parseRequestTarget('/articles?utm_source=x&f=%20Spring%20OR%20Batch%20&page=9&sort=date').url).toBe('/articles?f=Spring+OR+Batch&sort=date&page=9');
    expect(parseRequestTarget('/articles?page=1&sort=relevance&page=abc').url).toBe('/articles');
    expect(parseRequestTarget('/articles?page=0').url).toBe('/articles');
    expect(parseRequestTarget('/tags/Java?page=2&f=x').url).toBe('/tags/Java?page=2');
    expect(parseRequestTarget('/help/about?f=x&bust=1').url).toBe('/help/about');
    expect(parseRequestTarget('/articles?f=').url).toBe('/articles');
    expect(parseRequestTarget('/articles').params).toEqual({});
  });

  it('reads the first of repeated parameters and ignores a fragment', () => {
    expect(parseRequestTarget('/articles?f=a&f=b').params).toEqual({ f: 'a' });
    expect(parseRequestTarget('/articles?f=spring#zz').url).toBe('/articles?f=spring');
    expect(parseRequestTarget('/articles#?f=x').url).toBe('/articles');
  });

  it('takes the language from the /en prefix, for pages only', () => {
    expect(parseRequestTarget('/en/articles?f=x')).toMatchObject({ lang: 'en', path: '/articles', url: '/en/articles?f=x' });
    expect(parseRequestTarget('/en')).toMatchObject({ lang: 'en', path: '/', url: '/en/' });
    expect(parseRequestTarget('/english')).toMatchObject({ lang: 'fr', path: '/english' });
    expect(parseRequestTarget('/www-be/items/v1.0/items?f=x')).toMatchObject({ lang: 'fr', url: '/www-be/items/v1.0/items?f=x' });
  });

  it('sends old ?lang= links to the language path, with the route parameters only', () => {
    expect(parseRequestTarget('/articles?lang=en&f=x&y=1').redirectTo).toBe('/en/articles?f=x');
    expect(parseRequestTarget('/en/help/about?lang=fr').redirectTo).toBe('/help/about');
    expect(parseRequestTarget('/articles?lang=de').redirectTo).toBeUndefined();
    expect(parseRequestTarget('/rss.xml?lang=en').redirectTo).toBeUndefined();
  });

  it('gives each kind of route its policy, matching paths the way Express does (case-insensitively)', () => {
    expect(parseRequestTarget('/WWW-BE/items/v1.0/items?f=x')).toMatchObject({ policy: { kind: 'items-api' }, params: { f: 'x' } });
    expect(parseRequestTarget('/www-be/items/v1.0/items/42').policy.kind).toBe('items-api');
    expect(parseRequestTarget('/rss.xml').policy.kind).toBe('document');
    expect(parseRequestTarget('/favicon.svg').policy.kind).toBe('file');
    // A tag or an article id with a dot is a page in the English interface too, not a missing file.
    expect(parseRequestTarget('/en/tags/Node.js?page=2')).toMatchObject({ lang: 'en', path: '/tags/Node.js', url: '/en/tags/Node.js?page=2' });
    expect(parseRequestTarget('/en/articles/vue.js-3')).toMatchObject({ lang: 'en', path: '/articles/vue.js-3', policy: { kind: 'page' } });
    expect(parseRequestTarget('/tags/Node.js?page=2').url).toBe('/tags/Node.js?page=2');
    expect(parseRequestTarget('/en/favicon.svg').policy.kind).toBe('file');
    expect(parseRequestTarget('/articles/v1.2-notes').policy.kind).toBe('page');
    expect(parseRequestTarget('/articles').policy.cacheControl(60)).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=60, stale-if-error=86400');
  });

  it("writes a file's name with the characters a path keeps, an id or a tag as the links escape it", () => {
    expect(parseRequestTarget('/images/a%402x%2Bb.640w.webp?v=1').redirectTo).toBe('/images/a@2x+b.640w.webp?v=1');
    expect(parseRequestTarget('/images/a@2x+b.640w.webp?v=1').redirectTo).toBeUndefined();
    expect(parseRequestTarget('/tags/c++').redirectTo).toBe('/tags/c%2B%2B');
    expect(parseRequestTarget('/articles/a@b').redirectTo).toBe('/articles/a%40b');
  });

  it('reads an absolute-form target by its path and query only', () => {
    expect(parseRequestTarget('http://evil.example/www-be/items/v1.0/items?f=x')).toMatchObject({
      policy: { kind: 'items-api' },
      url: '/www-be/items/v1.0/items?f=x',
    });
    expect(parseRequestTarget('*').url).toBe('/');
  });

  it('bounds the search text as the items API does', () => {
    expect(parseRequestTarget(`/articles?f=${'a'.repeat(5000)}`).params.f).toHaveLength(200);
  });
});
