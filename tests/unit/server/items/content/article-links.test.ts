import { describe, expect, it } from 'vitest';
import { ArticleLinks, computeArticleLinks, type LinkedArticle } from '../../../../../server/items/content/article-links';

const linked = (name: string, id: string, language: string, extra: Partial<LinkedArticle> = {}): LinkedArticle => ({
  name,
  file: `articles/${name}`,
  id,
  language,
  ...extra,
});

describe('computeArticleLinks', () => {
  it('links the articles of one key to one another, by language', () => {
    const links = computeArticleLinks([
      linked('b.md', 'cache-http', 'fr', { translationKey: 'cache' }),
      linked('a.md', 'http-cache', 'en', { translationKey: 'cache' }),
      linked('c.md', 'alone', 'fr', { translationKey: 'alone' }),
    ]);
    expect(links.translations.get('cache-http')).toEqual(['http-cache']);
    expect(links.translations.get('http-cache')).toEqual(['cache-http']);
    expect(links.translations.has('alone')).toBe(false);
    expect(links.groups).toEqual([['http-cache', 'cache-http']]);
    expect(links.problems).toEqual([]);
  });

  it('reports two articles of one language under one key, naming both files, and links none of the key', () => {
    const links = computeArticleLinks([
      linked('b.md', 'b', 'fr', { translationKey: 'k' }),
      linked('a.md', 'a', 'fr', { translationKey: 'k' }),
      linked('c.md', 'c', 'en', { translationKey: 'k' }),
    ]);
    expect(links.translations.size).toBe(0);
    expect(links.problems).toEqual([
      { file: 'articles/b.md', field: 'translationKey', message: expect.stringMatching(/^translationKey: .*articles\/a\.md/) as string },
    ]);
  });

  it('maps former ids to the article, except one that is a live id or is claimed twice', () => {
    const links = computeArticleLinks([linked('a.md', 'a', 'fr', { aliases: ['old-a', 'b', 'shared'] }), linked('b.md', 'b', 'fr', { aliases: ['shared'] })]);
    expect([...links.aliases]).toEqual([['old-a', 'a']]);
    expect(links.problems.map((problem) => [problem.file, problem.field])).toEqual([
      ['articles/a.md', 'aliases'],
      ['articles/b.md', 'aliases'],
    ]);
    expect(links.problems[0]!.message).toContain('articles/b.md');
    expect(links.problems[1]!.message).toContain('articles/a.md');
  });

  it('gives the same answer whatever the order the files came in', () => {
    const files = [linked('a.md', 'a', 'fr', { translationKey: 'k', aliases: ['x'] }), linked('b.md', 'b', 'fr', { translationKey: 'k', aliases: ['x'] })];
    expect(computeArticleLinks(files)).toEqual(computeArticleLinks([...files].reverse()));
  });
});

describe('ArticleLinks', () => {
  it('follows the files as they change', () => {
    const links = new ArticleLinks();
    links.set(linked('a.md', 'a', 'fr', { translationKey: 'k', aliases: ['old'] }));
    links.set(linked('b.md', 'b', 'en', { translationKey: 'k' }));
    expect(links.translationsOf('a')).toEqual(['b']);
    expect(links.resolveAlias('old')).toBe('a');
    links.delete('b.md');
    expect(links.translationsOf('a')).toEqual([]);
    links.set(linked('a.md', 'a2', 'fr', { aliases: ['old', 'a'] }));
    expect(links.resolveAlias('old')).toBe('a2');
    expect(links.resolveAlias('a')).toBe('a2');
  });
});
