// The writing kit through HTTP, on fixture articles that use every feature (tests/fixtures/writing-kit):
// what the article page, its Markdown twin, the feeds and the search make of each one, with the
// article prepared on a worker thread as in production.
import * as cheerio from 'cheerio';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecordingLogger, createTestApp, rootDir, type TestApp } from '../../support/test-app';

const CONTENT_DIR = path.join(rootDir, 'tests', 'fixtures', 'writing-kit');
let ctx: TestApp;
let recorder: ReturnType<typeof createRecordingLogger>;
let $: cheerio.CheerioAPI;
let $en: cheerio.CheerioAPI;

beforeAll(async () => {
  recorder = createRecordingLogger();
  ctx = await createTestApp({ CONTENT_DIR, WORKER_THREADS: '1', FEED_FULL_CONTENT: 'true', RATE_LIMIT_PER_MINUTE: '0' }, recorder.logger);
  const [fr, en] = await Promise.all([request(ctx.app).get('/articles/kit').expect(200), request(ctx.app).get('/articles/kit-en').expect(200)]);
  $ = cheerio.load(fr.text);
  $en = cheerio.load(en.text);
}, 30_000);

afterAll(() => ctx?.close());

const body = () => $('.article-body');

describe('code blocks', () => {
  it('show the title as a caption above the code, outside <code>', () => {
    const figure = body().find('figure.code-figure');
    expect(figure.children('figcaption.code-title').text()).toBe('Facture.java');
    expect(figure.find('code').text()).not.toContain('Facture.java');
    expect(figure.children().first().is('figcaption')).toBe(true);
  });

  it('mark the lines of {2,4-5}, and number lines with showLineNumbers, keeping the code text exact', () => {
    const pre = body().find('figure.code-figure pre');
    expect(pre.hasClass('line-numbers')).toBe(true);
    const lines = pre.find('.code-line');
    expect(lines).toHaveLength(6);
    expect(lines.map((index, line) => ($(line).hasClass('is-highlighted') ? index + 1 : null)).get()).toEqual([2, 4, 5]);
    expect(pre.find('code').text()).toBe('class Facture {\n  int montant;\n  String client;\n  void valider() {}\n  void annuler() {}\n}\n');
  });

  it('give diff lines their kind, keeping their + and − signs in the text', () => {
    const lines = body().find('code.language-diff .code-line');
    expect(lines.map((_, line) => $(line).attr('class')).get()).toEqual(['code-line', 'code-line is-removed', 'code-line is-added']);
    expect(lines.eq(1).text()).toBe('-retiré\n');
    expect(lines.eq(2).text()).toBe('+ajouté\n');
  });

  it.each([
    'java',
    'kotlin',
    'groovy',
    'xml',
    'sql',
    'bash',
    'shell',
    'http',
    'json',
    'yaml',
    'properties',
    'dockerfile',
    'typescript',
    'javascript',
    'python',
    'diff',
  ])('highlight %s', (language) => {
    const code = body().find(`code.hljs.language-${language}`);
    expect(code).toHaveLength(1);
    expect(code.find('span[class^="hljs-"]').length).toBeGreaterThan(0);
  });

  it('leave an unknown language as plain code', () => {
    const code = body().find('code.language-cobol');
    expect(code.text()).toBe("DISPLAY 'BONJOUR'.\n");
    expect(code.find('span')).toHaveLength(0);
  });
});

describe('callouts', () => {
  it('show each of the five kinds as a note with its label in the article’s language and a decorative icon', () => {
    const callouts = body().find('.markdown-alert');
    expect(callouts.map((_, callout) => $(callout).attr('class')).get()).toEqual(
      ['note', 'tip', 'important', 'warning', 'caution'].map((kind) => `markdown-alert markdown-alert-${kind}`),
    );
    expect(callouts.map((_, callout) => $(callout).find('.markdown-alert-title').text()).get()).toEqual([
      'Note',
      'Astuce',
      'Important',
      'Attention',
      'Prudence',
    ]);
    callouts.each((_, callout) => {
      expect($(callout).attr('role')).toBe('note');
      expect($(callout).find('.markdown-alert-title svg').attr('aria-hidden')).toBe('true');
    });
    expect(callouts.first().text()).not.toContain('[!NOTE]');
    expect($en('.markdown-alert-title').text()).toBe('Warning');
  });

  it('leave a plain block quote a block quote', () => {
    expect(body().find('blockquote').text()).toContain('Une citation ordinaire.');
  });
});

describe('footnotes', () => {
  it('link each reference to its note and each note back, with labels in the article’s language', () => {
    const refs = body().find('sup.footnote-ref a');
    expect(refs.map((_, ref) => [[$(ref).attr('href'), $(ref).attr('id'), $(ref).text(), $(ref).attr('aria-label')]]).get()).toEqual([
      ['#fn1', 'fnref1', '1', 'Note 1'],
      ['#fn2', 'fnref2', '2', 'Note 2'],
    ]);
    const notes = body().find('section.footnotes li.footnote-item');
    expect(notes.map((_, note) => $(note).attr('id')).get()).toEqual(['fn1', 'fn2']);
    expect(notes.first().text()).toContain('Première note.');
    expect(notes.first().find('a.footnote-backref').attr('href')).toBe('#fnref1');
    expect(notes.first().find('a.footnote-backref').attr('aria-label')).toBe('Retour à l’appel de note 1');
    expect(body().find('.footnotes-title').text()).toBe('Notes');
    expect($en('a.footnote-backref').attr('aria-label')).toBe('Back to reference 1');
  });
});

describe('diagrams', () => {
  it('are inline SVG drawn on the server, named for assistive technologies, colours from the theme', () => {
    const svg = body().find('figure.diagram > svg');
    expect(svg).toHaveLength(1);
    expect(svg.attr('role')).toBe('img');
    expect(svg.attr('aria-label')).toBe('Flux ornithorynque : Client, API');
    expect(body().find('figure.diagram figcaption').text()).toBe('Flux ornithorynque');
    expect(svg.find('text').text()).toContain('Client');
    // Colours are references to custom properties the site's CSS sets per theme, never baked in.
    const fills = svg
      .find('[fill]')
      .map((_, element) => $(element).attr('fill'))
      .get();
    expect(fills.length).toBeGreaterThan(0);
    for (const fill of fills) expect(fill).toMatch(/^(var\(--[\w-]+\)|none)$/);
    expect($en('figure.diagram svg').attr('aria-label')).toBe('Diagram: A, B');
  });

  it('carry no script, style, event handler or outside reference', () => {
    const svg = body().find('figure.diagram > svg');
    expect(svg.find('script, style, foreignObject, image, use, a')).toHaveLength(0);
    svg.find('*').each((_, element) => {
      for (const [name, value] of Object.entries((element as unknown as { attribs: Record<string, string> }).attribs)) {
        expect(name).not.toMatch(/^on|href$|^style$/i);
        expect(value).not.toMatch(/url\((?!#diagram-\d+-)/);
      }
    });
  });

  it('fall back to their source as code with a visible note, and the log names the file and the line', () => {
    const fallback = body().find('.diagram-fallback');
    expect(fallback.find('.diagram-note').text()).toBe('Ce diagramme n’a pas pu être dessiné ; en voici la source.');
    expect(fallback.find('pre code').text()).toBe('pie\n  "a": 1\n');
    const warning = recorder.lines().find((line) => String(line.msg).includes('diagram not drawn'));
    expect(warning).toMatchObject({ file: expect.stringMatching(/writing-kit\/articles\/kit\.md$/), line: 131 });
  });
});

describe('math', () => {
  it('typesets $…$ and $$…$$ as MathML, with no web font and no TeX left in the text', () => {
    const inline = body().find('p > math');
    expect(inline.first().find('mi').first().text()).toBe('L');
    const display = body().find('.math-display > math[display="block"]');
    expect(display.find('mfrac')).toHaveLength(1);
    expect(body().find('annotation')).toHaveLength(0);
  });

  it('leaves a dollar used as currency a dollar', () => {
    expect(
      body()
        .find('p')
        .filter((_, p) => $(p).text().startsWith('Prix'))
        .text(),
    ).toBe('Prix : 5 $ et 10 $ ; en anglais $5 and $10.');
  });

  it('shows a formula that cannot be typeset as its source with a note, and logs the file and line', () => {
    expect(body().find('.math-fallback code').text()).toBe('$\\frac{a$');
    expect(body().find('.math-fallback .math-note').text()).toBe('(formule non composée)');
    expect(recorder.lines().find((line) => String(line.msg).includes('formula not typeset'))).toMatchObject({
      file: expect.stringMatching(/writing-kit\/articles\/kit\.md$/),
      line: 118,
    });
  });
});

describe('tables', () => {
  it('keep the column alignment and sit in a box that scrolls sideways, reachable by keyboard', () => {
    const box = body().find('.table-scroll');
    expect(box.attr('tabindex')).toBe('0');
    expect(
      box
        .find('th')
        .map((_, cell) => $(cell).attr('class'))
        .get(),
    ).toEqual(['align-left', 'align-center', 'align-right']);
    expect(box.find('td').last().attr('class')).toBe('align-right');
    expect(box.find('[style]')).toHaveLength(0);
  });
});

describe('downstream of the kit', () => {
  it('the table of contents lists the sections, not the footnotes', () => {
    const toc = $('nav')
      .filter((_, nav) => $(nav).find('a[href="#1-code"]').length > 0)
      .first();
    expect(
      toc
        .find('a')
        .map((_, link) => $(link).attr('href'))
        .get(),
    ).toEqual(['#1-code', '#2-encadres', '#3-notes-et-formules', '#4-tableaux-et-diagrammes']);
  });

  it('the Markdown twin gives the author’s source: fences, callouts, footnotes, diagram and math, no SVG or MathML', async () => {
    const twin = (await request(ctx.app).get('/articles/kit.md').expect(200)).text;
    for (const source of [
      '```java title="Facture.java" {2,4-5} showLineNumbers',
      '> [!WARNING]',
      'Une affirmation[^1]',
      '[^deux]: Seconde note.',
      '```mermaid',
      '$$\n\\frac{a}{b}\n$$',
      '$L = \\lambda W$',
    ])
      expect(twin).toContain(source);
    expect(twin).not.toMatch(/<svg|<math|code-line/);
  });

  it('the feeds carry the full prepared content', async () => {
    const rss = (await request(ctx.app).get('/rss.xml').expect(200)).text;
    const item = rss.slice(rss.indexOf('<item>'), rss.indexOf('</item>'));
    expect(item).toContain('markdown-alert-note');
    expect(item).toContain('<math');
    expect(item).toContain('role="img"');
  });

  it('the search finds code captions and callout text, and no word of the SVG or MathML markup', async () => {
    const search = async (words: string) => {
      const page = cheerio.load(
        (
          await request(ctx.app)
            .get(`/articles?f=${encodeURIComponent(words)}`)
            .expect(200)
        ).text,
      );
      return page('a[href="/articles/kit"]').length > 0;
    };
    expect(await search('pangolinnote')).toBe(true);
    expect(await search('Facture.java')).toBe(true);
    expect(await search('polyline')).toBe(false);
    expect(await search('mfrac')).toBe(false);
  });

  it('rendered the article on a worker thread', () => {
    expect(ctx.config.workerThreads).toBe(1);
    expect(ctx.workers.stats().completed).toBeGreaterThan(0);
  });
});
