// An items service's answers read from their bytes (server/items/upstream-entries.ts): what is kept,
// dropped and replaced, what cannot be read at all, and the cut that leaves a hostile body no bigger
// than what the server keeps, with the same page in the end.
import { describe, expect, it } from 'vitest';
import { MAX_BODY_CHARS, MAX_SUMMARY_CHARS, prepareArticle } from '../../../../server/html/prepare-article';
import {
  decodeUpstreamArticle,
  decodeUpstreamList,
  decodeUpstreamListPacked,
  MAX_DISTINCT_TAGS,
  MAX_IMAGES_PER_ARTICLE,
  MAX_REPORTED_PROBLEMS,
  MAX_TAG_CHARS,
  MAX_TAGS_PER_ARTICLE,
  MAX_TITLE_CHARS,
  packList,
  PACKED_SLICE_ENTRIES,
  unpackList,
} from '../../../../server/items/upstream-entries';

const bytesOf = (value: unknown) => new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));

function wireArticle(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    tit: `Article ${id}`,
    sum: '<p>Résumé</p>',
    ctn: '<h2>Partie</h2><p>Texte.</p>',
    date_m: '2024-05-01',
    lg: 'fr',
    tags: ['SQL'],
    img: [],
    ...extra,
  };
}

describe('an article answer', () => {
  it('reads the article under its own field names, reporting the fields it replaced', () => {
    expect(decodeUpstreamArticle(bytesOf(wireArticle('7', { tags: 'SQL', lg: '__proto__', img: ['http://[bad', '/a.png'] })))).toEqual({
      article: {
        id: '7',
        title: 'Article 7',
        date: '2024-05-01',
        tags: [],
        images: ['/a.png'],
        summary: '<p>Résumé</p>',
        body: '<h2>Partie</h2><p>Texte.</p>',
        language: 'fr',
      },
      replaced: ['tags', 'img', 'lg'],
    });
  });

  it('drops an article without a usable title, and says why', () => {
    expect(decodeUpstreamArticle(bytesOf(wireArticle('7', { tit: 42 })))).toEqual({ dropped: { field: 'tit', reason: expect.any(String) } });
    expect(decodeUpstreamArticle(bytesOf([wireArticle('7')]))).toEqual({ dropped: { field: '(entry)', reason: 'not an object' } });
  });

  it('tells invalid JSON and an empty answer apart from a malformed article', () => {
    expect(decodeUpstreamArticle(bytesOf('{"id": 4'))).toEqual({ invalid: 'json' });
    expect(decodeUpstreamArticle(new Uint8Array(0))).toEqual({ invalid: 'json' });
  });

  it('decodes UTF-8 as before: a broken sequence becomes U+FFFD, not an error', () => {
    const bytes = bytesOf(wireArticle('7', { tit: 'Caf__' }));
    const at = Buffer.from(bytes).indexOf('__');
    bytes.set([0xc3, 0x28], at);
    expect(decodeUpstreamArticle(bytes)).toMatchObject({ article: { title: 'Caf\ufffd(' } });
  });

  it('cuts a hostile body and summary to what the server keeps, for the same prepared article', async () => {
    const hostile = wireArticle('huge', {
      ctn: `<pre><code class="language-java">${'int x = 1; // &lt;b&gt;\n'.repeat(100_000)}</code></pre>`,
      sum: '<p>R</p>'.repeat(20_000),
    });
    const decoded = decodeUpstreamArticle(bytesOf(hostile));
    if (!('article' in decoded)) throw new Error('not decoded');
    expect(decoded.article.body.length).toBeLessThanOrEqual(MAX_BODY_CHARS);
    expect(decoded.article.summary.length).toBeLessThanOrEqual(MAX_SUMMARY_CHARS);
    const uncut = { ...decoded.article, body: hostile.ctn, summary: hostile.sum };
    expect(await prepareArticle(decoded.article)).toEqual(await prepareArticle(uncut));
  });

  it('cuts a body of 200,000 headings for the same prepared article', async () => {
    const hostile = wireArticle('headings', { ctn: '<h2>T</h2>'.repeat(200_000) });
    const decoded = decodeUpstreamArticle(bytesOf(hostile));
    if (!('article' in decoded)) throw new Error('not decoded');
    expect(decoded.article.body.length).toBeLessThan(hostile.ctn.length / 50);
    expect(await prepareArticle(decoded.article)).toEqual(await prepareArticle({ ...decoded.article, body: hostile.ctn }));
  });
});

describe('the bounds of an entry (decision 035)', () => {
  it('keeps a 2 MB title as one line cut to MAX_TITLE_CHARS, and reports it', () => {
    const decoded = decodeUpstreamArticle(bytesOf(wireArticle('t', { tit: `Un\ntitre\r\n---\n${'T'.repeat(2 * 1024 * 1024)}` })));
    if (!('article' in decoded)) throw new Error('not decoded');
    expect(decoded.article.title).toHaveLength(MAX_TITLE_CHARS);
    expect(decoded.article.title).toMatch(/^Un titre --- T+…$/);
    expect(decoded.replaced).toEqual(['tit']);
  });

  it('keeps the first MAX_TAGS_PER_ARTICLE distinct tags of 100,000, each on one line and cut to MAX_TAG_CHARS', () => {
    const tags = ['Java', 'java', ' JAVA ', `Long\n${'x'.repeat(500)}`, ...Array.from({ length: 100_000 }, (_, at) => `tag-${at}`)];
    const decoded = decodeUpstreamArticle(bytesOf(wireArticle('t', { tags, img: Array.from({ length: 1_000 }, (_, at) => `/i${at}.png`) })));
    if (!('article' in decoded)) throw new Error('not decoded');
    expect(decoded.article.tags).toHaveLength(MAX_TAGS_PER_ARTICLE);
    expect(decoded.article.tags.slice(0, 3)).toEqual(['Java', `Long ${'x'.repeat(MAX_TAG_CHARS - 6)}…`, 'tag-0']);
    expect(decoded.article.tags.every((tag) => tag.length <= MAX_TAG_CHARS && !tag.includes('\n'))).toBe(true);
    expect(decoded.article.images).toHaveLength(MAX_IMAGES_PER_ARTICLE);
    expect(decoded.replaced).toEqual(['tags', 'img']);
  });

  it('keeps at most MAX_DISTINCT_TAGS distinct tags in a list, the first ones, and reports the entries that lost some', async () => {
    const entries = Array.from({ length: 1_500 }, (_, at) => ({ id: `a-${at}`, tit: `A ${at}`, date_m: '2024-01-01', tags: ['Java', `t-${at}`] }));
    const decoded = await decodeUpstreamList(bytesOf(entries));
    if (!('items' in decoded)) throw new Error('not decoded');
    expect(decoded.items).toHaveLength(1_500);
    expect(new Set(decoded.items.flatMap((item) => item.tags)).size).toBe(MAX_DISTINCT_TAGS);
    expect(decoded.items[MAX_DISTINCT_TAGS - 2]!.tags).toEqual(['Java', `t-${MAX_DISTINCT_TAGS - 2}`]);
    expect(decoded.items[MAX_DISTINCT_TAGS - 1]!.tags).toEqual(['Java']);
    // The first MAX_REPORTED_PROBLEMS one by one, the others counted.
    expect(decoded.problems).toHaveLength(MAX_REPORTED_PROBLEMS);
    expect(decoded.unreported).toBe(1_500 - MAX_DISTINCT_TAGS + 1 - MAX_REPORTED_PROBLEMS);
    expect(decoded.problems[0]).toEqual({ replaced: { id: `a-${MAX_DISTINCT_TAGS - 1}`, fields: ['tags'] } });
  });
});

describe('a list answer', () => {
  it('keeps the usable entries and reports, in order, each dropped entry and each replaced field', async () => {
    const decoded = await decodeUpstreamList(
      bytesOf([
        { id: 1, tit: 'Bon', date_m: '2024-01-01', tags: ['a', 3], sum: '<p>ok</p>' },
        { id: '..', tit: 'Chemin', date_m: '2024-01-01' },
        'garbage',
        { id: 4, tit: 'Sans rien', date_m: '2023-01-01' },
      ]),
    );
    expect(decoded).toEqual({
      items: [
        { id: '1', title: 'Bon', date: '2024-01-01', tags: ['a'], images: [], summary: '<p>ok</p>' },
        { id: '4', title: 'Sans rien', date: '2023-01-01', tags: [], images: [], summary: '' },
      ],
      problems: [
        { replaced: { id: '1', fields: ['tags'] } },
        { dropped: { index: 1, id: '..', field: 'id', reason: 'not a usable article id' } },
        { dropped: { index: 2, id: undefined, field: '(entry)', reason: 'not an object' } },
      ],
      unreported: 0,
    });
  });

  it('tells invalid JSON from an answer that is not a list', async () => {
    expect(await decodeUpstreamList(bytesOf('[{"id": 4'))).toEqual({ invalid: 'json' });
    expect(await decodeUpstreamList(bytesOf({ items: [] }))).toEqual({ invalid: 'not an array' });
  });

  it('pauses between slices of entries when asked to (on the event loop), with the same result', async () => {
    const entries = Array.from({ length: 1_200 }, (_, at) => ({ id: `a-${at}`, tit: `A ${at}`, date_m: '2024-01-01' }));
    let pauses = 0;
    const paused = await decodeUpstreamList(bytesOf(entries), async () => {
      pauses += 1;
    });
    expect(pauses).toBe(2);
    expect(paused).toEqual(await decodeUpstreamList(bytesOf(entries)));
  });
});

describe('a list answer on its way to the page (decision 038)', () => {
  // Texts no other test sanitised: each decoder remembers what it sanitised.
  const fresh = (label: string) => `${label}-${Math.random().toString(36).slice(2)}`;

  it('comes with its summaries sanitised as a page shows them, each raw text sanitised once', async () => {
    const hostile = `<p onclick="alert(1)">${fresh('Résumé')}<script>alert(2)</script></p>`;
    const entries = ['a', 'b'].map((id) => ({ id, tit: id, date_m: '2024-01-01', sum: hostile }));
    const decoded = await decodeUpstreamList(bytesOf(entries));
    if (!('items' in decoded)) throw new Error('not decoded');
    expect(decoded.items.map((item) => item.summary)).toEqual([hostile.replace(/ onclick="[^"]*"|<script>.*<\/script>/g, ''), expect.any(String)]);
    expect(decoded.items[1]!.summary).toBe(decoded.items[0]!.summary);
  });

  it('pauses every few summaries it must sanitise (each costs 0.3-0.6 ms), and not for those it already knows', async () => {
    const entries = Array.from({ length: 120 }, (_, at) => ({ id: `s-${at}`, tit: `S ${at}`, date_m: '2024-01-01', sum: `<p>${fresh(String(at))}</p>` }));
    let pauses = 0;
    const count = async () => {
      pauses += 1;
    };
    const first = await decodeUpstreamList(bytesOf(entries), count);
    // 120 entries are one slice of checks, but 120 summaries to sanitise are four slices of it.
    expect(pauses).toBeGreaterThanOrEqual(4);
    pauses = 0;
    expect(await decodeUpstreamList(bytesOf(entries), count)).toEqual(first);
    expect(pauses).toBe(0);
  });

  it('crosses from a thread as JSON text in slices of at most PACKED_SLICE_ENTRIES, read back with a pause between two slices', async () => {
    const entries = Array.from({ length: 2 * PACKED_SLICE_ENTRIES + 500 }, (_, at) => ({
      id: `p-${at}`,
      tit: `P ${at}`,
      date_m: '2024-01-01',
      tags: ['Java'],
    }));
    const decoded = await decodeUpstreamList(bytesOf(entries));
    const packed = packList(decoded);
    if (!('slices' in packed)) throw new Error('not packed');
    expect(packed.slices.map((slice) => (JSON.parse(slice) as unknown[]).length)).toEqual([PACKED_SLICE_ENTRIES, PACKED_SLICE_ENTRIES, 500]);
    let pauses = 0;
    expect(
      await unpackList(packed, async () => {
        pauses += 1;
      }),
    ).toEqual(decoded);
    expect(pauses).toBe(2);
  });

  it('closes a slice early when its text is long: 300 summaries of 16 KB are not one parse of 5 MB', async () => {
    const entries = Array.from({ length: 300 }, (_, at) => ({
      id: `l-${at}`,
      tit: `L ${at}`,
      date_m: '2024-01-01',
      sum: `<p>${'x'.repeat(MAX_SUMMARY_CHARS - 8)}</p>`,
    }));
    const packed = packList(await decodeUpstreamList(bytesOf(entries)));
    if (!('slices' in packed)) throw new Error('not packed');
    expect(packed.slices.length).toBeGreaterThanOrEqual(10);
    expect(Math.max(...packed.slices.map((slice) => slice.length))).toBeLessThan(300 * 1024);
  });

  it('cuts a hostile summary of megabytes before sanitising it, as prepareSummary does', async () => {
    const entries = [{ id: 'h', tit: 'H', date_m: '2024-01-01', sum: `<p>${fresh('R')}</p>`.repeat(100_000) }];
    const decoded = await decodeUpstreamList(bytesOf(entries));
    if (!('items' in decoded)) throw new Error('not decoded');
    expect(decoded.items[0]!.summary.length).toBeLessThanOrEqual(MAX_SUMMARY_CHARS);
  });

  it('passes an unusable answer through as it is', async () => {
    expect(await unpackList(packList({ invalid: 'json' }), async () => {})).toEqual({ invalid: 'json' });
    expect(await decodeUpstreamListPacked(bytesOf('[{"id": 4'))).toEqual({ invalid: 'json' });
    expect(await decodeUpstreamListPacked(bytesOf({ items: [] }))).toEqual({ invalid: 'not an array' });
  });

  it('reads entries without tags or images back with one shared empty list, the others with their own', async () => {
    const entries = [
      { id: 'a', tit: 'A', date_m: '2024-01-01' },
      { id: 'b', tit: 'B', date_m: '2024-01-01', tags: ['Java'], img: ['/images/b.png'] },
      { id: 'c', tit: 'C', date_m: '2024-01-01', tags: [] },
    ];
    const read = await unpackList(await decodeUpstreamListPacked(bytesOf(entries)), async () => {});
    if (!('items' in read)) throw new Error('not read');
    const [a, b, c] = read.items;
    expect(a!.tags).toEqual([]);
    expect([a!.images, c!.tags, c!.images].every((list) => list === a!.tags)).toBe(true);
    expect(b).toMatchObject({ tags: ['Java'], images: ['/images/b.png'] });
    expect(Object.isFrozen(a!.tags)).toBe(true);
  });

  // Decision 065: on the thread, each entry goes to its slice as it is read.
  it('packs as it decodes, for the same slices and the same problems as decoding then packing', async () => {
    const entries = [
      ...Array.from({ length: PACKED_SLICE_ENTRIES + 3 }, (_, at) => ({
        id: `q-${at}`,
        tit: `Q ${at}`,
        date_m: '2024-01-01',
        tags: ['Java', at],
        sum: '<p>q</p>',
      })),
      { id: '..', tit: 'Chemin', date_m: '2024-01-01' },
      ...Array.from({ length: 20 }, (_, at) => ({ id: `long-${at}`, tit: 'L', date_m: '2024-01-01', sum: `<p>${'y'.repeat(MAX_SUMMARY_CHARS - 8)}</p>` })),
    ];
    const packed = await decodeUpstreamListPacked(bytesOf(entries));
    expect(packed).toEqual(packList(await decodeUpstreamList(bytesOf(entries))));
    if (!('slices' in packed)) throw new Error('not packed');
    expect(packed.slices.length).toBeGreaterThanOrEqual(3);
    expect(packed.problems[0]).toEqual({ replaced: { id: 'q-0', fields: ['tags'] } });
  });
});
