import { describe, expect, it } from 'vitest';
import { absolutize, absolutizeMarkdown, convertHtmlToText } from '../../../../server/markdown/to-markdown';

const SITE = 'https://example.org/blog/';
const BASE = 'https://example.org/blog/articles/a';

describe('absolutize', () => {
  it('puts site paths under SITE_URL and resolves relative ones against the article', () => {
    expect(absolutize('/images/a.png', SITE, BASE)).toBe('https://example.org/blog/images/a.png');
    expect(absolutize('b', SITE, BASE)).toBe('https://example.org/blog/articles/b');
    expect(absolutize('https://other.net/x', SITE, BASE)).toBe('https://other.net/x');
    expect(absolutize('mailto:a@b.c', SITE, BASE)).toBe('mailto:a@b.c');
    expect(absolutize('#part', SITE, BASE)).toBe('#part');
  });
});

describe('absolutizeMarkdown', () => {
  it('rewrites links, images, reference definitions and HTML attributes, not code', () => {
    const source = [
      'See [this](/articles/b) and ![img](/images/a.png "title").',
      '[ref]: /help/about',
      '<img src="/images/c.png" alt="c">',
      'Inline `[not](/a/link)` stays.',
      '```markdown',
      '[inside](/a/fence)',
      '```',
      '~~~~',
      '```',
      '[still inside](/x)',
      '~~~~',
      '[after](/y)',
    ].join('\n');
    expect(absolutizeMarkdown(source, SITE, BASE).split('\n')).toEqual([
      'See [this](https://example.org/blog/articles/b) and ![img](https://example.org/blog/images/a.png "title").',
      '[ref]: https://example.org/blog/help/about',
      '<img src="https://example.org/blog/images/c.png" alt="c">',
      'Inline `[not](/a/link)` stays.',
      '```markdown',
      '[inside](/a/fence)',
      '```',
      '~~~~',
      '```',
      '[still inside](/x)',
      '~~~~',
      '[after](https://example.org/blog/y)',
    ]);
  });
});

describe('convertHtmlToText', () => {
  it('keeps the words, underscores included, on one line', () => {
    expect(convertHtmlToText('<p>Le <em>paramètre</em> <code>max_connections</code>\n et <a href="/x">plus</a>.</p>')).toBe(
      'Le paramètre max_connections et plus.',
    );
  });
});
