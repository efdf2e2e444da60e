/**
 * Aircraft data cards derived from public historical figures. The formulas and the reasons for
 * them are in docs/aircraft.md; this file is their only implementation, and the ratings stored in
 * data/aircraft/*.yaml are checked against it (tests/core/aircraft).
 *
 * Scale (seed 000 III, seed 001 rules (1)-(29)): a turn is about 10 seconds, a speed point is one
 * hex a turn and stands for 40 mph, altitudes are in feet. Pure: no I/O, no randomness.
 */
import type {
  AircraftCard,
  AircraftClass,
  AircraftFigures,
  AircraftInput,
  AltitudeBand,
  DamageCapacity,
  TurnModes,
  WingLoadingGroup,
} from './types.ts';

/** One speed point (a hex a turn) in mph. */
export const MPH_PER_POINT = 40;
/** Floors of the altitude bands; the last band runs to the ceiling. */
export const BAND_FLOORS = [0, 10000, 20000, 30000] as const;
/** Maximum lift coefficient used for every type (clean wing, no flaps). */
const CL_MAX = 1.4;
/** Sea-level air density, slug per cubic foot (ISA). */
const RHO0 = 0.0023769;
const FPS_TO_MPH = 3600 / 5280;
/** Top level speed at the ceiling, as a fraction of the best top speed. */
const CEILING_SPEED_RATIO = 0.85;
/** Climb and power left at the altitude of best top speed, as a fraction of sea level. */
const POWER_AT_RATED_ALTITUDE = 0.8;
/** The manoeuvre range ends at this fraction of top level speed, or at corner speed if lower. */
const MANEUVER_FRACTION = 0.75;
/** Dives are limited by compressibility at this Mach number, by class (thicker wings, lower). */
const MACH_LIMIT: Record<AircraftClass, number> = {
  fighter1: 0.75,
  fighter2: 0.7,
  divebomber: 0.7,
  torpedo: 0.65,
  bomber2: 0.6,
  bomber3: 0.6,
  bomber4: 0.6,
};
/**
 * Where no placard dive speed is published: this many times the top level speed, the median of
 * the published ratios of the catalogue's cards when it was set (23 cards, 1.18).
 */
export const DIVE_LIMIT_ESTIMATE = 1.18;
/** Power factors per (hp per lb). */
const POWER_FACTORS_PER_HP_LB = 20;

/** Design load factor (g) by class: sets corner speed, the top of the manoeuvre range. */
const LOAD_FACTOR: Record<AircraftClass, number> = {
  fighter1: 6,
  fighter2: 5,
  divebomber: 5,
  torpedo: 4,
  bomber2: 3.5,
  bomber3: 3,
  bomber4: 3,
};
/** Turn modes added for size and inertia, by class. */
const CLASS_TURN_MODE: Record<AircraftClass, number> = {
  fighter1: 0,
  fighter2: 0,
  divebomber: 0,
  torpedo: 0,
  bomber2: 1,
  bomber3: 1,
  bomber4: 2,
};

/** Rounds to the nearest integer, halves up; the epsilon keeps 8.5 from becoming 8.4999999. */
export const roundHalfUp = (x: number): number => Math.floor(x + 0.5 + 1e-9);
const ceilSafe = (x: number): number => Math.ceil(x - 1e-9);
const clamp = (lo: number, hi: number, x: number): number => Math.min(hi, Math.max(lo, x));
const toHundreds = (ft: number): number => 100 * roundHalfUp(ft / 100);
/** Whole speed points for a speed in mph (360 mph -> 9). */
export const points = (mph: number): number => roundHalfUp(mph / MPH_PER_POINT);

/** ISA temperature ratio (troposphere; constant above 36,089 ft). */
function temperatureRatio(h: number): number {
  return 1 - 6.8756e-6 * Math.min(h, 36089);
}

/** ISA density ratio sigma = rho / rho0 at altitude h (feet). */
export function densityRatio(h: number): number {
  if (h <= 36089) return temperatureRatio(h) ** 4.2559;
  return 0.29707 * Math.exp(-(h - 36089) / 20806);
}

/** Speed of sound, mph, at altitude h (feet). */
export function speedOfSoundMph(h: number): number {
  return 761.2 * Math.sqrt(temperatureRatio(h));
}

/** Stall speed (equivalent airspeed, mph) at a wing loading (lb/sq ft). */
export function stallSpeedMph(wingLoading: number): number {
  return Math.sqrt((2 * wingLoading) / (RHO0 * CL_MAX)) * FPS_TO_MPH;
}

/**
 * Top level speed (true airspeed, mph) at altitude h: linear from the sea-level figure to the top
 * speed at its altitude, then falling linearly to 85% of it at the ceiling.
 */
export function levelSpeedAt(f: AircraftFigures, ceiling: number, h: number): number {
  const ht = f.topSpeedAltFt;
  if (h <= ht) return ht > 0 ? f.seaLevelSpeedMph + ((f.topSpeedMph - f.seaLevelSpeedMph) * h) / ht : f.topSpeedMph;
  const past = Math.min(1, (h - ht) / (ceiling - ht));
  return f.topSpeedMph * (1 - (1 - CEILING_SPEED_RATIO) * past);
}

/**
 * Share of the sea-level climb rate and power left at altitude h: 1 at sea level, 0.8 at the
 * altitude of top speed (the engine's rated altitude), 0 at the ceiling.
 */
export function altitudeFactor(f: AircraftFigures, ceiling: number, h: number): number {
  const ht = f.topSpeedAltFt;
  if (h <= ht) return ht > 0 ? 1 - ((1 - POWER_AT_RATED_ALTITUDE) * h) / ht : 1;
  return POWER_AT_RATED_ALTITUDE * Math.max(0, (ceiling - h) / (ceiling - ht));
}

/** Maximum dive speed (true airspeed, mph): the placard IAS limit, capped by compressibility. */
export function diveSpeedAt(cls: AircraftClass, f: AircraftFigures, h: number): number {
  const limit = f.diveLimitMph ?? DIVE_LIMIT_ESTIMATE * f.topSpeedMph;
  return Math.min(limit / Math.sqrt(densityRatio(h)), MACH_LIMIT[cls] * speedOfSoundMph(h));
}

/** Climb per turn (feet): the climb rate for 10 seconds, to the nearest 100, 100 to 1000. */
export const climbPerTurn = (ftPerMin: number): number => clamp(100, 1000, toHundreds(ftPerMin / 6));

/** Power factors (seed 001 rules (14), (15)) from power per weight and the altitude factor. */
export const powerFactors = (hp: number, weightLb: number, factor: number): number =>
  clamp(1, 6, roundHalfUp((POWER_FACTORS_PER_HP_LB * hp * factor) / weightLb));

/**
 * Printed turn modes of a band (seed 001 rules (1)-(6)). The base comes from the wing loading,
 * raised gently with altitude (wing loading / sigma^0.25) and by class; level speeds add 1 and dive
 * speeds 2. The minimums of rules (26)-(28) are applied at play time, not here.
 */
export function turnModesFor(cls: AircraftClass, wingLoading: number, h: number, power: number) {
  const effective = wingLoading / densityRatio(h) ** 0.25;
  const base = clamp(1, 7, 1 + Math.floor((effective - 17) / 10) + CLASS_TURN_MODE[cls]);
  const modes = (add: number): TurnModes => ({
    turn: base + add,
    slip: base + add,
    halfRoll: base + 1 + add,
    bank: Math.max(1, base - 1) + add,
    halfLoop: base + 1 + (power <= 1 ? 1 : 0) + add,
  });
  return { maneuver: modes(0), level: modes(1), dive: modes(2) };
}

/**
 * Row of the manoeuvre speed-loss table (seed 001 rule (29)): the row the rule names the type in
 * when given; otherwise twin-engine fighters and bombers are HEAVY and the rest go by wing loading.
 */
export function wingLoadingGroup(cls: AircraftClass, wingLoading: number, named?: WingLoadingGroup): WingLoadingGroup {
  if (named) return named;
  if (cls !== 'fighter1' && cls !== 'divebomber' && cls !== 'torpedo') return 'HEAVY';
  if (wingLoading < 27) return 'LWL';
  if (wingLoading < 33) return 'MWL';
  if (wingLoading < 38) return 'P40';
  if (wingLoading < 44) return 'P51';
  if (wingLoading < 48) return 'P47';
  if (wingLoading < 52) return 'FW190';
  return 'HEAVY';
}

/**
 * Damage capacity (hits to destroy each system). C, L and E are set so that seed 001's combat
 * example holds: a location roll puts about one hit on C, L or E, and a red 5 / red 6 critical adds
 * 1 / 2 more; the lightly built A6M2 (C 2, L 2, E 3) is then downed by C or L with red 5 or 6 and
 * by E with red 6, the P-40C (C 3, L 3, E 3) by red 6 only (docs/aircraft.md).
 */
export function damageCapacity(input: AircraftInput): DamageCapacity {
  const f = input.figures;
  const light = f.lightStructure === true;
  const size = Math.sqrt(f.loadedWeightLb / 1000);
  const bigRadial = f.engineType === 'radial' && f.powerHp / input.engines >= 1500;
  return {
    C: (light ? 2 : 3) + (input.crew >= 4 ? 1 : 0),
    L: (light ? 2 : 3) + (f.loadedWeightLb >= 20000 ? 1 : 0),
    E: 3 + (bigRadial ? 1 : 0),
    W: Math.max(2, roundHalfUp(1.5 * size) - (light ? 1 : 0)),
    F: Math.max(2, roundHalfUp(1.25 * size) - (light ? 1 : 0)),
    G: 2,
  };
}

const isBomber = (cls: AircraftClass): boolean => cls === 'bomber2' || cls === 'bomber3' || cls === 'bomber4';

/** Brake factors (seed 001 rule (15)): dive brakes 4; light fighters 2; everything else 1. */
export function brakeFactors(cls: AircraftClass, wingLoading: number): number {
  if (cls === 'divebomber') return 4;
  if ((cls === 'fighter1' || cls === 'fighter2') && wingLoading < 35) return 2;
  return 1;
}

/** The speeds of one condition (clean or loaded) at altitude h, in whole points, in order. */
function speedRanges(input: AircraftInput, ceiling: number, h: number, speedFactor: number, minSpeed: number) {
  const f = input.figures;
  const level = levelSpeedAt(f, ceiling, h) * speedFactor;
  const corner = (stallSpeedMph(f.wingLoadingLbFt2) * Math.sqrt(LOAD_FACTOR[input.class])) / Math.sqrt(densityRatio(h));
  const levelMax = Math.max(points(level), minSpeed + 1);
  const maneuverMax = clamp(minSpeed, levelMax - 1, points(Math.min(corner, MANEUVER_FRACTION * level)));
  const diveMax = Math.max(points(diveSpeedAt(input.class, f, h)), levelMax + 1);
  return { maneuverMax, levelMax, diveMax };
}

/** One altitude band of the card, judged at the middle of the band. */
export function deriveBand(input: AircraftInput, ceiling: number, floor: number, top: number): AltitudeBand {
  const f = input.figures;
  const h = (floor + top) / 2;
  const cleanWeight = f.loadedWeightLb - f.bombLoadLb;
  const factor = altitudeFactor(f, ceiling, h);
  const minSpeed = Math.max(
    1,
    ceilSafe(stallSpeedMph(f.wingLoadingLbFt2) / Math.sqrt(densityRatio(h)) / MPH_PER_POINT),
  );
  const clean = speedRanges(input, ceiling, h, 1, minSpeed);
  const power = powerFactors(f.powerHp, cleanWeight, factor);
  const band: AltitudeBand = {
    floor,
    top,
    minSpeed,
    ...clean,
    turnModes: turnModesFor(input.class, f.wingLoadingLbFt2, h, power),
    climb: climbPerTurn(f.climbFtMin * factor),
    dive: toHundreds((isBomber(input.class) ? 150 : 200) * clean.levelMax),
    power,
    brake: brakeFactors(input.class, f.wingLoadingLbFt2),
  };
  if (f.bombLoadLb > 0) {
    const share = f.bombLoadLb / f.loadedWeightLb;
    const loaded = speedRanges(input, ceiling, h, 1 - 0.5 * share, minSpeed);
    band.loaded = {
      maneuverMax: Math.min(loaded.maneuverMax, clean.maneuverMax),
      levelMax: Math.min(loaded.levelMax, clean.levelMax),
      diveMax: clean.diveMax,
      climb: climbPerTurn(f.climbFtMin * factor * (1 - share) ** 2),
      power: powerFactors(f.powerHp, f.loadedWeightLb, factor),
    };
  }
  return band;
}

/** The altitude bands below a ceiling: [0,10000), [10000,20000), [20000,30000), [30000, ceiling]. */
export function bandLimits(ceiling: number): { floor: number; top: number }[] {
  const out: { floor: number; top: number }[] = [];
  BAND_FLOORS.forEach((floor, i) => {
    if (floor >= ceiling) return;
    const top = i === BAND_FLOORS.length - 1 ? ceiling : Math.min(floor + 10000, ceiling);
    out.push({ floor, top });
  });
  return out;
}

/** The full data card for an aircraft input (figures plus the facts that are not figures). */
export function deriveCard(input: AircraftInput): AircraftCard {
  const ceiling = toHundreds(input.figures.ceilingFt);
  const card: AircraftCard = {
    id: input.id,
    name: input.name,
    nation: input.nation,
    class: input.class,
    engines: input.engines,
    crew: input.crew,
    wingLoading: wingLoadingGroup(input.class, input.figures.wingLoadingLbFt2, input.rule29Group),
    ceiling,
    bands: bandLimits(ceiling).map(({ floor, top }) => deriveBand(input, ceiling, floor, top)),
    guns: input.guns.map((g) => ({
      ...g,
      weapons: g.weapons.map((w) => ({ ...w })),
      ...(g.arc ? { arc: [...g.arc] } : {}),
    })),
    damage: damageCapacity(input),
    figures: { ...input.figures, sources: [...input.figures.sources] },
  };
  if (input.rule29Group) card.rule29Group = input.rule29Group;
  if (input.rockets) card.rockets = { ...input.rockets };
  return card;
}

/** The input part of a card (what `deriveCard` needs), e.g. to re-derive a stored card. */
export function inputOf(card: AircraftCard): AircraftInput {
  const input: AircraftInput = {
    id: card.id,
    name: card.name,
    nation: card.nation,
    class: card.class,
    engines: card.engines,
    crew: card.crew,
    guns: card.guns,
    figures: card.figures,
  };
  if (card.rule29Group) input.rule29Group = card.rule29Group;
  if (card.rockets) input.rockets = card.rockets;
  return input;
}
