// `npm run check` as the owner runs it: the built command on a content folder, every problem at once
// as file:line:column, exit 1 on errors and 0 with warnings only, the preview link of each draft.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPreviewToken } from '../../../server/preview/preview-token';
import { rootDir } from '../../support/test-app';

const run = promisify(execFile);
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'check-'));
  await mkdir(path.join(dir, 'articles'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const put = (name: string, lines: string[]) => writeFile(path.join(dir, 'articles', name), lines.join('\n'));
const head = (id: string, extra: string[] = [], date = '2025-01-10') => [
  '---',
  `id: ${id}`,
  `title: Titre ${id}`,
  `date: ${date}`,
  'language: fr',
  'summary: Résumé.',
  ...extra,
  '---',
];

/** Runs the built `npm run check` (dist/server/check.js) on the folder; its output and exit code. */
async function check(env: Record<string, string> = {}): Promise<{ code: number; out: string; err: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(rootDir, 'dist', 'server', 'check.js')], {
      cwd: rootDir,
      env: { PATH: process.env.PATH ?? '', CONTENT_DIR: dir, SITE_URL: 'https://exemple.org/', ...env },
    });
    return { code: 0, out: stdout, err: stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout, err: failed.stderr };
  }
}

describe('npm run check', () => {
  it('reports 5 different mistakes in one run, each as file:line:column, and exits 1', async () => {
    // 1. a typo in a key (drafts), 2. an impossible date, 3. a language other than fr or en,
    // 4. an id already used, 5. a link to a heading the target article does not have.
    await put('a-typo.md', [...head('typo', ['drafts: true']), 'Corps.']);
    await put('b-date.md', head('date-fausse', [], '2025-02-30'));
    await put('c-langue.md', ['---', 'id: langue', 'title: T', 'date: 2025-01-10', 'language: de', 'summary: S.', '---', '']);
    await put('g-doublon.md', [...head('cible'), '']);
    await put('e-lien.md', [...head('lien'), '', '## Intro', '', 'Voir [la suite](/articles/cible#2-absent).']);
    await put('f-cible.md', [...head('cible'), '', '## Intro', '', '## Suite']);

    const { code, err } = await check();

    expect(code).toBe(1);
    const file = (name: string) => path.join(dir, 'articles', name);
    expect(err.split('\n').filter((line) => /:\d+:\d+: /.test(line))).toEqual([
      `${file('a-typo.md')}:7:1: unknown key "drafts" (did you mean "draft"?)`,
      `${file('b-date.md')}:4:1: date: not a date: "2025-02-30" (expected YYYY-MM-DD)`,
      `${file('c-langue.md')}:5:1: language: must be fr or en`,
      `${file('e-lien.md')}:11:17: link to a heading article "cible" does not have "#2-absent" (/articles/cible#2-absent)`,
      `${file('g-doublon.md')}:2:1: id: duplicate id "cible", already used by ${file('f-cible.md')}`,
    ]);
    expect(err).toContain('5 errors, 0 warnings in 6 article files.');
  });

  it('finds broken links to articles, tags and pages, missing images, and images without alt text', async () => {
    await put('liens.md', [
      ...head('liens', ['tags: [Java]', 'images: [/images/absente.svg]']),
      '## Titre',
      '[ok](/articles/liens#1-titre) [ok](/en/tags/java) [ok](/help/about) [ok](/images/photo-96.png)',
      '[article](/articles/inconnu) [tag](/tags/cobol) [page](/en/nulle-part)',
      '![Photo](/images/photo-96.png) ![](/images/photo-96.png) ![Carte](/images/carte.png)',
    ]);
    const { code, err } = await check();
    expect(code).toBe(1);
    const problems = err.split('\n').filter((line) => line.includes('liens.md:'));
    expect(problems.map((line) => line.replace(/^.*liens\.md:/, ''))).toEqual([
      '8:1: image missing from public/ (/images/absente.svg)',
      '12:11: link to a missing article "inconnu" (/articles/inconnu)',
      '12:36: link to a tag no article has "cobol" (/tags/cobol)',
      '12:56: link to a page the site does not have (/en/nulle-part)',
      '13:36: warning: image without alt text (/images/photo-96.png)',
      '13:67: image missing from public/ (/images/carte.png)',
    ]);
  });

  it('exits 0 with warnings only, and prints the preview link of each draft and future article', async () => {
    await put('brouillon.md', [...head('brouillon', ['draft: true']), '![](/images/photo-96.png)']);
    await put('plus-tard.md', [...head('plus-tard', [], '2999-01-01'), 'Corps.']);
    await put('publie.md', [...head('publie'), 'Corps.']);
    const secret = 'un-secret-de-test-assez-long';

    const { code, out } = await check({ PREVIEW_SECRET: secret });

    expect(code).toBe(0);
    expect(out).toContain('0 errors, 1 warning in 3 article files.');
    expect(out).toContain(`https://exemple.org/preview/${createPreviewToken(secret, 'brouillon')}/articles/brouillon`);
    expect(out).toContain(`https://exemple.org/preview/${createPreviewToken(secret, 'plus-tard')}/articles/plus-tard`);
    expect(out).not.toContain('/articles/publie');
    expect((await check()).out).toContain('2 hidden articles (drafts, future dates): set PREVIEW_SECRET to get their preview links.');
  });

  it('reports a malformed synonyms group at its line', async () => {
    await put('publie.md', [...head('publie'), 'Corps.']);
    await writeFile(path.join(dir, 'synonyms.yml'), '# Groupes\n- [k8s, kubernetes]\n- [seul]\n- [js, javascript]\n');
    const { code, err } = await check();
    expect(code).toBe(1);
    expect(err).toContain(`${path.join(dir, 'synonyms.yml')}:3:1: group 2: expected a list of two terms or more`);

    await writeFile(path.join(dir, 'synonyms.yml'), '- [k8s, kubernetes\n- [js, javascript]\n');
    expect((await check()).err).toMatch(new RegExp(`${path.join(dir, 'synonyms.yml').replace(/[.]/g, '\\.')}:\\d+:1: not valid YAML: `));
  });

  it('passes on the sample content', async () => {
    const { code, out } = await check({ CONTENT_DIR: path.join(rootDir, 'content') });
    expect(code).toBe(0);
    expect(out).toMatch(/^0 errors, 0 warnings in \d+ article files\./m);
  });
});
