/**
 * Weapons and weapon mixes (seed 001 combat: fire tables "by weapon type mix"). Each weapon type
 * of the data cards gets a firepower weight derived from representative ballistic figures, and a
 * pattern range that sets how fast its effect falls off with range. docs/combat.md, "The firepower
 * model", explains the formulas; the fire tables (fire-tables.ts) and the hit values of the odds
 * model (odds.ts) both read their weights from here.
 */
import type { WeaponType } from '../aircraft/types.ts';

export interface WeaponCount {
  type: WeaponType;
  count: number;
}

/** Representative figures of one weapon type (the gun the type is named after). */
export interface WeaponBallistics {
  type: WeaponType;
  /** The gun whose figures stand for the type. */
  gun: string;
  /** Rate of fire, rounds per second. */
  roundsPerSecond: number;
  /** Projectile mass, kg. */
  projectileKg: number;
  /** Muzzle velocity, m/s. */
  muzzleVelocity: number;
  /** High-explosive filler per round, kg (0 for ball and armour-piercing ammunition). */
  explosiveKg: number;
}

/** Chemical energy released by one kilogram of high explosive, joules (TNT equivalent). */
export const EXPLOSIVE_J_PER_KG = 4.2e6;

/**
 * Seed 001 combat: the original's flexible firepower counts each rifle-calibre gun as 1 point and
 * each heavy machine gun as 2 ("4 FP from a double 50 cal turret", "30 caliber MGs (each 1FP)").
 * The figures below reproduce that scale (30M 1, 50M 2) and extend it to the cannon.
 */
export const WEAPONS: Readonly<Record<WeaponType, WeaponBallistics>> = {
  '30M': {
    type: '30M',
    gun: '.303 in Browning Mk II',
    roundsPerSecond: 19.2,
    projectileKg: 0.0113,
    muzzleVelocity: 745,
    explosiveKg: 0,
  },
  '50M': {
    type: '50M',
    gun: '.50 in Browning M2',
    roundsPerSecond: 13.3,
    projectileKg: 0.0459,
    muzzleVelocity: 887,
    explosiveKg: 0,
  },
  '20C': {
    type: '20C',
    gun: '20 mm Hispano Mk II',
    roundsPerSecond: 11.7,
    projectileKg: 0.13,
    muzzleVelocity: 880,
    explosiveKg: 0.01,
  },
  '30C': {
    type: '30C',
    gun: '30 mm MK 108',
    roundsPerSecond: 10,
    projectileKg: 0.33,
    muzzleVelocity: 505,
    explosiveKg: 0.085,
  },
  '37C': {
    type: '37C',
    gun: '37 mm M4',
    roundsPerSecond: 2.5,
    projectileKg: 0.608,
    muzzleVelocity: 610,
    explosiveKg: 0.045,
  },
};

/** Weapon types from the heaviest to the lightest: the order of a mix's name ("2x20C+4x30M"). */
export const WEAPON_ORDER: readonly WeaponType[] = ['37C', '30C', '20C', '50M', '30M'];

/** Energy delivered per round on a hit, joules: muzzle kinetic energy plus explosive filler. */
export function roundEnergy(w: WeaponBallistics): number {
  return 0.5 * w.projectileKg * w.muzzleVelocity ** 2 + w.explosiveKg * EXPLOSIVE_J_PER_KG;
}

/** Weight of fire, kg per second (for the record; the model uses energy). */
export const weightOfFire = (w: WeaponBallistics): number => w.roundsPerSecond * w.projectileKg;

/**
 * The unrounded weight of a weapon relative to the rifle-calibre machine gun: the geometric mean
 * of its rate of fire (chances to hit) and its energy per round (damage per hit), that is
 * sqrt(rounds per second x energy per round), over the same for the 30M.
 */
export function rawWeight(type: WeaponType): number {
  const w = WEAPONS[type];
  const ref = WEAPONS['30M'];
  return Math.sqrt((w.roundsPerSecond * roundEnergy(w)) / (ref.roundsPerSecond * roundEnergy(ref)));
}

/** Firepower weight of one weapon of a type: rawWeight rounded to a whole number (30M 1 ... 30C 8). */
export const weaponWeight = (type: WeaponType): number => Math.round(rawWeight(type));

/**
 * Pattern range in hexes: the range at which the target covers 1 - 1/e of the burst's pattern.
 * 3 hexes (the seed's "normal close range shot") at 800 m/s, in proportion to muzzle velocity:
 * a slower projectile flies longer, so lead and drop errors grow and its pattern opens sooner.
 */
export const PATTERN_RANGE_HEXES = 3;
export const PATTERN_VELOCITY = 800;
export const patternRange = (type: WeaponType): number =>
  (PATTERN_RANGE_HEXES * WEAPONS[type].muzzleVelocity) / PATTERN_VELOCITY;

/**
 * Share of a burst that can reach the target at range r (hexes): 1 - exp(-(r0/r)^2), the share of
 * a circular normal pattern falling on a target of fixed size, with r0 the pattern range.
 */
export function patternShare(type: WeaponType, range: number): number {
  const r0 = patternRange(type);
  return 1 - Math.exp(-((r0 / range) ** 2));
}

/** Merges duplicates, drops zero counts and sorts heaviest first. */
export function normalizeMix(mix: readonly WeaponCount[]): WeaponCount[] {
  const counts = new Map<WeaponType, number>();
  for (const { type, count } of mix) {
    if (!Number.isInteger(count) || count < 0) throw new Error(`bad weapon count ${count} for ${type}`);
    if (!(type in WEAPONS)) throw new Error(`unknown weapon type ${String(type)}`);
    counts.set(type, (counts.get(type) ?? 0) + count);
  }
  return WEAPON_ORDER.filter((t) => (counts.get(t) ?? 0) > 0).map((t) => ({ type: t, count: counts.get(t) as number }));
}

/** The name of a mix, heaviest weapon first: "2x20C+4x30M". */
export const mixId = (mix: readonly WeaponCount[]): string =>
  normalizeMix(mix)
    .map((w) => `${w.count}x${w.type}`)
    .join('+');

/** Parses a mix name ("2x20C+4x30M"); undefined when it is not one. */
export function parseMixId(id: string): WeaponCount[] | undefined {
  const parts = id.split('+').map((p) => /^(\d+)x(30M|50M|20C|30C|37C)$/i.exec(p.trim()));
  if (parts.some((m) => !m)) return undefined;
  return normalizeMix(
    parts.map((m) => ({
      type: (m as RegExpExecArray)[2]!.toUpperCase() as WeaponType,
      count: Number((m as RegExpExecArray)[1]),
    })),
  );
}

/** Firepower of a mix: the sum of count x weight (8x30M = 8, 2x50M + 4x20C = 20). */
export const firepower = (mix: readonly WeaponCount[]): number =>
  mix.reduce((s, w) => s + w.count * weaponWeight(w.type), 0);

/** Rounds per second of a mix: how many chances a burst has to hit. */
export const roundsPerSecond = (mix: readonly WeaponCount[]): number =>
  mix.reduce((s, w) => s + w.count * WEAPONS[w.type].roundsPerSecond, 0);

/** Firepower of a mix by weapon type. */
export function firepowerByType(mix: readonly WeaponCount[]): Record<WeaponType, number> {
  const out: Record<WeaponType, number> = { '37C': 0, '30C': 0, '20C': 0, '50M': 0, '30M': 0 };
  for (const w of mix) out[w.type] += w.count * weaponWeight(w.type);
  return out;
}
