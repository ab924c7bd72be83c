// What every render needs, gathered once at start.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PageContext, ComponentVersion } from '../../shared/page-context';
import { LANGS, type Lang, type Translations } from '../../shared/i18n/i18n';
import { SPECULATION_RULES, buildIslandLoader } from '../../shared/inline-scripts';
import { buildThemeBootScript } from '../../shared/site/themes';
import { owner } from '../../shared/site/owner';
import { loadAboutText } from '../owner/about-text';
import { assertOwnerData } from '../owner/owner-check';

/** The libraries the About page lists, by package name and label. */
const LISTED_PACKAGES: [string, string][] = [
  ['react', 'React'],
  ['react-router', 'React Router'],
  ['bootstrap', 'Bootstrap'],
  ['i18next', 'i18next'],
  ['express', 'Express'],
  ['highlight.js', 'highlight.js'],
];

async function readJson<T>(file: string): Promise<T> {
  return JSON.parse(await readFile(file, 'utf8')) as T;
}

/** Versions of Node.js and of the packages actually installed (not the ranges in package.json). */
export async function readComponentVersions(rootDir: string): Promise<ComponentVersion[]> {
  const packages = await Promise.all(
    LISTED_PACKAGES.map(async ([name, label]) => {
      const { version } = await readJson<{ version: string }>(path.join(rootDir, 'node_modules', name, 'package.json'));
      return { name: label, version };
    }),
  );
  return [{ name: 'Node.js', version: process.versions.node }, ...packages];
}

export interface AssetManifest {
  js: string;
  css: string;
}

/** What every render needs: the data per interface language, and every inline script (for the CSP). */
export interface SiteResources {
  pageContexts: Record<Lang, Omit<PageContext, 'now'>>;
  inlineScripts: string[];
}

export async function readManifest(distDir: string): Promise<AssetManifest> {
  const file = path.join(distDir, 'public', 'manifest.json');
  const manifest = await readJson<Partial<AssetManifest>>(file).catch(() => {
    throw new Error(`No client build at ${file}: run "npm run build" (npm start builds when needed).`);
  });
  if (!manifest.js || !manifest.css) throw new Error(`${file} lacks the js or css entry: rebuild with "npm run build".`);
  return { js: manifest.js, css: manifest.css };
}

export async function readTranslations(rootDir: string, lang: Lang): Promise<Translations> {
  return readJson<Translations>(path.join(rootDir, 'public', 'assets', 'i18n', `${lang}.json`));
}

/** Everything in PageContext but the render time (the assets of the build in `distDir`); throws when the owner's data is wrong. */
export async function loadSiteResources(
  rootDir: string,
  siteUrl: string,
  contentDir = path.join(rootDir, 'content'),
  distDir = path.join(rootDir, 'dist'),
): Promise<SiteResources> {
  assertOwnerData(owner, path.join(rootDir, 'public'));
  const abouts = await Promise.all(LANGS.map((lang) => loadAboutText(contentDir, lang)));
  const [pkg, components, manifest, ...translations] = await Promise.all([
    readJson<{ version: string }>(path.join(rootDir, 'package.json')),
    readComponentVersions(rootDir),
    readManifest(distDir),
    ...LANGS.map((lang) => readTranslations(rootDir, lang)),
  ]);
  const pageContexts = Object.fromEntries(
    LANGS.map((lang, index) => [
      lang,
      {
        lang,
        translations: translations[index]!,
        siteUrl,
        version: pkg.version,
        components,
        assets: { js: manifest.js, css: manifest.css },
        ...(abouts[index] && { about: abouts[index] }),
      },
    ]),
  ) as SiteResources['pageContexts'];
  return { pageContexts, inlineScripts: [buildThemeBootScript(), buildIslandLoader(manifest.js), SPECULATION_RULES] };
}
