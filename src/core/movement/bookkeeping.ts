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

export function newSpeed(card: AircraftCard, plane: PlaneState, plan: FlightPlan, endAltitude: number): SpeedChange {
  const band = effectiveBand(card, plane.altitude, plane.loaded, bandCondition(plane));
  const range = speedRange(band, plane.speed);
  const terms: SpeedChange['terms'] = [];
  const add = (why: string, tenths: number, rule: string) => { if (tenths !== 0) terms.push({ why, tenths, rule }); };

  add(`${plan.manoeuvres} manoeuvre${plan.manoeuvres === 1 ? '' : 's'} in the ${range === 'maneuver' ? 'manoeuvre' : range} speed range`,
    -maneuverSpeedLoss(range, card.wingLoading, fliesLoaded(plane), plan.manoeuvres), range === 'maneuver' ? 'seed 001 rules (12), (29)' : 'seed 001 rule (12)');
  if (range === 'dive') add('dive speed drag', -2 * Math.max(0, movementRow(plane.speed) - band.levelMax), 'seed 001 rule (13)');
  add('power', plan.power, 'seed 001 rule (15)');
  add('brakes', -2 * plan.brake, 'seed 001 rule (15)');
  add(`climb of ${plan.climbed} ft`, -Math.floor(plan.climbed / 100), 'seed 001 rule (16)');
  if (plan.mode === 'SD') add('steep dive', 12, 'seed 001 rule (19)');
  else if (plan.mode === 'VD') add('vertical dive', 20, 'seed 001 rule (20)');
  else add(`dive of ${plan.dived} ft`, diveGain(plan.dived), 'seed 001 rule (17)');

  let to = plane.speed + terms.reduce((s, t) => s + t.tenths, 0);
  const endBand = effectiveBand(card, endAltitude, plane.loaded, bandCondition(plane));
  if (plan.mode === 'SC') {
    const cap = (endBand.levelMax - 1) * 10;
    if (to > cap) { terms.push({ why: `after a steep climb at most top level speed - 1 (${cap / 10})`, tenths: cap - to, rule: 'seed 001 rule (18)' }); to = cap; }
  }
  const max = endBand.diveMax * 10;
  if (to > max) { terms.push({ why: `limited to the top dive speed ${endBand.diveMax}`, tenths: max - to, rule: 'data card' }); to = max; }
  if (to < 0) { terms.push({ why: 'no speed left', tenths: -to, rule: 'seed 001 rule (1)' }); to = 0; }
  return { from: plane.speed, to, terms };
}

/** Below the card's minimum speed at the new altitude (docs/rules.md: the plane stalls). */
export function isStalled(card: AircraftCard, plane: PlaneState, speed: number, altitude: number): boolean {
  return movementRow(speed) < effectiveBand(card, altitude, plane.loaded, bandCondition(plane)).minSpeed;
}
