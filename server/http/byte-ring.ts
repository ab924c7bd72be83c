// The bytes of answers asked once (response-cache.ts), in one buffer made once: decision 082.

/** Where a copy went: its bytes, a view of the ring, and its position counted from the first byte ever written. */
export interface RingCopy {
  bytes: Buffer;
  at: number;
}

/**
 * One buffer written from start to end, then from the start again over the oldest copies. Answers
 * asked once come and go hundreds of times a second; each in memory of its own would be freed only by
 * a full collection (the buffer outlives young collections in the cache), and V8 starts one early when
 * such memory grows. Here they take no new memory at all.
 */
export class ByteRing {
  private readonly buffer: Buffer;
  /** Bytes written (and skipped at the end) since the ring was made: where the next copy goes. */
  private written = 0;

  constructor(size: number) {
    // Not zeroed: every byte is written before it is read. Its pages are touched as copies reach them.
    this.buffer = Buffer.allocUnsafeSlow(size);
  }

  /** Copies `source` in, unless it is more than a quarter of the ring (it would push out too many others). */
  copy(source: Buffer): RingCopy | undefined {
    const size = this.buffer.length;
    if (source.length > size / 4) return undefined;
    let start = this.written % size;
    // A copy is never split: the end of the ring is left unused, and counted as written.
    if (start + source.length > size) {
      this.written += size - start;
      start = 0;
    }
    source.copy(this.buffer, start);
    const at = this.written;
    this.written += source.length;
    return { bytes: this.buffer.subarray(start, start + source.length), at };
  }

  /** True while the copy made at `at` is whole: nothing written since has come round to it. */
  holds({ bytes, at }: RingCopy): boolean {
    return bytes.buffer === this.buffer.buffer && this.written - at <= this.buffer.length;
  }
}
