// The owner's data is typed at build time; its values are checked here at start, so a fork's typo
// (an e-mail without @, a year in the future, a photo not in public/) stops the server with the field
// named instead of showing on every page (decision 044).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { LANGS } from '../../shared/i18n/langs';
import type { OwnerData } from '../../shared/site/owner-types';

const text = z.string().trim().min(1, { error: 'must not be empty' });
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' });
const localized = z.object(Object.fromEntries(LANGS.map((lang) => [lang, text])) as Record<(typeof LANGS)[number], typeof text>);
const sitePath = z.string().regex(/^\/[^?#]+$/, { error: 'must be a path in public/, starting with /' });
const photoSize = z.object({ src: sitePath, src2x: sitePath, width: z.int().positive(), height: z.int().positive() });

function buildSchema(currentYear: number) {
  const year = z
    .int({ error: 'must be a whole year' })
    .min(1900, { error: 'must be 1900 or later' })
    .max(currentYear, { error: `must not be after ${currentYear}` });
  return z.object({
    name: text,
    initials: z.string().regex(/^\p{Lu}{1,3}$/u, { error: 'must be one to three capital letters' }),
    siteName: text,
    jobTitle: text,
    jobDescription: text,
    role: localized,
    specialities: localized,
    topics: localized,
    email: z.email({ error: 'must be an e-mail address' }),
    address: z.object({
      streetAddress: text,
      postalCode: text,
      addressLocality: text,
      addressRegion: text,
      addressCountry: z.string().regex(/^[A-Z]{2}$/, { error: 'must be a two-letter country code (ISO 3166-1), e.g. FR' }),
    }),
    photo: z.object({ small: photoSize, large: photoSize, breakpointPx: z.int().positive() }),
    social: z.array(z.object({ label: text, url: httpUrl })),
    siteSince: year,
    careerSince: year,
    homeUrl: httpUrl,
  });
}

export class OwnerDataError extends Error {
  constructor(readonly problems: string[]) {
    super(`The owner's data (shared/site/owner.ts) is wrong:\n${problems.map((line) => `  - ${line}`).join('\n')}`);
    this.name = 'OwnerDataError';
  }
}

/** Every problem of the owner's data, as "field: message"; empty when it is right. */
export function checkOwnerData(owner: OwnerData, publicDir: string, now = new Date()): string[] {
  const parsed = buildSchema(now.getUTCFullYear()).safeParse(owner);
  const problems = parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  if (parsed.success) {
    const { small, large } = owner.photo;
    for (const [field, src] of Object.entries({
      'photo.small.src': small.src,
      'photo.small.src2x': small.src2x,
      'photo.large.src': large.src,
      'photo.large.src2x': large.src2x,
    })) {
      if (!existsSync(path.join(publicDir, src))) problems.push(`${field}: ${src} is not in public/`);
    }
  }
  return problems;
}

/** Throws an OwnerDataError naming every wrong field. */
export function assertOwnerData(owner: OwnerData, publicDir: string): void {
  const problems = checkOwnerData(owner, publicDir);
  if (problems.length > 0) throw new OwnerDataError(problems);
}
