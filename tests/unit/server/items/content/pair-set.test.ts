// Decision 058: an article's adjacent stems as a compact set of hashes. Every pair put in is found;
// a pair not put in is found only at the rate the layout promises.
import { describe, expect, it } from 'vitest';
import { encodePairSet, hasPair, languageOfPairSet } from '../../../../../server/items/content/pair-set';

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
});
