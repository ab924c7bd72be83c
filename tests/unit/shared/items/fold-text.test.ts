import { describe, expect, it } from 'vitest';
import { foldText, toTagKey } from '../../../../shared/items/search';

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
