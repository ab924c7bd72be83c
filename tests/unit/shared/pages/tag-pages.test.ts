// The tags page's list written as HTML text (decision 065): what a reader sees of each tag, and where
// its link leads, as the page's React markup said it, whatever the tag is made of.
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { writeTagCloud } from '../../../../shared/pages/tag-pages';
import { localizePath, paths } from '../../../../shared/paths';

const label = (count: number) => `${count} ${count === 1 ? 'article' : 'articles'}`;

/** Each link of the list: its text with spaces folded, and its address. */
function readLinks(html: string) {
  const $ = cheerio.load(`<ul>${html}</ul>`);
  return $('li > a.badge.tag-badge')
    .map((_, link) => [[$(link).text().replace(/\s+/g, ' '), $(link).attr('href')]])
    .get() as [string, string][];
}

describe('writeTagCloud', () => {
  it('shows each tag as text, with its count, linking to its page, in the order given', () => {
    const tags = [
      { tag: 'C&A <b>"gras"</b>', count: 2 },
      { tag: 'Œuvre Complète', count: 1 },
      { tag: 'a/b?c#d', count: 3 },
    ];
    expect(readLinks(writeTagCloud(tags, 'fr', label))).toEqual([
      ['C&A <b>"gras"</b> (2 articles)', paths.tag('C&A <b>"gras"</b>')],
      ['Œuvre Complète (1 article)', paths.tag('Œuvre Complète')],
      ['a/b?c#d (3 articles)', paths.tag('a/b?c#d')],
    ]);
    expect(writeTagCloud(tags, 'fr', label)).not.toContain('<b>');
  });

  it('links to the tag pages of the language asked', () => {
    expect(readLinks(writeTagCloud([{ tag: 'Java', count: 1 }], 'en', label))).toEqual([['Java (1 article)', localizePath(paths.tag('Java'), 'en')]]);
  });

  it('escapes what the count label says too', () => {
    expect(readLinks(writeTagCloud([{ tag: 'Java', count: 1 }], 'fr', () => '<i>un</i> & "deux"'))).toEqual([['Java (<i>un</i> & "deux")', paths.tag('Java')]]);
  });
});
