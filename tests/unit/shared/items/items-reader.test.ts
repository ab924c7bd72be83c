import { describe, expect, it } from 'vitest';
import { isValidArticleId, normalizeFilter } from '../../../../shared/items/items-reader';

describe('normalizeFilter', () => {
  it('trims and bounds the text to 200 characters, otherwise keeps it as typed (SPEC §7)', () => {
    expect(normalizeFilter('  Spring  OR \n boot  ')).toBe('Spring  OR \n boot');
    expect(normalizeFilter(null)).toBe('');
    expect(normalizeFilter('x'.repeat(5000))).toHaveLength(200);
  });
});

describe('isValidArticleId', () => {
  it.each(['42', 'spring-boot-3', 'java_21', 'a.b~c'])('accepts %s', (id) => expect(isValidArticleId(id)).toBe(true));
  it.each(['', '..', '../etc/passwd', 'a/b', 'a..b', '-x', 'x'.repeat(129), 'é', 'a b', '%2e%2e'])('refuses %s', (id) =>
    expect(isValidArticleId(id)).toBe(false),
  );
});
