// Watching: file events become updates, coalesced (editors write in bursts) and run one at a time.
// The watcher starts before the first load: an edit made while the folder is being read is queued,
// and applied once the load is done (issue 30).
import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';

/** Quiet time after the last file event before the changes are applied, and the longest wait in a burst. */
const DEBOUNCE_MS = 150;
const MAX_DEBOUNCE_MS = 1_000;

/** Applies changed files by name, or every file (`full`). */
export type ApplyUpdate = (update: { names: string[]; full: boolean }) => Promise<void>;

export class ContentUpdates {
  private pendingNames = new Set<string>();
  private pendingFull = false;
  private running: Promise<void> | null = null;
  private debounce: NodeJS.Timeout | null = null;
  private burstStart = 0;
  private started = false;
  private closed = false;

  constructor(
    private readonly apply: ApplyUpdate,
    private readonly log: Logger,
  ) {}

  /** A file changed (null: the platform could not say which, so every file is checked). */
  add(name: string | null): void {
    if (name === null) this.pendingFull = true;
    else this.pendingNames.add(name);
    if (!this.started) return;
    const current = performance.now();
    if (!this.debounce) this.burstStart = current;
    else clearTimeout(this.debounce);
    // Editors write in bursts: wait for quiet, but not forever.
    const wait = Math.max(0, Math.min(DEBOUNCE_MS, this.burstStart + MAX_DEBOUNCE_MS - current));
    this.debounce = setTimeout(() => {
      this.debounce = null;
      void this.run();
    }, wait);
    this.debounce.unref();
  }

  /** After the first load: what changed meanwhile is applied now, and later changes as they come. */
  start(): Promise<void> {
    this.started = true;
    return this.run();
  }

  /** Every file checked again, now. */
  async fullScan(): Promise<void> {
    this.pendingFull = true;
    await this.run();
  }

  /** One update at a time; changes arriving meanwhile wait for the next round. */
  run(): Promise<void> {
    if (this.running) return this.running;
    this.running = (async () => {
      while ((this.pendingNames.size > 0 || this.pendingFull) && !this.closed) {
        const names = [...this.pendingNames].sort();
        const full = this.pendingFull;
        this.pendingNames = new Set();
        this.pendingFull = false;
        try {
          await this.apply({ names, full });
        } catch (error) {
          // Keep serving what is loaded.
          this.log.error({ err: error }, 'content update failed');
        }
      }
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.debounce) clearTimeout(this.debounce);
    await this.running;
  }
}

/** Watches the articles folder for Markdown files; null when it cannot (then a restart shows changes). */
export function watchArticles(articlesDir: string, updates: ContentUpdates, log: Logger): FSWatcher | null {
  try {
    const watcher = watch(articlesDir, (_event, name) => {
      const file = name ? String(name) : null;
      if (file === null || (file.endsWith('.md') && !file.includes(path.sep))) updates.add(file);
    });
    watcher.on('error', (error) => log.warn({ err: error }, 'content watcher stopped'));
    return watcher;
  } catch (error) {
    log.warn({ err: error }, 'content folder not watched; restart to see changes');
    return null;
  }
}
