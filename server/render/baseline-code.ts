// From the moment the content is loaded, every function V8 compiles gets Sparkplug's baseline code at
// once instead of running in the interpreter until it has been called often enough (decision 084):
// the code first run by the warm-up and by the first readers is what a fresh server is slow on.
import { setFlagsFromString } from 'node:v8';

/** Process-wide and for good (worker threads included); what was compiled before keeps V8's usual tiering. */
export function compileBaselineFromNowOn(): void {
  setFlagsFromString('--always-sparkplug');
}
