// How the site works, apart from whose it is (the owner's data: shared/site/owner.ts). Compiled into both bundles.
import type { OwnerData } from './owner-types';
import { owner } from './owner';

export const siteConfig = {
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
} as const;

export type SiteConfig = typeof siteConfig;

// Made on first use: a time-zone formatter costs the browser 25–70 ms of ICU loading, and every page's entry script imports this module.
let yearFormat: Intl.DateTimeFormat | undefined;
// The last minute asked and its year: every page's footer asks for now, and formatting costs more than
// the rest of the footer. Time-zone offsets are whole quarters of an hour, so a minute has one year.
let lastMinute = Number.NaN;
let lastYear = 0;

/** The calendar year of an instant in the site's time zone (same answer on server and browser). */
export function getSiteYear(instant: Date | string): number {
  const time = new Date(instant).getTime();
  const minute = Math.floor(time / 60_000);
  if (minute === lastMinute) return lastYear;
  yearFormat ??= new Intl.DateTimeFormat('en-GB', { year: 'numeric', timeZone: siteConfig.timeZone });
  lastYear = Number(yearFormat.format(time));
  lastMinute = minute;
  return lastYear;
}

/** Years of experience shown on the CV: the current year minus the year the career started. */
export function computeExperienceYears(now: Date | string, careerSince: number = owner.careerSince): number {
  return getSiteYear(now) - careerSince;
}

/** "12 rue de Strasbourg, 44000 Nantes": the address as the CV, About page and footer show it. */
export function formatAddress(address: OwnerData['address'] = owner.address): string {
  return `${address.streetAddress}, ${address.postalCode} ${address.addressLocality}`;
}

/** "mailto:" link with the preset subject. */
export function buildMailto(email: string = owner.email, subject: string = siteConfig.mailSubject): string {
  return `mailto:${email}?subject=${encodeURIComponent(subject)}`;
}
