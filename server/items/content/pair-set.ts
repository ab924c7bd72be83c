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
export function languageOfPairSet(set: Uint16Array, start = 0): StemLanguage {
  return (set[start]! & ENGLISH) !== 0 ? 'en' : 'fr';
}

/** True when the set holds the hash (or, rarely, a hash that looks the same: see above). */
export function hasPair(set: Uint16Array, pairHash: number): boolean {
  return hasPairIn(set, 0, set.length, pairHash);
}

/** hasPair of the set written in `data` from `start` to `end` (PairSetStore keeps many in one array). */
export function hasPairIn(data: Uint16Array, start: number, end: number, pairHash: number): boolean {
  const bits = data[start]! & 0xff;
  const hash = mixWithSeed(pairHash, data[start + 1]!);
  if (bits === WHOLE) {
    const count = (end - start - 2) >>> 1;
    const valueAt = (at: number) => (data[start + 2 + 2 * at]! | (data[start + 3 + 2 * at]! << 16)) >>> 0;
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
  const fingerprints = start + STARTS + 1 + (1 << bits);
  for (let at = fingerprints + data[start + STARTS + bucket]!, last = fingerprints + data[start + STARTS + 1 + bucket]!; at < last; at += 1) {
    const value = data[at]!;
    if (value >= fingerprint) return value === fingerprint;
  }
  return false;
}

/** The set of an article with no pairs, or of a removed one. */
const EMPTY_PAIRS = encodePairSet([], 'fr');
/** Elements of a chunk of the store (1 MB). */
const CHUNK_LENGTH = 1 << 19;

/**
 * Every article's pair set, by article number, in chunks of a megabyte: each set a start and an end in
 * a chunk, not an array of its own. 10,000 typed arrays were 10,000 objects more for every major GC to
 * mark (decision 066). Chunk 0 is the empty set.
 */
export class PairSetStore {
  private chunks: Uint16Array[] = [EMPTY_PAIRS];
  /** The current chunk's bytes, where base64 is decoded. */
  private bytes = Buffer.alloc(0);
  private used = 0;
  private chunkOf = new Uint32Array(64);
  private startOf = new Uint32Array(64);
  private endOf = new Uint32Array(64);
  private count = 0;

  /** Sets stored (article numbers below it have one). */
  get size(): number {
    return this.count;
  }

  /** Stores the next article's set from its base64 (IndexDocument.pairs); a set of no pair is the empty one. */
  push(base64: string): void {
    // Fewer than 12 characters: the header and the seed, no pair (an empty set of either language).
    if (base64.length < 12) return this.pushAt(0, 0, EMPTY_PAIRS.length);
    const length = Buffer.byteLength(base64, 'base64') >>> 1;
    this.reserve(length);
    const written = this.bytes.write(base64, this.used * 2, length * 2, 'base64') >>> 1;
    this.pushAt(this.chunks.length - 1, this.used, this.used + written);
    this.used += written;
  }

  /** Stores the next article's set as a copy of another store's. */
  pushCopy(from: PairSetStore, number: number): void {
    const chunk = from.chunkOf[number]!;
    if (chunk === 0) return this.pushAt(0, 0, EMPTY_PAIRS.length);
    const start = from.startOf[number]!;
    const length = from.endOf[number]! - start;
    this.reserve(length);
    this.chunks[this.chunks.length - 1]!.set(from.chunks[chunk]!.subarray(start, start + length), this.used);
    this.pushAt(this.chunks.length - 1, this.used, this.used + length);
    this.used += length;
  }

  /** Makes an article's set the empty one (a removed article). */
  clear(number: number): void {
    this.chunkOf[number] = 0;
    this.startOf[number] = 0;
    this.endOf[number] = EMPTY_PAIRS.length;
  }

  /** The article's set as it was pushed (a view: read it before the next change). */
  setOf(number: number): Uint16Array {
    return this.chunks[this.chunkOf[number]!]!.subarray(this.startOf[number]!, this.endOf[number]!);
  }

  languageOf(number: number): StemLanguage {
    return languageOfPairSet(this.chunks[this.chunkOf[number]!]!, this.startOf[number]!);
  }

  /** hasPair of the article's set; false for a number with none. */
  has(number: number, pairHash: number): boolean {
    if (number >= this.count) return false;
    return hasPairIn(this.chunks[this.chunkOf[number]!]!, this.startOf[number]!, this.endOf[number]!, pairHash);
  }

  private pushAt(chunk: number, start: number, end: number): void {
    if (this.count === this.chunkOf.length) {
      this.chunkOf = grown(this.chunkOf, this.count + 1);
      this.startOf = grown(this.startOf, this.count + 1);
      this.endOf = grown(this.endOf, this.count + 1);
    }
    this.chunkOf[this.count] = chunk;
    this.startOf[this.count] = start;
    this.endOf[this.count] = end;
    this.count += 1;
  }

  /** Room for `length` elements in the current chunk: a new chunk when they do not fit (as large as they are, when larger). */
  private reserve(length: number): void {
    if (this.chunks.length > 1 && this.used + length <= this.chunks[this.chunks.length - 1]!.length) return;
    const chunk = new Uint16Array(Math.max(CHUNK_LENGTH, length));
    this.chunks.push(chunk);
    this.bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    this.used = 0;
  }
}

/** A copy of the array at least twice as long and at least `least` long (the store's and the index's growing tables). */
export function grown(array: Uint32Array, least: number): Uint32Array<ArrayBuffer> {
  const copy = new Uint32Array(Math.max(least, array.length * 2));
  copy.set(array);
  return copy;
}
