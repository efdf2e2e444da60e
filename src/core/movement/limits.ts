/**
 * What governs a plane's next plot, as data: its active impulses, the boxes it needs, its turn
 * modes for each manoeuvre family now, the most it may climb and dive in the turn and in each
 * impulse, the power and brake factors it has, and every obligation the last turn left it. Read
 * with the functions the plan checker uses (performance.ts, altitude.ts, plan.ts), so the log
 * sheet and the orders template can never disagree with the referee.
 */
import type { AircraftCard, AltitudeBand } from '../aircraft/types.ts';
import type { Bank } from '../bank.ts';
import { bankIs } from '../bank.ts';
import { bandCondition, enginesWorking } from '../damage/state.ts';
import { movementPoints, movementRow } from '../impulse/schedule.ts';
import type { PlotMode } from '../../orders/ast.ts';
import type { Problem } from '../result.ts';
import { agilitySteps, loadedPenaltyApplies, type PilotQuality } from '../pilots/quality.ts';
import { type LastTurn, type PlaneState, writtenMan } from '../state.ts';
import { halfShallowDive, lastTurnDemand, normalDiveMax, steepTotal } from './altitude.ts';
import { familyOf } from './manoeuvres/registry.ts';
import {
  bandAt,
  bankMode,
  effectiveBand,
  perImpulseShare,
  powerAvailable,
  type SpeedRange,
  speedRange,
  turnMode,
  type TurnModeContext,
} from './performance.ts';

/** Classes that may dive vertically (seed 001 rule (20)). */
const VERTICAL_CLASSES: readonly AircraftCard['class'][] = ['fighter1', 'fighter2', 'divebomber'];

/**
 * Rule (20): whether a vertical dive may begin this turn: a fighter or dive bomber, after a dive
 * of at least half its maximum shallow dive last turn, from a level or inverted bank.
 */
export function verticalDiveEntry(
  card: AircraftCard,
  band: AltitudeBand,
  last: LastTurn,
  bank: Bank,
  plane: string,
): Problem[] {
  const out: Problem[] = [];
  const P = (code: string, message: string) => out.push({ code, rule: 'seed 001 rule (20)', plane, message });
  if (!VERTICAL_CLASSES.includes(card.class))
    P(
      'E_VD_CLASS',
      `${card.name} may not dive vertically: only dive bombers and one- or two-engine fighters can; dive steeply (SD) instead`,
    );
  const half = halfShallowDive(band);
  if (last.dived < half)
    P(
      'E_VD_ENTRY',
      `a vertical dive needs a dive of at least ${half} ft last turn (half the maximum shallow dive); last turn dived ${last.dived} ft: dive at least ${half} ft this turn (or SD) and go vertical next turn`,
    );
  if (bank !== 'N' && bank !== 'INV')
    P(
      'E_VD_BANK_START',
      `a vertical dive starts from a level or inverted bank; the plane is ${bankIs(bank)}: roll to N or INV this turn and go vertical next turn`,
    );
  return out;
}

/** The bank after the boxes carried over from last turn (seed 000 XI.C), as plan.ts flies them. */
export function bankAfterCarry(plane: PlaneState): Bank {
  let bank = plane.bank;
  const nowhere = { hex: plane.hex, facing: plane.facing, nextRight: true };
  for (const b of plane.carry?.boxes ?? [])
    bank = familyOf(b.man).fly(nowhere, bank, b, false, plane.carry?.mode ?? null).bank;
  return bank;
}

/** A per-turn maximum and its per-impulse share (seed 000 X.D.1-2): `base` feet in each impulse, `base + 100` in `extra` of them. */
export interface AltitudeLimit {
  feet: number;
  base: number;
  extra: number;
}

const share = (feet: number, n: number): AltitudeLimit => {
  const s = perImpulseShare(feet, n);
  return { feet, base: s.base * 100, extra: s.extra };
};

export type Obligation =
  | { kind: 'carried'; boxes: string[]; mode: PlotMode | null; fills: number; runsOn: number }
  | { kind: 'pull-out'; rule: string; after: 'VD' | 'SD'; minDive: number }
  | { kind: 'level-off'; rule: string }
  | { kind: 'vertical-dive'; rule: string; allowed: boolean; needs: number; dived: number; bank: Bank }
  | { kind: 'stall'; stalled: boolean; speed: number; minimum: number; stallsAt: number }
  | { kind: 'no-power'; rule: string; why: 'every-other-turn' | 'engines' | 'speed' }
  /** What the figures allow for: engines lost, the bomb load, damage, rockets (seed 000 X.C.1, seed 002 5.1, 7.1.4). */
  | { kind: 'condition'; effect: 'engines'; working: number; engines: number }
  | { kind: 'condition'; effect: 'loaded' | 'odds-damaged' | 'rockets-carried' | 'rocket-tubes' | 'jettisoned' }
  /** Seed 002 9.2: the loaded condition of a rated game, turn modes `steps` worse and a power factor less. */
  | { kind: 'condition'; effect: 'loaded-penalty'; steps: number }
  /** Seed 002 9.1: the pilot's quality when it changes the figures (not regular). */
  | { kind: 'condition'; effect: 'pilot'; quality: PilotQuality };

export interface PlaneLimits {
  plane: string;
  /** Movement points this turn, each an active impulse (twice in one impulse above speed 12). */
  points: number[];
  /** Boxes the player's plot needs: the points less those the carried-over manoeuvre takes. */
  need: number;
  /** The steep or vertical mode the turn is flown in because of the manoeuvre carried over. */
  mode: PlotMode | null;
  /** The card's figures at the plane's altitude, with load and damage applied. */
  band: AltitudeBand;
  range: SpeedRange;
  /** Turn modes now (rules (2), (26)-(28)); `bank1`/`bank2` for a 1- and a 2-point roll. */
  modes: { turn: number; slip: number; halfRoll: number; bank1: number; bank2: number; halfLoop: number };
  /** The most it may climb and dive this turn in level flight (rules (16), (17)) or in its carried-over steep mode. */
  climb: AltitudeLimit;
  dive: AltitudeLimit;
  /** Steep climb at most, steep and vertical dive exactly (rules (18)-(20)), feet a turn. */
  steep: { climb: number; dive: number; vertical: number };
  power: number;
  brake: number;
  obligations: Obligation[];
}

/** The highest speed (tenths) at which the plane stalls in this band: its row is under the minimum. */
export const stallSpeed = (band: AltitudeBand): number => band.minSpeed * 10 - 5;

/**
 * Rule (20): the vertical dive a fighter or dive bomber that dived last turn may begin or not, from
 * its bank after the boxes carried over (`afterCarry`) or its bank now.
 */
function verticalDiveObligation(
  card: AircraftCard,
  band: AltitudeBand,
  plane: PlaneState,
  afterCarry: boolean,
): Obligation {
  const bank = afterCarry ? bankAfterCarry(plane) : plane.bank;
  const allowed = verticalDiveEntry(card, band, plane.last, bank, plane.id).length === 0;
  return {
    kind: 'vertical-dive',
    rule: 'seed 001 rule (20)',
    allowed,
    needs: halfShallowDive(band),
    dived: plane.last.dived,
    bank,
  };
}

/**
 * Why a plane with power factors has none this turn (seed 001 rules (14), (25); seed 000 X.C.1):
 * its speed (in the dive range or at the level maximum), engines lost, or power only every other turn.
 */
function noPowerObligation(
  card: AircraftCard,
  band: AltitudeBand,
  speed: number,
  row: number,
  working: number,
): Obligation {
  const why =
    speedRange(band, speed) === 'dive' || row >= band.levelMax
      ? 'speed'
      : working < card.engines
        ? 'engines'
        : 'every-other-turn';
  return {
    kind: 'no-power',
    rule: why === 'engines' ? 'seed 000 X.C.1' : 'seed 001 rules (14), (25)',
    why,
  };
}

/**
 * The conditions the figures allow for, in their order (seed 000 X.C.1, seed 002 5.1, 7.1.4, 9.1,
 * 9.2): engines lost, the bomb load, odds damage, rockets, jettisoned stores, the loaded penalty of
 * a rated game, the pilot's quality.
 */
function pushConditions(obligations: Obligation[], card: AircraftCard, plane: PlaneState, working: number): void {
  if (working < card.engines)
    obligations.push({ kind: 'condition', effect: 'engines', working, engines: card.engines });
  const cond = bandCondition(plane);
  if (plane.loaded && bandAt(card, plane.altitude).loaded) obligations.push({ kind: 'condition', effect: 'loaded' });
  if (cond.damaged) obligations.push({ kind: 'condition', effect: 'odds-damaged' });
  if (cond.rocketsCarried) obligations.push({ kind: 'condition', effect: 'rockets-carried' });
  if (cond.rocketTubes) obligations.push({ kind: 'condition', effect: 'rocket-tubes' });
  if (plane.damage?.jettisoned) obligations.push({ kind: 'condition', effect: 'jettisoned' });
  if (loadedPenaltyApplies(card, cond))
    obligations.push({
      kind: 'condition',
      effect: 'loaded-penalty',
      steps: agilitySteps(card, bandAt(card, plane.altitude)),
    });
  if (cond.quality && cond.quality !== 'regular')
    obligations.push({ kind: 'condition', effect: 'pilot', quality: cond.quality });
}

/** Everything that governs the plane's next plot. */
export function planeLimits(card: AircraftCard, plane: PlaneState): PlaneLimits {
  const band = effectiveBand(card, plane.altitude, plane.loaded, bandCondition(plane));
  const tm: TurnModeContext = { card, band, speed: plane.speed, loaded: plane.loaded };
  const points = movementPoints(plane.speed);
  const n = points.length;
  const carried = plane.carry?.boxes ?? [];
  const mode = plane.carry?.mode ?? null;
  const fills = Math.min(carried.length, n);
  const working = enginesWorking(card, plane);
  const steep = {
    climb: steepTotal('SC', plane.speed),
    dive: steepTotal('SD', plane.speed),
    vertical: steepTotal('VD', plane.speed),
  };
  let climb = band.climb;
  let dive = normalDiveMax(band, plane.speed);
  if (mode === 'SC') {
    climb = steep.climb;
    dive = 0;
  }
  if (mode === 'SD' || mode === 'VD') {
    climb = 0;
    dive = mode === 'SD' ? steep.dive : steep.vertical;
  }

  const demand = lastTurnDemand(plane.last, band);
  if (demand?.noClimb) climb = 0;
  if (demand?.noDive) dive = 0;

  const obligations: Obligation[] = [];
  if (carried.length) {
    obligations.push({ kind: 'carried', boxes: carried.map(writtenMan), mode, fills, runsOn: carried.length - fills });
  }
  if (demand?.after === 'SC') obligations.push({ kind: 'level-off', rule: demand.rule });
  else if (demand)
    obligations.push({ kind: 'pull-out', rule: demand.rule, after: demand.after, minDive: demand.minDive });
  if (!mode && VERTICAL_CLASSES.includes(card.class) && plane.last.dived > 0)
    obligations.push(verticalDiveObligation(card, band, plane, n > 0 && carried.length > 0));
  // Stalled below the minimum speed (bookkeeping.ts isStalled); warned within one speed point of it.
  const row = movementRow(plane.speed);
  if (plane.speed <= stallSpeed(band) + 10)
    obligations.push({
      kind: 'stall',
      stalled: row < band.minSpeed,
      speed: plane.speed,
      minimum: band.minSpeed,
      stallsAt: stallSpeed(band),
    });
  const power = powerAvailable(band, plane.speed, plane.last, working, card.engines);
  if (power === 0 && band.power > 0) obligations.push(noPowerObligation(card, band, plane.speed, row, working));
  pushConditions(obligations, card, plane, working);

  return {
    plane: plane.id,
    points,
    need: n - fills,
    mode,
    band,
    range: speedRange(band, plane.speed),
    modes: {
      turn: turnMode(tm, 'turn'),
      slip: turnMode(tm, 'slip'),
      halfRoll: turnMode(tm, 'halfRoll'),
      bank1: bankMode(tm, 1),
      bank2: bankMode(tm, 2),
      halfLoop: turnMode(tm, 'halfLoop'),
    },
    climb: share(climb, n),
    dive: share(dive, n),
    steep,
    power,
    brake: band.brake,
    obligations,
  };
}
