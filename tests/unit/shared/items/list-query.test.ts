import { describe, expect, it } from 'vitest';
import { parseRequestTarget } from '../../../../server/http/request-target';
import { readListQuery, writeListQuery } from '../../../../shared/items/list-query';
import { localizePath, paths } from '../../../../shared/paths';

const read = (query: string) => readListQuery(new URLSearchParams(query));

describe('readListQuery', () => {
  it('reads the search text trimmed and otherwise as typed, the order and the page', () => {
    expect(read('f=%20Spring%20%20OR%20Batch&sort=date&page=3')).toEqual({ filter: 'Spring  OR Batch', sort: 'date', page: 3 });
  });

  it('reads anything it does not know as the defaults', () => {
    expect(read('')).toEqual({ filter: '', sort: 'relevance', page: 1 });
    expect(read('sort=title&page=0')).toEqual({ filter: '', sort: 'relevance', page: 1 });
    expect(read('page=abc')).toEqual({ filter: '', sort: 'relevance', page: 1 });
    expect(read('page=10000000')).toEqual({ filter: '', sort: 'relevance', page: 1 });
  });
});

describe('writeListQuery', () => {
  it('leaves the defaults out', () => {
    expect(writeListQuery({})).toBe('');
    expect(writeListQuery({ filter: '  ', sort: 'relevance', page: 1 })).toBe('');
    expect(writeListQuery({ page: 2 })).toBe('?page=2');
  });

  it('writes a search as the server parse keys it, so pages, the live search and the cache share one URL', () => {
    const queries = [
      { filter: 'Java 21', sort: 'date' as const, page: 2 },
      { filter: ' C++ & Rust ', sort: 'relevance' as const, page: 1 },
      { filter: 'élan/été?#', sort: 'date' as const, page: 1 },
      { filter: '', sort: 'relevance' as const, page: 7 },
    ];
    for (const query of queries) {
      for (const lang of ['fr', 'en'] as const) {
        const url = localizePath(paths.articles, lang) + writeListQuery(query);
        expect(parseRequestTarget(url).url).toBe(url);
        expect(read(url.slice(url.indexOf('?') + 1))).toEqual({ ...query, filter: query.filter.trim() });
      }
    }
  });
});
