import { describe, expect, it } from 'vitest';
import { buildShareImagePath, describeArticleCard, describeTagCard, findRasterImage } from '../../../../shared/seo/share-image';

const article = { id: 'a-1', title: 'Lire un plan EXPLAIN', date: '2024-03-12', tags: ['PostgreSQL'] };

describe('buildShareImagePath', () => {
  it('names the card by what it draws: a new title, date or tag list gives a new URL', () => {
    const path = buildShareImagePath(describeArticleCard(article));
    expect(path).toMatch(/^\/share\/articles\/a-1\.png\?v=[a-z0-9]+$/);
    expect(buildShareImagePath(describeArticleCard({ ...article }))).toBe(path);
    for (const changed of [{ title: 'Autre titre' }, { date: '2024-03-13' }, { tags: ['PostgreSQL', 'SQL'] }]) {
      expect(buildShareImagePath(describeArticleCard({ ...article, ...changed }))).not.toBe(path);
    }
  });

  it('encodes a tag in the path', () => {
    expect(buildShareImagePath(describeTagCard('HTTP/2'))).toMatch(/^\/share\/tags\/HTTP%2F2\.png\?v=/);
  });
});

describe('findRasterImage', () => {
  it('takes the first PNG, JPEG, WebP or AVIF image, never an SVG', () => {
    expect(findRasterImage(['/images/a.svg', '/images/b.webp', '/images/c.png'])).toBe('/images/b.webp');
    expect(findRasterImage(['https://cdn.example.net/x.JPG?w=2'])).toBe('https://cdn.example.net/x.JPG?w=2');
    expect(findRasterImage(['/images/a.svg'])).toBeUndefined();
    expect(findRasterImage([])).toBeUndefined();
  });
});
