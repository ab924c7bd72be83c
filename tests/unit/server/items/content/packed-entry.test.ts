// Decision 066: what the event loop keeps of each article, packed into few objects, reads back the same.
import { describe, expect, it } from 'vitest';
import type { ArticleReferences } from '../../../../../server/items/content/content-references';
import {
  compactSummary,
  flatString,
  NO_STRINGS,
  packReferences,
  packTerms,
  readPackedReferences,
  shareString,
  unpackTerms,
} from '../../../../../server/items/content/packed-entry';

describe('packed terms', () => {
  it.each([[[]], [['kafka']], [['kafka', 'stream', 'kafka']], [['é', 'straß', 'c++', 'node.js', ' spaced ']]])('reads back %j', (terms: string[]) => {
    const packed = packTerms(terms);
    expect(typeof packed).toBe('string');
    expect(unpackTerms(packed)).toEqual(terms);
  });

  it('leaves out empty stems, which the index never takes', () => {
    expect(unpackTerms(packTerms(['', 'kafka', '', 'java', '']))).toEqual(['kafka', 'java']);
    expect(unpackTerms(packTerms(['']))).toEqual([]);
  });

  it('refuses a term with its separator rather than reading back two', () => {
    expect(() => packTerms(['kafka\nstream'])).toThrow(/newline/);
  });
});

describe('packed references', () => {
  const full: ArticleReferences = {
    links: [
      { target: '/articles/autre#1-suite', line: 12, column: 5 },
      { target: 'https://example.com/a"b\\c\n\u2028', line: 13, column: 1 },
    ],
    images: [
      { target: '/images/share.png', line: 4, column: 1 },
      { target: '/images/schéma.png', line: 20, column: 3, alt: 'Un "schéma"' },
      { target: '/images/vide.png', line: 21, column: 3, alt: '' },
    ],
    anchors: ['1-introduction', '1.1-l-œuvre', '2-deux\nlignes', '3-\ud800-seul', ''],
    aliases: ['ancienne', 'old,id'],
  };

  it.each([
    ['every kind, with separators and odd characters in them', full],
    ['an article with nothing to check', { links: [], images: [], anchors: [] }],
    ['anchors only', { links: [], images: [], anchors: ['1-a'] }],
  ])('reads back %s', (_name, refs: ArticleReferences) => {
    const packed = packReferences(refs);
    expect(typeof packed).toBe('string');
    const back = { ...readPackedReferences(packed) };
    expect(back).toStrictEqual(refs);
    // The key order too: problems and their messages read the fields the same way.
    expect(JSON.stringify(back)).toBe(JSON.stringify(refs));
  });

  it.each([
    ['every kind', full],
    ['no aliases', { ...full, aliases: undefined }],
    ['nothing', { links: [], images: [], anchors: [] }],
  ])('reads back %s with its anchors decoded when first read', (_name, refs: ArticleReferences) => {
    const lazy = readPackedReferences(packReferences(JSON.parse(JSON.stringify(refs)) as ArticleReferences));
    expect(lazy.links).toStrictEqual(refs.links);
    expect(lazy.images).toStrictEqual(refs.images);
    expect(lazy.aliases).toStrictEqual(refs.aliases);
    expect(lazy.anchors).toStrictEqual(refs.anchors);
    expect(lazy.anchors).toBe(lazy.anchors);
    expect(Object.keys(lazy)).toEqual(Object.keys(JSON.parse(JSON.stringify(refs)) as object));
  });
});

describe('shared strings', () => {
  it('flattens without changing a character', () => {
    let path = '';
    for (const part of ['tmp', '/', 'h29-corpus', '/', 'articles', '/', 'é-\ud83d\ude00-\udc00.md']) path += part;
    expect(flatString(path)).toBe(path);
    expect(flatString('')).toBe('');
    expect(flatString('a')).toBe('a');
  });

  it('gives equal strings for every value', () => {
    const tag = ['Arch', 'itecture'].join('');
    expect(shareString(tag)).toBe('Architecture');
    expect(shareString('Architecture')).toBe('Architecture');
  });

  it('keeps a summary as it was, fields in their order, empty lists the one frozen array', () => {
    const summary = { id: 'a', title: 'T', date: '2024-01-02', tags: [] as string[], images: [] as string[], summary: 's', language: 'fr' };
    const copy = structuredClone(summary);
    const compacted = compactSummary(summary);
    expect(compacted).toStrictEqual(copy);
    expect(Object.keys(compacted)).toEqual(Object.keys(copy));
    expect(compacted.tags).toBe(NO_STRINGS);
    expect(compacted.images).toBe(NO_STRINGS);
    expect(Object.isFrozen(NO_STRINGS)).toBe(true);
    expect(NO_STRINGS).toHaveLength(0);
    const tagged = compactSummary({ ...copy, tags: ['Java', 'Kafka'], images: ['/images/a.png'] });
    expect(tagged.tags).toEqual(['Java', 'Kafka']);
    expect(tagged.images).toEqual(['/images/a.png']);
  });
});
