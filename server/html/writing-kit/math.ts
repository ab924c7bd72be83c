// $…$ and $$…$$ typeset on the server as MathML by Temml: browsers draw MathML with their own fonts,
// so a formula is readable with no web font and no script. A formula that cannot be typeset is shown
// as its source with a note.
import temml from 'temml';

/** Longest formula typeset. */
export const MAX_FORMULA_CHARS = 4_000;

export class MathError extends Error {}

export function typesetMath(tex: string, display: boolean): string {
  if (tex.length > MAX_FORMULA_CHARS) throw new MathError(`longer than ${MAX_FORMULA_CHARS} characters`);
  try {
    // No annotation: the TeX source would be read and counted as words; the Markdown twin keeps it.
    return temml.renderToString(tex, { displayMode: display, throwOnError: true, annotate: false, trust: false });
  } catch (error) {
    throw new MathError(error instanceof Error ? error.message.split('\n')[0] : String(error));
  }
}
