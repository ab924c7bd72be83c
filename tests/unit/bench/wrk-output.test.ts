// The server benchmark's report is only as right as its reading of wrk's output.
import { describe, expect, it } from 'vitest';
import { parseWrkOutput } from '../../../bench/wrk-output';

// Printed by wrk 4.1.0 (Debian) against a server answering 404 to everything, with a socket-errors
// line as wrk prints it when a connection fails.
const NOT_FOUND_RUN = `Running 2s test @ http://127.0.0.1:3107/missing
  1 threads and 4 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency    67.75us  293.92us   6.96ms   97.41%
    Req/Sec   132.65k    26.34k  141.67k    90.48%
  Latency Distribution
     50%   27.00us
     75%   28.00us
     90%   36.00us
     99%    1.33ms
  276329 requests in 2.10s, 34.52MB read
  Socket errors: connect 0, read 2, write 1, timeout 3
  Non-2xx or 3xx responses: 276329
Requests/sec: 131626.61
Transfer/sec:     16.44MB
`;

const NO_ANSWER_RUN = `Running 2s test @ http://127.0.0.1:3107/slow
  1 threads and 2 connections
  Latency Distribution
     50%    0.00us
     99%    0.00us
  0 requests in 2.00s, 0.00B read
Requests/sec:      0.00
Transfer/sec:       0.00B
`;

describe('parseWrkOutput', () => {
  it('reads throughput, latencies in ms whatever their unit, failures and bytes per response', () => {
    const result = parseWrkOutput(NOT_FOUND_RUN);
    expect(result.reqPerSec).toBeCloseTo(131_626.61);
    expect(result.p50).toBeCloseTo(0.027);
    expect(result.p99).toBeCloseTo(1.33);
    expect(result.non2xx).toBe(276_329);
    expect(result.errors).toBe(6);
    expect(result.bytesPerResponse).toBeCloseTo((34.52 * 1024 * 1024) / 276_329);
  });

  it('reads seconds as thousands of ms', () => {
    expect(parseWrkOutput(NOT_FOUND_RUN.replace('1.33ms', '1.21s')).p99).toBeCloseTo(1210);
  });

  it('reports a run without answers as zero throughput, not as made-up sizes', () => {
    const result = parseWrkOutput(NO_ANSWER_RUN);
    expect(result.reqPerSec).toBe(0);
    expect(result.non2xx).toBe(0);
    expect(result.errors).toBe(0);
    expect(result.bytesPerResponse).toBeNaN();
  });
});
