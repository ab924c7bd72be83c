// Open bodies: compressed once up to a per-response part, then finished per response. Whatever the
// tail (empty, a nonce, longer than one stored block), each encoding decodes to the whole text.
import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { addEncoding, createSharedSegment, encodeBody, encodeOpenBody, finishBody, matchesEtag, readAcceptedEncodings, type EncodedBody, type Encoding } from '../../../../server/http/encoded-body';

const decode = { gzip: gunzipSync, br: brotliDecompressSync } as const;

/** The bytes a client receives for this body and tail, decoded as the client does. */
function receive(body: EncodedBody, encoding: Encoding, tail: Buffer): string {
  const end = finishBody(body, encoding, tail) ?? Buffer.alloc(0);
  return decode[encoding](Buffer.concat([body[encoding]!, end])).toString();
}

const css = createSharedSegment(`body{color:#123}${'.rule{margin:0 auto}'.repeat(500)}`);
const before = Buffer.from(`<!DOCTYPE html><html><head><style>`);
const after = Buffer.from(`</style></head><body><main>${'<p>Lire un plan EXPLAIN, équipe, œuvre.</p>'.repeat(300)}</main><script nonce="`);

describe('encodeOpenBody', () => {
  it.each([
    ['no tail', ''],
    ['a nonce and the end of the document', 'Zk9xR2VhZ0J4cDdvNXc">\u003c/script></body></html>'],
    // Random (incompressible) text past one stored block of 65,535 bytes: the tail is cut in several.
    ['a tail of several stored blocks', randomBytes(100_000).toString('base64')],
  ])('decodes to the whole text in gzip and brotli with %s', async (_case, tail) => {
    const body = await encodeOpenBody([before, css, after], Buffer.from(tail), ['gzip', 'br'], 'many');
    const whole = Buffer.concat([before, css.identity, after]).toString() + tail;
    expect(receive(body, 'gzip', Buffer.from(tail))).toBe(whole);
    expect(receive(body, 'br', Buffer.from(tail))).toBe(whole);
  });

  it('decodes with an empty part among the segments', async () => {
    const body = await encodeOpenBody([before, Buffer.alloc(0), css, after], Buffer.alloc(0), ['gzip', 'br'], 'once');
    const whole = Buffer.concat([before, css.identity, after]).toString();
    expect(receive(body, 'gzip', Buffer.alloc(0))).toBe(whole);
    expect(receive(body, 'br', Buffer.alloc(0))).toBe(whole);
  });

  it('keeps the shared part compressed once: the gzip copy is smaller than the text', async () => {
    const body = await encodeOpenBody([before, css, after], Buffer.alloc(0), ['gzip'], 'once');
    expect(body.gzip!.length).toBeLessThan((before.length + css.identity.length + after.length) / 5);
    expect(body.br).toBeUndefined();
  });

  it('keeps the identity start when asked for no encoding, and finishes it with the tail alone', async () => {
    const body = await encodeOpenBody([before, css, after], Buffer.alloc(0), [], 'once');
    expect(body.identity?.toString()).toBe(Buffer.concat([before, css.identity, after]).toString());
    expect(finishBody(body, undefined, Buffer.from('end'))?.toString()).toBe('end');
  });

  it('gives a weak validator that changes with the text but not with the per-response part', async () => {
    const one = await encodeOpenBody([before, css, after], Buffer.from('end'), ['gzip'], 'once');
    const other = await encodeOpenBody([before, css, Buffer.from('<p>autre</p>')], Buffer.from('end'), ['gzip'], 'once');
    expect(one.etag).toMatch(/^W\/"/);
    expect(other.etag).not.toBe(one.etag);
    expect(matchesEtag(one.etag.slice(2), one.etag)).toBe(true);
  });
});

describe('addEncoding', () => {
  const tail = Buffer.from('nonce">\u003c/script></body></html>');
  const whole = Buffer.concat([before, css.identity, after, tail]).toString();

  it.each([
    ['gzip', 'br'],
    ['br', 'gzip'],
  ] as const)('adds %s to an open body kept in %s, decoding to the same text', async (added, kept) => {
    const body = await encodeOpenBody([before, css, after], tail, [kept], 'many');
    expect(body[added]).toBeUndefined();
    addEncoding(body, added);
    await vi.waitFor(() => expect(body[added]).toBeDefined());
    expect(receive(body, added, tail)).toBe(whole);
    expect(receive(body, kept, tail)).toBe(whole);
  });

  it('adds brotli to a finished body kept in gzip, and leaves it be once there', async () => {
    const text = Buffer.from(JSON.stringify(Array.from({ length: 200 }, (_, at) => ({ id: `article-${at}`, tit: 'Lire un plan EXPLAIN' }))));
    const body = await encodeBody(text, 'gzip', 'many');
    addEncoding(body, 'br');
    await vi.waitFor(() => expect(body.br).toBeDefined());
    const first = body.br;
    addEncoding(body, 'br');
    expect(body.br).toBe(first);
    expect(brotliDecompressSync(body.br!).toString()).toBe(text.toString());
  });
});

describe('readAcceptedEncodings', () => {
  it.each([
    [undefined, []],
    ['gzip, deflate, br, zstd', ['br', 'gzip']],
    ['gzip', ['gzip']],
    ['br;q=0, gzip;q=0.5', ['gzip']],
    ['*', ['br', 'gzip']],
    ['identity', []],
  ] as const)('reads %s as %j', (header, expected) => {
    expect(readAcceptedEncodings(header)).toEqual(expected);
  });
});
