import { describe, expect, it } from 'vitest';
import { ByteRing } from '../../../../server/http/byte-ring';

const bytesOf = (length: number, value: number) => Buffer.alloc(length, value);

describe('ByteRing', () => {
  it('keeps each copy whole, apart from its source, until the ring comes round to it', () => {
    const ring = new ByteRing(100);
    const source = bytesOf(20, 1);
    const first = ring.copy(source)!;
    source.fill(9);
    expect(first.bytes.equals(bytesOf(20, 1))).toBe(true);
    // 0..20, 20..45, 45..70, 70..90.
    const second = ring.copy(bytesOf(25, 2))!;
    const third = ring.copy(bytesOf(25, 3))!;
    const fourth = ring.copy(bytesOf(20, 4))!;
    expect([first, second, third, fourth].every((copy) => ring.holds(copy))).toBe(true);
    // 25 bytes do not fit in the last 10, which are left unused: 0..25, over the first and the second's start.
    const fifth = ring.copy(bytesOf(25, 5))!;
    expect(fifth.bytes.equals(bytesOf(25, 5))).toBe(true);
    expect(ring.holds(first)).toBe(false);
    expect(ring.holds(second)).toBe(false);
    expect(ring.holds(third)).toBe(true);
    // 25..45: up to the third, not into it; then 45..46.
    ring.copy(bytesOf(20, 6));
    expect(ring.holds(third)).toBe(true);
    expect(third.bytes.equals(bytesOf(25, 3))).toBe(true);
    expect(fourth.bytes.equals(bytesOf(20, 4))).toBe(true);
    ring.copy(bytesOf(1, 7));
    expect(ring.holds(third)).toBe(false);
    expect(ring.holds(fourth)).toBe(true);
  });

  it('refuses a copy of more than a quarter of its bytes, and takes one of a quarter', () => {
    const ring = new ByteRing(100);
    expect(ring.copy(bytesOf(26, 1))).toBeUndefined();
    expect(ring.copy(bytesOf(25, 1))?.bytes.length).toBe(25);
  });

  it('holds no copy that another ring made', () => {
    const copy = new ByteRing(100).copy(bytesOf(10, 1))!;
    expect(new ByteRing(100).holds(copy)).toBe(false);
  });
});
