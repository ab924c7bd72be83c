// The words the writing kit puts in an article, in the article's language (not the interface's: they
// belong to the text, like its headings). French for French, English for anything else.

export interface WritingLabels {
  callouts: Record<CalloutType, string>;
  footnotes: string;
  footnoteBack: (number: string) => string;
  footnoteRef: (number: string) => string;
  diagram: string;
  /** The accessible name of a diagram: its title or the word, then its labels. */
  diagramName: (title: string, words: string) => string;
  diagramFailed: string;
  mathFailed: string;
  mathFailedShort: string;
}

export const CALLOUT_TYPES = ['note', 'tip', 'important', 'warning', 'caution'] as const;
export type CalloutType = (typeof CALLOUT_TYPES)[number];

const FRENCH: WritingLabels = {
  callouts: { note: 'Note', tip: 'Astuce', important: 'Important', warning: 'Attention', caution: 'Prudence' },
  footnotes: 'Notes',
  footnoteBack: (number) => `Retour à l’appel de note ${number}`,
  footnoteRef: (number) => `Note ${number}`,
  diagram: 'Diagramme',
  diagramName: (title, words) => (words ? `${title} : ${words}` : title),
  diagramFailed: 'Ce diagramme n’a pas pu être dessiné ; en voici la source.',
  mathFailed: 'Cette formule n’a pas pu être composée ; en voici la source.',
  mathFailedShort: 'formule non composée',
};

const ENGLISH: WritingLabels = {
  callouts: { note: 'Note', tip: 'Tip', important: 'Important', warning: 'Warning', caution: 'Caution' },
  footnotes: 'Notes',
  footnoteBack: (number) => `Back to reference ${number}`,
  footnoteRef: (number) => `Note ${number}`,
  diagram: 'Diagram',
  diagramName: (title, words) => (words ? `${title}: ${words}` : title),
  diagramFailed: 'This diagram could not be drawn; here is its source.',
  mathFailed: 'This formula could not be typeset; here is its source.',
  mathFailedShort: 'formula not typeset',
};

export function readWritingLabels(language: string | undefined): WritingLabels {
  return /^fr\b/i.test(language ?? 'fr') ? FRENCH : ENGLISH;
}
