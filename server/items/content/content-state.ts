// What the content source knows now: one entry per article file, by file name and by article id, the
// search index, and which articles a visitor may see (drafts and future dates are hidden).
import type { ArticleSummary } from '../../../shared/items/types';
import { ArticleLinks, type LinkedArticle } from './article-links';
import type { ContentCache } from './content-cache';
import { compactSummary, shareString } from './packed-entry';
import { SearchIndex, type IndexDocument } from './search-index';

export interface Entry {
  name: string;
  hash: string;
  /** The file's modification time and size when it was read: a start skips files that kept both. */
  mtimeMs: number;
  size: number;
  summary: ArticleSummary;
  language: string;
  draft: boolean;
  seriesOrder?: number;
  translationKey?: string;
  aliases?: string[];
  time: number;
  /** The stems "related" searches with, packed (packed-entry.ts: packTerms). */
  relatedTerms: string;
  /** Links, images and anchors for the checks across articles, packed (packed-entry.ts: packReferences). */
  refs?: string;
}

export class ContentState {
  readonly byName = new Map<string, Entry>();
  readonly byId = new Map<string, Entry>();
  readonly index: SearchIndex;
  /** Translations and former ids, with their conflicts between files (decision 040). */
  readonly links = new ArticleLinks();
  /** Bumped on every change of the entries. */
  version = 0;
  // Hidden articles (drafts, future dates) are rare: when there are none, searches skip the filter.
  // The answer holds until the articles change (version) or the next scheduled one is due.
  private visibility = { version: -1, all: false, until: 0 };

  constructor(
    readonly showDrafts: boolean,
    readonly now: () => number,
    cache: ContentCache,
    /** The file as problems name it. */
    private readonly fileOf: (name: string) => string = (name) => name,
  ) {
    this.index = new SearchIndex({
      allVisible: () => this.allVisible(),
      isVisible: (id) => this.isVisible(this.byId.get(id)),
      textOf: (id, maxBytes = Infinity, fromByte = 0) => {
        const entry = this.byId.get(id);
        const read = entry && cache.readTextStart(entry.hash, maxBytes, fromByte);
        return entry && read ? { ...read, language: entry.language } : undefined;
      },
    });
  }

  /** Listed, searched and served: published and its time has come; or any article when SHOW_DRAFTS shows them for local writing. */
  isVisible(entry: Entry | undefined): entry is Entry {
    return entry !== undefined && (this.showDrafts || (!entry.draft && entry.time <= this.now()));
  }

  /** Hidden now, but a preview link may show it: a draft, or an article dated in the future. */
  isPreviewable(entry: Entry | undefined): entry is Entry {
    return entry !== undefined && (entry.draft || entry.time > this.now());
  }

  allVisible(): boolean {
    const current = this.now();
    const { visibility } = this;
    if (visibility.version === this.version && (visibility.all || current < visibility.until)) return visibility.all;
    let all = true;
    let until = Infinity;
    for (const entry of this.byId.values()) {
      const visible: boolean = this.isVisible(entry);
      if (visible) continue;
      all = false;
      if (this.showDrafts || !entry.draft) until = Math.min(until, entry.time);
    }
    this.visibility = { version: this.version, all, until };
    return all;
  }

  /** The next time a hidden article becomes visible by its date (drafts never do); Infinity when none. */
  nextPublication(): number {
    const current = this.now();
    let next = Infinity;
    for (const entry of this.byName.values()) if (entry.time > current && entry.time < next && (this.showDrafts || !entry.draft)) next = entry.time;
    return next;
  }

  set(entry: Entry, doc: IndexDocument): void {
    this.forget(entry.name);
    this.byName.set(entry.name, entry);
    this.byId.set(entry.summary.id, entry);
    this.links.set(this.linkOf(entry));
    this.version += 1;
    this.index.set(doc);
  }

  private linkOf(entry: Entry): LinkedArticle {
    return new EntryLink(entry, this.fileOf);
  }

  forget(name: string): void {
    this.version += 1;
    const entry = this.byName.get(name);
    this.byName.delete(name);
    this.links.delete(name);
    if (entry && this.byId.get(entry.summary.id) === entry) {
      this.byId.delete(entry.summary.id);
      this.index.remove(entry.summary.id);
    }
  }

  /** The entries of a saved snapshot, with its index; false (and nothing kept) when it does not load. */
  restore(entries: Entry[], indexJson: Parameters<SearchIndex['load']>[0]): boolean {
    try {
      this.index.load(indexJson);
      for (const entry of entries) {
        // Read back from JSON, each article's tags and language are strings of their own: shared again.
        compactSummary(entry.summary);
        entry.language = shareString(entry.language);
        this.byName.set(entry.name, entry);
        this.byId.set(entry.summary.id, entry);
        this.links.set(this.linkOf(entry));
      }
      this.version += 1;
      return true;
    } catch {
      this.byName.clear();
      this.byId.clear();
      this.links.clear();
      this.index.load(new SearchIndex({ isVisible: () => false }).toJSON());
      return false;
    }
  }
}

/**
 * An entry as the links see it. Its file is made from its name only when a problem names it: a path
 * joined from its parts, kept for every article, was a tree of strings for each major GC to mark
 * (decision 066).
 */
class EntryLink implements LinkedArticle {
  readonly name: string;
  readonly id: string;
  readonly language: string;
  declare readonly translationKey?: string;
  declare readonly aliases?: string[];

  constructor(
    { name, summary, language, translationKey, aliases }: Entry,
    private readonly fileOf: (name: string) => string,
  ) {
    this.name = name;
    this.id = summary.id;
    this.language = language;
    if (translationKey !== undefined) (this as { translationKey?: string }).translationKey = translationKey;
    if (aliases) (this as { aliases?: string[] }).aliases = aliases;
  }

  get file(): string {
    return this.fileOf(this.name);
  }
}
