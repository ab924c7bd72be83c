import { describe, expect, it } from 'vitest';
import { foldText, toTagKey } from '../../../../shared/items/search';
import { createSeededRandom } from '../../../support/seeded-random';

describe('foldText, the one folding of search terms, tags and anchors', () => {
  it('folds case, accents and ligatures, ß included', () => {
    expect(foldText('Équipe ŒUVRE Æther Straße ﬁchier Ça')).toBe('equipe oeuvre aether strasse fichier ca');
    expect(foldText('e\u0301te\u0301')).toBe('ete');
    expect(foldText('node.js C++ 42')).toBe('node.js c++ 42');
  });

  it('gives tags that differ only in case, accents, ligatures and spaces one key', () => {
    expect(toTagKey('  Straße ')).toBe(toTagKey('STRASSE'));
    expect(toTagKey('Œuvre  Complète')).toBe(toTagKey('oeuvre complete'));
  });
});

describe('foldText, character by character', () => {
  /** The folding as a regular expression writes it: each character that is not printable ASCII replaced alone. */
  const reference = (text: string) =>
    text.toLowerCase().replace(/[^ -~\t\n\r]/gu, (character) =>
      character
        .replace(/œ/g, 'oe')
        .replace(/æ/g, 'ae')
        .replace(/ß/g, 'ss')
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, ''),
    );

  it('folds every kind of character as one replacement of each would, surrogate pairs and lone halves included', () => {
    const pieces = [
      'a',
      'Z',
      ' ',
      '\t',
      '\n',
      '\u0007',
      '\u007f',
      'é',
      'È',
      'œ',
      'Æ',
      'ß',
      'ﬁ',
      'ç',
      '\u0301',
      '😀',
      '𝐀',
      '\ud800',
      '\udc00',
      'Ω',
      '—',
      '’',
      'İ',
      'ǅ',
    ];
    const random = createSeededRandom(11);
    for (let round = 0; round < 2_000; round += 1) {
      let text = '';
      for (let k = 0; k < round % 40; k += 1) text += pieces[random(pieces.length)];
      expect(foldText(text), JSON.stringify(text)).toBe(reference(text));
    }
  });
});
