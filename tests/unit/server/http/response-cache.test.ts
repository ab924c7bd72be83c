import { randomBytes } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { parseRequestTarget } from '../../../../server/http/request-target';
import { ResponseCache } from '../../../../server/http/response-cache';

describe('ResponseCache, pages asked once', () => {
  // Decision 082: the first answers' bytes share one ring; its end, left unused when a copy does not fit,
  // can bring the ring round to an answer its LRU still keeps. That answer must never be sent.
  it('renders again a page asked once whose bytes the ring has written over, and answers the others', async () => {
    // An eighth of 800,000 bytes: a ring of 100,000 bytes, copies of 25,000 at most.
    const cache = new ResponseCache({ ttlMs: 60_000, maxBytes: 800_000 });
    const bodies = new Map<string, Buffer>([
      ['/p1', randomBytes(24_000)],
      ['/p2', randomBytes(24_000)],
      ['/p3', randomBytes(24_000)],
      ['/q', randomBytes(4_000)],
      // 76,000 written: 25,000 do not fit in the last 24,000, left unused; it goes over p1 (pushed out
      // by the LRU) and over p2's first 1,000 bytes, which the LRU still keeps.
      ['/s', randomBytes(25_000)],
    ]);
    const app = express();
    app.use((req, res) => void cache.send(req, res, 200, bodies.get(req.path)!));
    // Uncompressed, so the bytes kept are the body itself.
    for (const path of bodies.keys()) await request(app).get(path).set('Accept-Encoding', 'identity').expect(200);
    const keyOf = (path: string) => parseRequestTarget(path).url;
    expect(cache.get(keyOf('/p1'), 'identity')).toBeUndefined();
    expect(cache.get(keyOf('/p2'), 'identity')).toBeUndefined();
    for (const path of ['/p3', '/q', '/s']) {
      // Asked again by a client that takes no encoding: made whole from the bytes kept.
      const kept = await cache.get(keyOf(path), 'identity');
      expect(kept && 'br' in kept && brotliDecompressSync(kept.br.body).equals(bodies.get(path)!), path).toBe(true);
    }
  });
});
