// The build's hashed assets (dist/public/assets), held in memory with the .gz/.br files the build
// wrote: served first, on the hot path (server/http/hot-path.ts), immutable.
import { readdir, readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { computeEtag, writeEncoded, type EncodedBody } from '../http/encoded-body';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

interface Asset {
  type: string;
  body: EncodedBody;
}

/** URL path (/assets/name) → asset. */
export type HashedAssets = Map<string, Asset>;

async function readOptional(file: string): Promise<Buffer | undefined> {
  return readFile(file).catch(() => undefined);
}

export async function loadHashedAssets(assetsDir: string): Promise<HashedAssets> {
  const names = (await readdir(assetsDir).catch(() => [] as string[])).filter((name) => TYPES[path.extname(name)]);
  const assets = new Map<string, Asset>();
  await Promise.all(
    names.map(async (name) => {
      const file = path.join(assetsDir, name);
      const identity = await readFile(file);
      const [gzip, br] = await Promise.all([readOptional(`${file}.gz`), readOptional(`${file}.br`)]);
      assets.set(`/assets/${name}`, { type: TYPES[path.extname(name)]!, body: { identity, gzip, br, etag: computeEtag(identity) } });
    }),
  );
  return assets;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Answers a GET or HEAD of a hashed asset (pathname: the URL without its query); false when it is not one. */
export function serveHashedAsset(assets: HashedAssets, req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
  const asset = assets.get(pathname);
  if (!asset) return false;
  writeEncoded(req, res, 200, ['Content-Type', asset.type, 'Cache-Control', IMMUTABLE, 'X-Content-Type-Options', 'nosniff', 'Vary', 'Accept-Encoding'], asset.body);
  return true;
}
