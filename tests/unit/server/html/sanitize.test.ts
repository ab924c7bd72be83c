import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from '../../../../server/html/sanitize';

/** Every way a payload could still run script once rendered. */
function findActiveContent(html: string): string[] {
  const $ = cheerio.load(html, null, false);
  const found: string[] = [];
  $('script, object, embed, style, form, input, svg, math, base, meta, link').each((_, el) => {
    found.push(`<${(el as { name: string }).name}>`);
  });
  $('*').each((_, el) => {
    for (const [name, value] of Object.entries((el as { attribs: Record<string, string> }).attribs)) {
      if (/^on/i.test(name)) found.push(`${name}=`);
      if (/^\s*(javascript|vbscript|data):/i.test(value)) found.push(`${name}=${value}`);
    }
  });
  return found;
}

const payloads = [
  '<script>alert(1)</script>',
  '<img src="x" onerror="alert(1)">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href=" JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<svg onload="alert(1)"><circle/></svg>',
  '<iframe src="https://evil.example/x"></iframe>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<object data="x.swf"></object>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<form action="https://evil.example"><input name="password"></form>',
  '<img src="data:image/svg+xml;base64,PHN2Zz4=">',
  '<base href="https://evil.example/">',
  '<p>ok</p><!--<script>alert(1)</script>-->',
  '<details open ontoggle="alert(1)"><summary>s</summary></details>',
];

describe('sanitizeArticleHtml', () => {
  it.each(payloads)('makes %s inert', (payload) => {
    expect(findActiveContent(sanitizeArticleHtml(payload))).toEqual([]);
  });

  it('keeps the structure articles need', () => {
    const html =
      '<h2>Titre</h2><h3>Sous-titre</h3><ul><li>a</li></ul><ol start="3"><li>b</li></ol>' +
      '<table><thead><tr><th>h</th></tr></thead><tbody><tr><td colspan="2">c</td></tr></tbody></table>' +
      '<p><img src="/images/a.svg" alt="schéma" width="640" height="360"> <a href="https://example.org/doc" title="doc">lien</a> <code>x</code></p>' +
      '<pre><code class="language-java">class A {}</code></pre><blockquote>q</blockquote>';
    const $ = cheerio.load(sanitizeArticleHtml(html), null, false);
    expect($('h2').text()).toBe('Titre');
    expect($('h3')).toHaveLength(1);
    expect($('ol').attr('start')).toBe('3');
    expect($('td').attr('colspan')).toBe('2');
    expect($('img').attr('alt')).toBe('schéma');
    expect($('a').attr('href')).toBe('https://example.org/doc');
    expect($('pre > code').attr('class')).toBe('language-java');
    expect($('blockquote')).toHaveLength(1);
  });

  it('keeps an iframe from an allowed host only', () => {
    const $ = cheerio.load(
      sanitizeArticleHtml('<iframe src="https://www.youtube-nocookie.com/embed/abc" title="v"></iframe><iframe src="https://evil.example/"></iframe>'),
      null,
      false,
    );
    expect(
      $('iframe[src]')
        .map((_, el) => $(el).attr('src'))
        .get(),
    ).toEqual(['https://www.youtube-nocookie.com/embed/abc']);
  });

  it('drops classes other than code languages and highlight spans', () => {
    const $ = cheerio.load(sanitizeArticleHtml('<p class="alert">x</p><code class="language-sql evil">y</code>'), null, false);
    expect($('p').attr('class')).toBeUndefined();
    expect($('code').attr('class')).toBe('language-sql');
  });

  it('adds rel="noopener noreferrer" to links that open a new tab', () => {
    const $ = cheerio.load(sanitizeArticleHtml('<a href="https://example.org" target="_blank" rel="opener">x</a>'), null, false);
    expect($('a').attr('rel')).toBe('noopener noreferrer');
  });
});
