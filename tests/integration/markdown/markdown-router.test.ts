// The Markdown twins and llms.txt through HTTP: front matter parsed with gray-matter, links absolute,
// the llmstxt.org layout, and the twin of an upstream article converted from its HTML.
import matter from 'gray-matter';
import MarkdownIt from 'markdown-it';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { once } from 'node:events';
import { createServer, get, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { owner } from '../../../shared/site/owner';
import { siteConfig } from '../../../shared/site/site-config';
import { sendJson, startFakeUpstream, UPSTREAM_BASE_PATH, type FakeUpstream } from '../../support/fake-upstream';
import { FIXTURE_IDS_NEWEST_FIRST } from '../../support/fixtures';
import { startHostileUpstream } from '../../support/hostile-upstream';
import { setUpFixtureApp } from '../../support/fixture-app';
import { TEST_SITE_URL, createTestApp, type TestApp } from '../../support/test-app';
import { hashBody } from '../../../server/http/stored-answer';
import { buildLlmsTxt, hashInSlices } from '../../../server/markdown/markdown-router';

const fixture = setUpFixtureApp();

async function getMarkdown(app: TestApp['app'], url: string) {
  const response = await request(app).get(url).expect(200);
  expect(response.headers['content-type']).toBe('text/markdown; charset=utf-8');
  return response.text;
}

describe('/articles/{id}.md', () => {
  it('gives the article as Markdown: front matter with title, date, language, tags and canonical URL, then the body', async () => {
    const twin = matter(await getMarkdown(fixture.app, '/articles/spring-batch-oeuvre.md'));
    expect(twin.data).toEqual({
      title: 'Mise en œuvre de Spring Batch',
      date: '2023-06-01',
      language: 'fr',
      tags: ['Java', 'Spring'],
      canonical: `${TEST_SITE_URL}articles/spring-batch-oeuvre`,
      summary: 'Découper un traitement de nuit en chunks.',
    });
    // The author's Markdown: headings without the page's numbers, code fenced with its language.
    expect(twin.content).toContain('# Mise en œuvre de Spring Batch\n');
    expect(twin.content).toContain('\n## Configuration\n');
    expect(twin.content).toContain('```xml\n<dependency>');
    expect(twin.content).not.toMatch(/\]\(\/|src="\/|href="\//);
  });

  it('answers 404 in plain text for an article that does not exist', async () => {
    for (const url of ['/articles/missing.md', '/articles/..md', '/articles/%2e%2e.md']) {
      // `%2e%2e.md` is spelled `...md` (decision 034): moved there first.
      const first = await request(fixture.app).get(url);
      const response = first.status === 301 ? await request(fixture.app).get(first.headers.location!) : first;
      expect(response.status, url).toBe(404);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    }
  });
});

describe('/llms.txt', () => {
  it('follows llmstxt.org: the site as H1, the owner in a quote, then one section per tag linking the twins', async () => {
    const response = await request(fixture.app).get('/llms.txt').expect(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.text.split('\n');
    expect(lines[0]).toBe(`# ${owner.siteName}`);
    expect(lines[1]).toBe('');
    expect(lines[2]).toMatch(new RegExp(`^> ${owner.name}, .+`));
    expect(lines.filter((line) => line.startsWith('# '))).toHaveLength(1);
    const sections = lines.filter((line) => line.startsWith('## ')).map((line) => line.slice(3));
    expect(sections).toEqual(expect.arrayContaining(['CV', 'Java', 'Spring', 'PostgreSQL', 'HTTP', 'Méthodes', 'Équipe']));
    const javaSection = response.text.split('\n## Java\n\n')[1]!.split('\n\n')[0]!;
    expect(javaSection).toBe(`- [Mise en œuvre de Spring Batch](${TEST_SITE_URL}articles/spring-batch-oeuvre.md): Découper un traitement de nuit en chunks.`);
    // Every line of a section is "- [name](url): notes", and every article is listed with a twin that answers.
    const links = lines.filter((line) => line.startsWith('- ')).map((line) => /^- \[([^\]]+)\]\((https:\/\/[^)]+)\)(: .+)?$/.exec(line));
    expect(links.every(Boolean)).toBe(true);
    const twins = new Set(links.map((match) => match![2]!));
    for (const id of FIXTURE_IDS_NEWEST_FIRST) expect(twins).toContain(`${TEST_SITE_URL}articles/${id}.md`);
    for (const twin of twins) await request(fixture.app).get(new URL(twin).pathname).expect(200);
  });

  it('is named by an ETag of its bytes, and answers 304 to a reader that has them', async () => {
    fixture.app.locals.responseCache.clear();
    const first = await request(fixture.app).get('/llms.txt').set('Accept-Encoding', 'identity').expect(200);
    expect(first.headers.etag).toBe(`"${hashBody(Buffer.from(first.text))}"`);
    fixture.app.locals.responseCache.clear();
    await request(fixture.app).get('/llms.txt').set('Accept-Encoding', 'identity').set('If-None-Match', first.headers.etag!).expect(304);
  });
});

describe('/llms.txt compressed', () => {
  /** The answer's bytes as they came, undecoded (supertest would decode gzip), made by the router (the response cache emptied first). */
  async function getRaw(encoding: string) {
    fixture.app.locals.responseCache.clear();
    const server = createServer(fixture.app).listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      return await new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        get({ host: '127.0.0.1', port, path: '/llms.txt', headers: { 'accept-encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
    } finally {
      server.close();
    }
  }

  it('gives the same text in gzip and brotli as plain, each encoding under its own ETag, the same bytes each time', async () => {
    const plain = await getRaw('identity');
    for (const [encoding, decompress] of [
      ['gzip', gunzipSync],
      ['br', brotliDecompressSync],
    ] as const) {
      const first = await getRaw(encoding);
      expect(first.headers['content-encoding']).toBe(encoding);
      expect(first.headers.etag).toBe(plain.headers.etag!.replace(/"$/, `-${encoding}"`));
      expect(decompress(first.body).equals(plain.body)).toBe(true);
      expect((await getRaw(encoding)).body).toEqual(first.body);
    }
  });
});

describe('hashInSlices', () => {
  it('names bytes as hashBody does, whatever their length against the slice', async () => {
    let pauses = 0;
    const pause = async () => {
      pauses += 1;
    };
    for (const length of [0, 1, 256 * 1024, 256 * 1024 + 1, 3_000_000]) {
      const body = Buffer.alloc(length, 'é llms ');
      expect(await hashInSlices(body, pause), String(length)).toBe(hashBody(body));
    }
    // 3,000,000 bytes: 12 slices, 11 pauses between them; 256 KB + 1: one.
    expect(pauses).toBe(12);
  });
});

describe('/cv.md', () => {
  it('gives the CV as Markdown from the CV data, its skills linked to their tags', async () => {
    const cv = matter(await getMarkdown(fixture.app, '/cv.md'));
    expect(cv.data).toMatchObject({ language: 'fr', canonical: `${TEST_SITE_URL}${siteConfig.cvSlug}` });
    expect(cv.content).toContain(`# ${owner.name}`);
    for (const heading of ['## Compétences', '## Formation', '## Expérience']) expect(cv.content).toContain(`\n${heading}\n`);
    expect(cv.content).toContain(`[Java](${TEST_SITE_URL}tags/Java) (1 article)`);
    expect(cv.content).toContain('*Environnement* : ');
  });
});

describe('with an upstream items service', () => {
  let upstream: FakeUpstream | undefined;
  let ctx: TestApp | undefined;
  afterEach(async () => {
    await ctx?.close();
    await upstream?.close();
    ctx = upstream = undefined;
  });

  it('answers 503 with Retry-After, not a 500, for twins, llms.txt and share cards while the upstream is down', async () => {
    upstream = await startFakeUpstream((_req, res) => sendJson(res, 500, {}));
    ctx = await createTestApp({ ITEMS_SERVICE_URL: upstream.baseUrl });
    for (const url of ['/articles/7.md', '/llms.txt', '/share/articles/7.png', '/share/tags/Java.png']) {
      const response = await request(ctx.app).get(url).expect(503);
      expect([response.headers['retry-after'], response.headers['cache-control']], url).toEqual(['30', 'no-store']);
      expect(response.headers['content-type'], url).toMatch(/^text\/plain/);
      expect(response.text, url).not.toMatch(/Error|at \w+ \(/);
    }
  });

  it('converts the sanitised HTML: no heading numbers or link icons, absolute links and images, fenced code', async () => {
    const article = {
      id: 7,
      tit: 'Remote',
      sum: '<p>Un <em>résumé</em>.</p>',
      ctn: '<h2>Titre</h2><p>Voir <a href="/articles/8">l’autre</a> et <a href="suite">la suite</a>.</p><p><img src="/images/a.png" alt="schéma"></p><pre><code class="language-java">int a = 1;</code></pre><script>alert(1)</script>',
      date_m: '2024-02-03T10:00:00Z',
      lg: 'en',
      tags: ['Java'],
      img: [],
    };
    upstream = await startFakeUpstream((_req, res, url) => {
      if (url.pathname === `${UPSTREAM_BASE_PATH}/items/7`) sendJson(res, 200, article);
      else if (url.pathname === `${UPSTREAM_BASE_PATH}/items`) sendJson(res, 200, [article]);
      else sendJson(res, 404, {});
    });
    ctx = await createTestApp({ ITEMS_SERVICE_URL: upstream.baseUrl });
    const twin = matter(await getMarkdown(ctx.app, '/articles/7.md'));
    expect(twin.data).toMatchObject({
      title: 'Remote',
      date: '2024-02-03T10:00:00.000Z',
      language: 'en',
      tags: ['Java'],
      canonical: `${TEST_SITE_URL}articles/7`,
      summary: 'Un résumé.',
    });
    expect(twin.content).toContain('\n## Titre\n');
    expect(twin.content).toContain(`[l’autre](${TEST_SITE_URL}articles/8)`);
    expect(twin.content).toContain(`[la suite](${TEST_SITE_URL}articles/suite)`);
    expect(twin.content).toContain(`![schéma](${TEST_SITE_URL}images/a.png)`);
    expect(twin.content).toContain('```java\nint a = 1;\n```');
    expect(twin.content).not.toMatch(/alert|<svg|#1-titre/);
  });
});

/** What a Markdown reader makes of a text: its headings (level and text), link targets, and raw HTML. */
function readMarkdown(text: string) {
  const tokens = new MarkdownIt({ html: true }).parse(text, {});
  const inlineText = (at: number) => (tokens[at]?.children ?? []).map((child) => child.content).join('');
  const children = tokens.flatMap((token) => [token, ...(token.children ?? [])]);
  return {
    headings: tokens.flatMap((token, at) => (token.type === 'heading_open' ? [`${token.tag} ${inlineText(at + 1)}`] : [])),
    links: children.filter((token) => token.type === 'link_open').map((token) => token.attrGet('href')),
    html: children.filter((token) => token.type === 'html_inline' || token.type === 'html_block').map((token) => token.content),
    paragraphs: tokens.flatMap((token, at) => (token.type === 'paragraph_open' ? [inlineText(at + 1)] : [])),
  };
}

describe('upstream titles, tags and summaries written as Markdown or HTML (issue 25)', () => {
  let ctx: TestApp | undefined;
  let upstream: Awaited<ReturnType<typeof startHostileUpstream>> | undefined;
  afterEach(async () => {
    await ctx?.close();
    await upstream?.close();
    ctx = upstream = undefined;
  });

  const TITLE = 'Titre --- # Injecté <script>alert(1)</script> [lien](https://evil.example)';
  const TAGS = ['Java ## Injecté', '# Titre', '<img src=x onerror=alert(1)>', '---'];

  it('stay text in llms.txt: a title is one line of a link, a tag is one heading, nothing is HTML', async () => {
    upstream = await startHostileUpstream('markdown-structure');
    ctx = await createTestApp({ ITEMS_SERVICE_URL: upstream.baseUrl });
    const text = (await request(ctx.app).get('/llms.txt').expect(200)).text;
    const read = readMarkdown(text);
    expect(read.html).toEqual([]);
    expect(read.headings.filter((heading) => heading.startsWith('h1 '))).toEqual([`h1 ${owner.siteName}`]);
    expect(read.headings.filter((heading) => heading.startsWith('h2 ')).sort()).toEqual(['CV', 'SQL', ...TAGS].map((tag) => `h2 ${tag}`).sort());
    expect(read.links.every((href) => href!.startsWith(TEST_SITE_URL))).toBe(true);
    const line = text.split('\n').find((each) => each.includes('articles/md-1.md'));
    expect(readMarkdown(line!).links).toEqual([`${TEST_SITE_URL}articles/md-1.md`]);
    expect(readMarkdown(line!).html).toEqual([]);
    // The summary's text, tags and all, is the note.
    expect(text).toContain('Résumé Pas un titre \\<b>gras\\</b> \\## faux \\[x\\](https://evil.example)');
  });

  it('stay text in the twin: one heading, the title, and the front matter on one line', async () => {
    upstream = await startHostileUpstream('markdown-structure');
    ctx = await createTestApp({ ITEMS_SERVICE_URL: upstream.baseUrl });
    const twin = matter(await getMarkdown(ctx.app, '/articles/md-1.md'));
    expect(twin.data).toMatchObject({ title: TITLE, tags: TAGS });
    const read = readMarkdown(twin.content);
    expect(read.headings[0]).toBe(`h1 ${TITLE}`);
    expect(read.headings.filter((heading) => heading.startsWith('h1 '))).toHaveLength(1);
    expect(read.html).toEqual([]);
    expect(read.links.filter((href) => href!.includes('evil'))).toEqual([]);
  });
});

describe('buildLlmsTxt', () => {
  it('writes 27,000 articles in slices, giving the event loop back between them, each line once per tag', async () => {
    const articles = Array.from({ length: 27_000 }, (_, at) => ({
      id: `a-${at}`,
      title: `Article ${at}`,
      date: '2024-01-01',
      tags: [`t-${at % 1_000}`, 'Java'],
      images: [],
      summary: `<p>Résumé ${at}</p>`,
    }));
    let pauses = 0;
    const text = (
      await buildLlmsTxt(TEST_SITE_URL, articles, 'CV', async () => {
        pauses += 1;
      })
    ).toString('utf8');
    expect(pauses).toBeGreaterThanOrEqual(27_000 / 1_000);
    const lines = text.split('\n');
    expect(lines.filter((line) => line.startsWith('## '))).toHaveLength(1 + 1_000 + 1);
    expect(lines.filter((line) => line.startsWith('- [Article '))).toHaveLength(2 * 27_000);
    expect(text.split('\n## Java\n\n')[1]!.split('\n')[0]).toBe(`- [Article 0](${TEST_SITE_URL}articles/a-0.md): Résumé 0`);
  });
});
