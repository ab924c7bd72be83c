// Reads an image's type and size from its bytes, as a link preview or a browser would: no trust in headers.
import { imageSize } from 'image-size';
import type { Response } from 'superagent';

/** A PNG's width and height from its IHDR chunk; throws when the bytes are not a PNG. */
export function readPngSize(bytes: Buffer): { width: number; height: number } {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!bytes.subarray(0, 8).equals(signature) || bytes.toString('latin1', 12, 16) !== 'IHDR') throw new Error('not a PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Any supported image's format and size, read from its header (image-size). */
export function readImageHeader(bytes: Buffer): { type: string | undefined; width: number | undefined; height: number | undefined } {
  const { type, width, height } = imageSize(bytes);
  return { type, width, height };
}

/** A supertest parser that keeps a binary body whole: `.buffer(true).parse(collectBytes)`. */
export function collectBytes(res: Response, done: (error: Error | null, body: unknown) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}
