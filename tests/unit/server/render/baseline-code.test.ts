import { setFlagsFromString } from 'node:v8';
import { expect, it } from 'vitest';
import { compileBaselineFromNowOn } from '../../../../server/render/baseline-code';

// V8's own probe of the code a function runs, for this test's process only.
setFlagsFromString('--allow-natives-syntax');
const runsBaselineCode = new Function('fn', 'return %ActiveTierIsSparkplug(fn)') as (fn: unknown) => boolean;

/** A function of its own (new source, compiled when first called), called once. */
function compileAndCallOnce(body: string): (x: number) => number {
  const fn = new Function('x', body) as (x: number) => number;
  fn(1);
  return fn;
}

it('gives functions compiled from then on baseline code at their first call, where V8 would interpret them', () => {
  const before = compileAndCallOnce('return x + 1;');
  expect(runsBaselineCode(before)).toBe(false);

  compileBaselineFromNowOn();

  const after = compileAndCallOnce('return x + 2;');
  expect(runsBaselineCode(after)).toBe(true);
  expect(after(1)).toBe(3);
});
