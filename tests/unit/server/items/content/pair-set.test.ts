// Decision 058: an article's adjacent stems as a compact set of hashes. Every pair put in is found;
// a pair not put in is found only at the rate the layout promises.
import { describe, expect, it } from 'vitest';
import { encodePairSet, hasPair, languageOfPairSet, PairSetStore } from '../../../../../server/items/content/pair-set';

let seed = 5;
const random32 = () => {
  seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
  const high = seed >>> 16;
  seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
  return ((high << 16) | (seed >>> 16)) >>> 0;
};

describe('pair set', () => {
  it.each([0, 1, 50, 128, 129, 1_300, 20_000, 70_000])('finds each of %i hashes, repeats and order aside', (count) => {
    const hashes = Array.from({ length: count }, random32);
    const set = encodePairSet([...hashes, ...hashes.slice(0, 10)].reverse(), 'fr');
    for (const hash of hashes) expect(hasPair(set, hash)).toBe(true);
    // About 2.4 bytes a pair once it is large; whole hashes (4 bytes) when small or huge.
    if (count > 128 && count <= 65_535) expect(set.byteLength).toBeLessThan(2.6 * count + 64);
  });

  it.each([
    [60, 0],
    [1_300, 1.3e-4],
    [20_000, 1.3e-4],
  ])('takes a hash not put in for one of %i at most at the promised rate', (count, rate) => {
    const members = new Set(Array.from({ length: count }, random32));
    const set = encodePairSet([...members], 'en');
    let falseHits = 0;
    const tries = 300_000;
    for (let at = 0; at < tries; at += 1) {
      const hash = random32();
      if (!members.has(hash) && hasPair(set, hash)) falseHits += 1;
    }
    expect(falseHits).toBeLessThanOrEqual(Math.max(0, rate * tries * 1.6));
  });

  it('keeps the article’s language, and encodes the same pairs to the same bytes', () => {
    expect(languageOfPairSet(encodePairSet([1, 2, 3], 'en'))).toBe('en');
    expect(languageOfPairSet(encodePairSet([1, 2, 3], 'fr'))).toBe('fr');
    const hashes = Array.from({ length: 500 }, random32);
    expect(encodePairSet(hashes, 'fr')).toEqual(encodePairSet([...hashes].reverse(), 'fr'));
    expect(hasPair(encodePairSet([], 'fr'), 0)).toBe(false);
  });

  // Decision 066: every article's set in one store answers as the set alone did.
  describe('store', () => {
    const base64Of = (set: Uint16Array) => Buffer.from(set.buffer, set.byteOffset, set.byteLength).toString('base64');
    // No pair in either language, one pair, whole hashes, buckets, one set larger than a chunk (1 MB), and many small ones across chunks.
    const counts = [0, 1, 0, 128, 129, 5_000, 600_000, ...Array.from({ length: 600 }, (_, at) => 1_000 + (at % 7))];
    const articles = counts.map((count, at) => {
      const hashes = Array.from({ length: count }, random32);
      return { hashes, set: encodePairSet(hashes, at % 3 === 0 ? 'en' : 'fr') };
    });

    it('answers each article as its own set does, and gives its bytes back', () => {
      const store = new PairSetStore();
      for (const { set } of articles) store.push(base64Of(set));
      expect(store.size).toBe(articles.length);
      articles.forEach(({ hashes, set }, number) => {
        expect(store.languageOf(number)).toBe(hashes.length === 0 ? 'fr' : languageOfPairSet(set));
        if (hashes.length > 0) expect(base64Of(store.setOf(number))).toBe(base64Of(set));
        for (const hash of hashes.slice(0, 50)) expect(store.has(number, hash)).toBe(true);
        for (let each = 0; each < 50; each += 1) {
          const other = random32();
          expect(store.has(number, other)).toBe(hasPair(set, other));
        }
      });
      expect(store.has(articles.length, articles[1]!.hashes[0]!)).toBe(false);
    });

    it('clears a removed article and copies the others to a new store', () => {
      const store = new PairSetStore();
      for (const { set } of articles) store.push(base64Of(set));
      store.clear(1);
      expect(store.has(1, articles[1]!.hashes[0]!)).toBe(false);
      expect(base64Of(store.setOf(1))).toBe(base64Of(encodePairSet([], 'fr')));
      const kept = articles.map((_, number) => number).filter((number) => number % 2 === 1);
      const copy = new PairSetStore();
      for (const number of kept) copy.pushCopy(store, number);
      kept.forEach((number, at) => {
        expect(base64Of(copy.setOf(at))).toBe(base64Of(store.setOf(number)));
        for (const hash of number === 1 ? [] : articles[number]!.hashes.slice(0, 20)) expect(copy.has(at, hash)).toBe(true);
      });
    });
  });
});
