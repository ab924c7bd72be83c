import { describe, expect, it } from 'vitest';
import {
  buildShareImagePath,
  CARD_MAX_TAGS,
  CARD_TAG_MAX_CHARS,
  CARD_TITLE_MAX_CHARS,
  describeArticleCard,
  describeTagCard,
  findRasterImage,
} from '../../../../shared/seo/share-image';

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

describe('describeArticleCard', () => {
  it('gives the card only what it can draw: a 2 MB title and 100,000 tags are cut (issue 25)', () => {
    const card = describeArticleCard({
      ...article,
      title: 'Titre '.repeat(350_000),
      tags: Array.from({ length: 100_000 }, (_, at) => `${'t'.repeat(40)}${at}`),
    });
    if (card.kind !== 'article') throw new Error('not an article card');
    expect(card.title.length).toBeLessThanOrEqual(CARD_TITLE_MAX_CHARS);
    expect(card.title).toMatch(/^Titre Titre .*…$/);
    expect(card.tags).toHaveLength(CARD_MAX_TAGS);
    expect(card.tags.every((tag) => tag.length <= CARD_TAG_MAX_CHARS && tag.endsWith('…'))).toBe(true);
    // A title that fits is drawn whole.
    expect(describeArticleCard(article)).toMatchObject({ title: article.title, tags: article.tags });
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
