// The browser's client for this server's items API (/www-be/items/v1.0), used by the live article search.
import { ITEMS_API_PATH } from './items-api';
import { ItemsUnavailableError } from './items-reader';
import { writeListQuery } from './list-query';
import type { SearchAnswer, SearchSort } from './search';
import { readWireItem, type WireSearchAnswer } from './wire-format';
import { XSRF_COOKIE, XSRF_HEADER } from './xsrf';

function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

function isRelativeUrl(url: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith('//');
}

/**
 * fetch with the anti-forgery header (SPEC §7): requests that are not GET or HEAD, to relative URLs,
 * carry X-XSRF-TOKEN copied from the XSRF-TOKEN cookie.
 */
export function fetchWithXsrf(url: string, init: RequestInit = {}): Promise<Response> {
  const method = (init.method ?? 'GET').toUpperCase();
  const headers = new Headers(init.headers);
  if (method !== 'GET' && method !== 'HEAD' && isRelativeUrl(url)) {
    const token = readCookie(XSRF_COOKIE);
    if (token && !headers.has(XSRF_HEADER)) headers.set(XSRF_HEADER, token);
  }
  return fetch(url, { ...init, headers, credentials: 'same-origin' });
}

async function getJson<T>(url: string, signal?: AbortSignal): Promise<T | null> {
  let response: Response;
  try {
    response = await fetchWithXsrf(url, { headers: { accept: 'application/json' }, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ItemsUnavailableError('The items API could not be reached', { cause: error });
  }
  if (response.status === 404) return null;
  if (!response.ok) throw new ItemsUnavailableError(`The items API answered ${response.status}`);
  try {
    return (await response.json()) as T;
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ItemsUnavailableError('The items API answered something that is not JSON', { cause: error });
  }
}

/** One page of a ranked search, with facets and snippets: the items API's search extension (GET /search). */
export async function fetchSearch(filter: string, sort: SearchSort, signal?: AbortSignal, base: string = ITEMS_API_PATH): Promise<SearchAnswer> {
  const answer = await getJson<WireSearchAnswer>(`${base}/search${writeListQuery({ filter, sort })}`, signal);
  if (!answer) throw new ItemsUnavailableError('The items API has no search');
  return { ...answer, hits: answer.hits.map((hit) => ({ ...hit, article: readWireItem(hit.article) })) };
}
