// A share card drawn to PNG: satori lays the element tree out as SVG with the fonts given, resvg
// rasterises it. Both ship their code in npm packages; the fonts come from @fontsource/inter.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Font } from 'satori';
import { SHARE_IMAGE, type ShareCard } from '../../shared/seo/share-image';
import { CARD_FONT_FAMILY, ShareCardLayout } from './share-card';

const requireFrom = createRequire(import.meta.url);

// satori reads TTF, OTF and WOFF (not WOFF2); latin-ext holds œ and the other letters latin lacks.
const FONT_FILES: { file: string; weight: 400 | 700 }[] = [
  { file: 'inter-latin-400-normal.woff', weight: 400 },
  { file: 'inter-latin-700-normal.woff', weight: 700 },
  { file: 'inter-latin-ext-400-normal.woff', weight: 400 },
  { file: 'inter-latin-ext-700-normal.woff', weight: 700 },
];

/** The font files read from node_modules (no network), for satori. */
export async function loadCardFonts(): Promise<Font[]> {
  return Promise.all(
    FONT_FILES.map(async ({ file, weight }) => ({
      name: CARD_FONT_FAMILY,
      data: await readFile(requireFrom.resolve(`@fontsource/inter/files/${file}`)),
      weight,
      style: 'normal' as const,
    })),
  );
}

/** The card as PNG bytes, 1200×630. */
export async function renderShareImage(card: ShareCard, { fonts, photo }: { fonts: Font[]; photo: string }): Promise<Buffer> {
  // Loaded on the first card: the worker threads that run this also prepare articles, and start faster without them.
  const [{ default: satori }, { Resvg }] = await Promise.all([import('satori'), import('@resvg/resvg-js')]);
  const svg = await satori(ShareCardLayout({ card, photo }), { width: SHARE_IMAGE.width, height: SHARE_IMAGE.height, fonts });
  return new Resvg(svg, { fitTo: { mode: 'width', value: SHARE_IMAGE.width }, font: { loadSystemFonts: false } }).render().asPng();
}
