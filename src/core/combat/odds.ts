/**
 * The odds combat model, a game option (seed 002 sections 3-6, "Combat System"). Hits times the
 * firer's hit value (HV) over the target's defence give the odds; a D6 (or the optional D12)
 * decides between no effect, damaged and shot down. Medium and heavy bombers instead count damage
 * points, 1 per 8 HV. docs/combat.md, "The odds model", gives the derivations of HV and defence.
 */
import type { AircraftCard, AircraftClass, DamageCapacity, GunGroup } from '../aircraft/types.ts';
import { chartById, hitsFor } from './fire-tables.ts';
import { type WeaponCount, firepower } from './weapons.ts';

export type OddsDie = 6 | 12;
export type OddsOutcome = 'none' | 'damaged' | 'down';

/** Seed 002 3.3 and 4.1.9: gunner (flexible) and turret fire has a hit value of 8. */
export const GUNNER_HIT_VALUE = 8;

/** HV of a weapon mix: its firepower (weapons.ts), so 8x30M = 8 and 2x50M + 4x20C = 20 as in seed 002. */
export const hitValue = (mix: readonly WeaponCount[]): number => firepower(mix);

/** HV of one gun group: flexible positions fire at the gunner HV, fixed groups at their firepower. */
export const groupHitValue = (g: GunGroup): number => (g.mount === 'F' ? GUNNER_HIT_VALUE : hitValue(g.weapons));

/** HV of a card's fixed guns fired together (seed 002's HV of a type); 0 when it has none. */
export const cardHitValue = (card: Pick<AircraftCard, 'guns'>): number =>
  card.guns.filter((g) => g.mount !== 'F').reduce((s, g) => s + hitValue(g.weapons), 0);

/** Defence = 3/8 of the capacity of the vital systems, so the Bf 109 (16) has seed 002's 6. */
export const DEFENCE_FACTOR = 3 / 8;

/** Capacity of the systems whose loss downs a plane: C + L + E x engines + W + F (+ T when rated). */
export const vitalCapacity = (d: DamageCapacity, engines: number): number =>
  d.C + d.L + d.E * engines + d.W + d.F + (d.T ?? 0);

/** Defence of a card (both for fighters' odds and bombers' damage points), rounded half up. */
export const defence = (card: Pick<AircraftCard, 'damage' | 'engines'>): number =>
  Math.floor(vitalCapacity(card.damage, card.engines) * DEFENCE_FACTOR + 0.5);

/** Seed 002 section 4: medium and heavy bombers take damage points instead of odds. */
export const usesDamagePoints = (cls: AircraftClass): boolean =>
  cls === 'bomber2' || cls === 'bomber3' || cls === 'bomber4';

/**
 * Hits in the odds model come from one reference chart, the chart of HV 8 (8x30M), because the
 * firer's firepower enters through its HV: counting it in the hits too would count it twice. The
 * Spitfire I (HV 8) scores exactly its standard hits.
 */
export const ODDS_REFERENCE_CHART = '8x30M';
export const oddsHits = (range: number, modifiedTotal: number): number =>
  hitsFor(chartById(ODDS_REFERENCE_CHART)!, range, modifiedTotal);

export interface Odds {
  /** hits x HV / defence, unrounded. */
  ratio: number;
  /** The odds used: whole odds (D6) or half odds (D12) rounded down; 0.5 for 1:2, 0 below it. */
  odds: number;
  /** '2:1', '2.5:1', '1:1', '1:2', '<1:2'. */
  label: string;
}

/** Odds of an attack (seed 002 3.2.2-3.2.4, 6.1.3). Fractions are dropped; between 1:2 and 1:1 counts as 1:2. */
export function oddsOf(hits: number, hv: number, def: number, die: OddsDie): Odds {
  if (!(def > 0)) throw new RangeError(`defence must be positive, got ${def}`);
  const ratio = (hits * hv) / def;
  let odds: number;
  if (ratio >= 1) odds = die === 6 ? Math.floor(ratio) : Math.floor(ratio * 2) / 2;
  else odds = ratio >= 0.5 ? 0.5 : 0;
  const label = odds >= 1 ? `${odds}:1` : odds === 0.5 ? '1:2' : '<1:2';
  return { ratio, odds, label };
}

export interface OddsResult extends Odds {
  outcome: OddsOutcome;
  /** The dice used, in order (a second die only after a first 1 in the special cases). */
  rolls: number[];
}

type Rolls = readonly number[] | (() => number);

function roller(rolls: Rolls, die: OddsDie): () => number {
  let i = 0;
  return () => {
    const v = typeof rolls === 'function' ? rolls() : rolls[i++];
    if (v === undefined || !Number.isInteger(v) || v < 1 || v > die)
      throw new RangeError(`need a D${die} roll, got ${v}`);
    return v;
  };
}

/**
 * Resolves one attack on a fighter or light bomber. D6 (seed 002 3.2.5-3.2.8): at 2:1 and better
 * shot down on a roll up to half the odds, damaged up to the odds; 1:1 a first 1, then 1-3 down,
 * 4-6 damaged; 1:2 a first 1, then 1 down, 2-3 damaged; below 1:2 a first 1, then 1 damaged.
 * D12 (6.1): down up to the odds, damaged up to twice the odds; 1:2 a first 1, then 1-6 down,
 * 7-12 damaged; below 1:2 a first 1, then 1-2 down, 3-6 damaged.
 */
export function oddsResult(hits: number, hv: number, def: number, die: OddsDie, rolls: Rolls): OddsResult {
  const o = oddsOf(hits, hv, def, die);
  if (hits <= 0 || hv <= 0) return Object.assign({}, o, { outcome: 'none' as const, rolls: [] as number[] });
  const next = roller(rolls, die);
  const used: number[] = [];
  const roll = (): number => {
    const v = next();
    used.push(v);
    return v;
  };
  const done = (outcome: OddsOutcome): OddsResult => Object.assign({}, o, { outcome, rolls: used });
  const first = roll();
  const special = die === 6 ? o.odds < 2 : o.odds < 1;
  if (!special) {
    const downTo = die === 6 ? o.odds / 2 : o.odds;
    const damagedTo = die === 6 ? o.odds : o.odds * 2;
    return done(first <= downTo ? 'down' : first <= damagedTo ? 'damaged' : 'none');
  }
  if (first !== 1) return done('none');
  const second = roll();
  if (die === 6) {
    if (o.odds === 1) return done(second <= 3 ? 'down' : 'damaged');
    if (o.odds === 0.5) return done(second === 1 ? 'down' : second <= 3 ? 'damaged' : 'none');
    return done(second === 1 ? 'damaged' : 'none');
  }
  if (o.odds === 0.5) return done(second <= 6 ? 'down' : 'damaged');
  return done(second <= 2 ? 'down' : second <= 6 ? 'damaged' : 'none');
}

/** Seed 002 5.4: a damaged fighter damaged again is shot down. */
export function combineOutcomes(before: OddsOutcome, now: OddsOutcome): OddsOutcome {
  if (before === 'down' || now === 'down') return 'down';
  if (before === 'damaged' && now === 'damaged') return 'down';
  return before === 'damaged' || now === 'damaged' ? 'damaged' : 'none';
}

/** HV per bomber damage point (seed 002 4.1.3). */
export const HV_PER_DAMAGE_POINT = 8;

/**
 * The roll a bomber attack's leftover HV (below 8) needs for one more point, 0 when there is no
 * roll. D6 (4.1.7): 4-7 HV on 1-3. D12 (6.1.7): 2-3 HV on 1-3, 4-5 on 1-6, 6-7 on 1-9.
 */
export function leftoverThreshold(leftover: number, die: OddsDie): number {
  if (die === 6) return leftover >= 4 ? 3 : 0;
  return leftover >= 6 ? 9 : leftover >= 4 ? 6 : leftover >= 2 ? 3 : 0;
}

export interface BomberDamage {
  hv: number;
  /** Points from whole multiples of 8 HV. */
  points: number;
  leftover: number;
  /** The roll needed for the leftover's point; 0 = no roll. */
  threshold: number;
  roll?: number;
  /** points plus the leftover's point when rolled. */
  total: number;
}

/** Damage points of one attack on a medium or heavy bomber (seed 002 4.1.3, 4.1.7, 6.1.7). */
export function bomberDamage(hv: number, die: OddsDie, roll?: number): BomberDamage {
  if (!Number.isInteger(hv) || hv < 0) throw new RangeError(`bad HV ${hv}`);
  const points = Math.floor(hv / HV_PER_DAMAGE_POINT);
  const leftover = hv - points * HV_PER_DAMAGE_POINT;
  const threshold = leftoverThreshold(leftover, die);
  if (threshold === 0) return { hv, points, leftover, threshold, total: points };
  if (roll === undefined || !Number.isInteger(roll) || roll < 1 || roll > die)
    throw new RangeError(`the leftover ${leftover} HV needs a D${die} roll`);
  return { hv, points, leftover, threshold, roll, total: points + (roll <= threshold ? 1 : 0) };
}

/** A bomber's state from its damage points (4.1.4, 4.1.6): down at its defence, damaged at half. */
export function bomberStatus(points: number, def: number): OddsOutcome {
  if (points >= def) return 'down';
  return points * 2 >= def ? 'damaged' : 'none';
}
