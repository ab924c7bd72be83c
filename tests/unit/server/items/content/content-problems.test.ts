// What the owner sees of a mistake in the server: a front matter typo keeps a draft unpublished, each
// problem has a kind and its place and is logged once on one line, a broken edit keeps the last good
// version, and an edit saved while the server starts is seen.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createContentSource, type ContentSource } from '../../../../../server/items/content/content-source';
import { createInlineArticleWorkers, type ArticleWorkers } from '../../../../../server/workers/worker-pool';
import { createRecordingLogger } from '../../../../support/test-app';
import { waitFor } from '../../../../support/wait-for';

let dir: string;
const sources: ContentSource[] = [];

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'content-problems-'));
  await mkdir(path.join(dir, 'articles'));
});
afterEach(async () => {
  await Promise.all(sources.splice(0).map((source) => source.close()));
  await rm(dir, { recursive: true, force: true });
});

const lines = (id: string, extra: string[] = [], title = `Titre ${id}`) => [
  '---',
  `id: ${id}`,
  `title: ${title}`,
  'date: 2025-01-15',
  'language: fr',
  'summary: Résumé.',
  ...extra,
  '---',
  '',
  `Le corps de ${title}.`,
  '',
];
const put = (id: string, extra?: string[], title?: string) => writeFile(path.join(dir, 'articles', `${id}.md`), lines(id, extra, title).join('\n'));

async function open(options: { watchFiles?: boolean; logger?: pino.Logger; workers?: ArticleWorkers } = {}) {
  const source = await createContentSource({
    contentDir: dir,
    logger: options.logger ?? pino({ level: 'silent' }),
    watchFiles: options.watchFiles ?? false,
    cacheDir: path.join(dir, 'cache'),
    publicDir: path.join(dir, 'public'),
    ...(options.workers ? { workers: options.workers } : {}),
  });
  sources.push(source);
  return source;
}

describe('content problems in the server', () => {
  it('keeps an article with a misspelt key (drafts: true) unpublished, and names the key at its line', async () => {
    await put('public');
    await put('secret', ['drafts: true']);
    const source = await open();

    expect((await source.list('')).map((item) => item.id)).toEqual(['public']);
    expect(await source.get('secret')).toBeNull();
    expect(source.problems()).toEqual([
      {
        file: expect.stringMatching(/secret\.md$/),
        line: 7,
        column: 1,
        kind: 'unknown-key',
        severity: 'error',
        field: 'drafts',
        message: 'unknown key "drafts" (did you mean "draft"?)',
      },
    ]);
  });

  it('logs one line per problem, file:line:column first, and gives each a kind', async () => {
    const recorder = createRecordingLogger();
    await put('cible');
    const twoMistakes = lines('deux-fautes', ['tagz: [Java]']).map((line) => (line === 'language: fr' ? 'language: de' : line));
    await writeFile(path.join(dir, 'articles', 'deux-fautes.md'), twoMistakes.join('\n'));
    await writeFile(
      path.join(dir, 'articles', 'lien.md'),
      [...lines('lien').slice(0, 9), 'Voir [ceci](/articles/absent) et ![](/images/x.png).', ''].join('\n'),
    );
    const source = await open({ logger: recorder.logger });

    expect(source.problems().map(({ line, column, kind }) => [line, column, kind])).toEqual([
      [5, 1, 'invalid-language'],
      [7, 1, 'unknown-key'],
      [10, 13, 'broken-link'],
      [10, 38, 'missing-image'],
      [10, 38, 'image-without-alt'],
    ]);
    const logged = recorder
      .lines()
      .filter((line) => (line.level as number) >= 40)
      .map((line) => String(line.msg).replace(/^.*?articles\//, ''));
    expect(logged.sort()).toEqual([
      'deux-fautes.md:5:1: language: must be fr or en',
      'deux-fautes.md:7:1: unknown key "tagz" (did you mean "tags"?)',
      'lien.md:10:13: link to a missing article "absent" (/articles/absent)',
      'lien.md:10:38: image missing from public/ (/images/x.png)',
      'lien.md:10:38: warning: image without alt text (/images/x.png)',
    ]);
    // A warning or a broken link does not hide the article; an error in the front matter does.
    expect((await source.list('')).map((item) => item.id).sort()).toEqual(['cible', 'lien']);
  });

  // Decision 066: references are kept packed, their anchors read when a link leads to a heading; the same after a restart from the snapshot.
  it('checks links to headings and former ids across articles, from the files and again from the snapshot', async () => {
    await writeFile(
      path.join(dir, 'articles', 'cible.md'),
      [...lines('cible', ['aliases: [ancienne-cible]']).slice(0, 10), '## Intro', '', 'Texte.', '', '## Suite\nlignes', '', '### Détail', ''].join('\n'),
    );
    await writeFile(
      path.join(dir, 'articles', 'lien.md'),
      [
        ...lines('lien').slice(0, 10),
        '[a](/articles/cible#1-intro) [b](/articles/ancienne-cible#2-suite) [c](/articles/cible#2-suite)',
        '[d](/articles/cible#3-absent) [e](#1-nulle-part) [f](/articles/ancienne-cible#1-intro)',
        '',
      ].join('\n'),
    );
    await put('sans-rien');
    const expected = [
      [12, 5, 'broken-anchor', 'link to a heading article "cible" does not have "#3-absent" (/articles/cible#3-absent)'],
      [12, 35, 'broken-anchor', 'link to a heading this article does not have "#1-nulle-part" (#1-nulle-part)'],
    ];
    const first = await open();
    expect(first.problems().map(({ line, column, kind, message }) => [line, column, kind, message])).toEqual(expected);
    await first.close();
    sources.splice(0);
    const again = await open();
    expect(again.problems().map(({ line, column, kind, message }) => [line, column, kind, message])).toEqual(expected);
  });

  it('keeps serving the last good version of a file broken by an edit, and the new one once fixed', async () => {
    await put('vivant', [], 'Première version');
    const source = await open({ watchFiles: true });
    await put('vivant', [], 'Deuxième version');
    // The list comes from the index: the edit has been taken in (a page reads the file as it is).
    await waitFor(async () => (await source.list(''))[0]?.title === 'Deuxième version');

    await put('vivant', ['seriesOrder: deux'], 'Version cassée');
    await waitFor(() => source.problems().length === 1);
    expect(source.problems()[0]).toMatchObject({ kind: 'invalid-field', field: 'seriesOrder', line: 7 });
    const kept = await source.get('vivant');
    expect(kept?.title).toBe('Deuxième version');
    expect(kept?.body).toContain('Le corps de Deuxième version.');
    expect((await source.list('')).map((item) => item.id)).toEqual(['vivant']);

    await put('vivant', [], 'Version réparée');
    await waitFor(async () => (await source.list(''))[0]?.title === 'Version réparée');
    expect((await source.get('vivant'))?.title).toBe('Version réparée');
    expect(source.problems()).toEqual([]);
  });

  it('serves nothing for a file whose first version is already broken', async () => {
    await put('mort-ne', ['drafts: false']);
    const source = await open();
    expect(await source.get('mort-ne')).toBeNull();
    expect(await source.list('')).toEqual([]);
  });
});

describe('watching from the start', () => {
  it('sees an edit saved while the first load is under way', async () => {
    await put('pendant', [], 'Avant le démarrage');
    // Analysis waits until the test has edited the file: the edit lands in the middle of the first load.
    const inline = createInlineArticleWorkers(pino({ level: 'silent' }));
    let analysing!: () => void;
    const started = new Promise<void>((resolve) => (analysing = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const workers: ArticleWorkers = {
      ...inline,
      async analyseFile(file, text, saveIn) {
        analysing();
        await released;
        return inline.analyseFile(file, text, saveIn);
      },
    };
    const opening = open({ watchFiles: true, workers });
    await started;
    await put('pendant', [], 'Édité pendant le démarrage');
    // Time for the file event to arrive, while the load still waits.
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    const source = await opening;
    const readyAt = Date.now();

    // The list is the index's: a page alone would read the file as it is now.
    await waitFor(async () => (await source.list(''))[0]?.title === 'Édité pendant le démarrage', 5_000);
    expect(Date.now() - readyAt).toBeLessThan(5_000);
  }, 15_000);
});
