import { describe, expect, it } from 'vitest';
import { writeDocument } from '../../../../server/render/page-handler';
import { COMPRESS_ON_THREAD_BYTES } from '../../../../server/http/response-cache';

const expected = (html: string) => Buffer.from(`<!DOCTYPE html>${html}`);

describe('writeDocument', () => {
  // ASCII, accents (2 bytes), a CJK character (3), an emoji (4 bytes for 2 UTF-16 units), a lone surrogate.
  const pages = [
    '<html><body>plain</body></html>',
    '<p>équipe, données, cœur</p>'.repeat(200),
    '<p>漢字 and 🙂 and \ud800 alone</p>'.repeat(300),
    // Past the reused buffer's bound, by bytes though not by characters, and by both.
    'é'.repeat(COMPRESS_ON_THREAD_BYTES / 2 + 10),
    'a'.repeat(COMPRESS_ON_THREAD_BYTES + 10),
    // Past it with the buffer's last two bytes too few for the next character: the write stops short.
    `a${'漢'.repeat(COMPRESS_ON_THREAD_BYTES / 3)}`,
    // Right at the bound: whatever fits the reused buffer, the bytes are whole.
    'a'.repeat(COMPRESS_ON_THREAD_BYTES - 1 - '<!DOCTYPE html>'.length),
    '漢'.repeat(Math.floor((COMPRESS_ON_THREAD_BYTES - 20) / 3)),
  ];

  it('writes the doctype and the page as UTF-8, into the reused buffer or one of its own', () => {
    for (const html of pages) {
      expect(writeDocument(html, false).equals(expected(html))).toBe(true);
      expect(writeDocument(html, true).equals(expected(html)), `${html.slice(0, 20)}… (${html.length})`).toBe(true);
    }
  });

  it('gives a page past the bound a buffer the next page does not write over', () => {
    const large = 'é'.repeat(COMPRESS_ON_THREAD_BYTES);
    const made = writeDocument(large, true);
    writeDocument('<p>next</p>'.repeat(1000), true);
    expect(made.length).toBeGreaterThan(COMPRESS_ON_THREAD_BYTES);
    expect(made.equals(expected(large))).toBe(true);
  });

  it('reuses one buffer for pages that fit: valid until the next render only', () => {
    const first = writeDocument('<p>first</p>', true);
    const second = writeDocument('<p>other</p>', true);
    expect(second.buffer).toBe(first.buffer);
    expect(second.toString()).toBe('<!DOCTYPE html><p>other</p>');
  });

  it('keeps in the reused buffer a page that fills it to the last byte, when the buffer was sized for it', () => {
    // 3 bytes a character, to the bound's last byte: the worst case fits, so no buffer of its own is needed.
    const full = '漢'.repeat((COMPRESS_ON_THREAD_BYTES - 1 - '<!DOCTYPE html>'.length) / 3);
    const made = writeDocument(full, true);
    expect(made.length).toBe(COMPRESS_ON_THREAD_BYTES - 1);
    expect(made.equals(expected(full))).toBe(true);
    expect(writeDocument('<p>next</p>', true).buffer).toBe(made.buffer);
  });
});
