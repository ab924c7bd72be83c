// An article's adjacent stems as a compact set of hashes (decision 058): a quoted phrase is checked
// here, with no text read. A plain sorted Uint32Array of the hashes cost 5 KB an article of the bench
// corpus (50 MB at 10,000); this layout keeps 16 bits of each hash below its bucket, about 2.4 bytes a
// pair, and a hash not in the set is taken for one of them once in 8,000 lookups or fewer.
//
// Layout (one Uint16Array): [header, seed, bucket starts (2^b + 1), fingerprints (n)], where the header
// is b (the bucket bits) plus 256 for English. Each hash is mixed with the article's seed first, so that
// two pairs that look alike in one article do not in the next: a false hit stays one article's, never
// every article's that has some pair. The bucket of a mixed hash is its top b bits, its fingerprint the
// 16 bits below them, in the order of the sorted mixed hashes. Up to 128 pairs (a short article: a few
// hundred bytes either way), and past 65,535 (a huge one, whose starts would not fit in 16 bits), the
// header's b is 255 and the mixed hashes follow whole: no false hit but once in 2^32 / n.
import type { StemLanguage } from './text-analysis';

const WHOLE = 255;
const WHOLE_UP_TO = 128;
const ENGLISH = 256;
/** Pairs a bucket holds on average, between 4 and 8: the rate of false hits is that over 65,536. */
const BUCKET_PAIRS = 8;

/** The set of these pair hashes (any order, repeats allowed) of an article in `language`. */
export function encodePairSet(hashes: ArrayLike<number>, language: StemLanguage): Uint16Array {
  // A seed that depends only on the pairs: the same article is always encoded alike.
  let seed = hashes.length;
  for (let at = 0; at < hashes.length; at += 1) seed ^= hashes[at]!;
  seed = (seed ^ (seed >>> 16)) & 0xffff;
  const sorted = new Uint32Array(hashes.length);
  for (let at = 0; at < hashes.length; at += 1) sorted[at] = mixWithSeed(hashes[at]!, seed);
  sorted.sort();
  let count = 0;
  for (let at = 0; at < sorted.length; at += 1) if (at === 0 || sorted[at] !== sorted[at - 1]) sorted[count++] = sorted[at]!;
  const languageBit = language === 'en' ? ENGLISH : 0;
  if (count <= WHOLE_UP_TO || count > 65_535) {
    const set = new Uint16Array(2 + 2 * count);
    set[0] = WHOLE | languageBit;
    set[1] = seed;
    for (let at = 0; at < count; at += 1) {
      set[2 + 2 * at] = sorted[at]! & 0xffff;
      set[3 + 2 * at] = sorted[at]! >>> 16;
    }
    return set;
  }
  const bits = count <= BUCKET_PAIRS ? 0 : Math.ceil(Math.log2(count / BUCKET_PAIRS));
  const buckets = 1 << bits;
  const set = new Uint16Array(STARTS + 1 + buckets + count);
  set[0] = bits | languageBit;
  set[1] = seed;
  const fingerprints = STARTS + 1 + buckets;
  let bucket = 0;
  for (let at = 0; at < count; at += 1) {
    const hash = sorted[at]!;
    const own = bits === 0 ? 0 : hash >>> (32 - bits);
    while (bucket < own) set[STARTS + ++bucket] = at;
    set[fingerprints + at] = (hash >>> (16 - bits)) & 0xffff;
  }
  while (bucket < buckets) set[STARTS + ++bucket] = count;
  return set;
}

/** Where the bucket starts begin. */
const STARTS = 2;

function mixWithSeed(hash: number, seed: number): number {
  let mixed = (hash ^ Math.imul(seed + 1, 0x9e3779b1)) >>> 0;
  mixed = Math.imul(mixed ^ (mixed >>> 16), 0x7feb352d);
  mixed = Math.imul(mixed ^ (mixed >>> 15), 0x846ca68b);
  return (mixed ^ (mixed >>> 16)) >>> 0;
}

/** The language the article's stems are in. */
export function languageOfPairSet(set: Uint16Array): StemLanguage {
  return (set[0]! & ENGLISH) !== 0 ? 'en' : 'fr';
}

/** True when the set holds the hash (or, rarely, a hash that looks the same: see above). */
export function hasPair(set: Uint16Array, pairHash: number): boolean {
  const bits = set[0]! & 0xff;
  const hash = mixWithSeed(pairHash, set[1]!);
  if (bits === WHOLE) {
    const count = (set.length - 2) >>> 1;
    const valueAt = (at: number) => (set[2 + 2 * at]! | (set[3 + 2 * at]! << 16)) >>> 0;
    let low = 0;
    let high = count;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (valueAt(middle) < hash) low = middle + 1;
      else high = middle;
    }
    return low < count && valueAt(low) === hash;
  }
  const bucket = bits === 0 ? 0 : hash >>> (32 - bits);
  const fingerprint = (hash >>> (16 - bits)) & 0xffff;
  const fingerprints = STARTS + 1 + (1 << bits);
  for (let at = fingerprints + set[STARTS + bucket]!, end = fingerprints + set[STARTS + 1 + bucket]!; at < end; at += 1) {
    const value = set[at]!;
    if (value >= fingerprint) return value === fingerprint;
  }
  return false;
}
