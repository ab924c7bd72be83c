import { describe, expect, it } from 'vitest';
import { buildSearchIndex, foldText } from '../../../../../server/items/content/search-index';
import type { Article } from '../../../../../shared/items/types';

const article = (id: string, fields: Partial<Article>): Article => ({
  id,
  tit: 'Sans titre',
  sum: '',
  ctn: '',
  date_m: '2024-01-01',
  lg: 'fr',
  tags: [],
  img: [],
  ...fields,
});

const index = buildSearchIndex([
  article('a', { tit: 'Organiser une équipe de développement', sum: '<p>Rituels et revues</p>' }),
  article('b', { tit: 'Mise en œuvre de Spring Batch', ctn: '<p>Le <strong>chunk</strong> et les partitions</p>' }),
  article('c', { tit: 'PostgreSQL indexes', tags: ['PostgreSQL', 'Performance'], sum: '<p>Reading EXPLAIN plans</p>', lg: 'en' }),
  article('d', { tit: 'Spring Security', ctn: '<p>L’équipe sécurité valide les jetons JWT</p>' }),
]);

const search = (query: string) => [...index.search(query)].sort();

describe('search index', () => {
  it('ignores accents and case: equipe finds équipe, EQUIPE too', () => {
    expect(search('equipe')).toEqual(['a', 'd']);
    expect(search('ÉQUIPE')).toEqual(['a', 'd']);
  });

  it('folds ligatures: oeuvre finds œuvre and the other way round', () => {
    expect(search('oeuvre')).toEqual(['b']);
    expect(search('œuvre')).toEqual(['b']);
  });

  it('requires every word to match', () => {
    expect(search('spring')).toEqual(['b', 'd']);
    expect(search('spring jwt')).toEqual(['d']);
    expect(search('spring explain')).toEqual([]);
  });

  it('searches titles, summaries, tags and bodies, in French and English', () => {
    expect(search('rituels')).toEqual(['a']);
    expect(search('chunk')).toEqual(['b']);
    expect(search('performance')).toEqual(['c']);
    expect(search('reading plans')).toEqual(['c']);
  });

  it('matches the beginning of a word', () => {
    expect(search('postgre')).toEqual(['c']);
  });

  it('finds nothing for words that are nowhere', () => {
    expect(search('kubernetes')).toEqual([]);
  });

  it('folds text the same way for index and query', () => {
    expect(foldText('Œuvre Ærodrome ÉTÉ straße')).toBe('oeuvre aerodrome ete strasse');
  });
});
