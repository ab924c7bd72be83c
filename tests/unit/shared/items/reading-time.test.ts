import { describe, expect, it } from 'vitest';
import { WORDS_PER_MINUTE, countWords, estimateReadingMinutes } from '../../../../shared/items/reading-time';

const words = (count: number) => `<p>${Array.from({ length: count }, (_, index) => `mot${index}`).join(' ')}</p>`;

describe('countWords', () => {
  it('counts words, not punctuation, and keeps elisions and hyphenated words whole', () => {
    expect(countWords('Revues de code : organiser l’équipe — mise-en-œuvre, 2 fois.')).toBe(8);
  });

  it('is 0 for empty or blank text', () => {
    expect(countWords('')).toBe(0);
    expect(countWords(' \n : — ')).toBe(0);
  });
});

describe('estimateReadingMinutes', () => {
  it('reads about 220 words a minute, rounding up', () => {
    expect(WORDS_PER_MINUTE).toBeGreaterThanOrEqual(200);
    expect(WORDS_PER_MINUTE).toBeLessThanOrEqual(230);
    expect(estimateReadingMinutes(words(WORDS_PER_MINUTE))).toBe(1);
    expect(estimateReadingMinutes(words(WORDS_PER_MINUTE + 1))).toBe(2);
    expect(estimateReadingMinutes(words(WORDS_PER_MINUTE * 5))).toBe(5);
  });

  it('counts the text of the HTML only, never tags or attributes', () => {
    const html = `<p class="a b c d e f"><a href="https://example.org/a/b/c/d">deux mots</a></p>`.repeat(WORDS_PER_MINUTE / 2);
    expect(estimateReadingMinutes(html)).toBe(1);
    expect(estimateReadingMinutes(html + '<p>un</p>')).toBe(2);
  });

  it('says at least one minute, even for an empty body', () => {
    expect(estimateReadingMinutes('')).toBe(1);
  });
});
