// Builds the browser bundle (hashed names + manifest the server reads) and the Node server bundle.
// Usage: node esbuild.config.mjs [--if-stale | --dev]
import * as esbuild from 'esbuild';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { PurgeCSS } from 'purgecss';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureNode } from './tests/support/ensure-node.mjs';

ensureNode();

const root = path.dirname(fileURLToPath(import.meta.url));
const distDir = path.join(root, 'dist');
const assetsDir = path.join(distDir, 'public', 'assets');
const manifestPath = path.join(distDir, 'public', 'manifest.json');
const stampPath = path.join(distDir, '.build-stamp');
// What the build reads: a change to any of these makes the build stale.
const sourceInputs = ['client', 'shared', 'server', 'package.json', 'package-lock.json', 'tsconfig.json', 'esbuild.config.mjs'];

/** @type {import('esbuild').BuildOptions} */
const clientOptions = {
  absWorkingDir: root,
  entryPoints: { islands: 'client/islands.tsx', styles: 'client/styles.css' },
  bundle: true,
  minify: true,
  format: 'esm',
  target: ['es2022', 'chrome111', 'firefox115', 'safari16'],
  outdir: assetsDir,
  // The islands entry loads React with a dynamic import: a chunk of its own, hashed like the entries.
  splitting: true,
  entryNames: '[name]-[hash]',
  chunkNames: '[name]-[hash]',
  assetNames: '[name]-[hash]',
  publicPath: '/assets',
  metafile: true,
  legalComments: 'none',
  sourcemap: 'linked',
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
};

/**
 * The one set of esbuild options for a Node bundle of the project's TypeScript: the server below, its
 * worker compiled from source (server/workers/worker-pool.ts), scripts run by tests/support/run-ts.mjs
 * and the benchmarks' baseline servers. Node 24 (docs/decisions/048).
 * @type {import('esbuild').BuildOptions}
 */
export const NODE_BUNDLE_OPTIONS = { bundle: true, platform: 'node', format: 'esm', target: 'node24', jsx: 'automatic' };

const BUNDLED_IN_SERVER = new Set(['react', 'react-dom', 'react-router', 'react-router-dom']);
const { dependencies } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
const serverExternals = Object.keys(dependencies)
  .filter((name) => !BUNDLED_IN_SERVER.has(name))
  .flatMap((name) => [name, `${name}/*`]);

/** @type {import('esbuild').BuildOptions} */
export const serverOptions = {
  absWorkingDir: root,
  // The server, and the module its worker threads run (server/workers/worker-pool.ts finds it beside index.js).
  // check.js is `npm run check` (server/check-content-cli.ts).
  entryPoints: { index: 'server/index.ts', 'article-worker': 'server/workers/article-worker.ts', check: 'server/check-content-cli.ts' },
  ...NODE_BUNDLE_OPTIONS,
  outdir: path.join(distDir, 'server'),
  // Dependencies stay in node_modules, except React and React Router: bundled with NODE_ENV set to
  // production, they run their production builds however the process is started. esbuild (a dev
  // dependency) is only imported to compile the worker when the server runs from its TypeScript source.
  external: [...serverExternals, 'esbuild', 'pino-pretty'],
  // The bundled CommonJS of react-dom requires Node built-ins: give the ESM bundle a require.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  // Folds `process.env.NODE_ENV === 'production'`, so the development builds are left out.
  minifySyntax: true,
  sourcemap: 'linked',
  // __SITE_DEV__: false drops server/dev/ (live reload, overlay, pretty logs) from the production bundle (decision 045).
  define: { 'process.env.NODE_ENV': '"production"', __SITE_DEV__: 'false' },
  logLevel: 'warning',
};

// Article HTML comes from content or an upstream service, not from the components: keep the rules
// for the elements and classes it may hold.
const articleSafelist = {
  standard: [
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'pre',
    'code',
    'kbd',
    'samp',
    'blockquote',
    'hr',
    'img',
    'figure',
    'figcaption',
    'dl',
    'dt',
    'dd',
    'ol',
    'ul',
    'li',
    'sup',
    'sub',
    'mark',
    'small',
    'abbr',
    'del',
    'ins',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'details',
    'summary',
    'iframe',
    'strong',
    'em',
    'b',
    'i',
    'a',
    'p',
    'section',
    'svg',
    'math',
  ],
  greedy: [
    /^hljs/,
    /^language-/,
    /^theme-/,
    /^heading-number/,
    /data-bs-theme/,
    /^markdown-alert/,
    /^footnote/,
    /^code-/,
    /^line-numbers/,
    /^is-/,
    /^diagram/,
    /^math/,
    /^align-/,
    /^table-scroll/,
    /^callout/,
  ],
  // Diagram SVG reads its colours in presentation attributes (fill="var(--_node-fill)"), which no CSS rule shows.
  variables: [/^--_/, '--bg', '--fg'],
};

/**
 * Keeps only the CSS the site uses (Bootstrap is large), then names the file after its final content
 * so an immutable cached copy can never be stale.
 */
async function purgeCss(metafile) {
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (!file.endsWith('.css') || !output.entryPoint) continue;
    const cssPath = path.join(root, file);
    const [result] = await new PurgeCSS().purge({
      content: ['shared/**/*.{ts,tsx}', 'client/**/*.{ts,tsx}', 'server/html/**/*.ts', 'server/middleware/**/*.ts'].map((glob) => path.join(root, glob)),
      css: [{ raw: (await readFile(cssPath, 'utf8')).replace(/\/\*# sourceMappingURL=.*\*\/\s*$/, ''), name: cssPath }],
      safelist: articleSafelist,
      fontFace: true,
      keyframes: true,
      // Bootstrap declares ~280 custom properties on :root; the ones no rule reads only cost parse and style time.
      variables: true,
    });
    const css = result.css;
    const hash = createHash('sha256').update(css).digest('base64url').slice(0, 10);
    const purgedPath = path.join(path.dirname(cssPath), `styles-${hash}.css`);
    await Promise.all([rm(cssPath), rm(`${cssPath}.map`, { force: true })]);
    await writeFile(purgedPath, css);
    delete metafile.outputs[file];
    metafile.outputs[path.relative(root, purgedPath)] = output;
  }
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Writes .gz and .br beside each built asset, at the highest levels: done once, served many times. */
async function precompressAssets() {
  const files = (await readdir(assetsDir)).filter((name) => /\.(js|css|map)$/.test(name));
  await Promise.all(
    files.map(async (name) => {
      const file = path.join(assetsDir, name);
      const body = await readFile(file);
      const [gz, br] = await Promise.all([
        gzip(body, { level: 9 }),
        brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
      ]);
      await Promise.all([writeFile(`${file}.gz`, gz), writeFile(`${file}.br`, br)]);
    }),
  );
}

/** Maps the client entry points to their hashed public URLs. */
function writeManifest(metafile) {
  const manifest = {};
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (!output.entryPoint || file.endsWith('.map')) continue;
    const name = path.basename(output.entryPoint).replace(/\.(tsx?|css)$/, '');
    const key = file.endsWith('.css') ? 'css' : name === 'islands' ? 'js' : name;
    manifest[key] = '/assets/' + path.basename(file);
  }
  return writeFile(manifestPath, JSON.stringify(manifest, null, 2) + '\n');
}

export async function buildAll() {
  await rm(distDir, { recursive: true, force: true });
  await mkdir(assetsDir, { recursive: true });
  const [client] = await Promise.all([esbuild.build(clientOptions), esbuild.build(serverOptions)]);
  await purgeCss(client.metafile);
  await Promise.all([writeManifest(client.metafile), precompressAssets()]);
  await writeFile(stampPath, new Date().toISOString() + '\n');
}

async function newestMtime(target) {
  const info = await stat(target).catch(() => null);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(target);
  const times = await Promise.all(entries.map((entry) => newestMtime(path.join(target, entry))));
  return Math.max(info.mtimeMs, ...times);
}

/** True when dist/ is missing or older than any source the build reads. */
export async function isBuildStale() {
  const built = await stat(stampPath).catch(() => null);
  if (!built) return true;
  const times = await Promise.all(sourceInputs.map((input) => newestMtime(path.join(root, input))));
  return Math.max(...times) > built.mtimeMs;
}

export async function buildIfStale() {
  if (await isBuildStale()) {
    await buildAll();
    return true;
  }
  return false;
}

/**
 * Development builds: drops the outputs of earlier builds and compresses the new ones at the fastest
 * levels, so the server starts without compressing megabytes of unminified code itself.
 */
async function keepDevAssets(metafile) {
  const current = new Set(Object.keys(metafile.outputs).map((file) => path.basename(file)));
  const files = await readdir(assetsDir);
  await Promise.all(
    files.map(async (name) => {
      const base = name.replace(/\.(gz|br)$/, '');
      if (!current.has(base)) return rm(path.join(assetsDir, name), { force: true });
      if (name !== base || files.includes(`${name}.br`)) return undefined;
      const body = await readFile(path.join(assetsDir, name));
      const [gz, br] = await Promise.all([gzip(body, { level: 1 }), brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } })]);
      await Promise.all([writeFile(path.join(assetsDir, `${name}.gz`), gz), writeFile(path.join(assetsDir, `${name}.br`), br)]);
      return undefined;
    }),
  );
}

/**
 * Rebuilds on change and restarts the server after each successful build; the server (built with
 * __SITE_DEV__) reloads the open pages itself, on a restart and when content or public/ change.
 */
async function runDev() {
  await mkdir(assetsDir, { recursive: true });
  // Development builds are not minified: make the next `npm start` rebuild for production.
  await rm(stampPath, { force: true });
  let server = null;
  let starting = Promise.resolve();
  const start = () => {
    server = spawn(process.execPath, ['--enable-source-maps', path.join(distDir, 'server', 'index.js')], { stdio: 'inherit' });
  };
  // The old server must have let the port go before the new one listens.
  const restart = () => {
    starting = starting.then(
      () =>
        new Promise((resolve) => {
          const old = server;
          if (!old || old.exitCode !== null) {
            start();
            resolve();
            return;
          }
          old.once('exit', () => {
            start();
            resolve();
          });
          // Open event streams would hold a graceful stop for seconds: the dev server has nothing to finish.
          old.kill('SIGKILL');
        }),
    );
  };
  let pending = 2;
  const onEnd = (kind) => ({
    name: `restart-on-${kind}`,
    setup(build) {
      build.onEnd(async (result) => {
        if (result.errors.length > 0) return;
        if (kind === 'client') await Promise.all([writeManifest(result.metafile), keepDevAssets(result.metafile)]);
        if (pending > 0) pending -= 1;
        if (pending === 0) restart();
      });
    },
  });
  const contexts = await Promise.all([
    esbuild.context({ ...clientOptions, minify: false, plugins: [onEnd('client')] }),
    esbuild.context({ ...serverOptions, define: { ...serverOptions.define, __SITE_DEV__: 'true' }, plugins: [onEnd('server')] }),
  ]);
  await Promise.all(contexts.map((context) => context.watch()));
  const stop = async () => {
    await Promise.all(contexts.map((context) => context.dispose()));
    server?.kill('SIGTERM');
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = new Set(process.argv.slice(2));
  try {
    if (args.has('--dev')) await runDev();
    else if (args.has('--if-stale')) {
      if (await buildIfStale()) console.log('build: done');
    } else {
      await buildAll();
      console.log('build: done');
    }
  } catch (error) {
    console.error(`build failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
