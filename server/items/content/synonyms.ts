// content/synonyms.yml: groups of terms that mean the same to a reader (k8s, kubernetes), searched one
// for another both ways (decision 046). Read at start and again when the file changes, like an article:
// no restart. A malformed file or group is logged with the file's name and the rest kept.
import { readFileSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import type { Logger } from 'pino';

export const SYNONYMS_FILE = 'synonyms.yml';
/** Edits come in bursts (an editor writes, renames): read once things are quiet. */
const DEBOUNCE_MS = 100;

/** A mistake in a synonyms file, at its 1-based line. */
export interface SynonymsProblem {
  line: number;
  message: string;
}

/** The 1-based line of each top-level list item (`- …`): where group N is written. */
function findGroupLines(text: string): number[] {
  const lines: number[] = [];
  text.split(/\r?\n/).forEach((line, at) => {
    if (/^-(\s|$)/.test(line)) lines.push(at + 1);
  });
  return lines;
}

/** The groups of a synonyms file's text, and its mistakes by line. A group is a list of two terms or more. */
export function parseSynonyms(text: string): { groups: string[][]; problems: SynonymsProblem[] } {
  let data: unknown;
  try {
    data = yaml.load(text);
  } catch (error) {
    // js-yaml's errors carry the place (0-based) and the reason, untyped.
    const { mark, reason } = error as { mark?: { line: number }; reason?: string };
    return { groups: [], problems: [{ line: (mark?.line ?? 0) + 1, message: `not valid YAML: ${reason ?? (error as Error).message.split('\n')[0]}` }] };
  }
  if (data === null || data === undefined) return { groups: [], problems: [] };
  if (!Array.isArray(data)) return { groups: [], problems: [{ line: 1, message: 'expected a list of groups, each a list of terms' }] };
  const groups: string[][] = [];
  const problems: SynonymsProblem[] = [];
  const groupLines = findGroupLines(text);
  data.forEach((group: unknown, at) => {
    const terms = Array.isArray(group) ? group.filter((term): term is string | number => typeof term === 'string' || typeof term === 'number').map(String) : [];
    if (!Array.isArray(group) || terms.length !== group.length || terms.length < 2)
      problems.push({ line: groupLines[at] ?? 1, message: `group ${at + 1}: expected a list of two terms or more` });
    else groups.push(terms.map((term) => term.trim()).filter((term) => term.length > 0));
  });
  return { groups, problems };
}

/** The groups of CONTENT_DIR/synonyms.yml now (none when there is no file), problems logged. */
function readSynonyms(file: string, log: Logger): string[][] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') log.warn({ file, err: error }, 'synonyms not read');
    return [];
  }
  const { groups, problems } = parseSynonyms(text);
  for (const { line, message } of problems) log.warn({ file, line }, `${path.basename(file)}:${line}: ${message}`);
  return groups;
}

/** The synonyms now, and on each change of the file (when `watchFiles`) `onChange` with the new ones. */
export function watchSynonyms(options: { contentDir: string; watchFiles: boolean; log: Logger; onChange: (groups: string[][]) => void }): {
  groups: string[][];
  close: () => void;
} {
  const file = path.join(options.contentDir, SYNONYMS_FILE);
  let watcher: FSWatcher | undefined;
  let timer: NodeJS.Timeout | undefined;
  if (options.watchFiles) {
    try {
      watcher = watch(options.contentDir, (_event, name) => {
        if (name !== null && String(name) !== SYNONYMS_FILE) return;
        if (timer) clearTimeout(timer);
        timer = setTimeout(() => options.onChange(readSynonyms(file, options.log)), DEBOUNCE_MS);
        timer.unref();
      });
      watcher.on('error', (error) => options.log.warn({ err: error }, 'synonyms watcher stopped'));
    } catch (error) {
      options.log.warn({ err: error }, 'synonyms not watched; restart to see changes');
    }
  }
  return {
    groups: readSynonyms(file, options.log),
    close: () => {
      if (timer) clearTimeout(timer);
      watcher?.close();
    },
  };
}
