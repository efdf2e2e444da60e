/**
 * The plan checker's word on a plot's markings, without the flight plan (core/plans/variants.ts asks
 * it of every marking of every altitude signature, thousands a plane): whether planTurn accepts the
 * plot with those climbs and dives, its problems in the same order if not, and if so how far it
 * climbs and dives and in which mode. The same checks as plan.ts's, in the same order: the layout
 * (its manoeuvres, mode and marks), the forced losses (seed 000 X.E.1.f, X.E.2-3), the altitude
 * rules (seed 000 X.D, seed 001 rules (16)-(20), (22)-(24)), then the steep skips, power and brake
 * (seed 001 rules (18), (19), seed 000 X.C). Those last never depend on a climb or dive (they read
 * the manoeuvres and factors, never the altitudes), so they are checked once for all the markings.
 */
import type { Plot, PlotMode } from '../../orders/ast.ts';
import { err, ok, type Problem, type Result } from '../result.ts';
import type { GameState, PlaneState } from '../state.ts';
import { altitudeProblems, factorProblems, layOut, markBoxes } from './plan.ts';

/** What the heights of a marking read of its plan. */
export interface MarkingHeights {
  climbed: number;
  dived: number;
  mode: PlotMode | null;
}

/**
 * The checker of a plot's markings: each call checks the plot with the climbs and dives `alts` (box
 * by box; null: left out) in place of its own, as planMarkings would, and gives the same problems
 * or the climbed, dived and mode of the same plan.
 */
export function planHeights(
  state: GameState,
  plane: PlaneState,
  plot: Plot,
): (alts: readonly number[] | null) => Result<MarkingHeights, Problem[]> {
  const laid = layOut(state, plane, plot, {});
  if (!laid.ok) return () => laid;
  const l = laid.value;
  // The problems of the steep skips and the factors, the same for every marking (worked out on the first).
  let fixed: Problem[] | undefined;
  return (alts) => {
    const problems: Problem[] = l.problems.length ? [...l.problems] : [];
    const m = markBoxes(l, plot.boxes, problems, alts);
    altitudeProblems(l, m, problems);
    if (!fixed) factorProblems(l, m, (fixed = []));
    if (problems.length || fixed.length) return err(fixed.length ? [...problems, ...fixed] : problems);
    let climbed = 0;
    let dived = 0;
    for (const b of m.turnBoxes) {
      climbed += Math.max(0, b.alt);
      dived += Math.max(0, -b.alt);
    }
    return ok({ climbed, dived, mode: l.mode });
  };
}
