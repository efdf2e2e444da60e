/**
 * The exchange of shots as a pilot weighs it (docs/standin.md "The exchange of shots"): a shot
 * given and a shot taken are not worth the same when the guns and airframes differ. An A6M2 that
 * meets an F4F-4 head on trades its two cannon and two rifle-calibre guns against six .50s, and
 * its airframe has two boxes where the Wildcat's has three or four: it should want that pass much
 * less than the Wildcat does.
 *
 * Each side's punch (its fixed guns' firepower to the fire tables' power, combat/fire-tables.ts:
 * the hits a burst scores grow so) over the other's toughness (the hits its systems that shoot it
 * down can still take, seed 001 combat; docs/rules.md "Damage and its effects") gives how fast it
 * wins the exchange; the two are shared out so that they add up to 2 (1 each between equals).
 */
import { FIREPOWER_EXPONENT } from '../combat/fire-tables.ts';
import { firepower } from '../combat/weapons.ts';
import { capacityOf, engineKey, workingGuns } from '../damage/state.ts';
import { cardOf, type GameState, type PlaneState } from '../state.ts';

/** The systems whose loss shoots a plane down (docs/rules.md "Damage and its effects": shot down), a single engine's with them. */
const KILL_SYSTEMS = ['C', 'L', 'W', 'F'] as const;
/** How far the exchange moves a shot's worth: between half and one and a half times. */
const LEAST = 0.5;
const MOST = 1.5;

const punches = new WeakMap<PlaneState, number>();
const toughnesses = new WeakMap<PlaneState, number>();

/** How hard a plane's fixed guns hit (flexible guns guard its tail, not its nose): their firepower to the fire tables' power. */
export function punch(state: GameState, p: PlaneState): number {
  let got = punches.get(p);
  if (got === undefined) {
    const mix = workingGuns(cardOf(state, p), p)
      .filter((g) => g.mount !== 'F')
      .flatMap((g) => g.weapons);
    got = mix.length ? firepower(mix) ** FIREPOWER_EXPONENT : 0;
    punches.set(p, got);
  }
  return got;
}

/** The hits a plane can still take: the mean, over the systems whose loss shoots it down, of what is left of each (at least half a hit). */
export function toughness(state: GameState, p: PlaneState): number {
  let got = toughnesses.get(p);
  if (got === undefined) {
    const card = cardOf(state, p);
    const keys: string[] = [...KILL_SYSTEMS, ...(card.engines === 1 ? [engineKey(0)] : [])];
    const left = keys.map((k) => Math.max(0.5, capacityOf(card, k) - (p.damage?.taken[k] ?? 0)));
    got = left.reduce((s, x) => s + x, 0) / left.length;
    toughnesses.set(p, got);
  }
  return got;
}

/** What a shot `plane` gives `enemy` and one it takes from him are worth, against 1 each between equals (within 0.5 to 1.5, adding up to 2). */
export function exchange(state: GameState, plane: PlaneState, enemy: PlaneState): { given: number; taken: number } {
  const out = punch(state, plane) / toughness(state, enemy);
  const back = punch(state, enemy) / toughness(state, plane);
  if (out + back <= 0) return { given: 1, taken: 1 };
  const given = Math.min(MOST, Math.max(LEAST, (2 * out) / (out + back)));
  return { given, taken: 2 - given };
}

/** What a burst of the dry run is worth (air.ts): 12 for as many hits, expected, as its target can still take. */
const BURST_WORTH = 12;

/** The worth of `hits` expected hits on `target` (combat/fire-tables.ts expectedHits). */
export const burstWorth = (state: GameState, target: PlaneState, hits: number): number =>
  (BURST_WORTH * hits) / toughness(state, target);
