// A seeded generator for randomised tests: the same seed gives the same cases, so a failure can be replayed.

/** An integer in [0, n), from a linear congruential generator started at `seed`. */
export function createSeededRandom(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % n;
  };
}
