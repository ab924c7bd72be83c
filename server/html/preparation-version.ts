// Prepared article HTML kept on disk (decision 028) is valid for one build of the code that prepares it
// (sanitiser, highlighter and their packages: the build stamp changes with any of them) and one catalog
// of the images it sizes. Running from source there is no stamp, so nothing is kept.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getImageCatalog } from './responsive-images';

const shortHash = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 12);

let build: string | undefined | null = null;

/** A short name for this build (dist/.build-stamp beside the server bundle), or undefined when running from source. */
export function readBuildVersion(): string | undefined {
  if (build === null) {
    try {
      // Bundled, this module is dist/server/index.js.
      build = shortHash(readFileSync(fileURLToPath(new URL('../.build-stamp', import.meta.url)), 'utf8'));
    } catch {
      build = undefined;
    }
  }
  return build;
}

/** `<build>-<image catalog>`; undefined when running from source. */
export function readPreparationVersion(): string | undefined {
  const buildVersion = readBuildVersion();
  if (buildVersion === undefined) return undefined;
  const images = [...getImageCatalog().bySrc.values()].map(({ src, width, height }) => `${src} ${width}x${height}`);
  return `${buildVersion}-${shortHash(images.sort().join('\n'))}`;
}
