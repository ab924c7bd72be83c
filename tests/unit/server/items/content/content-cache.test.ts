import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ContentCache, hashContent, hashContentBytes, writeCacheEntry, type CachedArticle } from '../../../../../server/items/content/content-cache';
import { readIndexVersion } from '../../../../../server/items/content/index-version';
import { SearchIndex, buildIndexDocument } from '../../../../../server/items/content/search-index';

const folders: string[] = [];
const caches: ContentCache[] = [];
afterEach(() => {
  for (const cache of caches.splice(0)) cache.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function makeEntry(title: string): CachedArticle {
  return {
    article: { id: 'a', title, summary: '', body: '', date: '2026-01-01', language: 'fr', tags: [], images: [] },
    draft: false,
    doc: { id: 'a', title, text: '', tags: '', language: 'fr', date: '2026-01-01' },
  } as unknown as CachedArticle;
}

function makeFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'content-cache-'));
  folders.push(folder);
  return folder;
}

/** A cache on `folder` as a new process sees it: a free slot taken, its packs read. */
function openCache(folder: string): ContentCache {
  const cache = new ContentCache(folder, '/content');
  cache.open();
  caches.push(cache);
  return cache;
}

const packsIn = (cache: ContentCache) => readdirSync(cache.dir).filter((name) => name.endsWith('.pack'));

describe('ContentCache', () => {
  it('reads back, from another instance, what was written, with accents and emoji intact', async () => {
    const folder = makeFolder();
    const hash = hashContent('# Titre');
    const writer = openCache(folder);
    writeCacheEntry(writer.dir, hash, makeEntry('Titre été 🚀'), 'texte brut à lire');
    writer.close();

    const other = openCache(folder);
    expect((await other.read(hash))?.article.title).toBe('Titre été 🚀');
    expect(other.readText(hash)).toBe('texte brut à lire');
    expect(await other.read(hashContent('absent'))).toBeNull();
    expect(other.readText(hashContent('absent'))).toBeUndefined();
  });

  // Decision 088: one "œ" made V8 read the whole snapshot as a two-byte string, 88 MB more at 10,000 articles.
  it('writes the snapshot with nothing past Latin-1 unescaped, and a start reads back the same entries and index', async () => {
    const folder = makeFolder();
    const index = new SearchIndex({ isVisible: () => true });
    const text = { title: 'Œuvre complète', tags: ['сервер'], headings: '', summary: 'L’œuvre… 🚀', body: 'Un serveur, un сервер.', code: '' };
    index.set(buildIndexDocument('oeuvre', Date.UTC(2026, 0, 1), 'fr', text));
    const entries = [{ name: 'oeuvre.md', title: text.title, summary: text.summary, tags: text.tags }];
    const writer = openCache(folder);
    writer.writeSnapshot(entries, index.toJSON());
    writer.close();

    const written = readFileSync(path.join(writer.dir, 'snapshot.json'), 'utf8');
    expect([...written].filter((char) => char.charCodeAt(0) > 0xff)).toEqual([]);
    expect(written).toContain('complète');
    const snapshot = await openCache(folder).readSnapshot<(typeof entries)[number]>();
    expect(snapshot?.entries).toEqual(entries);
    expect(snapshot?.index).toEqual(index.toJSON());
    const restored = new SearchIndex({ isVisible: () => true });
    restored.load(snapshot!.index);
    expect(restored.search({ text: 'сервер' }).hits.map((hit) => hit.id)).toEqual(['oeuvre']);
    expect(restored.search({ text: 'oeuvre' }).hits.map((hit) => hit.id)).toEqual(['oeuvre']);
  });

  // Decision 075: the reads share one buffer; each text read is a string of its own.
  it('reads texts and their starts, short and long, each intact whatever was read before or after', () => {
    const folder = makeFolder();
    const texts = [`${'é'.repeat(3_000)} fin`, 'court', `${'mot '.repeat(6_000)}dernier`, 'œuvre '.repeat(500)];
    const hashes = texts.map((text) => hashContent(text));
    const writer = openCache(folder);
    texts.forEach((text, at) => writeCacheEntry(writer.dir, hashes[at]!, makeEntry(`T${at}`), text));
    writer.close();
    const reader = openCache(folder);
    const wholes = hashes.map((hash) => reader.readText(hash));
    const starts = hashes.map((hash) => reader.readTextStart(hash, 2_560));
    expect(wholes).toEqual(texts);
    expect(starts).toEqual([
      // A start ends before a character its bytes may cut: `é` is two bytes.
      { text: 'é'.repeat(1_279), complete: false },
      { text: 'court', complete: true },
      { text: 'mot '.repeat(640), complete: false },
      { text: `${'œuvre '.repeat(365)}œuvr`, complete: false },
    ]);
  });

  // Decision 086: the starts snippets read are kept; asked again, they are cut as a read would cut them.
  it('reads a start from its pack once, then cuts it from what it kept, at any length a snippet reads', () => {
    const folder = makeFolder();
    const texts = [`${'é'.repeat(3_000)} fin`, 'court', 'jamais lu'];
    const hashes = texts.map((text) => hashContent(text));
    const writer = openCache(folder);
    texts.forEach((text, at) => writeCacheEntry(writer.dir, hashes[at]!, makeEntry(`T${at}`), text));
    writer.close();
    const reader = openCache(folder);
    const [long, short, unread] = hashes as [string, string, string];
    expect(reader.readTextStart(long, 1_024)).toEqual({ text: 'é'.repeat(511), complete: false });
    expect(reader.readTextStart(short, 1_024)).toEqual({ text: 'court', complete: true });
    // The pack loses its bytes: what was kept is still read, the rest is not.
    for (const pack of packsIn(reader)) truncateSync(path.join(reader.dir, pack), 0);
    expect(reader.readTextStart(long, 2_560)).toEqual({ text: 'é'.repeat(1_279), complete: false });
    expect(reader.readTextStart(long, 1_024)).toEqual({ text: 'é'.repeat(511), complete: false });
    expect(reader.readTextStart(long, 7)).toEqual({ text: 'ééé', complete: false });
    expect(reader.readText(short)).toBe('court');
    expect(reader.readText(long)).toBeUndefined();
    expect(reader.readTextStart(unread, 1_024)).toBeUndefined();
  });

  // A snippet past the start reads on from a byte, a part at a time (search-index.ts, snippetPastStart).
  it('reads a part of a text from a byte on, cut before a character that does not fit, and says when it ends', () => {
    const folder = makeFolder();
    const text = `${'é'.repeat(3_000)} fin 🚀`;
    const hash = hashContent(text);
    const writer = openCache(folder);
    writeCacheEntry(writer.dir, hash, makeEntry('T'), text);
    writer.close();
    const reader = openCache(folder);
    expect(reader.readTextStart(hash, 1_025, 2_000)).toEqual({ text: 'é'.repeat(512), complete: false });
    expect(reader.readTextStart(hash, 10_000, 5_000)).toEqual({ text: `${'é'.repeat(500)} fin 🚀`, complete: true });
    expect(reader.readTextStart(hash, 7, 6_000)).toEqual({ text: ' fin ', complete: false });
    expect(reader.readTextStart(hash, 100, Buffer.byteLength(text))).toEqual({ text: '', complete: true });
    expect(reader.readTextStart(hash, 100, Buffer.byteLength(text) + 1)).toBeUndefined();
    // The kept start serves only reads from the first byte: a part past it is read from the pack.
    expect(reader.readTextStart(hash, 2_560)?.text).toBe('é'.repeat(1_279));
    for (const pack of packsIn(reader)) truncateSync(path.join(reader.dir, pack), 0);
    expect(reader.readTextStart(hash, 1_024)).toEqual({ text: 'é'.repeat(511), complete: false });
    expect(reader.readTextStart(hash, 1_024, 2)).toBeUndefined();
  });

  it('reads the JSON records packs held before decision 063 as absent, and deletes their packs when pruning', async () => {
    const folder = makeFolder();
    const hash = hashContent('# Avant');
    const writer = openCache(folder);
    const json = Buffer.from(JSON.stringify(makeEntry('Avant')));
    const text = Buffer.from('texte');
    const header = Buffer.alloc(72);
    header.writeUInt32LE(json.length, 0);
    header.writeUInt32LE(text.length, 4);
    header.write(hash, 8, 'latin1');
    const old = `0123456789abcdef-1.content-${readIndexVersion()}.pack`;
    writeFileSync(path.join(writer.dir, old), Buffer.concat([header, json, text]));
    writer.close();

    const next = openCache(folder);
    // Not found: its file is analysed again (decision 050), never read as a record of today's format.
    expect(next.has(hash)).toBe(false);
    expect(await next.read(hash)).toBeNull();
    await next.prune(new Set([hash]));
    expect(readdirSync(next.dir)).not.toContain(old);
  });

  it('hashes a file from its bytes as from its text, so that a file read either way has one hash', () => {
    const texts = ['---\r\nid: a\r\n---\r\nÉté 🚀 « œuvre » ’', '\ufeff# Titre', ''];
    for (const text of texts) expect(hashContentBytes(Buffer.from(text))).toBe(hashContent(text));
    // Bytes that are not UTF-8 are read as U+FFFD: the hash is the text's as read.
    const broken = Buffer.from([0x23, 0x20, 0xc3, 0x28, 0xff, 0x41]);
    expect(hashContentBytes(broken)).toBe(hashContent(broken.toString('utf8')));
    expect(hashContentBytes(Buffer.from('a'))).not.toBe(hashContentBytes(Buffer.from('b')));
  });

  it('refuses a key that is not a content hash, which would hide the records after it at the next start', async () => {
    const folder = makeFolder();
    const writer = openCache(folder);
    const [before, after] = [hashContent('# Avant'), hashContent('# Après')];
    writeCacheEntry(writer.dir, before, makeEntry('Avant'), 'avant');
    writeCacheEntry(writer.dir, 'not-a-hash', makeEntry('Clé'), 'clé');
    writeCacheEntry(writer.dir, after, makeEntry('Après'), 'après');
    writer.close();

    const reader = openCache(folder);
    expect(reader.readText(before)).toBe('avant');
    expect(reader.readText(after)).toBe('après');
  });

  it('keeps many articles in one file, not one file each', async () => {
    const folder = makeFolder();
    const writer = openCache(folder);
    const hashes = Array.from({ length: 200 }, (_, at) => hashContent(`# ${at}`));
    hashes.forEach((hash, at) => writeCacheEntry(writer.dir, hash, makeEntry(`Article ${at}`), `texte ${at}`));

    expect(readdirSync(writer.dir)).toHaveLength(1);
    writer.close();
    const reader = openCache(folder);
    for (const [at, hash] of hashes.entries()) {
      expect((await reader.read(hash))?.article.title).toBe(`Article ${at}`);
      expect(reader.readText(hash)).toBe(`texte ${at}`);
    }
  });

  it('reads the whole records before one cut short by a stop mid-write, and misses that one', async () => {
    const folder = makeFolder();
    const writer = openCache(folder);
    const [whole, cut] = [hashContent('# Entier'), hashContent('# Coupé')];
    writeCacheEntry(writer.dir, whole, makeEntry('Entier'), 'texte entier');
    writeCacheEntry(writer.dir, cut, makeEntry('Coupé'), 'x'.repeat(10_000));
    const [pack] = packsIn(writer);
    const file = path.join(writer.dir, pack!);
    truncateSync(file, statSync(file).size - 100);
    writer.close();

    const reader = openCache(folder);
    expect((await reader.read(whole))?.article.title).toBe('Entier');
    expect(reader.readText(whole)).toBe('texte entier');
    expect(await reader.read(cut)).toBeNull();
    expect(reader.readText(cut)).toBeUndefined();
  });

  it('gives processes running at once slots of their own, and a slot back to the next process once freed', async () => {
    const folder = makeFolder();
    const hash = hashContent('# Course');
    const [one, two] = [openCache(folder), openCache(folder)];
    expect(one.dir).not.toBe(two.dir);
    writeCacheEntry(one.dir, hash, makeEntry('Un'), 'texte un');
    writeCacheEntry(two.dir, hash, makeEntry('Deux'), 'texte deux');
    one.close();

    const next = openCache(folder);
    expect(next.dir).toBe(one.dir);
    expect((await next.read(hash))?.article.title).toBe('Un');
    expect(next.readText(hash)).toBe('texte un');
  });

  it('deletes the files of the layout before slots', async () => {
    const folder = makeFolder();
    const cache = openCache(folder);
    const root = path.dirname(cache.dir);
    cache.close();
    writeFileSync(path.join(root, 'snapshot.json'), '{}');
    writeFileSync(path.join(root, 'old.content-v5.pack'), '');

    openCache(folder);
    expect(readdirSync(root).filter((name) => !name.startsWith('slot-'))).toEqual([]);
  });

  it('prunes to the size of the content: packs of gone articles, old formats and mostly dead packs go, live entries stay readable', async () => {
    const folder = makeFolder();
    const writer = openCache(folder);
    const hashes = Array.from({ length: 10 }, (_, at) => hashContent(`# ${at}`));
    hashes.forEach((hash, at) => writeCacheEntry(writer.dir, hash, makeEntry(`Article ${at}`), `texte ${at} `.repeat(100)));
    // An older format's files, and prepared HTML of a gone article.
    writeFileSync(path.join(writer.dir, `${hashes[0]}.json`), '{}');
    writeFileSync(path.join(writer.dir, `${hashes[0]}.txt`), 'ancien');
    writeFileSync(path.join(writer.dir, `${hashContent('parti')}.prepared-b1-i1.json`), '{}');
    writeFileSync(path.join(writer.dir, `${hashes[1]}.prepared-b1-i1.json`), '{}');
    writer.close();
    const [oldPack] = packsIn(writer);
    const oldSize = statSync(path.join(writer.dir, oldPack!)).size;

    // The next process keeps 2 of the 10 articles: the pack is mostly dead.
    const next = openCache(folder);
    const keep = new Set([hashes[1]!, hashes[7]!]);
    await next.prune(keep, 'b1');

    const names = readdirSync(next.dir);
    expect(names).not.toContain(oldPack);
    expect(names.filter((name) => !name.endsWith('.pack'))).toEqual([`${hashes[1]}.prepared-b1-i1.json`]);
    const [newPack] = packsIn(next);
    expect(statSync(path.join(next.dir, newPack!)).size).toBeLessThan(oldSize / 2);
    for (const hash of keep) expect(next.readText(hash)).toBe(`texte ${hashes.indexOf(hash)} `.repeat(100));
    next.close();
    const third = openCache(folder);
    expect((await third.read(hashes[7]!))?.article.title).toBe('Article 7');
    expect(await third.read(hashes[0]!)).toBeNull();
  });

  it('keeps a pack whose records are mostly live', async () => {
    const folder = makeFolder();
    const writer = openCache(folder);
    const hashes = Array.from({ length: 4 }, (_, at) => hashContent(`# ${at}`));
    hashes.forEach((hash, at) => writeCacheEntry(writer.dir, hash, makeEntry(`Article ${at}`), `texte ${at}`));
    writer.close();
    const [pack] = packsIn(writer);

    const next = openCache(folder);
    await next.prune(new Set(hashes.slice(1)));
    expect(packsIn(next)).toEqual([pack]);
    expect(next.readText(hashes[3]!)).toBe('texte 3');
  });

  it('never prunes the packs of a process running beside it, and reads its own after that one pruned', async () => {
    const folder = makeFolder();
    const [earlier, later] = [hashContent('# Avant'), hashContent('# Après')];
    const first = openCache(folder);
    const second = openCache(folder);
    const written = writeCacheEntry(second.dir, later, makeEntry('Après'), 'écrit après');
    second.remember(later, written!);
    // The first process keeps other articles only: what it prunes is its own slot.
    await first.prune(new Set([earlier]));
    expect(second.readText(later)).toBe('écrit après');
    second.close();
    first.close();
    openCache(folder);
    expect(openCache(folder).readText(later)).toBe('écrit après');
  });
});
