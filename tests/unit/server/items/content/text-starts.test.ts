import { describe, expect, it } from 'vitest';
import { TextStarts } from '../../../../../server/items/content/text-starts';

/** Keeps `text`'s bytes under `hash`, as a read into the slot would write them. */
const keepText = (starts: TextStarts, hash: string, text: string) => {
  const bytes = Buffer.from(text);
  return starts.keep(hash, bytes.length, (into) => bytes.copy(into));
};

describe('TextStarts', () => {
  it('gives back the bytes it kept, and nothing for a text it did not keep', () => {
    const starts = new TextStarts(16, 4);
    expect(keepText(starts, 'a', 'été')?.toString()).toBe('été');
    keepText(starts, 'b', 'court');
    expect(starts.get('a')?.toString()).toBe('été');
    expect(starts.get('b')?.toString()).toBe('court');
    expect(starts.get('c')).toBeUndefined();
  });

  it('gives up the least recently read start when every slot is taken, the others intact', () => {
    const starts = new TextStarts(8, 2);
    keepText(starts, 'a', 'aaaa');
    keepText(starts, 'b', 'bbbbbb');
    starts.get('a');
    keepText(starts, 'c', 'cc');
    expect(starts.get('b')).toBeUndefined();
    expect(starts.get('a')?.toString()).toBe('aaaa');
    expect(starts.get('c')?.toString()).toBe('cc');
  });

  it('keeps nothing, and loses no slot, when the read writes short or fails', () => {
    const starts = new TextStarts(8, 1);
    expect(starts.keep('short', 6, () => 3)).toBeUndefined();
    expect(() =>
      starts.keep('failed', 6, () => {
        throw new Error('EIO');
      }),
    ).toThrow('EIO');
    expect(starts.get('short')).toBeUndefined();
    expect(starts.get('failed')).toBeUndefined();
    // The one slot is still there for the next start.
    expect(keepText(starts, 'next', 'suite')?.toString()).toBe('suite');
    expect(starts.get('next')?.toString()).toBe('suite');
  });

  it('keeps a text again in one slot, and never a start longer than a slot', () => {
    const starts = new TextStarts(4, 2);
    keepText(starts, 'a', 'un');
    keepText(starts, 'a', 'deux');
    keepText(starts, 'b', 'b');
    // Two slots for two texts: the second keep of `a` took no slot of its own.
    expect(starts.get('a')?.toString()).toBe('deux');
    expect(starts.get('b')?.toString()).toBe('b');
    expect(keepText(starts, 'long', 'cinq!')).toBeUndefined();
    expect(starts.get('long')).toBeUndefined();
    expect(starts.get('a')?.toString()).toBe('deux');
  });
});
