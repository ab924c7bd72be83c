import { siteConfig } from '../site/site-config';

const frenchDate = new Intl.DateTimeFormat('fr-FR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: siteConfig.timeZone,
});

/** dd/MM/yyyy in the site's time zone (SPEC §9); the input text when it is not a date. */
export function formatArticleDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : frenchDate.format(date);
}

/** The machine-readable form for <time dateTime>. */
export function toIsoDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}
