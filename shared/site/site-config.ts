// The site owner's data: edit this file to make the site yours. Compiled into both bundles.

const postalAddress = {
  streetAddress: '12 rue de Strasbourg',
  postalCode: '44000',
  addressLocality: 'Nantes',
  addressRegion: 'Pays de la Loire',
  addressCountry: 'FR',
} as const;

export const siteConfig = {
  /** Shown in the top bar, the About page and the tab titles. */
  siteName: 'Julien Marchand — Architecte logiciel',
  author: 'Julien Marchand',
  email: 'contact@julien-marchand.example',
  jobTitle: 'Architecte logiciel freelance',
  jobDescription: 'Architecte full-stack Java/JEE, Spring et Angular : conception, audit et modernisation d’applications d’entreprise.',
  /** Shown on the CV and About pages. */
  address: `${postalAddress.streetAddress}, ${postalAddress.postalCode} ${postalAddress.addressLocality}`,
  /** The same address in parts, for structured data (schema.org PostalAddress, JSON Resume). */
  postalAddress,
  /** The site went online this year; years of experience and the footer year range count from it. */
  inceptionYear: 2003,
  /** Dates and years are shown in this time zone, on the server and in the browser alike. */
  timeZone: 'Europe/Paris',
  /** Path of the CV page: `/`, `/cv` and unknown paths redirect here. */
  cvSlug: 'architecte-logiciel-freelance-java-spring-angular',
  /** Subject pre-filled in the mailto links of the CV and About pages. */
  mailSubject: 'Contact depuis le site',
  /** External web search used by the top-bar search box, restricted to this site's host. */
  webSearch: { action: 'https://www.google.com/search', queryParam: 'q', siteParam: 'as_sitesearch' },
  /** Browsers the owner tests the site with (About page). */
  testedBrowsers: ['Firefox 145', 'Chrome 142', 'Edge 142', 'Chromium 156 (tests automatisés)'],
  photo: {
    // Each size with a double-density file for high-DPI screens.
    small: { src: '/images/photo-96.png', src2x: '/images/photo-192.png', width: 96, height: 96 },
    large: { src: '/images/photo-192.png', src2x: '/images/photo-384.png', width: 192, height: 192 },
    /** Bootstrap's sm breakpoint: the large photo from this width up. */
    breakpointPx: 576,
  },
} as const;

export type SiteConfig = typeof siteConfig;

// Made on first use: a time-zone formatter costs the browser 25–70 ms of ICU loading, and every page's entry script imports this module.
let yearFormat: Intl.DateTimeFormat | undefined;

/** The calendar year of an instant in the site's time zone (same answer on server and browser). */
export function getSiteYear(instant: Date | string): number {
  yearFormat ??= new Intl.DateTimeFormat('en-GB', { year: 'numeric', timeZone: siteConfig.timeZone });
  return Number(yearFormat.format(new Date(instant)));
}

/** Years of experience shown on the CV: the current year minus the inception year. */
export function computeExperienceYears(now: Date | string, inceptionYear: number = siteConfig.inceptionYear): number {
  return getSiteYear(now) - inceptionYear;
}

/** "mailto:" link with the preset subject. */
export function buildMailto(email: string = siteConfig.email, subject: string = siteConfig.mailSubject): string {
  return `mailto:${email}?subject=${encodeURIComponent(subject)}`;
}
