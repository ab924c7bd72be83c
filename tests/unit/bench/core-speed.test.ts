// The long-tail report's core speed beside each load is only as good as this probe's timing.
import { describe, expect, it } from 'vitest';
import { measureCoreSpeed } from '../../../bench/core-speed';

describe('measureCoreSpeed', () => {
  it('times the loop itself: ten times the iterations take several times longer', async () => {
    const short = await measureCoreSpeed(0, 5_000_000);
    const long = await measureCoreSpeed(0, 50_000_000);
    expect(short).toBeGreaterThan(0);
    // Were the process start counted (tens of milliseconds), the two would be close.
    expect(long / short).toBeGreaterThan(4);
  });
});
