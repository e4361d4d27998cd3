/** A seeded generator: the same --scale gives the same data set, so benchmarks compare. */
export function createRandom(seed = 20_261_122) {
  let state = seed >>> 0;
  const next = () => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  /** Picks by weight: [["bozza", 3], ["inviato", 1]]. */
  const weighted = <T>(items: readonly (readonly [T, number])[]): T => {
    const total = items.reduce((s, [, w]) => s + w, 0);
    let r = next() * total;
    for (const [item, w] of items) if ((r -= w) < 0) return item;
    return items[items.length - 1]![0];
  };
  const chance = (p: number) => next() < p;
  /** A price with cents, as an exact string. */
  const money = (min: number, max: number) => `${int(min, max)}.${String(int(0, 99)).padStart(2, "0")}`;
  return { next, int, pick, weighted, chance, money };
}
export type Random = ReturnType<typeof createRandom>;
