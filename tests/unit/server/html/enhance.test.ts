import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import {
  MAX_HIGHLIGHTED_ARTICLE_CHARS,
  MAX_HIGHLIGHTED_BLOCK_CHARS,
  MAX_NUMBERED_HEADINGS,
  enhanceArticleBody,
  slugifyHeading,
} from '../../../../server/html/enhance';

describe('enhanceArticleBody: code highlighting', () => {
  it.each([
    ['bash', 'for f in *.log; do gzip "$f"; done', 'hljs-keyword'],
    ['sql', "SELECT id FROM items WHERE tags @> ARRAY['java'];", 'hljs-keyword'],
    ['http', 'GET /items?s=-date_m HTTP/1.1\nAccept: application/json', 'hljs-attribute'],
    ['xml', '<dependency><artifactId>spring-boot</artifactId></dependency>', 'hljs-tag'],
    ['java', 'public record Point(int x, int y) {}', 'hljs-keyword'],
  ])('highlights %s on the server', (language, code, expectedClass) => {
    const escaped = code.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const $ = cheerio.load(enhanceArticleBody(`<pre><code class="language-${language}">${escaped}</code></pre>`), null, false);
    expect($('code').attr('class')).toBe(`hljs language-${language}`);
    expect($(`code .${expectedClass}`).length).toBeGreaterThan(0);
    // The text is unchanged: only spans were added.
    expect($('code').text()).toBe(code);
  });

  it('accepts the lang-x and bare class forms, and leaves unknown languages alone', () => {
    const html = enhanceArticleBody('<pre><code class="lang-java">int a;</code></pre><pre><code class="cobol">MOVE A TO B.</code></pre>');
    const $ = cheerio.load(html, null, false);
    expect($('code').first().attr('class')).toBe('hljs language-java');
    expect($('code').last().attr('class')).toBe('cobol');
    expect($('code').last().children()).toHaveLength(0);
  });

  it('does not touch inline code', () => {
    expect(enhanceArticleBody('<p><code class="language-java">int a;</code></p>')).toBe('<p><code class="language-java">int a;</code></p>');
  });
});

describe('enhanceArticleBody: heading numbers', () => {
  it('numbers headings 1, 1.1, 1.2, 2, 2.1, 2.1.1 with stable anchors', () => {
    const html = enhanceArticleBody('<h2>Intro</h2><h3>Contexte</h3><h3>Mise en œuvre</h3><h2>Détails</h2><h3>A</h3><h4>Été</h4>');
    const $ = cheerio.load(html, null, false);
    const headings = $('h2, h3, h4')
      .map((_, el) => [[$(el).find('.heading-number').text(), $(el).attr('id')]])
      .get() as [string, string][];
    expect(headings).toEqual([
      ['1', '1-intro'],
      ['1.1', '1-1-contexte'],
      ['1.2', '1-2-mise-en-oeuvre'],
      ['2', '2-details'],
      ['2.1', '2-1-a'],
      ['2.1.1', '2-1-1-ete'],
    ]);
  });

  it('starts at the highest level present and fills a skipped level with 1', () => {
    const $ = cheerio.load(enhanceArticleBody('<h3>A</h3><h3>B</h3><h5>C</h5>'), null, false);
    expect(
      $('.heading-number')
        .map((_, el) => $(el).text())
        .get(),
    ).toEqual(['1', '2', '2.1.1']);
  });

  it('slugifies accents, ligatures and punctuation', () => {
    expect(slugifyHeading('3.2', 'L’œuvre : « équipe » & Co.')).toBe('3-2-l-oeuvre-equipe-co');
  });
});

describe('enhanceArticleBody: heading links', () => {
  it('puts a link to its own anchor beside each heading, named by the page label and the heading', () => {
    const $ = cheerio.load(enhanceArticleBody('<h2>Intro</h2><h3>Mise en œuvre</h3>'), null, false);
    const wrapper = $('.article-heading').eq(1);
    expect(
      wrapper
        .children()
        .map((_, el) => el.tagName)
        .get(),
    ).toEqual(['h3', 'a']);
    const link = wrapper.find('a.heading-anchor');
    expect(link.attr('href')).toBe('#1-1-mise-en-oeuvre');
    expect(link.attr('aria-labelledby')).toBe('heading-link-label 1-1-mise-en-oeuvre');
    expect(link.text()).toBe('');
    expect(link.find('svg').attr('aria-hidden')).toBe('true');
    // The heading itself is unchanged: its name is still its number and text.
    expect(wrapper.find('h3').text()).toBe('1.1 Mise en œuvre');
  });

  it('leaves the link out where a <div> may not stand (a heading in <summary>)', () => {
    const $ = cheerio.load(enhanceArticleBody('<details><summary><h2>Plus</h2></summary><p>x</p></details>'), null, false);
    expect(
      $('summary')
        .children()
        .map((_, el) => el.tagName)
        .get(),
    ).toEqual(['h2']);
    expect($('summary h2').attr('id')).toBe('1-plus');
    expect($('a.heading-anchor')).toHaveLength(0);
  });
});

describe('enhanceArticleBody: code blocks', () => {
  it('puts every <pre>, highlighted or not, in a block for the copy button, text untouched', () => {
    const html = enhanceArticleBody(
      '<pre><code class="language-java">int a;</code></pre><ul><li><pre>plain &lt;text&gt;</pre></li></ul><p><code>inline</code></p>',
    );
    const $ = cheerio.load(html, null, false);
    expect($('.code-block > pre')).toHaveLength(2);
    expect($('.code-block').last().text()).toBe('plain <text>');
    expect($('p > code').parent().is('.code-block')).toBe(false);
  });
});

describe('enhanceArticleBody: bounded work on hostile bodies', () => {
  it('survives 200,000 headings (no RangeError) and numbers only the first MAX_NUMBERED_HEADINGS', () => {
    const html = enhanceArticleBody('<h2>T</h2>'.repeat(200_000));
    // Counted with patterns: a DOM query over 200,000 elements would cost more than the work tested.
    expect(html.match(/<h2[ >]/g)).toHaveLength(200_000);
    expect(html.match(/<h2 id="/g)).toHaveLength(MAX_NUMBERED_HEADINGS);
    expect(html).toContain('<h2 id="1-t">');
  });

  it('leaves a code block longer than MAX_HIGHLIGHTED_BLOCK_CHARS as plain escaped text', () => {
    const code = 'int x = 1; // <b>\n'.repeat(Math.ceil((MAX_HIGHLIGHTED_BLOCK_CHARS + 1) / 18));
    const escaped = code.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const $ = cheerio.load(
      enhanceArticleBody(`<pre><code class="language-java">${escaped}</code></pre><pre><code class="language-java">int a;</code></pre>`),
      null,
      false,
    );
    const [big, small] = $('code')
      .toArray()
      .map((element) => $(element));
    expect(big?.children()).toHaveLength(0);
    expect(big?.text()).toBe(code);
    expect(small?.children().length).toBeGreaterThan(0);
  });

  it('highlights code blocks until the article budget is spent, the rest stay plain', () => {
    const block = `<pre><code class="language-java">${'int x = 1;\n'.repeat(Math.floor(MAX_HIGHLIGHTED_BLOCK_CHARS / 11))}</code></pre>`;
    const count = Math.ceil(MAX_HIGHLIGHTED_ARTICLE_CHARS / MAX_HIGHLIGHTED_BLOCK_CHARS) + 2;
    const $ = cheerio.load(enhanceArticleBody(block.repeat(count)), null, false);
    const highlighted = $('code').filter((_, element) => $(element).children().length > 0).length;
    expect(highlighted).toBeGreaterThan(0);
    expect(highlighted).toBeLessThan(count);
  });
});
