// Runs a TypeScript script of the project (benchmarks, screenshots, audits): esbuild bundles it for
// Node, then it runs with the project root as working directory. Several scripts run one after the
// other, each in a process of its own: one benchmark's heap, threads and timers never weigh on the next.
// Usage: node tests/support/run-ts.mjs <file.ts> [...]
import { spawnSync } from 'node:child_process';
import * as esbuild from 'esbuild';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { NODE_BUNDLE_OPTIONS } from '../../esbuild.config.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
process.chdir(root);
const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: node tests/support/run-ts.mjs <file.ts> [...]');
  process.exit(2);
}
if (files.length > 1) {
  for (const file of files) {
    const { status, signal } = spawnSync(process.execPath, [fileURLToPath(import.meta.url), file], { stdio: 'inherit' });
    if (status !== 0) {
      console.error(`${file}: ${signal ? `stopped by ${signal}` : `exit code ${status}`}`);
      process.exit(status || 1);
    }
  }
  process.exit(0);
}
for (const file of files) {
  const outfile = path.join(root, 'node_modules', '.cache', 'run-ts', path.basename(file).replace(/\.tsx?$/, '.mjs'));
  await esbuild.build({
    ...NODE_BUNDLE_OPTIONS,
    entryPoints: [file],
    packages: 'external',
    outfile,
    logLevel: 'warning',
  });
  console.log(`\n== ${file}`);
  await import(pathToFileURL(outfile).href);
}
