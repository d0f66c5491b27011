/** A repeatable stream of choices: the demo seed never calls Math.random (architecture.md §7.7). */
export type Random = {
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** One of `entries`, each as likely as its weight. */
  weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T;
  /** `count` distinct items of `items`, in the order they were drawn. */
  sample<T>(items: readonly T[], count: number): T[];
};

/** mulberry32 seeded with the FNV-1a hash of `seed`. */
export function seededRandom(seed: string): Random {
  let state = 2166136261;
  for (let i = 0; i < seed.length; i++) state = Math.imul(state ^ seed.charCodeAt(i), 16777619);
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error("Cannot pick from nothing");
    return items[Math.floor(next() * items.length)] as T;
  };
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick,
    weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T {
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [value, weight] of entries) {
        roll -= weight;
        if (roll < 0) return value;
      }
      return (entries[entries.length - 1] as readonly [T, number])[0];
    },
    sample<T>(items: readonly T[], count: number): T[] {
      const pool = [...items];
      const drawn: T[] = [];
      while (drawn.length < count && pool.length > 0) {
        drawn.push(pool.splice(Math.floor(next() * pool.length), 1)[0] as T);
      }
      return drawn;
    },
  };
}
