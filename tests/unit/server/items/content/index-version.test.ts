import { describe, expect, it } from 'vitest';
import { readIndexVersion } from '../../../../../server/items/content/index-version';

describe('the content cache version', () => {
  it('is a hash of what the analysis makes of a probe, the same on every call', () => {
    expect(readIndexVersion()).toMatch(/^[\w-]{12}$/);
    expect(readIndexVersion()).toBe(readIndexVersion());
  });
});
