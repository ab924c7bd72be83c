// What wrk --latency prints, read into numbers for the server benchmark's report.

export interface WrkResult {
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  bytesPerResponse: number;
}

const TIME_UNITS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };
const SIZE_UNITS: Record<string, number> = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3, TB: 1024 ** 4 };

/** What wrk --latency prints, as numbers (latencies in ms). */
export function parseWrkOutput(text: string): WrkResult {
  const latency = (percent: number) => {
    const match = new RegExp(`^\\s*${percent}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(text);
    return match ? Number(match[1]) * TIME_UNITS[match[2]!]! : Number.NaN;
  };
  const total = /(\d+) requests in [\d.]+\w+, ([\d.]+)(B|KB|MB|GB|TB) read/.exec(text);
  const requests = Number(total?.[1] ?? 0);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  return {
    reqPerSec: Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1] ?? Number.NaN),
    p50: latency(50),
    p99: latency(99),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(text)?.[1] ?? 0),
    errors: socketErrors ? socketErrors.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0,
    bytesPerResponse: requests > 0 ? (Number(total![2]) * SIZE_UNITS[total![3]!]!) / requests : Number.NaN,
  };
}
