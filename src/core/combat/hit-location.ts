/**
 * Hit location and critical hits (seed 001 combat: "Hit location and final hit result D10 rolls").
 * The D10 tables for 1, 2, 3 and 4 hits against single-engine (1E) and multi-engine (ME) targets
 * are pictures in the seed; these are ours, built around its one printed entry (4 hits vs ME,
 * D10 5 = WFEE*) and its examples. docs/combat.md, "Hit location", prints them with their reasons.
 */
import type { DamageCapacity } from '../aircraft/types.ts';

/** C cockpit/crew, L control lines, E engine, W wings, F fuselage, G gun position. */
export type System = 'C' | 'L' | 'E' | 'W' | 'F' | 'G';
export type Side = 'left' | 'right';
export type Place = Side | 'centre';

/**
 * HIT_TABLES[target][hits - 1][d10 - 1]. A trailing `*` marks a critical: the red die may add hits
 * to that entry's C, L or E system. Against 1E targets every C, L or E entry of 2 or more hits is
 * critical (seed 001: "An A6M2 Zero hit with any C or L hit and a red die 5 or 6 will be shot
 * down"); against ME targets only the starred ones are (the seed's WFEE*).
 */
export const HIT_TABLES: Readonly<Record<'1E' | 'ME', readonly (readonly string[])[]>> = {
  '1E': [
    ['W', 'F', 'W', 'E', 'F', 'W', 'G', 'E', 'C', 'L'],
    ['WF', 'WW', 'FE*', 'WF', 'WG', 'FF', 'WC*', 'FE*', 'WL*', 'EG*'],
    ['WWF', 'WFF', 'WFE*', 'FEG*', 'WFC*', 'WWE*', 'FEL*', 'WFG', 'WEC*', 'WFG'],
    ['WWFG', 'WFFE*', 'WWFE*', 'WFFG', 'WFEC*', 'WWFG', 'FFEL*', 'WFEG*', 'WWEC*', 'WFEL*'],
  ],
  ME: [
    ['W', 'F', 'E', 'W', 'F', 'E', 'W', 'F', 'E', 'G'],
    ['WF', 'WW', 'FE', 'WE', 'FF', 'WG', 'FE*', 'EE*', 'WC*', 'FG'],
    ['WWF', 'WFE', 'FFE*', 'WFG', 'WEE*', 'FFE', 'WFC*', 'WEG', 'FEL*', 'WFE'],
    ['WWFF', 'WFEE', 'WFFE*', 'WWEG', 'WFEE*', 'FFEG', 'WFEC*', 'WWFE', 'FEEL*', 'WWFC*'],
  ],
};

const checkD10 = (d: number): void => {
  if (!Number.isInteger(d) || d < 1 || d > 10) throw new RangeError(`D10 roll ${d} is not 1-10`);
};

/** The table entry for 1-4 hits and a D10. */
export function tableEntry(hits: number, d10: number, multiEngine: boolean): string {
  if (!Number.isInteger(hits) || hits < 1 || hits > 4) throw new RangeError(`the tables give 1-4 hits, not ${hits}`);
  checkD10(d10);
  return (HIT_TABLES[multiEngine ? 'ME' : '1E'][hits - 1] as readonly string[])[d10 - 1] as string;
}

/** Odd D10: the left-hand system; even: the right-hand one (seed 001). */
export const sideOf = (d10: number): Side => (d10 % 2 === 1 ? 'left' : 'right');

/** Hits over 4 are taken in 4s and a trailing 2: 6 = 4+2, 10 = 4+4+2, 16 = 4+4+4+4. */
export function splitHits(hits: number): number[] {
  if (!Number.isInteger(hits) || hits < 0) throw new RangeError(`bad hit count ${hits}`);
  const out: number[] = [];
  let left = hits;
  while (left > 4) {
    out.push(4);
    left -= 4;
  }
  if (left > 0) out.push(left);
  return out;
}

/** How many D10s a result needs: one per group of splitHits. */
export const d10sNeeded = (hits: number): number => splitHits(hits).length;

/**
 * D10s thrown together with the 2D6 (seed 001): 2 when the shot could score 6 or more on its best
 * row, else 1. Results of 10-16 hits need 1-2 more, thrown afterwards.
 */
export const d10sWithShot = (bestHits: number): 1 | 2 => (bestHits >= 6 ? 2 : 1);

export interface LocationRoll {
  d10: number;
  hits: number;
  entry: string;
  critical: boolean;
  side: Side;
}

export interface SystemHit {
  system: System;
  /** The side the D10 names; it matters for two-sided systems (E on multi-engine planes, G). */
  side: Side;
  /** Index of the LocationRoll it comes from. */
  roll: number;
  /** From a starred entry: a candidate for the red die. */
  critical: boolean;
}

export interface Located {
  hits: number;
  rolls: LocationRoll[];
  systemHits: SystemHit[];
}

/** Locates a burst's hits with the given D10s, in order (extra D10s are not used). */
export function locate(hits: number, d10s: readonly number[], multiEngine: boolean): Located {
  const groups = splitHits(hits);
  if (d10s.length < groups.length) throw new RangeError(`${hits} hits need ${groups.length} D10s, got ${d10s.length}`);
  const rolls: LocationRoll[] = [];
  const systemHits: SystemHit[] = [];
  groups.forEach((n, i) => {
    const d10 = d10s[i] as number;
    const entry = tableEntry(n, d10, multiEngine);
    const critical = entry.endsWith('*');
    const side = sideOf(d10);
    rolls.push({ d10, hits: n, entry, critical, side });
    for (const ch of entry.replace('*', '')) systemHits.push({ system: ch as System, side, roll: i, critical });
  });
  return { hits, rolls, systemHits };
}

/** "D10 5: WFEE* (left)", one per roll, for reports. */
export const describeLocated = (l: Located): string =>
  l.rolls.map((r) => `D10 ${r.d10}: ${r.entry} (${r.side})`).join('; ');

/** Red die: +1 hit on 5, +2 on 6, nothing on 1-4 (seed 001). */
export const criticalExtra = (red: number): 0 | 1 | 2 => (red === 6 ? 2 : red === 5 ? 1 : 0);

const CRITICAL_ORDER: readonly System[] = ['C', 'L', 'E'];

export interface Critical {
  hit: SystemHit;
  extra: 1 | 2;
}

/**
 * The red die (seed 001: "The firing player chooses the system hit by these extra red die
 * critical hits"). Only shots of 2 or more hits, only C, L or E hits of starred entries. With no
 * player at hand the choice is made for the firer: the most damaging, that is the candidate with
 * the least capacity left once this shot's own hits are counted (`remainingAfter`), among those
 * this shot does not destroy already; ties go to C, then L, then E, then the earlier hit.
 */
export function applyCritical(
  located: Located,
  red: number,
  remainingAfter: (hit: SystemHit) => number,
): Critical | null {
  const extra = criticalExtra(red);
  if (extra === 0 || located.hits < 2) return null;
  let best: SystemHit | null = null;
  let bestLeft = Infinity;
  for (const h of located.systemHits) {
    if (!h.critical || !CRITICAL_ORDER.includes(h.system)) continue;
    // A system this shot's own hits already destroy (0 or less left) gains nothing from the extra
    // hits: it ranks after every system still standing (the most damaging choice, seed 001).
    const raw = remainingAfter(h);
    const left = raw > 0 ? raw : Number.MAX_SAFE_INTEGER;
    if (
      best === null ||
      left < bestLeft ||
      (left === bestLeft && CRITICAL_ORDER.indexOf(h.system) < CRITICAL_ORDER.indexOf(best.system))
    ) {
      best = h;
      bestLeft = left;
    }
  }
  return best ? { hit: best, extra } : null;
}

/** Is a system two-sided on a plane: G always (gun positions by side), E with 2 or more engines. */
export const isSided = (system: System, engines: number): boolean => system === 'G' || (system === 'E' && engines > 1);

/** Key of the system a hit strikes, for damage books: "E:left", "G:right", "W". */
export const systemKey = (hit: SystemHit, engines: number): string =>
  isSided(hit.system, engines) ? `${hit.system}:${hit.side}` : hit.system;

/**
 * A remainingAfter for applyCritical from a card's capacities: capacity minus hits already taken
 * (keyed by systemKey) minus this shot's hits on the same key. On a 4-engine plane the key is the
 * side, not the engine; damage code that tracks engines one by one passes its own function.
 */
export function remainingFromCapacity(
  located: Located,
  capacity: DamageCapacity,
  engines: number,
  taken: Readonly<Record<string, number>> = {},
): (hit: SystemHit) => number {
  const shot = new Map<string, number>();
  for (const h of located.systemHits) {
    const k = systemKey(h, engines);
    shot.set(k, (shot.get(k) ?? 0) + 1);
  }
  return (hit) => {
    const k = systemKey(hit, engines);
    return capacity[hit.system] - (taken[k] ?? 0) - (shot.get(k) ?? 0);
  };
}

/**
 * Where a hit on a two-sided system lands (seed 001: "Center line systems are only hit if the
 * outboard ones are both already destroyed"). `destroyed` lists the places the plane has, true when
 * destroyed. A plane with only a centre system takes the hit there. A hit on a destroyed side while
 * the other side still works falls on wreckage: null, no further effect.
 */
export function resolveSide(side: Side, destroyed: Partial<Record<Place, boolean>>): Place | null {
  const hasSides = destroyed.left !== undefined || destroyed.right !== undefined;
  if (!hasSides) return destroyed.centre === false ? 'centre' : null;
  if (destroyed[side] === false) return side;
  const outboardGone = destroyed.left !== false && destroyed.right !== false;
  return outboardGone && destroyed.centre === false ? 'centre' : null;
}

export interface EngineHit {
  /** Engine index, numbered from the left wingtip: 0 .. engines - 1. */
  index: number;
  name: string;
}

const ENGINE_NAMES: Readonly<Record<number, readonly string[]>> = {
  1: ['engine'],
  2: ['left engine', 'right engine'],
  3: ['left engine', 'centre engine', 'right engine'],
  4: ['left outer engine', 'left inner engine', 'right inner engine', 'right outer engine'],
};

/**
 * Which engine an E hit strikes. 1 engine: that engine. 2: the side's engine. 3: the side's
 * engine, the centre one only when both outboard are destroyed. 4: on the side named, the inner
 * engine (next to the fuselage, where the burst is aimed) while it runs, then the outer one.
 * null: every engine the hit could reach is already destroyed.
 */
export function resolveEngineHit(engines: number, side: Side, destroyed: readonly boolean[]): EngineHit | null {
  const names = ENGINE_NAMES[engines];
  if (!names) throw new RangeError(`no engine layout for ${engines} engines`);
  if (destroyed.length !== engines)
    throw new RangeError(`destroyed has ${destroyed.length} entries for ${engines} engines`);
  const hit = (index: number): EngineHit => ({ index, name: names[index] as string });
  if (engines === 1) return destroyed[0] ? null : hit(0);
  if (engines === 4) {
    const [inner, outer] = side === 'left' ? [1, 0] : [2, 3];
    if (!destroyed[inner]) return hit(inner);
    return destroyed[outer] ? null : hit(outer);
  }
  const place =
    engines === 2
      ? resolveSide(side, { left: !!destroyed[0], right: !!destroyed[1] })
      : resolveSide(side, { left: !!destroyed[0], centre: !!destroyed[1], right: !!destroyed[2] });
  if (place === null) return null;
  return hit(place === 'left' ? 0 : place === 'right' ? engines - 1 : 1);
}
