// Size budgets of what a visitor downloads, read from the build and the pages. Every page loads the
// same small islands entry; React and the islands come as one more chunk on the first interaction
// (decision 019); the stylesheet is one file cached for the visit, the pages carry none of it (078).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { AUDITED_PAGES } from '../../support/lighthouse';
import { createTestApp, rootDir } from '../../support/test-app';

const KB = 1024;
/** All the JavaScript a page can load (entry, then React on interaction), gzip, with no allowance for the libraries. */
const JS_BUDGET = 80 * KB;
/** What loads before any interaction. */
const ENTRY_BUDGET = 10 * KB;
const CSS_BUDGET = 20 * KB;
/** A page's own HTML, each page type on the sample content (the CSS and scripts come apart). */
const PAGE_BUDGET = 16 * KB;

const manifest = JSON.parse(readFileSync(path.join(rootDir, 'dist/public/manifest.json'), 'utf8')) as { js: string; css: string };
const gzipSize = (file: string) => gzipSync(readFileSync(path.join(rootDir, 'dist/public', file)), { level: 9 }).length;
const assetsDir = path.join(rootDir, 'dist/public/assets');
/** Every script of the build: the entry and the chunks it may import. */
const scripts = () =>
  readdirSync(assetsDir)
    .filter((name) => name.endsWith('.js'))
    .map((name) => `/assets/${name}`);
const bundle = () =>
  scripts()
    .map((file) => readFileSync(path.join(rootDir, 'dist/public', file), 'utf8'))
    .join('\n');
/** The entry and the chunks it imports statically: what runs before any interaction. */
const staticImportsOf = (file: string) =>
  [...readFileSync(path.join(rootDir, 'dist/public', file), 'utf8').matchAll(/from\s*"\/assets\/([\w-]+\.js)"/g)].map((match) => `/assets/${match[1]}`);

describe('first-load budgets', () => {
  it(`keeps the CSS within ${CSS_BUDGET / KB} KB gzip`, () => {
    expect(gzipSize(manifest.css)).toBeLessThanOrEqual(CSS_BUDGET);
  });

  it('names the stylesheet after its content, so a changed stylesheet gets a new URL and no visitor keeps a stale one', () => {
    const css = readFileSync(path.join(rootDir, 'dist/public', manifest.css));
    expect(manifest.css).toBe(`/assets/styles-${createHash('sha256').update(css).digest('base64url').slice(0, 10)}.css`);
  });

  it(`keeps each page type's own HTML within ${PAGE_BUDGET / KB} KB gzip`, async () => {
    const ctx = await createTestApp();
    try {
      for (const [name, url] of Object.entries({ ...AUDITED_PAGES, tags: '/tags' })) {
        const page = await request(ctx.app).get(url).set('Accept-Encoding', 'identity').expect(200);
        const size = gzipSync(Buffer.from(page.text), { level: 9 }).length;
        expect(size, `${name} (${url}): ${size} bytes gzip`).toBeLessThanOrEqual(PAGE_BUDGET);
      }
    } finally {
      await ctx.close();
    }
  });

  it(`keeps all the JavaScript within ${JS_BUDGET / KB} KB gzip, and what loads before an interaction within ${ENTRY_BUDGET / KB} KB`, () => {
    const total = scripts().reduce((sum, file) => sum + gzipSize(file), 0);
    const initial = [manifest.js, ...staticImportsOf(manifest.js)].reduce((sum, file) => sum + gzipSize(file), 0);
    console.log(`JS: ${(initial / KB).toFixed(1)} KB gzip before any interaction, ${(total / KB).toFixed(1)} KB in all`);
    expect(staticImportsOf(manifest.js).length).toBeGreaterThan(0);
    expect(initial).toBeLessThanOrEqual(ENTRY_BUDGET);
    expect(total).toBeLessThanOrEqual(JS_BUDGET);
  });

  it('makes no Intl formatter in the scripts that run before an interaction', () => {
    // Its first construction in a page loads ICU data: 25–70 ms of main thread, counted by Lighthouse as blocking time.
    const initial = [manifest.js, ...staticImportsOf(manifest.js)].map((file) => readFileSync(path.join(rootDir, 'dist/public', file), 'utf8')).join('\n');
    expect(initial.match(/\bnew Intl\.\w+/g) ?? []).toEqual([]);
  });

  it('sends neither React Router nor i18next to the browser', () => {
    // Marks each library leaves in a minified bundle: its error texts and public names.
    expect(bundle()).not.toMatch(/useNavigate\(\) may be used only|You cannot render a <Router> inside another <Router>|react-router|i18next/);
  });

  it('loads no highlight.js in the browser', () => {
    expect(bundle()).not.toMatch(/registerLanguage|highlightAuto|hljs/);
  });
});
