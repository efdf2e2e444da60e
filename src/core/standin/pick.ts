/**
 * The stand-in's last step (docs/standin.md "The seed"): of the choices it weighed, the seed picks
 * one among those within a small margin of the best. An opponent who knows the whole state, and so
 * every weight, cannot tell which of the near-best it flies unless he knows the seed (the app's is
 * secret until the turn is resolved); the same state and seed always pick the same one, so a turn
 * is verified as it was flown. No die and no clock: the pick is a hash of the seed.
 */
import { sha256Hex } from '../sha256.ts';

/** How far below the best score a choice may be and still be picked: a tenth of a shot at range 6. */
export const MARGIN = 0.75;

/** Which of `n` choices `seed` picks for `key` (a plane's id and the turn): 0 to n - 1. */
export function seededIndex(seed: string, key: string, n: number): number {
  if (n <= 1) return 0;
  return parseInt(sha256Hex(`${seed}|${key}`).slice(0, 8), 16) % n;
}

/** The choice the seed picks among those within `margin` of the best (`scores` in any order). */
export function pickNearBest<T>(items: readonly T[], score: (t: T) => number, seed: string, key: string, margin = MARGIN): T | undefined {
  if (!items.length) return undefined;
  const top = Math.max(...items.map(score));
  const near = items.filter((t) => score(t) >= top - margin);
  return near[seededIndex(seed, key, near.length)];
}
