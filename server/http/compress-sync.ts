// One-shot compression on the event loop, for answers made once (search pages, the items API's lists).
import zlib from 'node:zlib';
import type { Encoding } from './stored-answer';

type Options = zlib.BrotliOptions | zlib.ZlibOptions;

/** What zlib's *Sync functions hand back with `info: true`. `_outBuffer` is Node's own field. */
interface CompressedWithEngine {
  buffer: Buffer;
  engine: { _outBuffer?: Buffer };
}

/**
 * Compresses `body` as zlib.brotliCompressSync or zlib.gzipSync do, and lets go of the output chunk
 * (16 KB by default) the engine keeps. Node's native handle keeps the closed engine through young
 * collections until a full one, and with it that chunk, which counts as external memory: a search page
 * left 16 KB of it, 7 MB a second under load, enough to start a full collection every 3 s (decision 082).
 * Without the field (another Node), nothing is let go and nothing breaks.
 */
export function compressSync(body: Buffer, encoding: Encoding, options: Options): Buffer {
  const compressed = (encoding === 'br'
    ? zlib.brotliCompressSync(body, { ...(options as zlib.BrotliOptions), info: true })
    : zlib.gzipSync(body, { ...(options as zlib.ZlibOptions), info: true })) as unknown as CompressedWithEngine;
  if ('_outBuffer' in compressed.engine) compressed.engine._outBuffer = undefined;
  return compressed.buffer;
}

/**
 * The bytes in memory of their own: an answer that fitted in one output chunk is a view of that whole
 * chunk, which a kept answer would hold although its size counts only the view.
 */
export function ownBytes(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.byteLength);
  bytes.copy(own);
  return own;
}
