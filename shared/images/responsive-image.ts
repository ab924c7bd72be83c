// Names of the resized copies of a site image (decision 023): `/images/a.png` at 640 px wide in AVIF is
// `/images/a.640w.avif`. The server makes them on first request (server/images/); pages list them in
// srcset. One source for both, so a page never links a copy the server would refuse.

/** Widths a copy may have (the photo's 96/192/384 and common layout widths); the image's own width is always offered. */
export const RESPONSIVE_WIDTHS = [96, 192, 384, 640, 960, 1280, 1920] as const;

/** A list card's 64 px thumbnail: 96 px covers 1x and 1.5x screens, 192 px the 2x and 3x ones. */
export const THUMBNAIL_WIDTHS = [96, 192] as const;
/** The thumbnail's display size, for `sizes`: fixed by client/styles.css (.article-thumb). */
export const THUMBNAIL_SIZES = '64px';

/** Modern formats first: a browser takes the first <source> it can decode. */
export const MODERN_FORMATS = ['avif', 'webp'] as const;
export type VariantFormat = 'avif' | 'webp' | 'png' | 'jpg';

export const FORMAT_TYPES: Record<VariantFormat, string> = { avif: 'image/avif', webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg' };

/** Site images that get resized copies; SVG scales by itself. */
export const RASTER_EXTENSION = /\.(png|jpe?g|webp|avif)$/i;

/** True for a raster image on this site (a path, not another origin): the server makes its copies. */
export function isLocalRaster(src: string): boolean {
  return src.startsWith('/') && !src.startsWith('//') && RASTER_EXTENSION.test(src.replace(/[?#].*$/, ''));
}

/** The widths offered for an image `intrinsicWidth` px wide: the listed ones below it, then its own. */
export function chooseWidths(intrinsicWidth: number): number[] {
  return [...RESPONSIVE_WIDTHS.filter((width) => width < intrinsicWidth), intrinsicWidth];
}

/** The format of the fallback <img>: PNG keeps transparency, JPEG stays JPEG. */
export function chooseFallbackFormat(src: string): VariantFormat {
  return /\.jpe?g$/i.test(src) ? 'jpg' : 'png';
}

/** "/images/a.png", 640, "avif" → "/images/a.640w.avif" (+ "?v=…" when a version is given). */
export function buildVariantPath(src: string, width: number, format: VariantFormat, version?: string): string {
  const stem = src.replace(RASTER_EXTENSION, '');
  return `${stem}.${width}w.${format}${version ? `?v=${version}` : ''}`;
}

/** "/images/a.640w.avif" → its stem, width and format; undefined for any other path. */
export function parseVariantPath(pathname: string): { stem: string; width: number; format: VariantFormat } | undefined {
  const match = /^(\/.+)\.([1-9]\d{0,4})w\.(avif|webp|png|jpg)$/.exec(pathname);
  if (!match) return undefined;
  return { stem: match[1]!, width: Number(match[2]), format: match[3] as VariantFormat };
}

/** A srcset of every width in one format. */
export function buildSrcSet(src: string, widths: readonly number[], format: VariantFormat, version?: string): string {
  return widths.map((width) => `${buildVariantPath(src, width, format, version)} ${width}w`).join(', ');
}
