import { describe, expect, it } from 'vitest';
import { checkArticles, contentRules, type CheckedArticle, type ContentRule } from '../../../../../server/items/content/content-rules';

const at = (target: string, line = 10) => ({ target, line, column: 5 });

function article(id: string, links: string[] = [], extra: Partial<CheckedArticle['refs']> = {}, tags: string[] = []): CheckedArticle {
  return { file: `${id}.md`, id, tags, refs: { links: links.map((link) => at(link)), images: [], anchors: ['1-intro', '2-suite'], ...extra } };
}

const messagesOf = (articles: CheckedArticle[], options: Parameters<typeof checkArticles>[1] = {}) =>
  checkArticles(articles, options).map((problem) => `${problem.file}:${problem.kind}:${problem.message}`);

describe('checks across articles', () => {
  it('accepts links to articles, their anchors, twins, tags, site pages and public files, in both languages', () => {
    const links = [
      '/articles/b',
      '/en/articles/b#2-suite',
      '/articles/b.md',
      '#1-intro',
      '/tags/Java',
      '/en/tags/java',
      '/help/about',
      '/en/articles',
      '/rss.xml',
      '/images/a.png',
      'https://ailleurs.org/x',
      'mailto:x@y.z',
      '../relatif',
      '/articles/ancien-b',
      '/en',
      '/cv',
    ];
    const problems = messagesOf([article('a', links), article('b', [], { aliases: ['ancien-b'] }, ['Java'])], { hasPublicFile: (p) => p === '/images/a.png' });
    expect(problems).toEqual([]);
  });

  it('names each broken target with its kind', () => {
    const problems = messagesOf(
      [article('a', ['/articles/b#9-absent', '#absent', '/articles/zz', '/tags/cobol', '/nulle-part', '/docs/x.pdf']), article('b')],
      {
        hasPublicFile: () => false,
      },
    );
    expect(problems).toEqual([
      'a.md:broken-anchor:link to a heading article "b" does not have "#9-absent" (/articles/b#9-absent)',
      'a.md:broken-anchor:link to a heading this article does not have "#absent" (#absent)',
      'a.md:broken-link:link to a missing article "zz" (/articles/zz)',
      'a.md:broken-link:link to a tag no article has "cobol" (/tags/cobol)',
      'a.md:broken-link:link to a page the site does not have (/nulle-part)',
      'a.md:broken-link:link to a file missing from public/ (/docs/x.pdf)',
    ]);
  });

  it('counts a link to a former id two articles claim as broken, since it leads to neither', () => {
    const problems = messagesOf([article('a', ['/articles/ancien']), article('b', [], { aliases: ['ancien'] }), article('c', [], { aliases: ['ancien'] })]);
    expect(problems).toEqual(['a.md:broken-link:link to a missing article "ancien" (/articles/ancien)']);
  });

  it('checks images: missing ones, and body images without alt text as warnings', () => {
    const images = [
      { ...at('/images/absente.png'), alt: 'Schéma' },
      { ...at('/images/la.png'), alt: '' },
      // Front matter images have no alt text to give.
      at('/images/la.png'),
    ];
    const problems = checkArticles([article('a', [], { images })], { hasPublicFile: (p) => p === '/images/la.png' });
    expect(problems.map(({ kind, severity }) => [kind, severity])).toEqual([
      ['missing-image', 'error'],
      ['image-without-alt', 'warning'],
    ]);
  });

  it('runs more rules when given (alias conflicts, translations)', () => {
    const sameAlias: ContentRule = (checked, context) =>
      (checked.refs.aliases ?? []).flatMap((alias) =>
        context.byId.has(alias)
          ? [
              {
                file: checked.file,
                line: 1,
                column: 1,
                kind: 'duplicate-id' as const,
                severity: 'error' as const,
                field: 'aliases',
                message: `alias ${alias} is an id`,
              },
            ]
          : [],
      );
    const articles = [article('a', [], { aliases: ['b'] }), article('b')];
    expect(messagesOf(articles)).toEqual([]);
    expect(messagesOf(articles, { rules: [...contentRules, sameAlias] })).toEqual(['a.md:duplicate-id:alias b is an id']);
  });
});
