// On-disk cache of analysed articles, keyed by each file's content hash: a restart reads these
// instead of parsing Markdown and stemming every word again. Losing the folder only costs time.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ArticleAids } from '../../../shared/items/article-aids';
import type { Article } from '../../../shared/items/types';
import type { IndexDocument, SearchIndexJson } from './search-index';

/** Bump when parsing or analysis changes: older entries are then ignored and pruned. */
const CACHE_VERSION = 'content-v3';

/** What one article file becomes, without its rendered body (read from the file when asked for). */
export interface CachedArticle {
  article: Article;
  draft: boolean;
  seriesOrder?: number;
  doc: IndexDocument;
}

/** An article sanitised and enhanced for pages, with what the article page reads from it. */
export interface PreparedArticle {
  article: Article;
  aids: ArticleAids;
}

/** The whole loaded state, written when the source closes and read at the next start. */
export interface ContentSnapshot<E> {
  version: string;
  entries: E[];
  index: SearchIndexJson;
}

export function hashContent(text: string): string {
  return createHash('sha256').update(CACHE_VERSION).update('\0').update(text).digest('hex');
}

/** Writes one analysed article's files in `dir`. A failed write is ignored. */
export async function writeCacheEntry(dir: string, hash: string, entry: CachedArticle, text: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
    // The text first: an entry is only used once its JSON exists. Each file appears whole (written
    // aside, then renamed): several processes may share the folder and read while another writes.
    await writeWhole(path.join(dir, `${hash}.txt`), text);
    await writeWhole(path.join(dir, `${hash}.json`), JSON.stringify(entry));
  } catch {
    // A read-only or full disk only means the next start parses again.
  }
}

/**
 * The same, synchronously: the worker thread that analysed it
 * does (decision 027), where waiting on the disk holds up nothing else. A failed write is ignored.
 */
export function writeCacheEntrySync(dir: string, hash: string, entry: CachedArticle, text: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    writeWholeSync(path.join(dir, `${hash}.txt`), text);
    writeWholeSync(path.join(dir, `${hash}.json`), JSON.stringify(entry));
  } catch {
    // A read-only or full disk only means the next start parses again.
  }
}

export class ContentCache {
  /** The folder of this content's entries. */
  readonly dir: string;

  /** cacheDir: CONTENT_CACHE_DIR; each content folder gets its own subfolder there. */
  constructor(cacheDir: string, contentDir: string) {
    this.dir = path.join(cacheDir, createHash('sha256').update(path.resolve(contentDir)).digest('hex').slice(0, 16));
  }

  private fileOf(hash: string, extension: 'json' | 'txt'): string {
    return path.join(this.dir, `${hash}.${extension}`);
  }

  async read(hash: string): Promise<CachedArticle | null> {
    try {
      return JSON.parse(await readFile(this.fileOf(hash, 'json'), 'utf8')) as CachedArticle;
    } catch {
      return null;
    }
  }

  write(hash: string, entry: CachedArticle, text: string): Promise<void> {
    return writeCacheEntry(this.dir, hash, entry, text);
  }

  /** An article as prepared for pages, kept for one version of the preparation (see ContentSourceOptions.preparedVersion). */
  async readPrepared(hash: string, version: string): Promise<PreparedArticle | null> {
    try {
      return JSON.parse(await readFile(this.preparedFileOf(hash, version), 'utf8')) as PreparedArticle;
    } catch {
      return null;
    }
  }

  async writePrepared(hash: string, version: string, prepared: PreparedArticle): Promise<void> {
    try {
      await mkdir(this.dir, { recursive: true });
      await writeWhole(this.preparedFileOf(hash, version), JSON.stringify(prepared));
    } catch {
      // Not kept: the next start prepares it again.
    }
  }

  private preparedFileOf(hash: string, version: string): string {
    return path.join(this.dir, `${hash}.prepared-${version}.json`);
  }

  /** The plain text snippets are cut from; read on demand so that it never sits in memory. */
  readText(hash: string): string | undefined {
    try {
      return readFileSync(this.fileOf(hash, 'txt'), 'utf8');
    } catch {
      return undefined;
    }
  }

  private get snapshotFile(): string {
    return path.join(this.dir, 'snapshot.json');
  }

  async readSnapshot<E>(): Promise<ContentSnapshot<E> | null> {
    try {
      const snapshot = JSON.parse(await readFile(this.snapshotFile, 'utf8')) as ContentSnapshot<E>;
      return snapshot.version === CACHE_VERSION ? snapshot : null;
    } catch {
      return null;
    }
  }

  /** Synchronous: it runs while the process stops, when nothing else is served. */
  writeSnapshot<E>(entries: E[], index: SearchIndexJson): void {
    try {
      mkdirSync(this.dir, { recursive: true });
      const temporary = `${this.snapshotFile}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify({ version: CACHE_VERSION, entries, index } satisfies ContentSnapshot<E>));
      renameSync(temporary, this.snapshotFile);
    } catch {
      // The next start reads the entries one by one instead.
    }
  }

  /** Deletes the entries of files that no longer exist in this form, so the folder stays the size of the content. */
  /** buildVersion: prepared HTML of another build goes too (see server/html/preparation-version.ts). */
  async prune(keep: Set<string>, buildVersion?: string): Promise<number> {
    let removed = 0;
    const names = await readdir(this.dir).catch(() => [] as string[]);
    for (const name of names) {
      // <hash>.json, <hash>.txt, <hash>.prepared-<version>.json; a leftover .tmp goes in any case.
      const hash = name.split('.')[0]!;
      const otherBuild = buildVersion !== undefined && name.includes('.prepared-') && !name.startsWith(`${hash}.prepared-${buildVersion}-`);
      if (!name.endsWith('.tmp') && !otherBuild && (keep.has(hash) || name === 'snapshot.json')) continue;
      await rm(path.join(this.dir, name), { force: true });
      removed += 1;
    }
    return removed;
  }

  /** Makes sure the folder can be created now, so a wrong CONTENT_CACHE_DIR shows in the logs at start. */
  ensure(): void {
    mkdirSync(this.dir, { recursive: true });
  }
}

/** Writes a file under another name, then renames it: readers see the old file or the whole new one. */
async function writeWhole(file: string, text: string): Promise<void> {
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, file);
}

function writeWholeSync(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}
