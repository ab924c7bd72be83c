// The Nu Html Checker (vnu-jar, on Java) on the server HTML of every page type: 0 errors.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import vnuJar from 'vnu-jar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_CONTENT_DIR, FIXTURE_PAGES } from '../../support/fixtures';
import { createTestApp, rootDir, type TestApp } from '../../support/test-app';

interface VnuMessage {
  type: string;
  url: string;
  message: string;
  extract?: string;
}

let fixtures: TestApp;
let samples: TestApp;
let dir: string;

beforeAll(async () => {
  [fixtures, samples] = await Promise.all([createTestApp({ CONTENT_DIR: FIXTURE_CONTENT_DIR }), createTestApp({ CONTENT_DIR: path.join(rootDir, 'content') })]);
  dir = await mkdtemp(path.join(tmpdir(), 'vnu-'));
});
afterAll(async () => {
  await Promise.all([fixtures.close(), samples.close(), rm(dir, { recursive: true, force: true })]);
});

/**
 * CSS the checker's CSS parser does not know yet, though browsers do: the cross-document View
 * Transitions opt-in (CSS View Transitions Level 2). Only that one message is left out.
 */
const KNOWN_CSS_RULES = '.*Unrecognized at-rule “@view-transition”.*';

/** Checks the files in one JVM run; answers the errors by file name. */
async function checkHtml(files: string[]): Promise<Record<string, string[]>> {
  const { stderr } = await promisify(execFile)(
    'java',
    ['-jar', vnuJar as unknown as string, '--errors-only', '--filterpattern', KNOWN_CSS_RULES, '--format', 'json', ...files],
    { maxBuffer: 16 * 1024 * 1024 },
  ).catch((error: { stderr?: string }) => ({ stderr: error.stderr ?? '' }));
  const { messages } = JSON.parse(stderr || '{"messages":[]}') as { messages: VnuMessage[] };
  const byFile: Record<string, string[]> = Object.fromEntries(files.map((file) => [path.basename(file), []]));
  for (const message of messages) byFile[path.basename(new URL(message.url).pathname)]?.push(`${message.message} [${message.extract ?? ''}]`);
  return byFile;
}

describe('valid HTML', () => {
  it('has no Nu Html Checker error on any page type, on the fixtures and on every sample article', async () => {
    const files: string[] = [];
    const save = async (app: TestApp['app'], url: string, name: string) => {
      const response = await request(app).get(url);
      const file = path.join(dir, `${name.replace(/\W+/g, '-')}.html`);
      await writeFile(file, response.text);
      files.push(file);
    };
    for (const [name, url] of Object.entries(FIXTURE_PAGES)) await save(fixtures.app, url, name);
    const sampleList = (await request(samples.app).get('/www-be/items/v1.0/items')).body as { id: string }[];
    for (const { id } of sampleList) await save(samples.app, `/articles/${id}`, `sample-${id}`);
    await save(samples.app, '/articles', 'sample-list');
    // A translated article in its own interface, and a 404 that suggests articles (decision 040).
    await save(samples.app, '/en/articles/http-caching-headers', 'sample-translated-en');
    await save(samples.app, '/articles/jvm-memoir-conteneurs', 'sample-404-suggestions');

    const errors = await checkHtml(files);
    expect(Object.keys(errors)).toHaveLength(files.length);
    expect(Object.fromEntries(Object.entries(errors).filter(([, list]) => list.length > 0))).toEqual({});
  }, 60_000);

  it('reports an error when there is one (the checker really runs)', async () => {
    const file = path.join(dir, 'broken.html');
    await writeFile(file, '<!DOCTYPE html><html lang="fr"><head><title>x</title></head><body><p><div>bad nesting</p></body></html>');
    const errors = await checkHtml([file]);
    expect(errors['broken.html']?.length).toBeGreaterThan(0);
  }, 30_000);
});
