import { describe, expect, it } from 'vitest';
import { enhanceArticleBody } from '../../../../server/html/enhance';
import { extractTableOfContents, type TocEntry } from '../../../../shared/items/table-of-contents';

/** The entries as "number text #id", indented by depth, to compare whole trees at a glance. */
function outline(entries: TocEntry[], depth = 0): string[] {
  return entries.flatMap((entry) => [`${'  '.repeat(depth)}${entry.number} ${entry.text} #${entry.id}`, ...outline(entry.children, depth + 1)]);
}

describe('extractTableOfContents (from the HTML the server prepared)', () => {
  it('nests h2 > h3 > h4 with the headings’ own numbers and accent-free anchors', () => {
    const html = enhanceArticleBody('<h2>Contexte</h2><p>x</p><h3>Règles</h3><h3>Mise en œuvre</h3><h4>Été</h4><h2>Résultats</h2>');
    expect(outline(extractTableOfContents(html))).toEqual([
      '1 Contexte #1-contexte',
      '  1.1 Règles #1-1-regles',
      '  1.2 Mise en œuvre #1-2-mise-en-oeuvre',
      '    1.2.1 Été #1-2-1-ete',
      '2 Résultats #2-resultats',
    ]);
  });

  it('gives the plain text of headings with inline markup and entities', () => {
    const html = enhanceArticleBody('<h2>Le <code>&lt;pre&gt;</code> &amp; <em>toi</em></h2>');
    expect(extractTableOfContents(html)).toEqual([{ id: '1-le-pre-toi', number: '1', text: 'Le <pre> & toi', children: [] }]);
  });

  it('puts a heading whose level was skipped under the nearest shallower one', () => {
    const html = enhanceArticleBody('<h2>A</h2><h4>B</h4><h2>C</h2>');
    expect(outline(extractTableOfContents(html))).toEqual(['1 A #1-a', '  1.1.1 B #1-1-1-b', '2 C #2-c']);
  });

  it('finds headings the server could not give a link (inside <summary>) and keeps attributes such as lang', () => {
    const html = enhanceArticleBody('<details><summary><h3 lang="en">Inside</h3></summary></details><h3>After</h3>');
    expect(outline(extractTableOfContents(html))).toEqual(['1 Inside #1-inside', '2 After #2-after']);
  });

  it('is empty for a body without headings, and ignores headings the server did not number', () => {
    expect(extractTableOfContents(enhanceArticleBody('<p>Texte sans titre.</p>'))).toEqual([]);
    expect(extractTableOfContents('<h2>Raw</h2><h2 id="x">No number</h2>')).toEqual([]);
  });
});
