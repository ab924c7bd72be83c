// Builds the browser bundle (hashed names + manifest the server reads) and the Node server bundle.
// Usage: node esbuild.config.mjs [--if-stale | --dev]
import * as esbuild from 'esbuild';
import { fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { watch } from 'node:fs';
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
function writeManifest(metafile, file = manifestPath) {
  const manifest = {};
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (!output.entryPoint || file.endsWith('.map')) continue;
    const name = path.basename(output.entryPoint).replace(/\.(tsx?|css)$/, '');
    const key = file.endsWith('.css') ? 'css' : name === 'islands' ? 'js' : name;
    manifest[key] = '/assets/' + path.basename(file);
  }
  return writeFile(file, JSON.stringify(manifest, null, 2) + '\n');
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
async function keepDevAssets(metafile, devAssetsDir) {
  const current = new Set(Object.keys(metafile.outputs).map((file) => path.basename(file)));
  const files = await readdir(devAssetsDir);
  await Promise.all(
    files.map(async (name) => {
      const base = name.replace(/\.(gz|br)$/, '');
      if (!current.has(base)) return rm(path.join(devAssetsDir, name), { force: true });
      if (name !== base || files.includes(`${name}.br`)) return undefined;
      const body = await readFile(path.join(devAssetsDir, name));
      const [gz, br] = await Promise.all([gzip(body, { level: 1 }), brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } })]);
      await Promise.all([writeFile(path.join(devAssetsDir, `${name}.gz`), gz), writeFile(path.join(devAssetsDir, `${name}.br`), br)]);
      return undefined;
    }),
  );
}

/** Where `npm run dev` builds: never dist/, which `npm start`, PM2 and the image run (decision 047). */
export const DEV_DIST_DIR = path.join(root, 'dist-dev');
// Loaded from node_modules in development (in production they are bundled): the waiting server process has them loaded already.
const DEV_EXTERNALS = ['react', 'react/*', 'react-dom', 'react-dom/*', 'react-router', 'react-router/*', 'react-router-dom', 'react-router-dom/*'];

/**
 * The esbuild contexts of `npm run dev`, writing to `devDir`: the client unminified; the server with
 * __SITE_DEV__ (live reload, overlay, pretty logs) and its waiting-process entry (decision 041); the
 * worker threads' module apart, so that an edit of a page leaves it (and the articles it prepared) be.
 */
export async function createDevBuilds(devDir) {
  const devAssetsDir = path.join(devDir, 'public', 'assets');
  await mkdir(devAssetsDir, { recursive: true });
  const after = (kind) => ({
    name: `after-${kind}`,
    setup(build) {
      build.onEnd(async (result) => {
        if (result.errors.length > 0) return;
        if (kind === 'client') {
          await Promise.all([writeManifest(result.metafile, path.join(devDir, 'public', 'manifest.json')), keepDevAssets(result.metafile, devAssetsDir)]);
        } else if (kind === 'worker') {
          await writeDevStamp(devDir);
        }
      });
    },
  });
  const node = (kind, entryPoints) =>
    esbuild.context({
      ...serverOptions,
      entryPoints,
      outdir: path.join(devDir, 'server'),
      metafile: true,
      // A source map took esbuild longer than the rest of a rebuild; the unminified bundle names each source file.
      sourcemap: false,
      external: [...serverOptions.external, ...DEV_EXTERNALS],
      define: { ...serverOptions.define, __SITE_DEV__: 'true' },
      plugins: [after(kind)],
    });
  const [client, server, worker] = await Promise.all([
    esbuild.context({ ...clientOptions, outdir: devAssetsDir, minify: false, plugins: [after('client')] }),
    node('server', { index: 'server/index.ts', 'dev-spare': 'server/dev/dev-spare.ts' }),
    node('worker', { 'article-worker': 'server/workers/article-worker.ts' }),
  ]);
  return { client, server, worker };
}

/**
 * The dev build's stamp names the code that prepares articles (the worker bundle) and the packages: a
 * restart after an edit elsewhere finds the articles it prepared before in the content cache.
 */
async function writeDevStamp(devDir) {
  const hash = createHash('sha256');
  hash.update(await readFile(path.join(devDir, 'server', 'article-worker.js')));
  hash.update(await readFile(path.join(root, 'package-lock.json')).catch(() => ''));
  await writeFile(path.join(devDir, '.build-stamp'), `dev ${hash.digest('base64url')}\n`);
}

/** The packages a server bundle imports when it loads (the metafile's static external imports). */
function staticExternals(metafile) {
  const index = Object.entries(metafile.outputs).find(([file]) => file.endsWith(`${path.sep}index.js`) || file.endsWith('/index.js'));
  if (!index) return [];
  return [
    ...new Set(index[1].imports.filter((each) => each.external && each.kind === 'import-statement' && !each.path.startsWith('node:')).map((each) => each.path)),
  ];
}

/**
 * `npm run dev`: rebuilds what an edit touched and restarts the server on the new build; the server
 * (built with __SITE_DEV__) reloads the open pages itself, on a restart and when content or public/
 * change. A restart is cheap (decision 041): the next server process is started ahead, with the
 * packages loaded, and only waits for a build; the old one writes its content snapshot and lets the
 * port go while the new one loads the bundle.
 */
async function runDev() {
  const serverFile = path.join(DEV_DIST_DIR, 'server', 'index.js');
  const spareFile = path.join(DEV_DIST_DIR, 'server', 'dev-spare.js');
  let preload = [];
  let server = null;
  // Processes started ahead, oldest (most loaded) first: two, so that edits in a row each find one loaded.
  let spares = [];
  const forkSpare = () => {
    const spare = fork(spareFile, [], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
    spare.send({ preload });
    spare.once('exit', () => (spares = spares.filter((each) => each !== spare)));
    return spare;
  };
  const fillSpares = () => {
    while (spares.length < SPARES) spares.push(forkSpare());
  };
  // Server processes not yet exited: the next one goes on (port, content cache slot) once all others are gone.
  const alive = new Set();
  let waiting = null;
  const goIfAlone = () => {
    if (waiting && alive.size === 1 && alive.has(waiting)) {
      waiting.send({ go: true });
      waiting = null;
    }
  };
  // A restart: the waiting process loads the new bundle while the old one stops.
  const restart = () => {
    const next = spares.shift() ?? forkSpare();
    server = next;
    for (const old of alive) {
      // The dev server stops at once on SIGTERM: streams ended, content snapshot written, port and cache slot freed.
      old.kill('SIGTERM');
      setTimeout(() => old.exitCode === null && old.signalCode === null && old.kill('SIGKILL'), 3_000).unref();
    }
    alive.add(next);
    next.once('exit', () => {
      alive.delete(next);
      goIfAlone();
    });
    next.on('message', (message) => {
      if (message?.waiting) {
        waiting = next;
        goIfAlone();
      } else if (message?.listening) {
        // Once the pages have reloaded: loading a process ahead must not slow the restart it is for.
        setTimeout(fillSpares, SPARES_DELAY_MS);
      }
    });
    next.send({ start: pathToFileURL(serverFile).href });
  };
  const contexts = await createDevBuilds(DEV_DIST_DIR);
  const kinds = Object.keys(contexts);
  const inputs = Object.fromEntries(kinds.map((kind) => [kind, new Set()]));
  /** Builds `which`; true when all succeeded (esbuild has printed the errors otherwise). */
  const build = async (which) => {
    const results = await Promise.all(which.map((kind) => contexts[kind].rebuild().catch(() => null)));
    if (results.some((result) => result === null)) return false;
    which.forEach((kind, at) => {
      const { metafile } = results[at];
      inputs[kind] = new Set(Object.keys(metafile.inputs).map((file) => path.resolve(root, file)));
      if (kind === 'server') preload = staticExternals(metafile);
    });
    return true;
  };
  if (await build(kinds)) restart();
  else console.error('dev: the first build failed; waiting for an edit');

  // fs.watch sees a save at once (esbuild's own watch polls); only the builds that read the file run.
  let changed = new Set();
  let timer;
  let building = Promise.resolve();
  let queued = 0;
  const onChange = (dir) => (_event, name) => {
    // Editors' swap and backup files are no sources.
    if (!name || !SOURCE_FILE.test(String(name))) return;
    changed.add(path.join(dir, String(name)));
    clearTimeout(timer);
    timer = setTimeout(() => {
      const files = [...changed];
      changed = new Set();
      queued += 1;
      building = building.then(async () => {
        queued -= 1;
        // A file no build has read yet (a new one) may be read by any.
        const reading = kinds.filter((kind) => files.some((file) => inputs[kind].has(file)));
        const built = await build(reading.length > 0 ? reading : kinds);
        // A file saved again during the build (an editor writing in steps) is built again: one restart, after the last build.
        if (built && changed.size === 0 && queued === 0) restart();
      });
    }, SETTLE_MS);
  };
  const watchers = ['client', 'shared', 'server'].map((dir) => watch(path.join(root, dir), { recursive: true }, onChange(path.join(root, dir))));
  const stop = async () => {
    for (const watcher of watchers) watcher.close();
    await Promise.all(Object.values(contexts).map((context) => context.dispose()));
    for (const spare of spares) spare.kill('SIGKILL');
    server?.kill('SIGTERM');
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

// Editors write a file in several steps: one build for the lot.
const SETTLE_MS = 25;
const SPARES = 2;
const SPARES_DELAY_MS = 300;
const SOURCE_FILE = /\.(tsx?|m?js|css|json)$/;

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
