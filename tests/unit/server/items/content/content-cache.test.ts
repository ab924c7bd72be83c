import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ContentCache, hashContent, type CachedArticle } from '../../../../../server/items/content/content-cache';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function makeEntry(title: string): CachedArticle {
  return {
    article: { id: 'a', title, summary: '', body: '', date: '2026-01-01', language: 'fr', tags: [], images: [] },
    draft: false,
    doc: { id: 'a', title, text: '', tags: '', language: 'fr', date: '2026-01-01' },
  } as unknown as CachedArticle;
}

describe('ContentCache', () => {
  it('reads back, from another instance, what was written, and leaves no temporary file', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'content-cache-'));
    folders.push(folder);
    const hash = hashContent('# Titre');
    await new ContentCache(folder, '/content').write(hash, makeEntry('Titre'), 'texte brut');

    const other = new ContentCache(folder, '/content');
    expect((await other.read(hash))?.article.title).toBe('Titre');
    expect(other.readText(hash)).toBe('texte brut');
    const files = readdirSync(folder, { recursive: true }).map(String);
    expect(files.filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('keeps a whole entry when two writers race on the same file', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'content-cache-'));
    folders.push(folder);
    const hash = hashContent('# Course');
    const long = 'x'.repeat(2_000_000);
    await Promise.all([
      new ContentCache(folder, '/content').write(hash, makeEntry('Un'), long),
      new ContentCache(folder, '/content').write(hash, makeEntry('Deux'), long),
    ]);
    const entry = await new ContentCache(folder, '/content').read(hash);
    expect(['Un', 'Deux']).toContain(entry?.article.title);
    expect(new ContentCache(folder, '/content').readText(hash)).toHaveLength(long.length);
  });
});
