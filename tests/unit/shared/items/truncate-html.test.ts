import { describe, expect, it } from 'vitest';
import { htmlToPlainText, truncateHtml, truncateText } from '../../../../shared/items/truncate-html';

const text = (length: number, char = 'a') => char.repeat(length);

describe('truncateHtml', () => {
  it('leaves a summary of exactly 300 characters whole, without ellipsis', () => {
    const html = `<p>${text(300)}</p>`;
    expect(truncateHtml(html)).toBe(html);
  });

  it('cuts a summary of 301 characters to 300 and adds …', () => {
    expect(truncateHtml(`<p>${text(301)}</p>`)).toBe(`<p>${text(300)}…</p>`);
  });

  it('closes the elements left open, innermost first', () => {
    const html = `<p>${text(290)} <strong>bold <em>and italic words</em></strong> tail</p>`;
    const cut = truncateHtml(html, 300);
    expect(cut).toBe(`<p>${text(290)} <strong>bold <em>and…</em></strong></p>`);
  });

  it('counts an entity as one character and never cuts inside it', () => {
    const html = `<p>${text(298)}&amp;&lt;&gt;</p>`;
    expect(truncateHtml(html, 300)).toBe(`<p>${text(298)}&amp;&lt;…</p>`);
    expect(truncateHtml(`<p>${text(299)}&eacute;</p>`, 300)).toBe(`<p>${text(299)}&eacute;</p>`);
  });

  it('gives the same preview when asked again, from a card that cuts its props’ preview again, and past its memory of 4,096 summaries', () => {
    const summaries = Array.from({ length: 5_000 }, (_, at) => `<p>${at} ${text(310 + (at % 7), 'é')}</p>`);
    const first = summaries.map((summary) => truncateHtml(summary));
    first.forEach((cut, at) => expect(cut).toBe(`<p>${at} ${text(299 - String(at).length, 'é')}…</p>`));
    expect(summaries.map((summary) => truncateHtml(summary))).toEqual(first);
    // A card cuts the preview its island's props carry: nothing more is cut.
    expect(first.map((cut) => truncateHtml(cut))).toEqual(first);
    // Another length is never answered with a default-length preview.
    expect(truncateHtml(summaries[0]!, 10)).toBe(`<p>0 ${text(8, 'é')}…</p>`);
  });

  it('counts characters outside the BMP as one and never splits them', () => {
    expect(truncateHtml(`<p>${'😀'.repeat(5)}</p>`, 3)).toBe('<p>😀😀😀…</p>');
  });

  it('keeps void elements and attributes intact', () => {
    expect(truncateHtml('<p>ab<br>cd <a href="/x?a=1&amp;b=2">link text</a></p>', 7)).toBe('<p>ab<br>cd <a href="/x?a=1&amp;b=2">li…</a></p>');
  });

  it('does not count tags as text', () => {
    const html = `<p><code>${text(150)}</code><em>${text(150)}</em></p>`;
    expect(truncateHtml(html, 300)).toBe(html);
  });

  it('adds the ellipsis when the text ends exactly at the cut but more text follows', () => {
    expect(truncateHtml('<p>abc</p><p>def</p>', 3)).toBe('<p>abc…</p>');
  });
});

describe('htmlToPlainText and truncateText', () => {
  it('drops tags and decodes entities', () => {
    expect(htmlToPlainText('<p>Spring &amp; <code>Java</code>&nbsp;21 &#233;t&#xE9;</p>')).toBe('Spring & Java 21 été');
  });

  it('keeps an unknown or out-of-range entity as written', () => {
    expect(htmlToPlainText('a &#99999999; b &bogus; c')).toBe('a &#99999999; b &bogus; c');
    expect(htmlToPlainText('<p><code>Cache-Control</code>, <em>ETag</em> : <strong>vite</strong>.</p><p>Suite<br>fin</p>')).toBe(
      'Cache-Control, ETag : vite. Suite fin',
    );
  });

  it('trims a description at a word boundary to about 160 characters', () => {
    const description = truncateText(`${'mot '.repeat(60)}fin`, 160);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.endsWith('mot…')).toBe(true);
    expect(truncateText('court', 160)).toBe('court');
  });
});
