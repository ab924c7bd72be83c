import { describe, expect, it } from 'vitest';
import { formatArticleDate, toIsoDate } from '../../../../shared/items/format-date';

describe('formatArticleDate', () => {
  it.each([
    ['2024-03-12', '12/03/2024'],
    ['2019-12-01T10:00:00Z', '01/12/2019'],
    // Late evening UTC is already the next day in Paris.
    ['2023-06-30T23:30:00Z', '01/07/2023'],
  ])('shows %s as %s (dd/MM/yyyy)', (input, expected) => {
    expect(formatArticleDate(input)).toBe(expected);
  });

  it('shows a value that is not a date as it is', () => {
    expect(formatArticleDate('bientôt')).toBe('bientôt');
  });

  it('gives the same text each time a date is asked, for thousands of dates, shown and machine-readable', () => {
    const days = Array.from({ length: 5_000 }, (_, at) => new Date(Date.UTC(2010, 0, 1 + at, 12)).toISOString().slice(0, 10));
    for (let round = 0; round < 2; round++) {
      for (const day of days) {
        const [year, month, date] = day.split('-');
        expect(formatArticleDate(day)).toBe(`${date}/${month}/${year}`);
        expect(toIsoDate(day)).toBe(`${day}T00:00:00.000Z`);
      }
    }
    expect(toIsoDate('bientôt')).toBe('bientôt');
  });
});
