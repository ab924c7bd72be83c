import { describe, expect, it } from 'vitest';
import { isIsoDate } from '../../../../server/items/iso-date';

describe('isIsoDate', () => {
  it.each(['2024-02-29', '2026-02-28', '2024-05-01T08:00:00Z', '2024-05-01T23:59:59.123+02:00', '2024-12-31 10:00'])('accepts %s', (date) => {
    expect(isIsoDate(date)).toBe(true);
  });

  it.each([
    '2026-02-30',
    '2026-02-29',
    '2024-04-31',
    '2024-13-01',
    '2024-00-10',
    '2024-05-00',
    '2024-05-01T24:30:00Z',
    '2024-05-01T10:60:00Z',
    'le 12 mars',
    '12/03/2024',
  ])('refuses %s, which names no real day or time', (date) => {
    expect(isIsoDate(date)).toBe(false);
  });
});
