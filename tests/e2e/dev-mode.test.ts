// `npm run dev` in a real Chromium (decision 045): the open page reloads itself when an article changes,
// and a content error shows on the page, naming the file and the field, until it is fixed. The dev app
// runs in-process (tests/support/dev-app.ts), on a content copy; tests/e2e/dev-build.test.ts runs the real runner.
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_OVERLAY_ID } from '../../server/dev/dev-client';
import { launchBrowser, watchProblems, type PageProblems } from '../support/browser';
import { startDevApp, type DevApp } from '../support/dev-app';

const SHOWN_WITHIN_MS = 10_000;

let dev: DevApp;
let browser: Browser;
let page: Page;
let problems: PageProblems;

beforeAll(async () => {
  [dev, browser] = await Promise.all([startDevApp(), launchBrowser()]);
  page = await browser.newPage();
  problems = watchProblems(page);
});

afterAll(async () => {
  await browser?.close();
  await dev?.close();
});

describe('npm run dev in the browser', () => {
  it('shows an article edit without any action in the browser', async () => {
    await page.goto(`${dev.origin}/articles/equipe-revues`);
    await page.waitForSelector('html[data-dev-boot]');
    const file = path.join(dev.contentDir, 'articles', 'equipe-revues.md');
    await writeFile(file, `${await readFile(file, 'utf8')}\n\nAjouté pendant que la page était ouverte.\n`);
    await page.getByText('Ajouté pendant que la page était ouverte.').waitFor({ timeout: SHOWN_WITHIN_MS });
    expect(problems.problems).toEqual([]);
  });

  it('shows a content error over the page, naming the file and the field, and takes it away once fixed', async () => {
    await page.goto(`${dev.origin}/articles`);
    await page.waitForSelector('html[data-dev-boot]');
    const file = path.join(dev.contentDir, 'articles', 'brouillon-casse.md');
    await writeFile(file, '---\nid: brouillon-casse\ntitle: Cassé\ndate: 2024-13-45\nlanguage: fr\ntags: [a]\nsummary: Court.\n---\nTexte.\n');
    const overlay = page.locator(`#${DEV_OVERLAY_ID}`);
    await overlay.waitFor({ timeout: SHOWN_WITHIN_MS });
    expect(await overlay.getAttribute('role')).toBe('alert');
    const text = await overlay.textContent();
    expect(text).toContain('brouillon-casse.md');
    expect(text).toMatch(/date: /);
    await rm(file);
    await overlay.waitFor({ state: 'detached', timeout: SHOWN_WITHIN_MS });
    expect(problems.problems).toEqual([]);
  });
});
