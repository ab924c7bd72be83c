// The favicon: the owner's initials in a round mark, drawn from the owner's data (decision 044), so a
// fork does not redraw an SVG by hand.
import { owner } from '../../shared/site/owner';

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A 64×64 SVG: a blue disc with the initials in white, smaller for three letters. */
export function buildFaviconSvg(initials: string = owner.initials): string {
  const size = initials.length > 2 ? 20 : 26;
  const text = escapeXml(initials);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><title>${text}</title>` +
    `<circle cx="32" cy="32" r="32" fill="#0a58ca"/>` +
    `<text x="32" y="${32 + Math.round(size * 0.35)}" font-family="sans-serif" font-size="${size}" font-weight="700" text-anchor="middle" fill="#fff">${text}</text></svg>`
  );
}
