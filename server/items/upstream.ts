// HTTP adapter for ITEMS_SERVICE_URL: bounded in time and size, answers validated item by item.
import type { Logger } from 'pino';
import { z } from 'zod';
import { ItemsUnavailableError, normalizeFilter } from '../../shared/items/items-reader';
import type { Article, ArticleSummary } from '../../shared/items/types';
import { isIsoDate } from './iso-date';
import type { ItemsSource } from './source';

/** Largest upstream answer read; past it the call fails rather than fill memory. */
export const MAX_UPSTREAM_BYTES = 10 * 1024 * 1024;

const dateString = z.string().refine(isIsoDate, { error: 'not an ISO 8601 date' });

const summarySchema = z.object({
  id: z.union([z.string().min(1), z.number().int()]).transform(String),
  tit: z.string().min(1),
  date_m: dateString,
  tags: z.array(z.string()).nullish().transform((tags) => tags ?? []),
  img: z
    .union([z.string(), z.array(z.string())])
    .nullish()
    .transform((img) => (img == null ? [] : Array.isArray(img) ? img : [img]).filter((url) => url.trim() !== '')),
  sum: z.string().nullish().transform((sum) => sum ?? ''),
});

const articleSchema = summarySchema.extend({
  ctn: z.string().nullish().transform((ctn) => ctn ?? ''),
  lg: z.string().min(2).max(35).nullish().transform((lg) => lg ?? 'fr'),
});

interface UpstreamOptions {
  baseUrl: string;
  timeoutMs: number;
  logger: Logger;
}

/** Reads a body up to a size limit; a larger one is cancelled. */
async function readLimitedText(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new ItemsUnavailableError(`upstream answer too large (${declared} bytes)`);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new ItemsUnavailableError(`upstream answer too large (over ${maxBytes} bytes)`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function createUpstreamSource({ baseUrl, timeoutMs, logger }: UpstreamOptions): ItemsSource {
  const log = logger.child({ source: 'upstream' });

  /** GET a JSON document; null on 404; ItemsUnavailableError on anything else that is not a 200 with JSON. */
  async function getJson(url: string, signal?: AbortSignal): Promise<unknown> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    try {
      const response = await fetch(url, { headers: { accept: 'application/json' }, signal: combined, redirect: 'error' });
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new ItemsUnavailableError(`upstream answered ${response.status}`);
      }
      const text = await readLimitedText(response, MAX_UPSTREAM_BYTES);
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new ItemsUnavailableError('upstream answered invalid JSON');
      }
    } catch (error) {
      if (error instanceof ItemsUnavailableError) throw error;
      const reason = timeout.aborted ? `no answer within ${timeoutMs} ms` : error instanceof Error ? error.message : String(error);
      throw new ItemsUnavailableError(`upstream unreachable: ${reason}`, { cause: error });
    }
  }

  return {
    description: `upstream ${baseUrl}`,

    async list(filter, signal): Promise<ArticleSummary[]> {
      const query = new URLSearchParams({ s: '-date_m' });
      const f = normalizeFilter(filter);
      if (f) query.set('f', f);
      const body = await getJson(`${baseUrl}/items?${query.toString()}`, signal);
      if (!Array.isArray(body)) {
        log.warn({ filter: f }, 'upstream list is not a JSON array');
        throw new ItemsUnavailableError('upstream list is not an array');
      }
      const items: ArticleSummary[] = [];
      for (const [index, raw] of body.entries()) {
        const parsed = summarySchema.safeParse(raw);
        if (parsed.success) items.push(parsed.data);
        else log.warn({ index, id: (raw as { id?: unknown } | null)?.id, issues: z.prettifyError(parsed.error) }, 'malformed upstream item dropped');
      }
      return items;
    },

    async get(id, signal): Promise<Article | null> {
      const body = await getJson(`${baseUrl}/items/${encodeURIComponent(id)}`, signal);
      if (body === null) return null;
      const parsed = articleSchema.safeParse(body);
      if (!parsed.success) {
        log.warn({ id, issues: z.prettifyError(parsed.error) }, 'malformed upstream article');
        throw new ItemsUnavailableError(`upstream article ${id} is malformed`);
      }
      return parsed.data;
    },

    onChange() {
      return () => {};
    },

    async isReady() {
      try {
        const response = await fetch(`${baseUrl}/items?s=-date_m`, { method: 'HEAD', signal: AbortSignal.timeout(timeoutMs) });
        return response.status < 500;
      } catch {
        return false;
      }
    },

    async close() {},
  };
}
