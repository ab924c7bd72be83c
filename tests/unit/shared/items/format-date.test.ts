import { describe, expect, it } from 'vitest';
import { formatArticleDate } from '../../../../shared/items/format-date';

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
});
