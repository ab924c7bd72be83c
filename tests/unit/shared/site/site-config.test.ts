import { describe, expect, it } from 'vitest';
import { owner } from '../../../../shared/site/owner';
import { buildMailto, computeExperienceYears, formatAddress, getSiteYear, siteConfig } from '../../../../shared/site/site-config';

describe('site config', () => {
  it('counts years of experience from the year the career started, not the site', () => {
    expect(computeExperienceYears('2026-06-01T12:00:00Z', 2003)).toBe(23);
    expect(computeExperienceYears(new Date('2030-02-01T00:00:00Z'), 2003)).toBe(27);
    expect(computeExperienceYears('2026-06-01T12:00:00Z')).toBe(2026 - owner.careerSince);
  });

  it('writes the address as street, postal code and city', () => {
    const address = { streetAddress: '3 place X', postalCode: '69001', addressLocality: 'Lyon', addressRegion: 'ARA', addressCountry: 'FR' };
    expect(formatAddress(address)).toBe('3 place X, 69001 Lyon');
  });

  it('reads the year in the site time zone, so server and browser agree at New Year', () => {
    // 23:30 UTC on 31 December is already 1 January in Paris.
    expect(getSiteYear('2026-12-31T23:30:00Z')).toBe(2027);
    expect(getSiteYear('2026-12-31T22:30:00Z')).toBe(2026);
  });

  it('gives each minute its own year when asked in turn across New Year (the last minute is remembered)', () => {
    expect(getSiteYear('2026-12-31T22:59:59Z')).toBe(2026);
    expect(getSiteYear('2026-12-31T22:59:00Z')).toBe(2026);
    expect(getSiteYear(new Date('2026-12-31T23:00:00Z'))).toBe(2027);
    expect(getSiteYear('2026-12-31T23:00:59Z')).toBe(2027);
    expect(getSiteYear('2026-12-31T22:59:30Z')).toBe(2026);
    expect(getSiteYear('2027-06-01T12:00:00Z')).toBe(2027);
  });

  it('builds a mailto link with the preset subject, encoded', () => {
    expect(buildMailto('a@b.example', 'Contact depuis le site')).toBe('mailto:a@b.example?subject=Contact%20depuis%20le%20site');
  });

  it('has a CV slug of long French words', () => {
    expect(siteConfig.cvSlug).toMatch(/^[a-z]+(-[a-z]+){3,}$/);
  });
});
