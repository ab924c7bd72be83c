// node-versions-bench.ts's reading of the other benchmarks' reports and its side-by-side table: one
// row a measure, one column a Node runtime, then the second runtime's figure over the first's.
import type { Report } from './report';

export type Unit = 'req/s' | 'ms' | 's' | 'MB' | '%';

export interface Measure {
  name: string;
  unit: Unit;
  /** Each runtime's figures (one a round), in the runtimes' order; none where that runtime has none. */
  samples: number[][];
}

export function median(values: number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A figure with its unit, to the precision that means something for it. */
export function formatValue(value: number | undefined, unit: Unit): string {
  if (value === undefined || !Number.isFinite(value)) return '—';
  switch (unit) {
    case 'req/s':
      return `${Math.round(value).toLocaleString('en')} req/s`;
    case 'ms':
      return `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`;
    case 's':
      return `${value.toFixed(2)} s`;
    case 'MB':
      return `${value.toFixed(0)} MB`;
    case '%':
      return `${value.toFixed(1)} %`;
  }
}

/** A runtime's figure: the median of its rounds, then their range when there are several. */
export function formatSamples(samples: number[], unit: Unit): string {
  const value = formatValue(median(samples), unit);
  if (samples.length < 2) return value;
  const number = (figure: number) => formatValue(figure, unit).replace(/ \S+$/, '');
  return `${value} (${number(Math.min(...samples))}–${number(Math.max(...samples))})`;
}

/** The table's rows: the measure, each runtime's figure, then (two runtimes) the second's median over the first's, as "× 0.93". */
export function sideBySideRows(measures: Measure[], runtimes: number): string[][] {
  return measures.map(({ name, unit, samples }) => {
    const cells = Array.from({ length: runtimes }, (_, at) => formatSamples(samples[at] ?? [], unit));
    if (runtimes !== 2) return [name, ...cells];
    const [first, second] = [median(samples[0] ?? []), median(samples[1] ?? [])];
    const ratio = first !== undefined && second !== undefined && first !== 0 && unit !== '%' ? `× ${(second / first).toFixed(2)}` : '—';
    return [name, ...cells, ratio];
  });
}

export interface SoakFigures {
  rssAfterWarmUpMb?: number;
  growthPercent?: number;
  peakMb?: number;
  /** Peak RSS of (i), the burst of searches from one client, and of (ii), 10,000 upstream items. */
  burstPeakMb?: number;
  upstreamPeakMb?: number;
  /** 5xx answers and network errors during the soak. */
  failures?: number;
}

const numberIn = (text: string | undefined, pattern: RegExp): number | undefined => {
  const found = text === undefined ? null : pattern.exec(text);
  return found ? Number(found[1]!.replace(/,/g, '')) : undefined;
};

/** The key figures of soak-bench.ts's report, read from its summary lines. */
export function readSoakFigures(report: Pick<Report, 'summary'>): SoakFigures {
  const soakLine = report.summary.find((line) => line.includes('RSS after warm-up'));
  const burstLine = report.summary.find((line) => line.startsWith('**(i) '));
  const upstreamLine = report.summary.find((line) => line.startsWith('**(ii) '));
  return {
    rssAfterWarmUpMb: numberIn(soakLine, /RSS after warm-up \(\d+ s\): (\d+) MB/),
    growthPercent: numberIn(soakLine, /growth (-?[\d.]+) %/),
    peakMb: numberIn(soakLine, /Peak \(VmHWM\) (\d+) MB/),
    burstPeakMb: numberIn(burstLine, /peak (\d+) MB/),
    upstreamPeakMb: numberIn(upstreamLine, /peak (\d+) MB/),
    failures: numberIn(
      report.summary.find((line) => line.includes('5xx and network errors')),
      /5xx and network errors: ([\d,]+)/,
    ),
  };
}

/** event-loop-bench.ts's worst event-loop delay (ms), by column (worker threads or not, API or pages). */
export function readEventLoopFigures(report: Pick<Report, 'columns' | 'rows'>): Map<string, number> {
  const row = report.rows.find((cells) => cells[0]?.startsWith('worst event-loop delay'));
  const figures = new Map<string, number>();
  report.columns.slice(1).forEach((column, at) => {
    const value = numberIn(row?.[at + 1], /^([\d.]+) ms/);
    if (value !== undefined) figures.set(column, value);
  });
  return figures;
}
