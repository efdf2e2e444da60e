/**
 * Pilot quality and the loaded condition (seed 002 section 9, "Pilots and Aircraft Ratings"),
 * translated from Down in Flames' hands of cards and bursts into the plotted game. docs/rules.md
 * "Pilots and the loaded condition" gives each translation and the reasoning.
 *
 * A game rates its pilots when its scenario says so (`options: { pilots: true }`, a `pilot:` on
 * any plane, or a campaign game): every plane then carries a PilotState, regular unless rated,
 * and section 9 applies whole, the loaded condition of 9.2 included. A plane without a PilotState
 * flies as before.
 *
 * - recruit (9.1.1): two cards fewer, a Burst fewer: every turn mode one worse, -1 on its shots.
 * - green (9.1.3): two cards fewer: every turn mode one worse.
 * - regular (9.1.5): as the card.
 * - veteran (9.1.6): one card more: bank modes one better (not below 1).
 * - ace (9.1.8): Agility, Speed and HP +1: every turn mode one better (not below 1), the top of
 *   each speed range one higher, one more power factor; and the ACE PILOT card once a game
 *   (pilots/ace-card.ts).
 * - crack shot (9.1.9): one more Burst: +1 on its shots; never subject to the ammunition rule.
 * - keen eyesight (9.1.10): +1 on its spotting rolls; a regular or veteran with keen eyesight
 *   starts the game as if it had just out-manoeuvred the enemy: +1 on its shots in turn 1.
 * - loaded (9.2.1-9.2.3): a fighter or light bomber with bombs or a torpedo aboard loses Agility
 *   2 when agile (over 4), else 1, and HP 1; its speed is unchanged. Agility 1 is a turn mode, as
 *   in the damaged figures of 5.1 (combat/odds.ts); the card's loaded figures stay under it.
 */
import type { AircraftCard, AltitudeBand, TurnModes } from '../aircraft/types.ts';

export const QUALITIES = ['recruit', 'green', 'regular', 'veteran', 'ace'] as const;
export type PilotQuality = (typeof QUALITIES)[number];

export interface PilotState {
  /** The pilot's name when a roster names him (campaigns); otherwise the plane's id stands. */
  name?: string;
  /** The roster's id of the pilot (campaigns), to carry the record back after the game. */
  id?: string;
  quality: PilotQuality;
  crackShot?: boolean;
  keenEyes?: boolean;
  /** Ace: the once-a-game ACE PILOT card has been played (pilots/ace-card.ts). */
  aceCardUsed?: boolean;
  /**
   * Seed 002 9.1.11: ratings are secret "until they have to be revealed in combat". True once the
   * pilot has fired at an enemy plane or played his ace's card: every side may see it from then on.
   */
  shown?: boolean;
}

/** A plane's pilot in a game that rates pilots. */
export interface Piloted {
  pilot?: PilotState;
}

const shift = (t: TurnModes, by: number, which: readonly (keyof TurnModes)[]): TurnModes => {
  const out = { ...t };
  for (const k of which) out[k] = Math.max(1, t[k] + by);
  return out;
};
const ALL: readonly (keyof TurnModes)[] = ['turn', 'slip', 'halfRoll', 'bank', 'halfLoop'];

/** Every printed turn mode moved by `by` (not below 1), or only the bank modes. */
export function shiftTurnModes(
  m: AltitudeBand['turnModes'],
  by: number,
  which: readonly (keyof TurnModes)[] = ALL,
): AltitudeBand['turnModes'] {
  return { maneuver: shift(m.maneuver, by, which), level: shift(m.level, by, which), dive: shift(m.dive, by, which) };
}

/** The band as the pilot flies it (9.1.1-9.1.8). */
export function pilotBand(band: AltitudeBand, quality: PilotQuality): AltitudeBand {
  switch (quality) {
    case 'recruit':
    case 'green':
      return Object.assign({}, band, { turnModes: shiftTurnModes(band.turnModes, 1) });
    case 'veteran':
      return Object.assign({}, band, { turnModes: shiftTurnModes(band.turnModes, -1, ['bank']) });
    case 'ace': {
      const faster = (v: number): number => v + 1;
      return {
        ...band,
        turnModes: shiftTurnModes(band.turnModes, -1),
        power: band.power + 1,
        maneuverMax: faster(band.maneuverMax),
        levelMax: faster(band.levelMax),
        diveMax: faster(band.diveMax),
      };
    }
    default:
      return band;
  }
}

/** Fighters and light bombers: the classes 9.2 penalises (medium and heavy bombers are not). */
const LOADED_CLASSES: readonly AircraftCard['class'][] = ['fighter1', 'fighter2', 'divebomber', 'torpedo'];
export const takesLoadedPenalty = (card: AircraftCard): boolean => LOADED_CLASSES.includes(card.class);

/**
 * Agility over 4 (9.2.1), read off the card: a fighter with a printed manoeuvre-range turn mode
 * of 2 or less at the altitude, as the Spitfire's, the Zero's and the Bf 109's; not the P-47 (4),
 * and never a light bomber (Down in Flames rates the Ju 87, the SBD and their kind 4 or less).
 */
export const isAgile = (card: AircraftCard, band: AltitudeBand): boolean =>
  (card.class === 'fighter1' || card.class === 'fighter2') && band.turnModes.maneuver.turn <= 2;

/**
 * Whether the loaded condition of 9.2 weighs on the plane: a rated game's fighter or light bomber
 * with its load aboard, not damaged (9.2.4: a damaged one has jettisoned).
 */
export const loadedPenaltyApplies = (card: AircraftCard, cond: { bombsAboard?: boolean; damaged: boolean }): boolean =>
  !!cond.bombsAboard && !cond.damaged && takesLoadedPenalty(card);

/** The turn-mode steps Agility "by 2 if more than 4, otherwise by 1" costs: the loaded condition (9.2.1) and damage (5.1.2). */
export const agilitySteps = (card: AircraftCard, clean: AltitudeBand): number => (isAgile(card, clean) ? 2 : 1);

/** 9.2.1-9.2.3 on a band: turn modes worse by the agility lost, a power factor less (not below 1), speeds unchanged. */
export function loadedBand(card: AircraftCard, band: AltitudeBand, clean: AltitudeBand): AltitudeBand {
  return Object.assign({}, band, {
    turnModes: shiftTurnModes(band.turnModes, agilitySteps(card, clean)),
    power: band.power > 1 ? band.power - 1 : band.power,
  });
}

/**
 * The modifier on a pilot's 2D6 gunnery throw, with the reasons (9.1.1, 9.1.9, 9.1.10): recruit
 * -1, crack shot +1, a regular or veteran with keen eyesight +1 in the game's first turn.
 */
export function gunneryModifier(pilot: PilotState | undefined, turn: number): { drm: number; why: string[] } {
  if (!pilot) return { drm: 0, why: [] };
  let drm = 0;
  const why: string[] = [];
  if (pilot.quality === 'recruit') {
    drm -= 1;
    why.push('-1 recruit');
  }
  if (pilot.crackShot) {
    drm += 1;
    why.push('+1 crack shot');
  }
  if (pilot.keenEyes && turn === 1 && (pilot.quality === 'regular' || pilot.quality === 'veteran')) {
    drm += 1;
    why.push('+1 keen eyesight, first turn');
  }
  return { drm, why };
}

/** Keen eyesight (9.1.10): one more on the spotting roll (the number needed, at most 6). */
export const spottingBonus = (pilot: PilotState | undefined): number => (pilot?.keenEyes ? 1 : 0);

/**
 * The two-phase initiative (seed 003 with 9.1): a side's d6 for a tie of speed gets +1 when one of
 * its tied planes is flown by an ace, -1 when every one of them is flown by a recruit.
 */
export function initiativeModifier(pilots: readonly (PilotState | undefined)[]): number {
  if (pilots.some((p) => p?.quality === 'ace')) return 1;
  if (pilots.length && pilots.every((p) => p?.quality === 'recruit')) return -1;
  return 0;
}

/** "ace, crack shot" / "regular". */
export function ratingText(p: PilotState): string {
  return [p.quality, ...(p.crackShot ? ['crack shot'] : []), ...(p.keenEyes ? ['keen eyesight'] : [])].join(', ');
}
