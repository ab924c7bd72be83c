import { describe, expect, it } from 'vitest';
import type { Article } from '../../../../shared/items/types';
import { readWireItem, toWireItem, type WireArticle, type WireArticleSummary } from '../../../../shared/items/wire-format';

// Every wire field, optional ones included: a field added to the wire format alone fails here.
const wire: Required<WireArticle> = {
  id: '42',
  tit: 'Titre',
  date_m: '2024-05-01',
  tags: ['SQL'],
  img: ['/images/42.png'],
  sum: '<p>Résumé</p>',
  updated: '2024-06-01',
  series: 'Série',
  ctn: '<p>Corps</p>',
  lg: 'fr',
};

const article: Required<Article> = {
  id: '42',
  title: 'Titre',
  date: '2024-05-01',
  tags: ['SQL'],
  images: ['/images/42.png'],
  summary: '<p>Résumé</p>',
  updated: '2024-06-01',
  series: 'Série',
  body: '<p>Corps</p>',
  language: 'fr',
};

describe('the items API wire format', () => {
  it('reads every wire field under its name here, and writes it back', () => {
    expect(readWireItem(wire)).toEqual(article);
    expect(toWireItem(article)).toEqual(wire);
  });

  it('keeps the order the fields come in, which differs between sources', () => {
    const builtIn: Article = { id: 'a', title: 'T', date: '2024-01-01', language: 'en', tags: [], images: [], summary: 's', body: 'b', series: 'S' };
    const upstream: Article = { id: 'a', title: 'T', date: '2024-01-01', tags: [], images: [], summary: 's', body: 'b', language: 'en' };
    expect(JSON.stringify(toWireItem(builtIn))).toBe(
      '{"id":"a","tit":"T","date_m":"2024-01-01","lg":"en","tags":[],"img":[],"sum":"s","ctn":"b","series":"S"}',
    );
    expect(JSON.stringify(toWireItem(upstream))).toBe('{"id":"a","tit":"T","date_m":"2024-01-01","tags":[],"img":[],"sum":"s","ctn":"b","lg":"en"}');
    expect(Object.keys(readWireItem(toWireItem(builtIn)))).toEqual(Object.keys(builtIn));
  });

  it('leaves out undefined and unknown fields', () => {
    const summary = { id: 'a', title: 'T', date: '2024-01-01', tags: [], images: [], summary: 's', updated: undefined, secret: 'x' };
    expect(toWireItem(summary)).toStrictEqual({ id: 'a', tit: 'T', date_m: '2024-01-01', tags: [], img: [], sum: 's' });
    // As JSON.parse gives them: "__proto__" and "constructor" are own keys there.
    const parsed = JSON.parse(
      '{"id":"a","tit":"T","date_m":"2024-01-01","tags":[],"img":[],"sum":"s","__proto__":{"x":1},"constructor":"y"}',
    ) as WireArticleSummary;
    expect(readWireItem(parsed)).toStrictEqual({ id: 'a', title: 'T', date: '2024-01-01', tags: [], images: [], summary: 's' });
  });
});
