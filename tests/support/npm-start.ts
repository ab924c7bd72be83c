// How `npm start` runs the built server, read from package.json: the variables it sets before `node`
// and the arguments it gives node. Benchmarks start the server with exactly these, and the unit test of
// the start paths holds the Dockerfile, the PM2 file and docs/deploy.md to them.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface StartCommand {
  /** The `NAME=value` assignments before `node`, e.g. `{ MALLOC_ARENA_MAX: '2' }`. */
  env: Record<string, string>;
  /** node's arguments: its flags, then the script. */
  args: string[];
}

/** Parses the last command of a start script, `NAME=value … node flags… script`; plain words only. */
export function parseStartCommand(script: string): StartCommand {
  const command = script.split('&&').at(-1)!.trim();
  if (/["'`$\\;|<>()]/.test(command)) throw new Error(`start command is not plain words: ${command}`);
  const words = command.split(/\s+/);
  const env: Record<string, string> = {};
  while (/^[A-Z_][A-Z0-9_]*=/.test(words[0] ?? '')) {
    const [name, ...value] = words.shift()!.split('=');
    env[name!] = value.join('=');
  }
  if (words.shift() !== 'node' || words.length === 0) throw new Error(`start command does not run node: ${command}`);
  return { env, args: words };
}

/** `npm start`'s command in the project at root. */
export function npmStartCommand(root: string): StartCommand {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  return parseStartCommand(scripts.start ?? '');
}
