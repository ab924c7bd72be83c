// A hostile items service on 127.0.0.1, for tests that try the site the way a broken or malicious
// upstream would: XSS in every field, wrong types, huge fields, bad ids and dates, 10,000 items,
// and slow, hanging, failing or invalid answers. Content and behaviour are chosen per test.
import type { ServerResponse } from 'node:http';
import { UPSTREAM_BASE_PATH, sendJson, startFakeUpstream, type FakeUpstream } from './fake-upstream';

/** What the service holds. Each set keeps at least one well-formed article, `ok-1`. */
export type HostileContent =
  /** Two ordinary articles: `ok-1`, `ok-2`. */
  | 'plain'
  /** Script, event handlers and javascript: URLs in every field of `xss-1`, and as an id. */
  | 'xss'
  /** Every field of `types-1` with a wrong JSON type; `types-2` with the id as an object. */
  | 'wrong-types'
  /** `huge-body` (7 MB), `huge-code` (a 2 MB code block), `many-headings` (200,000), `long-title` (100 KB), `huge-title` (2 MB), `many-tags` (100,000). */
  | 'huge-fields'
  /** Ids with `/`, `..`, unicode, an impossible date, a bad image URL, `lg: "__proto__"`, control characters. */
  | 'bad-entries'
  /** 10,000 articles `item-0` … `item-9999` with 600-byte summaries (8 MB in all, under the 10 MB read limit); every search answers all of them. */
  | 'many-items'
  /** 27,000 articles `wide-0` … `wide-26999`, each with two tags of its own (54,000 distinct tags) and a short summary. */
  | 'wide-list'
  /** Titles, tags and summaries written as Markdown and HTML structure: line breaks, `---`, `#`, links, tags. */
  | 'markdown-structure';

export type HostileBehaviour =
  | 'normal'
  /** Answers after `delayMs`. */
  | 'slow'
  /** Accepts the request and never answers. */
  | 'hanging'
  /** 200 with a body that is not JSON. */
  | 'invalid-json'
  /** 500 with an empty JSON object. */
  | 'error-500';

export interface HostileUpstream extends FakeUpstream {
  /** Switches what is served and how, from the next request on. */
  use(content: HostileContent, behaviour?: HostileBehaviour, options?: { delayMs?: number }): void;
}

type RawItem = Record<string, unknown>;

const XSS = '<img src=x onerror=alert(1)><script>alert(2)</script>';

function ordinary(id: string, extra: RawItem = {}): RawItem {
  return {
    id,
    tit: `Article ${id}`,
    sum: `<p>Résumé de ${id}</p>`,
    ctn: `<h2>Partie</h2><p>Texte de ${id}.</p><pre><code class="language-sql">SELECT 1;</code></pre>`,
    date_m: '2024-05-01T08:00:00Z',
    lg: 'fr',
    tags: ['SQL'],
    img: [],
    ...extra,
  };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const contentSets: Record<HostileContent, () => unknown[]> = {
  plain: () => [ordinary('ok-1'), ordinary('ok-2', { date_m: '2023-01-01' })],
  xss: () => [
    ordinary('ok-1'),
    {
      id: 'xss-1',
      tit: `${XSS}"><svg onload=alert(3)>`,
      sum: `<p onclick="alert(4)">${XSS}<a href="javascript:alert(5)">lien</a></p>`,
      ctn: `<h2 onmouseover="alert(6)">T</h2>${XSS}<iframe src="https://evil.example"></iframe><svg><script>alert(7)</script></svg><a href="javascript:alert(8)">x</a>`,
      date_m: '2024-04-01',
      lg: '"><script>alert(9)</script>',
      tags: [XSS, 'javascript:alert(10)'],
      img: ['javascript:alert(11)', `https://img.example/a.png"><script>alert(12)</script>`],
    },
    ordinary('<script>alert(13)</script>'),
  ],
  'wrong-types': () => [
    ordinary('ok-1'),
    { id: 'types-1', tit: 'Types faux', date_m: '2024-02-01', sum: ['<p>x</p>'], ctn: 7, lg: 12, tags: 'SQL', img: { src: '/a.png' } },
    { id: { $gt: '' }, tit: 'Id objet', date_m: '2024-02-01' },
    { id: 'types-3', tit: 99, date_m: 20240201 },
    true,
    [],
  ],
  'huge-fields': () => [
    ordinary('ok-1'),
    ordinary('huge-body', { ctn: `<p>${'Un paragraphe assez long pour peser. '.repeat(40)}</p>\n`.repeat(4_700) }),
    ordinary('huge-code', {
      ctn: `<pre><code class="language-java">${escapeHtml('public final class A { int x = 1; String s = "texte"; }\n'.repeat(36_000))}</code></pre>`,
    }),
    ordinary('many-headings', { ctn: '<h2>T</h2>'.repeat(200_000) }),
    ordinary('long-title', { tit: 'T'.repeat(100_000) }),
    ordinary('huge-title', { tit: 'Titre '.repeat(350_000) }),
    ordinary('many-tags', { tags: Array.from({ length: 100_000 }, (_, at) => `tag-${at}`) }),
  ],
  'bad-entries': () => [
    ordinary('ok-1'),
    ordinary('/', { date_m: '2024-03-01' }),
    ordinary('..', { date_m: '2024-03-01' }),
    ordinary('a/../b', { date_m: '2024-03-01' }),
    ordinary('résumé', { date_m: '2024-03-01' }),
    ordinary('date-impossible', { date_m: '2026-02-30' }),
    ordinary('bad-image', { img: ['http://[invalid', '/images/ok.png'] }),
    ordinary('proto-lang', { lg: '__proto__' }),
    ordinary('control-chars', { tit: 'Titre\u0001\u0008\u000b\u001f\ufffe fin', sum: '<p>R\u0002sumé</p>', tags: ['t\u0003ag'] }),
  ],
  'many-items': () =>
    Array.from({ length: 10_000 }, (_, at) =>
      ordinary(`item-${at}`, {
        date_m: new Date(Date.UTC(2020, 0, 1) + (10_000 - at) * 3_600_000).toISOString(),
        sum: `<p>${`Résumé ${at}, avec assez de texte pour peser. `.repeat(12)}</p>`,
        tags: ['Java', 'Spring', `tag-${at % 50}`],
      }),
    ),
  'wide-list': () =>
    Array.from({ length: 27_000 }, (_, at) => ({
      id: `wide-${at}`,
      tit: `Article ${at}`,
      date_m: new Date(Date.UTC(2020, 0, 1) + (27_000 - at) * 3_600_000).toISOString(),
      tags: [`t-${at}`, `u-${at}`],
      sum: `<p>Résumé ${at}.</p>`,
    })),
  'markdown-structure': () => [
    ordinary('ok-1'),
    ordinary('md-1', {
      tit: 'Titre\n---\n# Injecté\n<script>alert(1)</script> [lien](https://evil.example)',
      sum: '<p>Résumé</p><h2>Pas un titre</h2><p>&lt;b&gt;gras&lt;/b&gt; ## faux [x](https://evil.example)</p>',
      tags: ['Java\n## Injecté', '# Titre', '<img src=x onerror=alert(1)>', '---'],
    }),
  ],
};

const summaryFields = ['id', 'tit', 'date_m', 'tags', 'img', 'sum'];

/** JSON texts built once per content set: 10,000 items would cost a lot to serialise per request. */
interface Served {
  list: string;
  byId: Map<string, string>;
}

function buildServed(content: HostileContent): Served {
  const items = contentSets[content]();
  const isItem = (item: unknown): item is RawItem => typeof item === 'object' && item !== null && !Array.isArray(item);
  const summaries = items.map((item) =>
    isItem(item) ? Object.fromEntries(summaryFields.filter((field) => field in item).map((field) => [field, item[field]])) : item,
  );
  const byId = new Map<string, string>();
  for (const item of items) if (isItem(item) && typeof item.id === 'string') byId.set(item.id, JSON.stringify(item));
  return { list: JSON.stringify(summaries), byId };
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

export async function startHostileUpstream(
  content: HostileContent = 'plain',
  behaviour: HostileBehaviour = 'normal',
  options: { delayMs?: number } = {},
): Promise<HostileUpstream> {
  const served = new Map<HostileContent, Served>();
  let current = { content, behaviour, delayMs: options.delayMs ?? 1_000 };
  const upstream = await startFakeUpstream(async (_req, res, url) => {
    const { content: set, behaviour: how, delayMs } = current;
    if (how === 'hanging') return new Promise<void>((resolve) => res.once('close', resolve));
    if (how === 'slow') await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (how === 'error-500') return sendJson(res, 500, {});
    if (how === 'invalid-json') return sendText(res, 200, '{"id": "ok-1", "tit": ');
    let answers = served.get(set);
    if (!answers) served.set(set, (answers = buildServed(set)));
    if (url.pathname === `${UPSTREAM_BASE_PATH}/items`) return sendText(res, 200, answers.list);
    const id = decodeURIComponent(url.pathname.slice(`${UPSTREAM_BASE_PATH}/items/`.length));
    const found = answers.byId.get(id);
    return found ? sendText(res, 200, found) : sendJson(res, 404, { message: 'not found' });
  });
  return Object.assign(upstream, {
    use(nextContent: HostileContent, nextBehaviour: HostileBehaviour = 'normal', nextOptions: { delayMs?: number } = {}) {
      current = { content: nextContent, behaviour: nextBehaviour, delayMs: nextOptions.delayMs ?? 1_000 };
    },
  });
}
