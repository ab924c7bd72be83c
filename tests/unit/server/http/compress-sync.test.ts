import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressSync, ownBytes } from '../../../../server/http/compress-sync';

// A young collection on demand: what outlives one here outlives it under load.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as (options: { type: 'minor' | 'major'; execution: 'sync' }) => void;

/** A page's worth of HTML that compresses to a few kilobytes: one output chunk, as a search page's. */
const page = Buffer.from(Array.from({ length: 2_000 }, (_, at) => `<li><a href="/articles/${at}">Article ${at * 7919}</a></li>`).join('\n'));
/** The fast levels pages are sent at. */
const FAST = { br: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } }, gzip: { level: 2 } };

describe('compressSync', () => {
  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('compresses in %s what decompresses to the same bytes', (encoding, decompress) => {
    const compressed = compressSync(page, encoding, FAST[encoding]);
    expect(compressed.length).toBeLessThan(page.length / 3);
    expect(decompress(compressed).equals(page)).toBe(true);
  });

  // Node's native handle keeps each closed engine until a full collection, and its 16 KB output chunk with
  // it: under load, enough memory outside the heap to start a full collection every few seconds.
  it.each(['br', 'gzip'] as const)('leaves no %s output chunk behind once its answer is gone', async (encoding) => {
    collect({ type: 'major', execution: 'sync' });
    const before = process.memoryUsage().arrayBuffers;
    // Few enough that the chunks kept would not start a full collection of their own: 1.6 MB.
    for (let at = 0; at < 100; at += 1) compressSync(page, encoding, FAST[encoding]);
    for (let at = 0; at < 3; at += 1) collect({ type: 'minor', execution: 'sync' });
    await new Promise(setImmediate);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(512 * 1024);
  });
});

describe('ownBytes', () => {
  it('copies a view of a larger buffer into memory of its own, and leaves whole buffers as they are', () => {
    const chunk = Buffer.alloc(16 * 1024, 7);
    const view = chunk.subarray(100, 200);
    const own = ownBytes(view);
    expect(own.equals(view)).toBe(true);
    expect(own.buffer.byteLength).toBe(100);
    chunk.fill(0);
    expect(own[0]).toBe(7);
    const whole = Buffer.allocUnsafeSlow(100);
    expect(ownBytes(whole)).toBe(whole);
  });
});
