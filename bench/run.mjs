// npm run bench: compiles the TypeScript benchmarks with esbuild and runs them one after the other.
// Each writes its report to bench/results/.
import * as esbuild from 'esbuild';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const outdir = path.join(root, 'bench', '.build');
const benchmarks = ['search-bench.ts'];

await mkdir(path.join(root, 'bench', 'results'), { recursive: true });
for (const name of benchmarks) {
  const outfile = path.join(outdir, name.replace(/\.ts$/, '.mjs'));
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: [path.join('bench', name)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile,
    logLevel: 'warning',
  });
  console.log(`\n== ${name}`);
  await import(pathToFileURL(outfile).href);
}
