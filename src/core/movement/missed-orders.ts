/**
 * What a plane whose player sent no plot flies (docs/rules.md "Missed orders"): never a reason for
 * a turn to stop. In order:
 * 1. the standing default (default-plot.ts): the carried-over manoeuvre, then forwards, with just
 *    the dive the pull-out rules demand (seed 001 rules (22), (23));
 * 2. when the rules forbid that, the nearest legal plot a careful referee would fly for an absent
 *    player: rolled level as soon as the bank mode allows (a banked forwards loses 100 ft a box,
 *    seed 000 X.E.1.f, which near the ground is the death of it), then, after a steep or vertical
 *    dive whose pull-out cannot be flown, a steep dive again (rules (19), (22), (23));
 * 3. when none of those is legal, the plane flies what it is committed to — the standing default —
 *    as the rules force it: the carried-over boxes as they were plotted (a power factor with no
 *    engine left to give it dropped), and if that takes it into the ground it crashes there.
 * Pure and deterministic: `tallyho verify` flies the same plot again.
 */
import { bankSide } from '../bank.ts';
import { enginesWorking, bandCondition } from '../damage/state.ts';
import type { Box, Plot } from '../../orders/ast.ts';
import { formatBox } from '../../orders/box.ts';
import type { Problem } from '../result.ts';
import { cardOf, type GameState, type PlaneState, writtenMan } from '../state.ts';
import { lastTurnDemand } from './altitude.ts';
import { defaultPlot } from './default-plot.ts';
import { effectiveBand } from './performance.ts';
import { bankAfterCarry, type FlightPlan, planTurn } from './plan.ts';

/** standing: the plain default; nearest: a legal plot close to it; forced: flown as the rules force it. */
export type MissedHow = 'standing' | 'nearest' | 'forced';

export interface MissedOrders {
  plot: Plot;
  plan: FlightPlan;
  how: MissedHow;
  /** Why the standing default could not be flown (nearest, forced): the plan checker's problems. */
  problems: Problem[];
  /** What it flies, in the order language: the carried-over boxes, then the plot. */
  words: string;
}

/** Boxes rolled level at box k (S..S N), forwards after; each box's altitude from `alt`. */
const rolledLevel = (n: number, k: number, alt: (i: number) => number): Box[] =>
  Array.from({ length: n }, (_, i) => ({
    man: i < k - 1 ? 'S' : i === k - 1 ? 'N' : '1',
    alt: alt(i),
    power: 0,
    brake: 0,
  }));

/** The fallbacks of step 2, nearest first: each differs from the standing default as little as it can. */
function nearest(state: GameState, plane: PlaneState, standing: Plot): Plot[] {
  const out: Plot[] = [];
  const n = standing.boxes.length;
  if (!n) return out;
  const bank = bankAfterCarry(plane);
  const ks = Array.from({ length: n }, (_, i) => i + 1);
  // Rolled level: S..S N, then forwards; the roll as early as the bank mode lets it finish.
  if (bank !== 'N' && !standing.mode)
    for (const k of ks) out.push({ ...standing, boxes: rolledLevel(n, k, (i) => standing.boxes[i]?.alt ?? 0) });
  // A pull-out that cannot be flown: dive steeply again, the referee spreading the dive (rule (19)).
  const band = effectiveBand(cardOf(state, plane), plane.altitude, plane.loaded, bandCondition(plane));
  const demand = plane.carry?.mode ? null : lastTurnDemand(plane.last, band);
  if (!demand || demand.minDive <= 0) return out;
  out.push({ ...standing, mode: 'SD', boxes: standing.boxes.map(() => ({ man: '1', alt: 0, power: 0, brake: 0 })) });
  // Both: banked and bound to pull out.
  if (bankSide(bank)) for (const k of ks) out.push({ ...standing, mode: 'SD', boxes: rolledLevel(n, k, () => 0) });
  return out;
}

/** Step 3: the carried-over boxes as plotted, less the power no working engine can give. */
function committed(state: GameState, plane: PlaneState): PlaneState {
  if (!plane.carry) return plane;
  const working = enginesWorking(cardOf(state, plane), plane);
  if (plane.carry.boxes.every((b) => b.power <= working)) return plane;
  return {
    ...plane,
    carry: { ...plane.carry, boxes: plane.carry.boxes.map((b) => ({ ...b, power: Math.min(b.power, working) })) },
  };
}

/** The plot and plan a plane without a plot flies this turn; always one (see the file's opening). */
export function missedOrders(state: GameState, plane: PlaneState): MissedOrders {
  const standing = defaultPlot(state, plane);
  const first = planTurn(state, plane, standing);
  if (first.ok)
    return { plot: standing, plan: first.value, how: 'standing', problems: [], words: flownWords(plane, standing) };
  for (const plot of nearest(state, plane, standing)) {
    const r = planTurn(state, plane, plot);
    if (r.ok) return { plot, plan: r.value, how: 'nearest', problems: first.error, words: flownWords(plane, plot) };
  }
  const bound = committed(state, plane);
  const forced = planTurn(state, bound, standing, { waive: true });
  if (!forced.ok)
    throw new Error(
      `the missed-orders plot of ${plane.id} could not be laid out: ${forced.error.map((p) => p.message).join('; ')}`,
    );
  return {
    plot: standing,
    plan: forced.value,
    how: 'forced',
    problems: first.error,
    words: flownWords(bound, standing),
  };
}

/** What a plane flies, in the order language: `S TR carried over, then 1 1 1`, `SD 1`. */
function flownWords(plane: PlaneState, plot: Plot): string {
  const own = [...(plot.mode && !plane.carry?.mode ? [plot.mode] : []), ...plot.boxes.map(formatBox)].join(' ');
  const carried = plane.carry?.boxes
    .map((b) => formatBox({ man: writtenMan(b), alt: b.alt, power: b.power, brake: b.brake }))
    .join(' ');
  if (!carried) return own;
  const head = `${plane.carry?.mode ? `${plane.carry.mode} ` : ''}${carried} carried over`;
  return own ? `${head}, then ${own}` : head;
}
