import { describe, expect, it } from 'vitest';
import { MAX_BODY_CHARS, MAX_BODY_ELEMENTS, boundHtml, prepareArticle } from '../../../../server/html/prepare-article';

describe('boundHtml', () => {
  it('keeps an ordinary body whole', () => {
    const html = '<h2>Partie</h2><p>Texte <em>court</em>.</p>';
    expect(boundHtml(html, MAX_BODY_CHARS, MAX_BODY_ELEMENTS)).toBe(html);
  });

  it('cuts a 7 MB body to the character limit, never inside a tag', () => {
    const html = `<p class="long">${'mot '.repeat(40)}</p>`.repeat(40_000);
    const bounded = boundHtml(html, MAX_BODY_CHARS, MAX_BODY_ELEMENTS);
    expect(bounded.length).toBeLessThanOrEqual(MAX_BODY_CHARS);
    expect(bounded.length).toBeGreaterThan(0);
    expect(bounded.lastIndexOf('<')).toBeLessThan(bounded.lastIndexOf('>'));
  });

  it('cuts before the element past the element limit', () => {
    const bounded = boundHtml('<h2>T</h2>'.repeat(200_000), MAX_BODY_CHARS, MAX_BODY_ELEMENTS);
    expect(bounded.match(/<h2>/g)).toHaveLength(MAX_BODY_ELEMENTS);
  });
});

describe('prepareArticle', () => {
  it('prepares an article of 200,000 headings in bounded time, keeping its first headings numbered', async () => {
    const started = performance.now();
    const article = await prepareArticle({
      id: 'h',
      title: 'T',
      summary: '',
      body: '<h2>T</h2>'.repeat(200_000),
      date: '2024-01-01',
      language: 'fr',
      tags: [],
      images: [],
    });
    // 1.3 to 2 s before the bound on a quiet machine; generous for a loaded one.
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(article.body).toContain('id="1-t"');
    expect(article.body.match(/<h2[ >]/g)).toHaveLength(MAX_BODY_ELEMENTS);
  });
});
