// The seed's own dice, so its data can be checked by a unit test without faker (an ES module the
// unit tests' CommonJS cannot load). Math.random unless a test seeds it.

let next: () => number = Math.random;

/** Makes the dice repeatable (mulberry32): the same seed, the same data. */
export function seedRandom(seed: number): void {
  let state = seed >>> 0;
  next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A number in [0, 1). */
export const float = (): number => next();

/** A whole number from `min` to `max`, both included. */
export const int = (min: number, max: number): number => Math.floor(next() * (max - min + 1)) + min;

export const pick = <T>(items: readonly T[]): T => {
  if (items.length === 0) throw new RangeError('nothing to pick from');
  return items[Math.floor(next() * items.length)] as T;
};
