// On-disk cache of analysed articles, keyed by each file's content hash: a restart reads these
// instead of parsing Markdown and stemming every word again. Losing the folder only costs time.
//
// The analysed articles live in packs: append-only files, one per writing thread of a process, each
// record an analysed article (V8-serialised) and its plain text. A file per article cost two new inodes each, and on
// ext4 creating them was most of a cold start's system time (decision 031).
//
// Each process works in a slot of its own, a subfolder it holds a lock on while it runs: processes
// sharing CONTENT_CACHE_DIR (PM2's cluster mode) never prune or write each other's packs, and a restart
// takes a free slot back, with the packs and snapshot its last holder left (decision 050).
import { isUtf8 } from 'node:buffer';
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  read,
  readSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
  writevSync,
} from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { promisify } from 'node:util';
import { deserialize, serialize } from 'node:v8';
import { lockSync } from 'proper-lockfile';
import type { ArticleAids } from '../../../shared/items/article-aids';
import type { Article } from '../../../shared/items/types';
import type { ArticleReferences } from './content-references';
import { readIndexVersion } from './index-version';
import { SNIPPET_READ_BYTES, type IndexDocument, type SearchIndexJson } from './search-index';
import { TextStarts } from './text-starts';

/** Changes with what parsing and analysis make of a file (index-version.ts): older entries are then ignored and pruned. */
const cacheVersion = () => `content-${readIndexVersion()}`;

/** What one article file becomes, without its rendered body (read from the file when asked for). */
export interface CachedArticle {
  article: Article;
  draft: boolean;
  seriesOrder?: number;
  translationKey?: string;
  aliases?: string[];
  doc: IndexDocument;
  /** Links, images and heading anchors, for the checks across articles (content-rules.ts). */
  refs?: ArticleReferences;
}

/** An article sanitised and enhanced for pages, with what the article page reads from it. */
export interface PreparedArticle {
  article: Article;
  aids: ArticleAids;
}

/** Characters past Latin-1: a single one makes V8 decode a whole text as a two-byte string. */
const PAST_LATIN1 = /[\u0100-\uffff]/g;

/**
 * JSON text with every character past Latin-1 written as its \u escape (a surrogate pair as two), the
 * same value to JSON.parse. Read back, the text is then a one-byte string: at 10,000 articles the
 * snapshot is 91 million characters, and 999 "œ" in its summaries made the start that read it hold
 * 176 MB instead of 88 (decision 088).
 */
function latin1Json(json: string): string {
  return json.replace(PAST_LATIN1, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The whole loaded state, written when the source closes and read at the next start. */
export interface ContentSnapshot<E> {
  version: string;
  entries: E[];
  index: SearchIndexJson;
}

/** Where a record is: its pack (a file name in the cache folder), its offset, and the sizes of its parts. */
export interface PackedEntry {
  pack: string;
  at: number;
  entryBytes: number;
  textBytes: number;
}

export function hashContent(text: string): string {
  return createHash('sha256').update(cacheVersion()).update('\0').update(text).digest('hex');
}

/** hashContent of a file's text, from the file's bytes: valid UTF-8 is its own encoding, so the text is not encoded again to hash it. */
export function hashContentBytes(bytes: Buffer): string {
  if (!isUtf8(bytes)) return hashContent(bytes.toString('utf8'));
  return createHash('sha256').update(cacheVersion()).update('\0').update(bytes).digest('hex');
}

// A record: the sizes of the entry and of the text (uint32, little-endian), the hash in 64 hex digits, then both.
const HEADER_BYTES = 72;
/**
 * How a record's entry is written: V8's serialization (node:v8), not JSON. JSON.stringify and its
 * UTF-8 encoding cost about 0.2 ms of a file's 1.6 ms of analysis; serialize() about half (decision 063).
 * Part of the packs' names: packs of another format are deleted unread.
 */
const RECORD_FORMAT = 'v8';
const packSuffix = () => `.${cacheVersion()}.${RECORD_FORMAT}.pack`;
const HASH = /^[0-9a-f]{64}$/;
/** A pack whose live records are less than this share of it is copied out and deleted when the cache is pruned. */
const MIN_LIVE_SHARE = 0.5;
/** A slot whose lock went this long without being refreshed (every half of it) is free: its process died. */
const SLOT_STALE_MS = 20_000;
/** More processes than this on one folder is a mistake, not a cluster. */
const MAX_SLOTS = 256;
/** The reused buffer of text reads: a snippet's 6 KB start and most whole texts fit. */
const READ_BUFFER_BYTES = 16_384;
const SLOT = /^slot-\d+$/;

/** This thread's packs, by folder. A module instance is a thread's own, so the random name keeps writers apart. */
const writers = new Map<string, { fd: number; pack: string; size: number }>();
const writerName = randomBytes(8).toString('hex');
let packsOpened = 0;

function writeWholly(fd: number, bytes: Buffer): void {
  for (let done = 0; done < bytes.length;) done += writeSync(fd, bytes, done, bytes.length - done);
}

/** Appends a record to this thread's pack in `dir`: a few tens of microseconds, no new file. undefined when the disk refuses. */
function appendRecord(dir: string, hash: string, entry: Uint8Array, text: Uint8Array): PackedEntry | undefined {
  // Any other key would end the pack's scan at the next start, and lose the records after it.
  if (!HASH.test(hash)) return undefined;
  try {
    let writer = writers.get(dir);
    if (!writer) {
      mkdirSync(dir, { recursive: true });
      packsOpened += 1;
      const pack = `${writerName}-${packsOpened}${packSuffix()}`;
      const fd = openSync(path.join(dir, pack), 'a');
      writer = { fd, pack, size: fstatSync(fd).size };
      writers.set(dir, writer);
    }
    const header = Buffer.alloc(HEADER_BYTES);
    header.writeUInt32LE(entry.length, 0);
    header.writeUInt32LE(text.length, 4);
    header.write(hash, 8, 'latin1');
    const at = writer.size;
    const total = HEADER_BYTES + entry.length + text.length;
    // One write (gathered, not copied into one buffer) for the whole record: a reader sees it whole or past the end of the file, never torn in the middle.
    const written = writevSync(writer.fd, [header, entry, text]);
    if (written < total) writeWholly(writer.fd, Buffer.concat([header, entry, text]).subarray(written));
    writer.size += total;
    return { pack: writer.pack, at, entryBytes: entry.length, textBytes: text.length };
  } catch {
    // A read-only or full disk only means the next start parses again.
    return undefined;
  }
}

/**
 * Writes one analysed article (serialised) and the plain text snippets are cut from to this thread's
 * pack in `dir`, synchronously: an append to a file already open, where a thread or a first load loses nothing by waiting.
 */
export function writeCacheEntry(dir: string, hash: string, entry: CachedArticle, text: string): PackedEntry | undefined {
  return appendRecord(dir, hash, serialize(entry), Buffer.from(text));
}

const readAsync = promisify(read);

export class ContentCache {
  /** The folder of this content's entries: this process's slot once open() has run (decision 050). */
  dir: string;
  /** The content's folder in CONTENT_CACHE_DIR, which holds the slots. */
  private readonly root: string;
  private releaseSlot: (() => void) | undefined;
  /** Where each hash's record is, as found by open() and told by remember(). */
  private readonly records = new Map<string, PackedEntry>();
  /**
   * Packs open for reading, from the moment this process learns of them (its scan, or a record it is
   * told of), kept open: a pack another process deletes meanwhile stays readable here.
   */
  private readonly readers = new Map<string, number>();

  /** cacheDir: CONTENT_CACHE_DIR; each content folder gets its own subfolder there. */
  constructor(cacheDir: string, contentDir: string) {
    this.root = path.join(cacheDir, createHash('sha256').update(path.resolve(contentDir)).digest('hex').slice(0, 16));
    this.dir = this.root;
  }

  /** Locks the first free slot of the folder; files left there by the cache's layout before slots are deleted. */
  private claimSlot(): string {
    mkdirSync(this.root, { recursive: true });
    for (const name of readdirSync(this.root)) {
      const file = path.join(this.root, name);
      if (!SLOT.test(name) && !name.endsWith('.lock') && statSync(file, { throwIfNoEntry: false })?.isFile()) rmSync(file, { force: true });
    }
    for (let slot = 0; slot < MAX_SLOTS; slot += 1) {
      const dir = path.join(this.root, `slot-${slot}`);
      mkdirSync(dir, { recursive: true });
      try {
        // A lock taken over after a stall of SLOT_STALE_MS: this process then only shares its slot, as before slots.
        this.releaseSlot = lockSync(dir, { stale: SLOT_STALE_MS, realpath: false, onCompromised: () => {} });
        return dir;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
      }
    }
    throw new Error(`all ${MAX_SLOTS} slots of ${this.root} are held`);
  }

  /**
   * Creates the folder (so a wrong CONTENT_CACHE_DIR shows in the logs at start) and finds the records of
   * its packs: a header read per record. A record cut short (a writer stopped mid-write) ends its pack.
   */
  open(): void {
    this.dir = this.claimSlot();
    const header = Buffer.alloc(HEADER_BYTES);
    for (const pack of readdirSync(this.dir).filter((name) => name.endsWith(packSuffix()))) {
      const fd = this.readerOf(pack);
      if (fd === undefined) continue;
      const size = fstatSync(fd).size;
      for (let at = 0; at + HEADER_BYTES <= size;) {
        if (readSync(fd, header, 0, HEADER_BYTES, at) < HEADER_BYTES) break;
        const entryBytes = header.readUInt32LE(0);
        const textBytes = header.readUInt32LE(4);
        const hash = header.toString('latin1', 8, HEADER_BYTES);
        const end = at + HEADER_BYTES + entryBytes + textBytes;
        if (!HASH.test(hash) || end > size) break;
        this.records.set(hash, { pack, at, entryBytes, textBytes });
        at = end;
      }
    }
  }

  /** True when a record of this hash was found or told: a snapshot's entry without one is analysed again. */
  has(hash: string): boolean {
    return this.records.has(hash);
  }

  /** Records where a thread wrote an entry (worker threads write their own packs). */
  remember(hash: string, record: PackedEntry): void {
    this.records.set(hash, record);
    this.readerOf(record.pack);
  }

  private readerOf(pack: string): number | undefined {
    let fd = this.readers.get(pack);
    if (fd === undefined) {
      try {
        fd = openSync(path.join(this.dir, pack), 'r');
      } catch {
        return undefined;
      }
      this.readers.set(pack, fd);
    }
    return fd;
  }

  async read(hash: string): Promise<CachedArticle | null> {
    const record = this.records.get(hash);
    const fd = record && this.readerOf(record.pack);
    if (!record || fd === undefined) return null;
    try {
      const bytes = Buffer.alloc(record.entryBytes);
      const { bytesRead } = await readAsync(fd, bytes, 0, record.entryBytes, record.at + HEADER_BYTES);
      return bytesRead === record.entryBytes ? (deserialize(bytes) as CachedArticle) : null;
    } catch {
      return null;
    }
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

  /** The plain text snippets are cut from; read on demand so that it never sits in memory (only the starts snippets read first are kept, as bytes: decision 086). */
  readText(hash: string): string | undefined {
    return this.readTextStart(hash, Infinity)?.text;
  }

  private readonly readBuffer = Buffer.allocUnsafeSlow(READ_BUFFER_BYTES);
  /** The starts snippets read first, kept as bytes: the same articles keep coming up (decision 086). */
  private readonly textStarts = new TextStarts(SNIPPET_READ_BYTES);

  /**
   * The first `maxBytes` of an article's text (cut before a character that does not fit), and whether
   * that is all of it: a snippet is most often found near the start, and reading 4 KB costs less than 15.
   * From `fromByte` on (the start of a character) when given: a snippet past the start is read on a
   * part at a time, never whole (only the starts are kept).
   */
  readTextStart(hash: string, maxBytes: number, fromByte = 0): { text: string; complete: boolean } | undefined {
    const record = this.records.get(hash);
    const fd = record && this.readerOf(record.pack);
    if (!record || fd === undefined || fromByte < 0 || fromByte > record.textBytes) return undefined;
    const size = Math.min(record.textBytes - fromByte, maxBytes);
    const textAt = record.at + HEADER_BYTES + record.entryBytes + fromByte;
    try {
      let bytes: Buffer | undefined;
      if (fromByte === 0 && size <= this.textStarts.slotBytes) {
        // From the kept start, or read whole into it: the first bytes of the text, `size` of them or more.
        const length = Math.min(record.textBytes, this.textStarts.slotBytes);
        bytes = this.textStarts.get(hash) ?? this.textStarts.keep(hash, length, (into) => readSync(fd, into, 0, length, textAt));
        if (bytes === undefined) return undefined;
      } else {
        // Decoded into a string at once, so one buffer serves every read that fits: a search's 20 reads no
        // longer each allocate 6 KB (above the pool's size) for the collector to free.
        bytes = size <= this.readBuffer.length ? this.readBuffer : Buffer.allocUnsafe(size);
        if (readSync(fd, bytes, 0, size, textAt) !== size) return undefined;
      }
      const complete = fromByte + size === record.textBytes;
      let end = size;
      // A UTF-8 sequence cut short (continuation bytes 10xxxxxx after its lead byte) is left out.
      if (!complete) while (end > 0 && (bytes[end - 1]! & 0xc0) === 0x80) end -= 1;
      if (!complete && end > 0 && bytes[end - 1]! >= 0xc0) end -= 1;
      return { text: bytes.toString('utf8', 0, complete ? size : end), complete };
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
      return snapshot.version === cacheVersion() ? snapshot : null;
    } catch {
      return null;
    }
  }

  /**
   * Synchronous: it runs while the process stops, when nothing else is served. Written a part at a
   * time, each in Latin-1 JSON (latin1Json), so that neither this stop nor the next start holds the
   * whole snapshot as a two-byte string.
   */
  writeSnapshot<E>(entries: E[], index: SearchIndexJson): void {
    const snapshot: ContentSnapshot<E> = { version: cacheVersion(), entries, index };
    try {
      mkdirSync(this.dir, { recursive: true });
      const temporary = `${this.snapshotFile}.${process.pid}.tmp`;
      const fd = openSync(temporary, 'w');
      try {
        writeFileSync(fd, `{"version":${JSON.stringify(snapshot.version)},"entries":`);
        writeFileSync(fd, latin1Json(JSON.stringify(snapshot.entries)));
        writeFileSync(fd, ',"index":');
        writeFileSync(fd, latin1Json(JSON.stringify(snapshot.index)));
        writeFileSync(fd, '}');
      } finally {
        closeSync(fd);
      }
      renameSync(temporary, this.snapshotFile);
    } catch {
      // The next start reads the entries one by one instead.
    }
  }

  /**
   * Keeps the folder the size of the content: deletes prepared HTML of other files or builds, files of
   * older formats, and packs with no record of `keep`. A pack mostly of records no longer kept has its
   * live ones copied to this thread's pack first, a slice at a time (the event loop serves meanwhile).
   * Packs this process has not opened are left alone: another process, started since, may be writing them.
   * buildVersion: prepared HTML of another build goes too (see server/html/preparation-version.ts).
   */
  async prune(keep: Set<string>, buildVersion?: string): Promise<number> {
    let removed = 0;
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const live = new Map<string, { bytes: number; hashes: string[] }>();
    for (const [hash, record] of this.records) {
      if (!keep.has(hash)) continue;
      const pack = live.get(record.pack) ?? { bytes: 0, hashes: [] };
      pack.bytes += HEADER_BYTES + record.entryBytes + record.textBytes;
      pack.hashes.push(hash);
      live.set(record.pack, pack);
    }
    const ownPack = writers.get(this.dir)?.pack;
    for (const name of names) {
      if (name === 'snapshot.json') continue;
      if (name.endsWith(packSuffix())) {
        if (name === ownPack || !this.readers.has(name) || !(await this.emptyPack(name, live.get(name)))) continue;
      } else {
        // <hash>.prepared-<version>.json; anything else is of an older format or a leftover .tmp.
        const hash = name.split('.')[0]!;
        const otherBuild = buildVersion !== undefined && !name.startsWith(`${hash}.prepared-${buildVersion}-`);
        if (name.includes('.prepared-') && name.endsWith('.json') && !otherBuild && keep.has(hash)) continue;
      }
      await rm(path.join(this.dir, name), { force: true });
      removed += 1;
    }
    return removed;
  }

  /** True when `pack` holds nothing kept, once its live records (if few) have been copied to this thread's pack. */
  private async emptyPack(pack: string, live: { bytes: number; hashes: string[] } | undefined): Promise<boolean> {
    if (!live) return true;
    const fd = this.readerOf(pack);
    if (fd === undefined || live.bytes >= MIN_LIVE_SHARE * fstatSync(fd).size) return false;
    let slice = performance.now();
    for (const hash of live.hashes) {
      const record = this.records.get(hash)!;
      // Written again elsewhere meanwhile: nothing of this pack to copy.
      if (record.pack !== pack) continue;
      const bytes = Buffer.alloc(record.entryBytes + record.textBytes);
      if (readSync(fd, bytes, 0, bytes.length, record.at + HEADER_BYTES) < bytes.length) return false;
      const copy = appendRecord(this.dir, hash, bytes.subarray(0, record.entryBytes), bytes.subarray(record.entryBytes));
      if (!copy) return false;
      this.records.set(hash, copy);
      if (performance.now() - slice > 10) {
        await yieldToEventLoop();
        slice = performance.now();
      }
    }
    return true;
  }

  /** Closes the packs open for reading, and this thread's pack in the folder: a later write starts another. */
  close(): void {
    for (const fd of this.readers.values()) closeSync(fd);
    this.readers.clear();
    const writer = writers.get(this.dir);
    if (writer) closeSync(writer.fd);
    writers.delete(this.dir);
    try {
      this.releaseSlot?.();
    } catch {
      // Taken over already (see claimSlot).
    }
    this.releaseSlot = undefined;
  }
}

/** Writes a file under another name, then renames it: readers see the old file or the whole new one. */
async function writeWhole(file: string, text: string): Promise<void> {
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, file);
}
