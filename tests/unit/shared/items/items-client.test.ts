import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchSearch, fetchWithXsrf } from '../../../../shared/items/items-client';
import { ItemsUnavailableError } from '../../../../shared/items/items-reader';

const calls: { url: string; init: RequestInit }[] = [];

function stubBrowser(cookie: string, answer: () => Response = () => new Response('[]', { status: 200 })) {
  calls.length = 0;
  vi.stubGlobal('document', { cookie });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return answer();
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const headerOf = (at: number) => new Headers(calls[at]?.init.headers).get('X-XSRF-TOKEN');

// One list entry as the items API writes it, and as this code reads it.
const WIRE_ENTRY = { id: 'a', tit: 'Titre', date_m: '2024-01-01', tags: ['SQL'], img: ['/images/a.png'], sum: '<p>Résumé</p>' };
const ENTRY = { id: 'a', title: 'Titre', date: '2024-01-01', tags: ['SQL'], images: ['/images/a.png'], summary: '<p>Résumé</p>' };

describe('fetchWithXsrf', () => {
  it('adds X-XSRF-TOKEN from the cookie to writes on relative URLs', async () => {
    stubBrowser('lang=fr; XSRF-TOKEN=abc%2D123; other=1');
    await fetchWithXsrf('/www-be/items/v1.0/items', { method: 'POST' });
    await fetchWithXsrf('items/1', { method: 'delete' });
    expect([headerOf(0), headerOf(1)]).toEqual(['abc-123', 'abc-123']);
  });

  it('adds nothing to GET or HEAD, nor to absolute or protocol-relative URLs', async () => {
    stubBrowser('XSRF-TOKEN=abc');
    await fetchWithXsrf('/www-be/items/v1.0/items');
    await fetchWithXsrf('/www-be/items/v1.0/items', { method: 'HEAD' });
    await fetchWithXsrf('https://elsewhere.example/items', { method: 'POST' });
    await fetchWithXsrf('//elsewhere.example/items', { method: 'POST' });
    expect([0, 1, 2, 3].map(headerOf)).toEqual([null, null, null, null]);
  });
});

describe('fetchSearch', () => {
  it("reads the hits' articles under this code's names, the rest as it comes", async () => {
    const facets = [{ tag: 'SQL', count: 1 }];
    stubBrowser('', () => Response.json({ total: 1, hits: [{ article: WIRE_ENTRY, snippet: '<mark>a</mark>' }], facets }));
    expect(await fetchSearch('a', 'date')).toEqual({ total: 1, hits: [{ article: ENTRY, snippet: '<mark>a</mark>' }], facets });
    expect(calls[0]?.url).toBe('/www-be/items/v1.0/search?f=a&sort=date');
  });

  it('sends f trimmed and only when not empty, and the date order only when asked', async () => {
    stubBrowser('', () => Response.json({ total: 0, hits: [], facets: [] }));
    await fetchSearch('  ', 'relevance');
    await fetchSearch(' java  21 ', 'relevance');
    expect(calls.map((call) => call.url)).toEqual(['/www-be/items/v1.0/search', '/www-be/items/v1.0/search?f=java++21']);
  });

  it('reads failures and answers that are not JSON as unavailable', async () => {
    stubBrowser('', () => new Response('{}', { status: 503 }));
    await expect(fetchSearch('x', 'relevance')).rejects.toBeInstanceOf(ItemsUnavailableError);
    stubBrowser('', () => new Response('<html>proxy error</html>', { status: 200 }));
    await expect(fetchSearch('', 'relevance')).rejects.toBeInstanceOf(ItemsUnavailableError);
  });
});
