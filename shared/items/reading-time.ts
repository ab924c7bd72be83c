// Estimated reading time of an article body, from its words.
import { htmlToPlainText } from './truncate-html';

/** A steady reading pace for technical prose (200–230 words a minute). */
export const WORDS_PER_MINUTE = 220;

// A word: letters or digits, joined by an apostrophe or a hyphen (l’équipe, mise-en-œuvre); ":" or "—" is not one.
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

export function countWords(text: string): number {
  return text.match(WORD)?.length ?? 0;
}

/** Whole minutes to read the HTML's text, rounded up, at least 1. */
export function estimateReadingMinutes(html: string): number {
  return Math.max(1, Math.ceil(countWords(htmlToPlainText(html)) / WORDS_PER_MINUTE));
}
