// The server reads articles through this interface; upstream.ts and content/ implement it.
import { ItemsUnavailableError, type ItemsReader } from '../../shared/items/items-reader';

export interface ItemsSource extends ItemsReader {
  /** For logs and /readyz: "upstream https://…" or "content /srv/content". */
  readonly description: string;
  /** Registers a callback run when the source's articles change (content reloaded); returns an unsubscribe. */
  onChange(listener: () => void): () => void;
  /** True when the source can answer (content loaded, upstream reachable). */
  isReady(): Promise<boolean>;
  /** Releases watchers and timers. */
  close(): Promise<void>;
}

/**
 * The source answered, but with content this server cannot use (not JSON, not the expected shape).
 * Unlike an outage, asking again at once would get the same answer: the cache keeps it for the TTL.
 */
export class ItemsContentError extends ItemsUnavailableError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ItemsContentError';
  }
}
