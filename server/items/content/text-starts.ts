// The starts of articles' texts, kept as bytes for the snippets (decision 086). A search page reads the
// start of each of its hits' texts, about 15 reads a page, and readers' searches keep showing the same
// articles: the ones most searches rank first or date last. A read is a system call of 6-8 µs; the
// bytes kept here are decoded as the read ones were, so the snippets are the same.
import { LRUCache } from 'lru-cache';

/** How many starts are kept: about as many as the articles a long tail of searches keeps showing (decision 086). */
export const TEXT_STARTS_KEPT = 2_048;

/**
 * Starts of up to `slotBytes` bytes, in slots of one buffer allocated once and off the V8 heap:
 * keeping one promotes nothing to the old generation, and dropping one frees nothing for the
 * collector. A start is keyed by its article's content hash, which names the text for good.
 */
export class TextStarts {
  /** Allocated at the first start kept: a site too small to search much never pays for it. */
  private bytes: Buffer | undefined;
  private readonly lengths: Uint32Array;
  private readonly free: number[];
  /** Hash → slot, the least recently read given up first. */
  private readonly slots: LRUCache<string, number>;

  constructor(
    readonly slotBytes: number,
    private readonly slotCount = TEXT_STARTS_KEPT,
  ) {
    this.lengths = new Uint32Array(slotCount);
    this.free = Array.from({ length: slotCount }, (_, at) => slotCount - 1 - at);
    this.slots = new LRUCache<string, number>({ max: Math.max(1, slotCount) });
  }

  /** The kept start of this text: a view, valid until the next `keep`. */
  get(hash: string): Buffer | undefined {
    const slot = this.slots.get(hash);
    return slot === undefined ? undefined : this.viewOf(slot, this.lengths[slot]!);
  }

  /**
   * Keeps `length` bytes (at most `slotBytes`) that `fill` writes into the view it is given and
   * returns how many it wrote; a start written short (a failed read) is not kept. Gives the kept view.
   */
  keep(hash: string, length: number, fill: (into: Buffer) => number): Buffer | undefined {
    if (length > this.slotBytes) return undefined;
    const held = this.slots.peek(hash);
    if (held !== undefined) {
      this.slots.delete(hash);
      this.free.push(held);
    }
    // The least recently read start makes room when every slot is taken.
    const slot = this.free.pop() ?? this.slots.pop();
    if (slot === undefined) return undefined;
    const into = this.viewOf(slot, length);
    let written = -1;
    try {
      written = fill(into);
    } finally {
      if (written !== length) this.free.push(slot);
    }
    if (written !== length) return undefined;
    this.lengths[slot] = length;
    this.slots.set(hash, slot);
    return into;
  }

  private viewOf(slot: number, length: number): Buffer {
    this.bytes ??= Buffer.allocUnsafeSlow(this.slotBytes * this.slotCount);
    return this.bytes.subarray(slot * this.slotBytes, slot * this.slotBytes + length);
  }
}
