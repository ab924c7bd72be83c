// The side-by-side report is only as right as its reading of the other reports and its table.
import { describe, expect, it } from 'vitest';
import { formatSamples, formatValue, median, readEventLoopFigures, readSoakFigures, sideBySideRows } from '../../../bench/node-versions-figures';

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeUndefined();
  });
});

describe('formatValue', () => {
  it('writes each unit to its precision, and a dash for no figure', () => {
    expect(formatValue(12345.6, 'req/s')).toBe('12,346 req/s');
    expect(formatValue(1.234, 'ms')).toBe('1.23 ms');
    expect(formatValue(123.45, 'ms')).toBe('123.5 ms');
    expect(formatValue(2.345, 's')).toBe('2.35 s');
    expect(formatValue(240.6, 'MB')).toBe('241 MB');
    expect(formatValue(7.25, '%')).toBe('7.3 %');
    expect(formatValue(undefined, 'MB')).toBe('—');
    expect(formatValue(Number.NaN, 'ms')).toBe('—');
  });
});

describe('formatSamples', () => {
  it('gives one figure as it is, and the range of several after their median', () => {
    expect(formatSamples([1_500.4], 'req/s')).toBe('1,500 req/s');
    expect(formatSamples([2_000, 1_000, 12_000], 'req/s')).toBe('2,000 req/s (1,000–12,000)');
    expect(formatSamples([], 'MB')).toBe('—');
  });
});

describe('sideBySideRows', () => {
  it('puts each runtime in its column, then the second over the first', () => {
    expect(
      sideBySideRows(
        [
          { name: 'page cache hit: throughput', unit: 'req/s', samples: [[10_000], [9_000]] },
          { name: 'RSS', unit: 'MB', samples: [[200], []] },
          { name: 'growth', unit: '%', samples: [[5], [6]] },
        ],
        2,
      ),
    ).toEqual([
      ['page cache hit: throughput', '10,000 req/s', '9,000 req/s', '× 0.90'],
      ['RSS', '200 MB', '—', '—'],
      ['growth', '5.0 %', '6.0 %', '—'],
    ]);
  });

  it('has no ratio column with one runtime', () => {
    expect(sideBySideRows([{ name: 'RSS', unit: 'MB', samples: [[200]] }], 1)).toEqual([['RSS', '200 MB']]);
  });

  it('shows the median of the rounds and their range, and compares the medians', () => {
    expect(
      sideBySideRows(
        [
          {
            name: 'cold start',
            unit: 's',
            samples: [
              [18, 17, 25],
              [20.5, 30, 19],
            ],
          },
        ],
        2,
      ),
    ).toEqual([['cold start', '18.00 s (17.00–25.00)', '20.50 s (19.00–30.00)', '× 1.14']]);
  });
});

describe('readSoakFigures', () => {
  // Lines as soak-bench.ts writes them (bench/results/soak.md, 2026-11-24), shortened where nothing is read.
  const summary = [
    'The built server as npm start runs it …',
    '**RSS after warm-up (60 s): 241 MB; highest after: 258 MB; at the end: 257 MB; growth 7.3 %** (target < 10 %: **pass**). Peak (VmHWM) 260 MB.',
    'Soak answers: 24,000 in 600 s; 5xx and network errors: 1,002; 429 (rate limit): 0.',
    '**(i) 1,500 distinct page searches within 12 s, 500 at a time, 128 hostile requests among them** (…): fired in 12.0 s, done in 12.0 s; RSS 155 MB at start, **peak 235 MB** (target ≤ 250 MB: **pass**), 235 MB after.',
    '(i) again, spread over 100 client addresses: RSS 154 MB at start, **peak 272 MB** (target ≤ 250 MB: **MISSED**), 272 MB after.',
    '**(ii) 10,000 upstream items** (…) in 7.1 s. RSS 149 MB at start, **peak 303 MB** (target ≤ 400 MB: **pass**), 268 MB after.',
  ];

  it('reads the soak, (i) from one client and (ii)', () => {
    expect(readSoakFigures({ summary })).toEqual({
      rssAfterWarmUpMb: 241,
      growthPercent: 7.3,
      peakMb: 260,
      burstPeakMb: 235,
      upstreamPeakMb: 303,
      failures: 1002,
    });
  });

  it('reads a negative growth, and leaves out what the report lacks', () => {
    const figures = readSoakFigures({ summary: ['**RSS after warm-up (10 s): 200 MB; highest after: 198 MB; at the end: 190 MB; growth -1.0 %**.'] });
    expect(figures.growthPercent).toBe(-1);
    expect(figures.burstPeakMb).toBeUndefined();
  });
});

describe('readEventLoopFigures', () => {
  it('reads the worst delay of each column', () => {
    const figures = readEventLoopFigures({
      columns: ['measure', 'worker threads (1): items API', 'on the event loop (WORKER_THREADS=0): pages'],
      rows: [
        ['worst event-loop delay (monitorEventLoopDelay max)', '17.8 ms (target ≤ 50 ms) met', '116.7 ms (target ≤ 50 ms) MISSED'],
        ['worst gap of a 1 ms interval', '1.0 ms', '2.0 ms'],
      ],
    });
    expect([...figures]).toEqual([
      ['worker threads (1): items API', 17.8],
      ['on the event loop (WORKER_THREADS=0): pages', 116.7],
    ]);
  });
});
