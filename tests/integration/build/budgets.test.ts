// Size budgets of what a visitor downloads on first load, read from the build manifest. Every page
// loads the same islands script (decision 019): React and the islands, no router, no i18next.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { rootDir } from '../../support/test-app';

const KB = 1024;
/** First-load JavaScript on every page type, gzip, with no allowance for the libraries. */
const JS_BUDGET = 80 * KB;
const CSS_BUDGET = 20 * KB;

const manifest = JSON.parse(readFileSync(path.join(rootDir, 'dist/public/manifest.json'), 'utf8')) as { js: string; css: string };
const gzipSize = (file: string) => gzipSync(readFileSync(path.join(rootDir, 'dist/public', file)), { level: 9 }).length;
const bundle = () => readFileSync(path.join(rootDir, 'dist/public', manifest.js), 'utf8');

describe('first-load budgets', () => {
  it(`keeps the CSS within ${CSS_BUDGET / KB} KB gzip`, () => {
    expect(gzipSize(manifest.css)).toBeLessThanOrEqual(CSS_BUDGET);
  });

  it(`keeps the JavaScript within ${JS_BUDGET / KB} KB gzip`, () => {
    const total = gzipSize(manifest.js);
    console.log(`first-load JS: ${(total / KB).toFixed(1)} KB gzip`);
    expect(total).toBeLessThanOrEqual(JS_BUDGET);
  });

  it('sends neither React Router nor i18next to the browser', () => {
    // Marks each library leaves in a minified bundle: its error texts and public names.
    expect(bundle()).not.toMatch(/useNavigate\(\) may be used only|You cannot render a <Router> inside another <Router>|react-router|i18next/);
  });

  it('loads no highlight.js in the browser', () => {
    expect(bundle()).not.toMatch(/registerLanguage|highlightAuto|hljs/);
  });
});
