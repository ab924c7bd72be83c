// Module hooks for tests/support/observatory-scan.mjs: two one-line changes to
// @mdn/mdn-http-observatory 1.4.x as it loads, each checked, so that a new version that no longer
// needs one fails loudly instead of being patched blindly (docs/decisions/026-observatory-grade-of-the-tls-nginx.md).
const PATCHES = [
  {
    file: '/@mdn/mdn-http-observatory/src/scanner/index.js',
    // scan() takes options (ports, path) but does not pass them on: it could only scan ports 80 and 443.
    from: 'await retrieve(hostname);',
    to: 'await retrieve(hostname, options);',
  },
  {
    file: '/@mdn/mdn-http-observatory/src/analyzer/hsts.js',
    // Chromium's preload list comes from the package's postinstall download, which package.json denies
    // (no network); loopback is on no preload list, so an empty list gives the same answer.
    from: 'JSON.parse(fs.readFileSync(filePath, "utf8"))',
    to: 'JSON.parse(fs.existsSync(filePath) ? fs.readFileSync(filePath, "utf8") : "{}")',
  },
];

export async function load(url, context, nextLoad) {
  const loaded = await nextLoad(url, context);
  const patch = PATCHES.find(({ file }) => url.endsWith(file));
  if (!patch) return loaded;
  const source = String(loaded.source);
  if (!source.includes(patch.from)) throw new Error(`${patch.file} no longer contains "${patch.from}": review observatory-patches.mjs`);
  return { ...loaded, source: source.replace(patch.from, patch.to) };
}
