/**
 * A plane's damage and what it leaves working (seed 001 combat; seed 000 X.C.3): hits taken per
 * system, systems destroyed, engines still running, guns still firing. docs/rules.md, "Damage and
 * its effects", states each rule and the reading behind it.
 *
 * System keys: C, L, W, F (one each); E1..En (engines numbered from the left wingtip); GL, GR, GC
 * (gun positions on the left, on the right and on the centre line).
 */
import type { AircraftCard, GunGroup } from '../aircraft/types.ts';
import type { PlaneDamage, PlaneState } from '../state.ts';
import type { Place } from '../combat/hit-location.ts';
import type { PilotQuality } from '../pilots/quality.ts';

export const emptyDamage = (): PlaneDamage => ({ taken: {}, destroyed: [] });

export const isDestroyed = (p: PlaneState, key: string): boolean => !!p.damage?.destroyed.includes(key);

export const engineKey = (index: number): string => `E${index + 1}`;

/** Bombs still aboard: loaded and not jettisoned (seed 001's engine loss; seed 002 9.2.4). */
export const carriesBombs = (p: PlaneState): boolean => p.loaded && !p.damage?.jettisoned;

/**
 * Flies with its loaded figures and limits: a bomb load aboard, or jettisoned after an engine loss
 * (seed 001: "fly as loaded"); not once damaged in the odds model, where the bombs go (seed 002
 * 9.2.4) and the damaged figures of 5.1 apply instead.
 */
export const fliesLoaded = (p: PlaneState): boolean => p.loaded && !p.damage?.oddsDamaged;

/** Which engines are destroyed, index 0 at the left wingtip. */
export const enginesDestroyed = (card: AircraftCard, p: PlaneState): boolean[] =>
  Array.from({ length: card.engines }, (_, i) => isDestroyed(p, engineKey(i)));

/** Engines still running: each gives one power factor per impulse (seed 000 X.C.1). */
export const enginesWorking = (card: AircraftCard, p: PlaneState): number =>
  p.damage?.destroyed.length ? enginesDestroyed(card, p).filter((d) => !d).length : card.engines;

/** What worsens a plane's figures (movement/performance.ts effectiveBand). */
export interface BandCondition {
  /** Odds model: damaged (seed 002 5.1). */
  damaged: boolean;
  /** Rockets under the wings: turn modes one worse while carried (seed 002 7.1.4, Agility -1). */
  rocketsCarried: boolean;
  /** Rockets carried or fired: speeds one lower (7.1.4, Speed -1, kept after the attack). */
  rocketTubes: boolean;
  /** A rated pilot (seed 002 9.1, core/pilots): his quality shifts the figures. */
  quality?: PilotQuality;
  /** Seed 002 9.2: a rated game's plane with bombs or a torpedo still aboard (the card decides whether it is penalised). */
  bombsAboard?: boolean;
}

export const bandCondition = (p: PlaneState): BandCondition => ({
  damaged: !!p.damage?.oddsDamaged,
  rocketsCarried: p.rockets === 'carried',
  rocketTubes: p.rockets !== undefined,
  ...(p.pilot ? { quality: p.pilot.quality, bombsAboard: carriesBombs(p) } : {}),
});

/** Damaged in the odds model: the plane flies with the worse figures of seed 002 5.1. */
export const isOddsDamaged = (p: PlaneState): boolean => !!p.damage?.oddsDamaged;

/** Where a gun group sits: wing guns (FH) on both sides, flexible positions by their arc, the rest centre. */
export function gunPlaces(g: GunGroup): Place[] {
  if (g.mount === 'FH') return ['left', 'right'];
  if (g.mount !== 'F') return ['centre'];
  const arc = g.arc ?? [];
  const left = arc.includes(9);
  const right = arc.includes(3);
  if (left && !right) return ['left'];
  if (right && !left) return ['right'];
  return ['centre'];
}

const PLACE_KEY: Record<Place, string> = { left: 'GL', right: 'GR', centre: 'GC' };
export const gunKey = (place: Place): string => PLACE_KEY[place];

/** The gun places a card has, each with whether it is destroyed (for resolveSide). */
export function gunPlaceState(card: AircraftCard, p: PlaneState): Partial<Record<Place, boolean>> {
  const out: Partial<Record<Place, boolean>> = {};
  for (const g of card.guns) for (const place of gunPlaces(g)) out[place] = isDestroyed(p, gunKey(place));
  return out;
}

/**
 * The guns still firing: a destroyed gun place silences the groups there; wing guns lose the
 * destroyed wing's half (an odd gun counts on the left). Groups left without guns are dropped.
 */
export function workingGuns(card: AircraftCard, p: PlaneState): GunGroup[] {
  if (!p.damage?.destroyed.length) return card.guns;
  const out: GunGroup[] = [];
  for (const g of card.guns) {
    const places = gunPlaces(g);
    if (places.length === 1) {
      if (!isDestroyed(p, gunKey(places[0] as Place))) out.push(g);
      continue;
    }
    const weapons = g.weapons
      .map((w) => {
        const leftShare = Math.ceil(w.count / 2);
        const count = (isDestroyed(p, 'GL') ? 0 : leftShare) + (isDestroyed(p, 'GR') ? 0 : w.count - leftShare);
        return { type: w.type, count };
      })
      .filter((w) => w.count > 0);
    if (weapons.length) out.push(Object.assign({}, g, { weapons }));
  }
  return out;
}

/** Capacity of a system key on a card. */
export function capacityOf(card: AircraftCard, key: string): number {
  const d = card.damage;
  if (key.startsWith('E')) return d.E;
  if (key.startsWith('G')) return d.G;
  return d[key as 'C' | 'L' | 'W' | 'F'];
}

/** The system keys other than engines, in words. */
export const SYSTEM_NAMES: Readonly<Record<string, string>> = {
  C: 'cockpit',
  L: 'control lines',
  W: 'wings',
  F: 'fuselage',
  GL: 'left guns',
  GR: 'right guns',
  GC: 'centre-line guns',
};

/** "C", "left engine", "right gun positions": a system key in words for reports. */
export function systemName(card: AircraftCard, key: string): string {
  const named = SYSTEM_NAMES[key];
  if (named) return named;
  const i = Number(key.slice(1)) - 1;
  const layouts: Record<number, string[]> = {
    1: ['engine'],
    2: ['left engine', 'right engine'],
    3: ['left engine', 'centre engine', 'right engine'],
    4: ['left outer engine', 'left inner engine', 'right inner engine', 'right outer engine'],
  };
  return layouts[card.engines]?.[i] ?? `engine ${i + 1}`;
}
