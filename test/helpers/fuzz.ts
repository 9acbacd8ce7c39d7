// Building blocks of the seeded fuzz tests: one reproducible generator and the edits mutators make.
// Each test keeps its own seed, case count and mutation mix; only these mechanics are shared.

/** mulberry32: a small seeded PRNG, reproducible across runs and platforms, so a failure replays from its seed. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [0, n) drawn from `random` (one draw per call). */
export function picker(random: () => number): (n: number) => number {
  return (n) => Math.floor(random() * n);
}

/** `text` with `fragment` inserted before index `at`. */
export function insertAt(text: string, at: number, fragment: string): string {
  return text.slice(0, at) + fragment + text.slice(at);
}

/** `text` without the `length` characters starting at `at`. */
export function removeSpan(text: string, at: number, length: number): string {
  return text.slice(0, at) + text.slice(at + length);
}
