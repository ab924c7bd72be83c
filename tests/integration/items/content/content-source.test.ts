// The built-in content service on a real folder: bad files reported and skipped, edits picked up live.
import { mkdtemp, rm, writeFile, cp, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ContentSource } from '../../../../server/items/content/content-source';
import { FIXTURE_CONTENT_DIR, FIXTURE_IDS_NEWEST_FIRST } from '../../../support/fixtures';
import { createRecordingLogger, createTestApp } from '../../../support/test-app';
import { waitFor } from '../../../support/wait-for';

const API = '/www-be/items/v1.0';
let dir: string;
let source: ContentSource;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'content-'));
  await cp(path.join(FIXTURE_CONTENT_DIR, 'articles'), path.join(dir, 'articles'), { recursive: true });
});
afterEach(async () => {
  await source?.close();
  await rm(dir, { recursive: true, force: true });
});

const articleFile = (id: string, fields: Record<string, string> = {}) =>
  [
    '---',
    ...Object.entries({ id, title: `Titre ${id}`, date: '2026-01-15', language: 'fr', summary: 'Résumé.', ...fields })
      .filter(([, value]) => value !== '')
      .map(([key, value]) => `${key}: ${value}`),
    '---',
    'Corps.',
  ].join('\n');

async function makeApp(watchFiles = false) {
  const recorder = createRecordingLogger();
  const ctx = await createTestApp({ CONTENT_DIR: dir }, recorder.logger, watchFiles);
  source = ctx.source as ContentSource;
  return { app: ctx.app, recorder };
}

describe('bad content files', () => {
  it('reports each bad file with its path and field, and keeps serving the others', async () => {
    await writeFile(path.join(dir, 'articles', 'sans-titre.md'), articleFile('sans-titre', { title: '' }));
    await writeFile(path.join(dir, 'articles', 'mauvaise-date.md'), articleFile('mauvaise-date', { date: 'demain' }));
    await writeFile(path.join(dir, 'articles', 'zz-doublon.md'), articleFile('http-caching'));
    await writeFile(path.join(dir, 'articles', 'yaml-casse.md'), '---\ntitle: [oops\n---\n');
    const { app, recorder } = await makeApp();

    const problems = source.problems().map((problem) => [path.basename(problem.file), problem.field]);
    expect(problems).toEqual([
      ['mauvaise-date.md', 'date'],
      ['sans-titre.md', 'title'],
      ['yaml-casse.md', 'front matter'],
      ['zz-doublon.md', 'id'],
    ]);
    const logged = recorder
      .lines()
      .filter((line) => line.level === 50)
      .map((line) => String(line.msg));
    expect(logged).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/mauvaise-date\.md:4:1: date: /),
        expect.stringMatching(/zz-doublon\.md:2:1: id: duplicate id "http-caching", already used by .*http-caching\.md/),
      ]),
    );

    const list = await request(app).get(`${API}/items`).expect(200);
    expect((list.body as { id: string }[]).map((item) => item.id)).toEqual(FIXTURE_IDS_NEWEST_FIRST);
    await request(app).get('/articles/sans-titre').expect(404);
    await request(app).get('/articles/http-caching').expect(200);
  });

  it('serves an empty list when the folder has no articles folder', async () => {
    await rm(path.join(dir, 'articles'), { recursive: true });
    const { app } = await makeApp();
    const response = await request(app).get('/articles').expect(200);
    expect(response.text).toContain('Aucun article publié pour le moment.');
  });
});

describe('live reload', () => {
  it('picks up an added, edited and removed file without a restart, through the cache', async () => {
    const { app } = await makeApp(true);
    const ids = async () => ((await request(app).get(`${API}/items`)).body as { id: string }[]).map((item) => item.id);
    expect(await ids()).toEqual(FIXTURE_IDS_NEWEST_FIRST);

    await writeFile(path.join(dir, 'articles', 'nouveau.md'), articleFile('nouveau'));
    await waitFor(async () => (await ids())[0] === 'nouveau');

    await writeFile(path.join(dir, 'articles', 'nouveau.md'), articleFile('nouveau', { title: 'Titre corrigé' }));
    await waitFor(async () => ((await request(app).get(`${API}/items/nouveau`)).body as { tit?: string }).tit === 'Titre corrigé');

    await unlink(path.join(dir, 'articles', 'nouveau.md'));
    await waitFor(async () => (await request(app).get(`${API}/items/nouveau`)).status === 404);
  });
});

describe('publishing states over HTTP', () => {
  it('answers 404 for a draft, and serves it with SHOW_DRAFTS=true', async () => {
    await writeFile(path.join(dir, 'articles', 'brouillon.md'), articleFile('brouillon', { draft: 'true' }));
    const { app } = await makeApp();
    await request(app).get(`${API}/items/brouillon`).expect(404);
    await request(app).get('/articles/brouillon').expect(404);
    const list = await request(app).get(`${API}/items`).query({ s: '-date_m' }).expect(200);
    expect((list.body as { id: string }[]).map((item) => item.id)).not.toContain('brouillon');
    await source.close();

    const preview = await createTestApp({ CONTENT_DIR: dir, SHOW_DRAFTS: 'true' });
    source = preview.source as ContentSource;
    await request(preview.app).get(`${API}/items/brouillon`).expect(200);
  });

  it('publishes an article dated in the future when its time comes, through the cache', async () => {
    const soon = new Date(Date.now() + 1_500).toISOString();
    await writeFile(path.join(dir, 'articles', 'bientot.md'), articleFile('bientot', { date: soon }));
    const { app } = await makeApp();
    await request(app).get(`${API}/items/bientot`).expect(404);
    const ids = async () => ((await request(app).get(`${API}/items`)).body as { id: string }[]).map((item) => item.id);
    expect(await ids()).not.toContain('bientot');
    const until = Date.now() + 5_000;
    while (!(await ids()).includes('bientot') && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await ids())[0]).toBe('bientot');
    await request(app).get(`${API}/items/bientot`).expect(200);
  });
});
