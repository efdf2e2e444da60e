/**
 * One interface for every manoeuvre family (one file each, registered in registry.ts): what a
 * manoeuvre needs before it may be flown, what it costs, and how its boxes move the plane.
 */
import type { AircraftCard, AltitudeBand } from '../../aircraft/types.ts';
import { type Bank, rollPoints } from '../../bank.ts';
import type { Position } from '../../hex/flight.ts';
import type { Manoeuvre, PlotMode } from '../../../orders/ast.ts';
import type { Problem } from '../../result.ts';
import type { PlannedBox } from '../../state.ts';
import { bankMode, type TurnModeContext } from '../performance.ts';

/** One manoeuvre of a plot: its S boxes and the box that completes it. */
export interface ManoeuvreInstance {
  code: Manoeuvre;
  /** Number of boxes (hexes) of the manoeuvre, its own box included. */
  length: number;
  /** Plot box numbers (1-based) of the manoeuvre's boxes, for messages. */
  boxNos: number[];
  /** Bank when the manoeuvre begins. */
  bankBefore: Bank;
  /** The manoeuvre flown just before this one in the plot (undefined at the start of the turn). */
  previous?: Manoeuvre;
}

/**
 * What a manoeuvre is flown in. The families read the card, band, speed and load only through the
 * turn modes (performance.ts turnMode, bankMode): the plotting aid keeps their answers by the turn
 * modes and the mode (core/plans/skeletons.ts), so a family that read more would have to say so there.
 */
export interface PlanContext {
  plane: string;
  card: AircraftCard;
  band: AltitudeBand;
  tm: TurnModeContext;
  mode: PlotMode | null;
}

export interface FlyResult {
  pos: Position;
  bank: Bank;
  /** Hexes entered by this box, in order (empty when it enters none). */
  entered: Position[];
}

export interface ManoeuvreFamily {
  codes: readonly Manoeuvre[];
  /** Everything wrong with flying this manoeuvre now (seed rule named in each problem). */
  check(m: ManoeuvreInstance, ctx: PlanContext): Problem[];
  /** Manoeuvres it counts as for speed loss, rule (12). */
  count(m: ManoeuvreInstance, ctx: PlanContext): number;
  /** Forced altitude loss (feet, positive) in the completing box: seed 000 X.E.1.f, X.E.2-3. */
  forcedLoss(m: ManoeuvreInstance, ctx: PlanContext): number;
  /** Bank after the manoeuvre (seed 000 XI.C: changes when the manoeuvre completes). */
  bankAfter(m: ManoeuvreInstance, ctx: PlanContext): Bank;
  /**
   * Fly one box of this family. `move` is false when the box enters no hex (the skipped third
   * movement point of a steep manoeuvre, rules (18)-(19), or a vertical dive, rule (20)).
   */
  fly(pos: Position, bank: Bank, box: PlannedBox, move: boolean, mode: PlotMode | null): FlyResult;
}

export const problem = (
  ctx: PlanContext,
  m: ManoeuvreInstance,
  code: string,
  rule: string,
  message: string,
): Problem => ({
  code,
  rule,
  plane: ctx.plane,
  box: m.boxNos[m.boxNos.length - 1] ?? 0,
  message,
});

export const boxRange = (m: ManoeuvreInstance): string => {
  const a = m.boxNos[0];
  const b = m.boxNos[m.boxNos.length - 1];
  return a === b ? `box ${a}` : `boxes ${a}-${b}`;
};

/**
 * The manoeuvre as messages name it: its code alone when it is one box (the message already
 * names that box), with its boxes when it spans several ("TR in boxes 2-4").
 */
export const named = (m: ManoeuvreInstance): string => (m.boxNos.length > 1 ? `${m.code} in ${boxRange(m)}` : m.code);

const hexes = (n: number): string => `${n} hex${n === 1 ? '' : 'es'}`;

/** `need` hexes of a manoeuvre written out: S boxes, then the code ("S S TR"). */
export const written = (code: string, need: number): string =>
  [...Array(Math.max(0, need - 1)).fill('S'), code].join(' ');

/**
 * The roll that banks the plane to one side, written out: to the nearer of LB/IL (or RB/IR), in the
 * bank mode of rule (2).
 */
export function rollFirst(ctx: PlanContext, from: Bank, side: 'L' | 'R'): string {
  const to = ((side === 'L' ? ['LB', 'IL'] : ['RB', 'IR']) as Bank[]).sort(
    (x, y) => rollPoints(from, x) - rollPoints(from, y),
  )[0] as Bank;
  return written(to, bankMode(ctx.tm, rollPoints(from, to)));
}

/** E_TURN_MODE when a manoeuvre has fewer hexes than its mode needs (the message says the fix). */
export function tooShort(ctx: PlanContext, m: ManoeuvreInstance, need: number, what: string, rule: string): Problem[] {
  if (m.length >= need) return [];
  return [
    problem(
      ctx,
      m,
      'E_TURN_MODE',
      rule,
      `${named(m)} enters ${hexes(m.length)}; ${what} ${need} at this speed and altitude: write ${written(m.code, need)} (${need - 1} S before ${m.code})`,
    ),
  ];
}

/** E_VD_MANOEUVRE: in a vertical dive only bank changes and V (seed 001 rule (20)). */
export function notInVerticalDive(ctx: PlanContext, m: ManoeuvreInstance): Problem[] {
  return ctx.mode === 'VD'
    ? [
        problem(
          ctx,
          m,
          'E_VD_MANOEUVRE',
          'seed 001 rule (20)',
          `${m.code} cannot be flown in a vertical dive: there only banks and V are manoeuvres. LB or IL turns the dive 60 degrees left, RB or IR right; write S or 1 for the other boxes`,
        ),
      ]
    : [];
}
