// Scheduled articles: a timer to the next publication time tells the listeners, so caches drop the
// old lists when an article dated in the future comes out, without an edit.

/** setTimeout's longest delay; a later publication is re-checked then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export class PublicationTimer {
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly options: {
      now: () => number;
      /** The next time a hidden article becomes visible; Infinity when none. */
      nextPublication: () => number;
      onPublish: () => void;
    },
  ) {}

  /** Sets the timer to the next publication (again after each change of the articles). */
  schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.closed) return;
    const { now, nextPublication, onPublish } = this.options;
    const current = now();
    const next = nextPublication();
    if (next === Infinity) return;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        if (now() >= next) onPublish();
        this.schedule();
      },
      Math.min(MAX_TIMER_MS, next - current + 1),
    );
    this.timer.unref();
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
