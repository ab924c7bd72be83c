// Generated images kept on disk by the hash of what they show: made once for all concurrent askers,
// found again after a restart, and bounded in bytes (the least recently used files go first).
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface DiskCacheOptions {
  dir: string;
  /** Most bytes the folder holds; past it, the files least recently used are removed. */
  maxBytes: number;
}

/** A short, file-name-safe hash of a cache key. */
export function hashKey(key: string | Buffer): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 32);
}

export class DiskCache {
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  /** File name → size, in least- to most-recently used order (a Map keeps insertion order). */
  private index: Map<string, number> | undefined;
  private indexing: Promise<Map<string, number>> | undefined;
  private totalBytes = 0;

  constructor(private readonly options: DiskCacheOptions) {}

  /** The bytes under `name` (a hash plus an extension), made by `make` when they are not on disk yet. */
  async getOrMake(name: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const pending = this.inFlight.get(name);
    if (pending) return pending;
    const work = this.readOrMake(name, make).finally(() => this.inFlight.delete(name));
    this.inFlight.set(name, work);
    return work;
  }

  private async readOrMake(name: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const index = await this.loadIndex();
    const file = path.join(this.options.dir, name);
    if (index.has(name)) {
      try {
        const bytes = await readFile(file);
        this.touch(name, bytes.length);
        return bytes;
      } catch {
        this.forget(name);
      }
    }
    const bytes = await make();
    // Written beside, then renamed: a reader never sees half a file, even from another process.
    const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
    try {
      await writeFile(temporary, bytes);
      await rename(temporary, file);
      this.touch(name, bytes.length);
      await this.evict(name);
    } catch {
      // A disk that cannot be written to still lets the image be served, made anew next time.
      await rm(temporary, { force: true }).catch(() => undefined);
    }
    return bytes;
  }

  private loadIndex(): Promise<Map<string, number>> {
    if (this.index) return Promise.resolve(this.index);
    this.indexing ??= (async () => {
      let names: string[];
      try {
        await mkdir(this.options.dir, { recursive: true });
        names = (await readdir(this.options.dir)).filter((name) => !name.endsWith('.tmp'));
      } catch {
        // A folder that cannot be made or read: images are still made and served, only not kept.
        names = [];
      }
      const files = await Promise.all(names.map(async (name) => ({ name, info: await stat(path.join(this.options.dir, name)).catch(() => null) })));
      const index = new Map<string, number>();
      // Oldest first, by last access where the file system keeps it.
      for (const { name, info } of files.filter((file) => file.info?.isFile()).sort((a, b) => a.info!.atimeMs - b.info!.atimeMs)) {
        index.set(name, info!.size);
        this.totalBytes += info!.size;
      }
      this.index = index;
      return index;
    })();
    return this.indexing;
  }

  private touch(name: string, size: number): void {
    const index = this.index!;
    this.totalBytes -= index.get(name) ?? 0;
    index.delete(name);
    index.set(name, size);
    this.totalBytes += size;
  }

  private forget(name: string): void {
    this.totalBytes -= this.index!.get(name) ?? 0;
    this.index!.delete(name);
  }

  private async evict(keep: string): Promise<void> {
    for (const name of this.index!.keys()) {
      if (this.totalBytes <= this.options.maxBytes) return;
      if (name === keep) continue;
      this.forget(name);
      await rm(path.join(this.options.dir, name), { force: true });
    }
  }

  /** Bytes the folder holds, as this process counts them. */
  get size(): number {
    return this.totalBytes;
  }
}
