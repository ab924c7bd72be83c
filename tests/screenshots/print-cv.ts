// npm run print-cv: prints the CV page as a visitor's "Imprimer / PDF" does (Chromium's print-to-PDF,
// A4, the print stylesheet), then renders each PDF page to docs/screenshots/cv-print-page-N.png with
// Debian's pdftoppm (poppler-utils). The PDF itself is left in a temporary folder.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { paths } from '../../shared/paths';
import { launchBrowser } from '../support/browser';
import { startServer } from '../support/server-process';
import { owner } from '../../shared/site/owner';

/** Sharp enough to read, small enough to commit. */
const DPI = 120;
/** The web line prints SITE_URL: a public-looking address reads better on paper than localhost. */
const SITE_URL = process.env.SITE_URL ?? owner.homeUrl;
const outDir = path.resolve('docs', 'screenshots');

if (spawnSync('pdftoppm', ['-v']).error) {
  console.error('pdftoppm is missing: run "apt-get install -y poppler-utils" (as root), then npm run print-cv again.');
  process.exit(1);
}

await mkdir(outDir, { recursive: true });
const workDir = await mkdtemp(path.join(tmpdir(), 'cv-print-'));
const pdfPath = path.join(workDir, 'cv.pdf');
const [server, browser] = await Promise.all([startServer({ SITE_URL }), launchBrowser()]);
try {
  const page = await browser.newPage();
  await page.goto(server.url + paths.cv);
  // Print only once the photo has loaded.
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
  await writeFile(pdfPath, await page.pdf({ format: 'A4', preferCSSPageSize: true }));
} finally {
  await browser.close();
  await server.stop();
}

// Pages from an earlier, longer CV must not linger.
for (const name of await readdir(outDir)) {
  if (/^cv-print-page-\d+\.png$/.test(name)) await rm(path.join(outDir, name));
}
const render = spawnSync('pdftoppm', ['-png', '-r', String(DPI), pdfPath, path.join(workDir, 'page')], { encoding: 'utf8' });
if (render.status !== 0) {
  console.error(`pdftoppm failed: ${render.stderr.trim()}`);
  process.exit(1);
}
// pdftoppm pads page numbers to the page count's width (page-01.png …): name them plainly.
const rendered = (await readdir(workDir)).filter((name) => /^page-\d+\.png$/.test(name)).sort();
for (const name of rendered) {
  const pageNumber = Number(/\d+/.exec(name)![0]);
  spawnSync('cp', [path.join(workDir, name), path.join(outDir, `cv-print-page-${pageNumber}.png`)]);
}
console.log(`${rendered.length} page(s) in ${path.relative(process.cwd(), outDir)}/cv-print-page-N.png (PDF: ${pdfPath})`);
