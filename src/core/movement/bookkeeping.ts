/**
 * New initial speed at the end of the turn (seed 000 XI.A, seed 001 rules (12)-(20)). Every term is
 * returned so the report can show the sum.
 */
import { bandCondition, fliesLoaded } from '../damage/state.ts';
import type { AircraftCard } from '../aircraft/types.ts';
import { movementRow } from '../impulse/schedule.ts';
import type { PlaneState } from '../state.ts';
import type { FlightPlan } from './plan.ts';
import { diveGain, effectiveBand, maneuverSpeedLoss, speedRange } from './performance.ts';

export interface SpeedChange {
  from: number;
  to: number;
  /** Terms in tenths, signed: manoeuvres, dive drag, power, brake, climb, dive, limits. */
  terms: { why: string; tenths: number; rule: string }[];
}

/** What a plan's speed sum needs (a FlightPlan has them all): the variants of a way (plans/variants.ts) vary power, brake, climb and dive. */
export type SpeedPlan = Pick<FlightPlan, 'manoeuvres' | 'power' | 'brake' | 'climbed' | 'dived' | 'mode'>;

/** A term of the speed sum, kept when it is not nought. */
function addTerm(terms: SpeedChange['terms'], why: string, tenths: number, rule: string): void {
  if (tenths !== 0) terms.push({ why, tenths, rule });
}

/** The terms of the speed sum before the limits (seed 001 rules (12)-(20)), in tenths. */
export function speedTerms(card: AircraftCard, plane: PlaneState, plan: SpeedPlan): SpeedChange['terms'] {
  const band = effectiveBand(card, plane.altitude, plane.loaded, bandCondition(plane));
  const range = speedRange(band, plane.speed);
  const terms: SpeedChange['terms'] = [];
  addTerm(
    terms,
    `${plan.manoeuvres} manoeuvre${plan.manoeuvres === 1 ? '' : 's'} in the ${range === 'maneuver' ? 'manoeuvre' : range} speed range`,
    -maneuverSpeedLoss(range, card.wingLoading, fliesLoaded(plane), plan.manoeuvres),
    range === 'maneuver' ? 'seed 001 rules (12), (29)' : 'seed 001 rule (12)',
  );
  if (range === 'dive')
    addTerm(terms, 'dive speed drag', -2 * Math.max(0, movementRow(plane.speed) - band.levelMax), 'seed 001 rule (13)');
  addTerm(terms, 'power', plan.power, 'seed 001 rule (15)');
  addTerm(terms, 'brakes', -2 * plan.brake, 'seed 001 rule (15)');
  addTerm(terms, `climb of ${plan.climbed} ft`, -climbLoss(plan.climbed), 'seed 001 rule (16)');
  if (plan.mode === 'SD') addTerm(terms, 'steep dive', diveSpeedGain(plan.mode, plan.dived), 'seed 001 rule (19)');
  else if (plan.mode === 'VD')
    addTerm(terms, 'vertical dive', diveSpeedGain(plan.mode, plan.dived), 'seed 001 rule (20)');
  else addTerm(terms, `dive of ${plan.dived} ft`, diveSpeedGain(plan.mode, plan.dived), 'seed 001 rule (17)');
  return terms;
}

/** Rule (16): a tenth of speed lost per 100 ft climbed. */
export const climbLoss = (climbed: number): number => Math.floor(climbed / 100);

/** Rules (17), (19), (20): the speed a dive gives, tenths: fixed for a steep (12) or vertical (20) dive, by the feet otherwise. */
export const diveSpeedGain = (mode: FlightPlan['mode'], dived: number): number =>
  mode === 'SD' ? 12 : mode === 'VD' ? 20 : diveGain(dived);

/** The most a turn may end at (tenths): top level speed - 1 after a steep climb (rule (18)), the card's top dive speed. */
export function speedCap(
  card: AircraftCard,
  plane: PlaneState,
  mode: FlightPlan['mode'],
  endAltitude: number,
): { cap: number; why: string; rule: string } {
  const endBand = effectiveBand(card, endAltitude, plane.loaded, bandCondition(plane));
  const max = endBand.diveMax * 10;
  const climbCap = (endBand.levelMax - 1) * 10;
  if (mode === 'SC' && climbCap <= max)
    return {
      cap: climbCap,
      why: `after a steep climb at most top level speed - 1 (${climbCap / 10})`,
      rule: 'seed 001 rule (18)',
    };
  return { cap: max, why: `limited to the top dive speed ${endBand.diveMax}`, rule: 'data card' };
}

/** A raw speed sum held to its cap and to 0 (the limits of newSpeed). */
export const limitedSpeed = (raw: number, cap: number): number => Math.max(0, Math.min(raw, cap));

export function newSpeed(card: AircraftCard, plane: PlaneState, plan: SpeedPlan, endAltitude: number): SpeedChange {
  const terms = speedTerms(card, plane, plan);
  let to = plane.speed + terms.reduce((s, t) => s + t.tenths, 0);
  const limit = speedCap(card, plane, plan.mode, endAltitude);
  if (to > limit.cap) {
    terms.push({ why: limit.why, tenths: limit.cap - to, rule: limit.rule });
    to = limit.cap;
  }
  if (to < 0) {
    terms.push({ why: 'no speed left', tenths: -to, rule: 'seed 001 rule (1)' });
    to = 0;
  }
  return { from: plane.speed, to, terms };
}

/** Below the card's minimum speed at the new altitude (docs/rules.md: the plane stalls). */
export function isStalled(card: AircraftCard, plane: PlaneState, speed: number, altitude: number): boolean {
  return movementRow(speed) < effectiveBand(card, altitude, plane.loaded, bandCondition(plane)).minSpeed;
}
