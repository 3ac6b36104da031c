/** A small seeded PRNG (mulberry32) for property tests: the same seed gives the same cases. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** An integer in [min, max]. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    /** A number in (0, max] with up to `decimals` decimals. */
    measure: (max: number, decimals: number) => {
      const scale = 10 ** decimals;
      return Math.max(1, Math.floor(next() * max * scale)) / scale;
    },
  };
}
