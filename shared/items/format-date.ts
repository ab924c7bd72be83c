import { siteConfig } from '../site/site-config';

const frenchDate = new Intl.DateTimeFormat('fr-FR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: siteConfig.timeZone,
});

/**
 * Each list card formats its date twice (shown and for <time>), and Intl's formatting is the dearer
 * half of a card: both are remembered by the date's text, bounded (decision 069).
 */
const MAX_REMEMBERED = 4_096;
const shownDates = new Map<string, string>();
const isoDates = new Map<string, string>();

function remember(dates: Map<string, string>, value: string, format: (date: Date) => string): string {
  let text = dates.get(value);
  if (text === undefined) {
    const date = new Date(value);
    text = Number.isNaN(date.getTime()) ? value : format(date);
    if (dates.size >= MAX_REMEMBERED) dates.clear();
    dates.set(value, text);
  }
  return text;
}

const showDate = (date: Date) => frenchDate.format(date);
const isoOf = (date: Date) => date.toISOString();

/** dd/MM/yyyy in the site's time zone (SPEC §9); the input text when it is not a date. */
export function formatArticleDate(value: string): string {
  return remember(shownDates, value, showDate);
}

/** The machine-readable form for <time dateTime>. */
export function toIsoDate(value: string): string {
  return remember(isoDates, value, isoOf);
}
