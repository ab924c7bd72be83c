// Words → index terms (text-analysis.ts): each distinct word is stemmed once, with the same counts,
// first-seen words and order as a word-by-word pass.
import { describe, expect, it } from 'vitest';
import { analyzeText, stemWord } from '../../../../../server/items/content/text-analysis';

describe('analyzeText', () => {
  it('count every occurrence under its stem, in the order the stems first appear, stop words left out', () => {
    const { counts, surfaces } = analyzeText("Les caches et le cache : l'équipe cache ses caches. Équipes !", 'fr');
    const cache = stemWord('caches', 'fr');
    const team = stemWord('equipe', 'fr');
    expect([...counts]).toEqual([
      [cache, 4],
      [team, 2],
    ]);
    // The first word seen for each stem, as "did you mean" shows it.
    expect(surfaces.get(cache)).toBe('caches');
    expect(surfaces.get(team)).toBe('equipe');
  });

  it('add to the counts given, as the body and its code blocks are counted together', () => {
    const into = analyzeText('thread pool', 'en');
    analyzeText('thread threads', 'en', into);
    expect(into.counts.get(stemWord('thread', 'en'))).toBe(3);
    expect(into.counts.get(stemWord('pool', 'en'))).toBe(1);
  });
});
