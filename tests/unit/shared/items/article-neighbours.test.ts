import { describe, expect, it } from 'vitest';
import { findNeighbours } from '../../../../shared/items/article-neighbours';
import type { ArticleSummary } from '../../../../shared/items/types';

const summary = (id: string, date: string): ArticleSummary => ({ id, title: `Titre ${id}`, date, tags: [], images: [], summary: '' });
// Newest first, as the items API's list answers.
const list = [summary('c', '2025-01-01'), summary('b', '2024-01-01'), summary('a', '2023-01-01')];

describe('findNeighbours', () => {
  it('gives the older article as previous and the newer one as next', () => {
    expect(findNeighbours(list, 'b')).toEqual({ previous: { id: 'a', title: 'Titre a' }, next: { id: 'c', title: 'Titre c' } });
  });

  it('has no next for the newest article and no previous for the oldest', () => {
    expect(findNeighbours(list, 'c')).toEqual({ previous: { id: 'b', title: 'Titre b' }, next: null });
    expect(findNeighbours(list, 'a')).toEqual({ previous: null, next: { id: 'b', title: 'Titre b' } });
  });

  it('has neither when the article is alone or not in the list', () => {
    expect(findNeighbours([summary('x', '2020-01-01')], 'x')).toEqual({ previous: null, next: null });
    expect(findNeighbours(list, 'missing')).toEqual({ previous: null, next: null });
    expect(findNeighbours([], 'a')).toEqual({ previous: null, next: null });
  });
});
