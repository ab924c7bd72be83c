import { describe, expect, it } from 'vitest';
import { boundedEditDistance, suggestArticles } from '../../../../shared/items/suggest-articles';
import type { ArticleSummary } from '../../../../shared/items/types';

const article = (id: string, title: string): ArticleSummary => ({ id, title, date: '2025-01-01', tags: [], images: [], summary: '' });

const LIST = [
  article('java-virtual-threads', 'Les threads virtuels de Java 21'),
  article('jvm-memoire-conteneurs', 'La mémoire de la JVM dans les conteneurs'),
  article('jvm-memoire-conteneurs-nmt', 'Suivre la mémoire native de la JVM (NMT)'),
  article('postgresql-index-explain', 'Index PostgreSQL : lire EXPLAIN'),
  article('spring-boot-observabilite', 'Observabilité avec Spring Boot'),
  article('http-cache-headers', 'HTTP cache headers in practice'),
];

const ids = (asked: string) => suggestArticles(LIST, asked).map((each) => each.id);

describe('boundedEditDistance', () => {
  it.each([
    ['kitten', 'sitting', 3, 3],
    ['abcd', 'abdc', 2, 1],
    ['memoire', 'mmeoire', 2, 1],
    ['abc', 'abc', 1, 0],
    ['abc', 'xyzabc', 2, 3],
    ['conteneurs', 'conteners', 1, 1],
  ])('%s → %s within %i is %i', (a, b, max, expected) => {
    expect(boundedEditDistance(a, b, max)).toBe(expected);
  });
});

describe('suggestArticles', () => {
  it.each([
    ['jvm-memoire-conteneur', 'jvm-memoire-conteneurs'],
    ['jvm-memoire-conteneurs-nmtt', 'jvm-memoire-conteneurs-nmt'],
    ['java-virtual-thread', 'java-virtual-threads'],
    ['jaav-virtual-threads', 'java-virtual-threads'],
    ['postgres-index-explian', 'postgresql-index-explain'],
    ['spring-boot-observability', 'spring-boot-observabilite'],
    ['HTTP-Cache-Headers', 'http-cache-headers'],
    ['threads-virtuels', 'java-virtual-threads'],
    ['observabilité', 'spring-boot-observabilite'],
  ])('puts the meant article first for %s', (asked, meant) => {
    expect(ids(asked)[0]).toBe(meant);
  });

  it('gives none for an id close to nothing, or too short to say', () => {
    expect(ids('zzqqxxwv')).toEqual([]);
    expect(ids('a')).toEqual([]);
    expect(suggestArticles([], 'jvm')).toEqual([]);
  });

  it('gives at most five, best first', () => {
    const many = Array.from({ length: 20 }, (_, at) => article(`spring-note-${at}`, `Spring, note ${at}`));
    const found = suggestArticles(many, 'spring-note-1');
    expect(found).toHaveLength(5);
    expect(found[0]!.id).toBe('spring-note-1');
  });

  it('bounds its work by the asked id: an id of 10,000 characters is cut, and answers at once', () => {
    const started = performance.now();
    suggestArticles(LIST, `${'jvm-memoire-'.repeat(1000)}`);
    // Not a timing target: a hang or a quadratic blow-up would take seconds here.
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
