/** Seeded randomness, so that a history is the same from run to run. */
export type Rng = () => number;

/** mulberry32: a small seeded generator. */
export function seeded(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(r: Rng, values: readonly T[]): T => values[Math.floor(r() * values.length)];
export const between = (r: Rng, min: number, max: number) => min + Math.floor(r() * (max - min + 1));
