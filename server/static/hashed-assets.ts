// The build's hashed assets (dist/public/assets), held in memory with the .gz/.br files the build
// wrote: served first, on the hot path (server/http/hot-path.ts), immutable.
import { readdir, readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { assembleAnswer, hashBody, writeStored, type HeaderList, type StoredAnswer } from '../http/stored-answer';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** URL path (/assets/name) → the asset as an answer kept whole. */
export type HashedAssets = Map<string, StoredAnswer>;

const IMMUTABLE = 'public, max-age=31536000, immutable';

async function readOptional(file: string): Promise<Buffer | undefined> {
  return readFile(file).catch(() => undefined);
}

export async function loadHashedAssets(assetsDir: string): Promise<HashedAssets> {
  const names = (await readdir(assetsDir).catch(() => [] as string[])).filter((name) => TYPES[path.extname(name)]);
  const assets: HashedAssets = new Map();
  await Promise.all(
    names.map(async (name) => {
      const file = path.join(assetsDir, name);
      const identity = await readFile(file);
      const [gzip, br] = await Promise.all([readOptional(`${file}.gz`), readOptional(`${file}.br`)]);
      const headers = ['Content-Type', TYPES[path.extname(name)]!, 'Cache-Control', IMMUTABLE, 'X-Content-Type-Options', 'nosniff', 'Vary', 'Accept-Encoding'];
      // The build writes both; an asset copied without them is compressed here, once.
      assets.set(
        `/assets/${name}`,
        assembleAnswer(200, headers, { gzip: gzip ?? gzipSync(identity), br: br ?? brotliCompressSync(identity) }, hashBody(identity)),
      );
    }),
  );
  return assets;
}

/** Answers a GET or HEAD of a hashed asset (pathname: the URL without its query); false when it is not one. */
export function serveHashedAsset(assets: HashedAssets, req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
  const asset = assets.get(pathname);
  if (!asset) return false;
  writeStored(req, res, asset);
  return true;
}

/** The same assets with these headers too (the site's policy headers), replacing any of the same name; stored once, not added per answer. */
export function withHeaders(assets: HashedAssets, headers: HeaderList): HashedAssets {
  const names = new Set(headers.filter((_, at) => at % 2 === 0).map((name) => name.toLowerCase()));
  const kept = (list: HeaderList) => list.flatMap((value, at) => (at % 2 === 0 && !names.has(value.toLowerCase()) ? [value, list[at + 1]!] : []));
  return new Map(
    [...assets].map(([url, asset]) => [
      url,
      assembleAnswer(asset.status, [...kept(asset.base.headers), ...headers], { gzip: asset.gzip.body, br: asset.br.body }, asset.hash),
    ]),
  );
}
