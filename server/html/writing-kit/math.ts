// $…$ and $$…$$ typeset on the server as MathML by Temml: browsers draw MathML with their own fonts,
// so a formula is readable with no web font and no script. A formula that cannot be typeset is shown
// as its source with a note. Temml is loaded by the first formula a thread meets (about 6 MB a
// thread), not by every thread that only indexes articles.
import { createRequire } from 'node:module';
import type * as Temml from 'temml';

/** Longest formula typeset. */
export const MAX_FORMULA_CHARS = 4_000;

export class MathError extends Error {}

let temml: typeof Temml | undefined;

function loadTemml(): typeof Temml {
  // Temml's CommonJS build: loaded in the middle of a synchronous render, where import() cannot wait.
  temml ??= createRequire(import.meta.url)('temml') as typeof Temml;
  return temml;
}

export function typesetMath(tex: string, display: boolean): string {
  if (tex.length > MAX_FORMULA_CHARS) throw new MathError(`longer than ${MAX_FORMULA_CHARS} characters`);
  try {
    // No annotation: the TeX source would be read and counted as words; the Markdown twin keeps it.
    return loadTemml().renderToString(tex, { displayMode: display, throwOnError: true, annotate: false, trust: false });
  } catch (error) {
    throw new MathError(error instanceof Error ? error.message.split('\n')[0] : String(error));
  }
}
