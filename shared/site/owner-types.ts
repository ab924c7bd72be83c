// The shape of the owner's data (shared/site/owner.ts); the server checks its values at start
// (server/render/owner-check.ts, decision 044).
import type { Lang } from '../i18n/langs';

/** A short text in each interface language. */
export type Localized = Readonly<Record<Lang, string>>;

export interface PhotoSize {
  src: string;
  /** The same photo at double density, for high-DPI screens. */
  src2x: string;
  width: number;
  height: number;
}

export interface SocialLink {
  /** Shown as the link's text: "LinkedIn", "GitHub", "Mastodon"… */
  label: string;
  /** The profile's address; linked with rel="me" and listed as sameAs in the Person structured data. */
  url: string;
}

export interface OwnerData {
  /** Full name, as in the top bar, the CV heading, the feeds and the share cards. */
  name: string;
  /** One to three letters: the round mark beside the name and the favicon. */
  initials: string;
  /** Shown on the About page and as og:site_name. */
  siteName: string;
  /** In the owner's language (lang="fr" on an English page). */
  jobTitle: string;
  jobDescription: string;
  /** The job in a few words, lower case, in each interface language: the tab titles and the feed description. */
  role: Localized;
  /** What the owner is known for: the CV description and the author card under each article. */
  specialities: Localized;
  /** What the articles are about: the articles page and feed descriptions. */
  topics: Localized;
  email: string;
  /** Postal address in parts (schema.org PostalAddress, JSON Resume); shown as "street, code city". */
  address: {
    streetAddress: string;
    postalCode: string;
    addressLocality: string;
    addressRegion: string;
    /** ISO 3166-1 alpha-2 code, e.g. FR. */
    addressCountry: string;
  };
  /** Files in public/: the small one on phones, the large one from the breakpoint up; the share cards use large.src2x. */
  photo: { small: PhotoSize; large: PhotoSize; breakpointPx: number };
  /** Profiles elsewhere, in the order shown (footer, CV, structured data). */
  social: readonly SocialLink[];
  /** The site went online this year: the footer's year range and the About page. */
  siteSince: number;
  /** The career started this year: the CV's years of experience. */
  careerSince: number;
  /** The site's public address (canonical links use SITE_URL, which should be this in production). */
  homeUrl: string;
}
