/**
 * The altitude part of planning a turn: fills in the altitudes a steep or vertical manoeuvre fixes
 * by rule when the player leaves them out, then checks every altitude rule (seed 000 X.D, seed 001
 * rules (16)-(20), (22)-(24), X.E.4 for half loops, the ceiling and the ground).
 */
import type { AircraftCard, AltitudeBand } from '../aircraft/types.ts';
import type { PlotMode } from '../../orders/ast.ts';
import type { Problem } from '../result.ts';
import type { PlaneState, PlannedBox } from '../state.ts';
import { type AltitudeCheck, checkNormalAltitudes, checkPullOut, checkShares, freeAlt, spread, steepTotal } from './altitude.ts';
import type { ManoeuvreInstance } from './manoeuvres/family.ts';
import { perImpulseShare } from './performance.ts';

export interface AltitudeInput {
  plane: PlaneState;
  card: AircraftCard;
  band: AltitudeBand;
  n: number;
  mode: PlotMode | null;
  carryMode: PlotMode | null;
  /** This turn's boxes: carried-over first, then the player's (box numbers 0 for carried). */
  turnBoxes: PlannedBox[];
  boxNos: number[];
  /** The player's boxes that run on into next turn. */
  overflow: PlannedBox[];
  mans: (ManoeuvreInstance & { first: number; last: number })[];
  /** All of the player's planned boxes (turn part and overflow), indexable by manoeuvre first/last. */
  planned: PlannedBox[];
  points: number[];
}

export function checkAltitudes(a: AltitudeInput): Problem[] {
  const out: Problem[] = [];
  const c: AltitudeCheck = { plane: a.plane.id, band: a.band, speed: a.plane.speed, n: a.n, mode: a.mode, boxNos: a.boxNos };
  const P = (code: string, rule: string, message: string, box?: number) =>
    out.push(box === undefined ? { code, rule, plane: a.plane.id, message } : { code, rule, plane: a.plane.id, box, message });
  const fresh = a.turnBoxes.filter((_, i) => a.boxNos[i] !== 0);
  const blank = (b: PlannedBox) => freeAlt(b) === 0;

  if (a.mode === 'SD' || a.mode === 'VD') {
    // Rules (19), (20): the dive is fixed by speed; spread evenly when not written (X.D.1).
    const total = steepTotal(a.mode, a.plane.speed);
    if (fresh.every(blank) && a.overflow.every(blank)) {
      fillOverflow(a, -1, total);
      const slots = a.turnBoxes.filter(blank);
      const done = a.turnBoxes.filter((b) => !blank(b)).reduce((s, b) => s - b.alt, 0);
      spread(Math.max(0, total - done) / 100, slots.length).forEach((u, i) => { const b = slots[i] as PlannedBox; b.alt = -u * 100; b.forced = 0; });
    }
    const dived = a.turnBoxes.reduce((s, b) => s - b.alt, 0);
    if (a.turnBoxes.some((b) => b.alt > 0)) P('E_STEEP_DIVE_CLIMB', `seed 001 rule (${a.mode === 'SD' ? 19 : 20})`, `a ${a.mode === 'SD' ? 'steep' : 'vertical'} dive may not climb in any impulse`);
    else if (dived !== total) {
      P('E_STEEP_TOTAL', `seed 001 rule (${a.mode === 'SD' ? 19 : 20})`,
        `a ${a.mode === 'SD' ? 'steep dive loses 200' : 'vertical dive loses 400'} ft per point of speed: ${total} ft this turn, spread over the impulses; the plot loses ${dived} ft (leave the altitudes out and the referee spreads them)`);
    } else out.push(...checkShares(c, a.turnBoxes, total, -1, 'a dive', `seed 000 X.D; seed 001 rule (${a.mode === 'SD' ? 19 : 20})`));
  } else if (a.mode === 'SC') {
    // Rule (18): up to 200 ft per point of speed, at most 1000 ft.
    const max = steepTotal('SC', a.plane.speed);
    if (fresh.every((b) => freeAlt(b) <= 0) && a.overflow.every((b) => freeAlt(b) <= 0)) {
      fillOverflow(a, 1, max);
      const share = spread(max / 100, a.n);
      a.turnBoxes.forEach((b, i) => { if (a.boxNos[i] !== 0 && blank(b) && b.forced === 0) b.alt = (share[i] ?? 0) * 100; });
    }
    const climbed = a.turnBoxes.reduce((s, b) => s + Math.max(0, b.alt), 0);
    if (climbed > max) P('E_STEEP_CLIMB_MAX', 'seed 001 rule (18)', `a steep climb gains at most 200 ft per point of speed and never more than 1000 ft: ${max} ft this turn; the plot climbs ${climbed} ft`);
    else out.push(...checkShares(c, a.turnBoxes, max, 1, 'a climb', 'seed 000 X.D; seed 001 rule (18)'));
    a.turnBoxes.forEach((b, i) => { if (freeAlt(b) < 0) P('E_STEEP_CLIMB_DIVE', 'seed 001 rule (18)', `box ${a.boxNos[i]}: a steep climb may not dive`, a.boxNos[i]); });
  } else {
    out.push(...checkNormalAltitudes(c, a.turnBoxes));
    const byImpulse = new Map<number, number[]>();
    a.turnBoxes.forEach((b, i) => { const imp = a.points[i] as number; byImpulse.set(imp, [...(byImpulse.get(imp) ?? []), freeAlt(b)]); });
    for (const [imp, alts] of byImpulse) {
      if (alts.some((x) => x > 0) && alts.some((x) => x < 0)) P('E_CLIMB_AND_DIVE', 'seed 000 X.D.3', `impulse ${imp}: a plane may not both climb and dive in one impulse`);
    }
  }

  // Seed 000 X.E.4: every box of a half loop at the maximum rate.
  const { base } = perImpulseShare(a.mode === 'SC' || a.mode === 'SD' ? steepTotal(a.mode, a.plane.speed) : 0, a.n);
  for (const m of a.mans) {
    if (m.code !== 'V' && m.code !== 'VLL' && m.code !== 'VRR') continue;
    if (a.mode !== 'SC' && a.mode !== 'SD') continue;
    for (let i = m.first; i <= m.last; i++) {
      const b = a.planned[i] as PlannedBox;
      const units = (a.mode === 'SC' ? b.alt : -b.alt) / 100;
      if (units < Math.max(1, base)) {
        P('E_LOOP_RATE', 'seed 000 X.E.4', `box ${i + 1}: every impulse of a half loop ${a.mode === 'SC' ? 'climbs' : 'dives'} at the maximum rate, at least ${Math.max(1, base) * 100} ft here`, i + 1);
      }
    }
  }

  const climbed = a.turnBoxes.reduce((s, b) => s + Math.max(0, b.alt), 0);
  const dived = a.turnBoxes.reduce((s, b) => s + Math.max(0, -b.alt), 0);
  const divedFree = a.turnBoxes.reduce((s, b) => s + Math.max(0, -freeAlt(b)), 0);
  out.push(...checkPullOut(c, a.plane.last, climbed, divedFree, dived));

  let alt = a.plane.altitude;
  a.turnBoxes.forEach((b, i) => {
    alt += b.alt;
    if (b.alt > 0 && alt > a.card.ceiling) P('E_CEILING', 'data card', `box ${a.boxNos[i]}: ${alt} ft is above the ${a.card.name}'s ceiling of ${a.card.ceiling} ft`, a.boxNos[i]);
    if (alt <= 0 && b.alt < 0) P('E_GROUND', 'terrain', `box ${a.boxNos[i]}: the plot flies into the ground (${alt} ft)`, a.boxNos[i]);
  });
  return out;
}

/**
 * Steep boxes that run on into next turn, altitudes left out: they fly at this turn's rate
 * (seed 000 X.E.4.c: a half loop spread over two turns climbs or dives at the maximum rate in all
 * its impulses).
 */
function fillOverflow(a: AltitudeInput, sign: 1 | -1, total: number): void {
  const { base } = perImpulseShare(total, a.n);
  for (const b of a.overflow) if (freeAlt(b) === 0 && b.forced === 0) b.alt = sign * Math.max(1, base) * 100;
}
