/**
 * From a plot to a flight plan: the carried-over boxes and the player's boxes laid on the plane's
 * movement points, every legality rule checked before anything moves (issue: "illegal orders never
 * half-apply"). The plan is then flown impulse by impulse by fly.ts.
 */
import type { Bank } from '../bank.ts';
import { bankIs, bankSide, isUpward } from '../bank.ts';
import { isSkippedInSteep, movementPoints } from '../impulse/schedule.ts';
import type { Box, Plot, PlotMode } from '../../orders/ast.ts';
import { DOC_REFS, type DocRef } from '../doc-refs.ts';
import { err, ok, type Problem, type Result } from '../result.ts';
import { cardOf, type CarryOver, type GameState, type PlaneState, type PlannedBox } from '../state.ts';
import { checkAltitudes } from './plan-altitude.ts';
import type { ManoeuvreInstance, PlanContext } from './manoeuvres/family.ts';
import { familyOf } from './manoeuvres/registry.ts';
import { verticalDiveEntry } from './limits.ts';
import { effectiveBand, powerAvailable } from './performance.ts';
import { bandCondition, carriesBombs, enginesWorking, fliesLoaded } from '../damage/state.ts';
import { activeText, checkImpulseFactors, forcedLossText, ordinal, powerWhy, repeatsCarry } from './plan-checks.ts';

export interface FlightStep {
  impulse: number;
  /** 1-based movement point of the turn. */
  point: number;
  box: PlannedBox;
  /** 1-based box of the player's plot; 0 for a box carried over from last turn. */
  boxNo: number;
  /** Whether the box enters a hex (false: skipped steep point, vertical dive). */
  move: boolean;
}

export interface FlightPlan {
  plane: string;
  mode: PlotMode | null;
  bomb: boolean;
  /** JETTISON: the load dropped unaimed in the first active impulse. */
  jettison?: boolean;
  /** TORPEDO: the torpedo dropped in the last active impulse (core/ordnance/torpedoes.ts). */
  torpedo?: boolean;
  /** LAND: touch down in the last active impulse (core/ground/land.ts). */
  land?: boolean;
  /** ROCKETS: the air-to-ground rockets fired in the last active impulse (core/ordnance/rockets.ts). */
  rockets?: boolean;
  steps: FlightStep[];
  carry: CarryOver | null;
  climbed: number;
  dived: number;
  power: number;
  brake: number;
  manoeuvres: number;
}

/** The plane's last impulse of movement this turn, when ordnance is released and a landing made. */
export const lastActive = (plan: FlightPlan): number => Math.max(...plan.steps.map((s) => s.impulse));

const toPlanned = (b: Box): PlannedBox => ({
  man: b.man,
  alt: b.alt,
  forced: 0,
  power: b.power,
  brake: b.brake,
  count: 0,
  roll: 0,
});

/**
 * Splits a plot's boxes into manoeuvres: runs of S ended by the box that completes them. In a
 * vertical dive only banks and V are manoeuvres (seed 001 rule (20)): an S there that leads to no
 * bank or V is a straight mark of its own, like 1.
 */
export function segment(
  boxes: readonly Box[],
  bank0: Bank,
  ctx: PlanContext,
  previous?: Box['man'],
): { mans: (ManoeuvreInstance & { first: number; last: number })[]; problems: Problem[] } {
  const mans: (ManoeuvreInstance & { first: number; last: number })[] = [];
  const problems: Problem[] = [];
  let run: number[] = [];
  let bank = bank0;
  let prev = previous;
  const marks = (): void => {
    for (const k of run)
      mans.push({ code: 'S', length: 1, boxNos: [k + 1], bankBefore: bank, previous: prev, first: k, last: k });
    run = [];
  };
  boxes.forEach((b, i) => {
    if (b.man === 'S') {
      run.push(i);
      return;
    }
    if (b.man === '1' && run.length) {
      if (ctx.mode === 'VD') marks();
      else {
        const from = (run[0] as number) + 1;
        problems.push({
          code: 'E_STRAIGHT_LEADS_NOWHERE',
          rule: 'seed 000 X.F.1.a-b',
          plane: ctx.plane,
          box: from,
          message: `S leads into a manoeuvre, but the ${run.length === 1 ? 'S is' : `${run.length} S boxes (${from}-${i}) are`} followed by a forwards (1) in box ${i + 1}, which is complete in its own hex: write 1 instead of S for each hex flown straight, or follow the S boxes with their manoeuvre (e.g. S TR)`,
        });
        run = [];
      }
    }
    const m = {
      code: b.man,
      length: run.length + 1,
      boxNos: [...run, i].map((k) => k + 1),
      bankBefore: bank,
      previous: prev,
      first: run[0] ?? i,
      last: i,
    };
    mans.push(m);
    bank = familyOf(b.man).bankAfter(m, ctx);
    prev = b.man;
    run = [];
  });
  if (run.length && ctx.mode === 'VD') marks();
  if (run.length) {
    problems.push({
      code: 'E_UNFINISHED',
      rule: 'seed 000 X.B.5, X.F.1.a',
      plane: ctx.plane,
      box: (run[0] as number) + 1,
      message: `the plot ends with ${run.length === 1 ? 'an S' : `${run.length} S boxes`} and no manoeuvre after ${run.length === 1 ? 'it' : 'them'}: finish the manoeuvre (e.g. S TR; it may run into next turn), or write 1 (forwards) instead of each S`,
    });
  }
  return { mans, problems };
}

/** The bank after the boxes carried over from last turn: what this turn's own boxes start from (seed 000 XI.C). */
export function bankAfterCarry(plane: PlaneState): Bank {
  let bank: Bank = plane.bank;
  const nowhere = { hex: plane.hex, facing: plane.facing, nextRight: true };
  for (const b of plane.carry?.boxes ?? [])
    bank = familyOf(b.man).fly(nowhere, bank, b, false, plane.carry?.mode ?? null).bank;
  return bank;
}

/**
 * What planning works out from a plot's manoeuvres, mode and marks (BOMB, LAND ...) alone: the same
 * whatever climbs, dives, power and brake factors its boxes carry. The plotting aid lays a sequence
 * out once and checks each marking of it against the layout (core/plans: thousands a plane).
 */
export interface Layout {
  plane: PlaneState;
  plot: Plot | undefined;
  ctx: PlanContext;
  card: ReturnType<typeof cardOf>;
  points: number[];
  need: number;
  mode: PlotMode | null;
  carryMode: PlotMode | null;
  mans: (ManoeuvreInstance & { first: number; last: number })[];
  /** Per manoeuvre: what it counts for speed loss and its forced altitude loss (seed 000 X.E). */
  counts: number[];
  forced: number[];
  /** The problems found so far, in the order they are reported. */
  problems: Problem[];
}

/**
 * `waive`: lay the plan out even when rules are broken (the missed-orders plot flown as the rules
 * force it, missed-orders.ts); every other caller checks.
 */
export function planTurn(
  state: GameState,
  plane: PlaneState,
  plot: Plot | undefined,
  opts: { waive?: boolean } = {},
): Result<FlightPlan, Problem[]> {
  const laid = layOut(state, plane, plot, opts);
  return laid.ok ? flyOut(laid.value, plot?.boxes ?? [], opts) : laid;
}

/**
 * The checker of a plot's markings: each call plans the plot with the climbs and dives `alts` (box
 * by box; null: left out) in place of its own, as planTurn would plan that plot.
 */
export function planMarkings(
  state: GameState,
  plane: PlaneState,
  plot: Plot,
): (alts: readonly number[] | null) => Result<FlightPlan, Problem[]> {
  const laid = layOut(state, plane, plot, {});
  if (!laid.ok) return () => laid;
  const boxes = plot.boxes;
  return (alts) => flyOut(laid.value, boxes, {}, alts);
}

/**
 * The words of a plot's length problems: the hexes the plane enters this turn and those the carried
 * manoeuvre takes. Two-phase (seed 003): each hex is an impulse of its own, numbered through the
 * turn, so the twelve-impulse table's impulses mean nothing to the player there; the hexes do.
 */
function activeWords(state: GameState, plane: string, points: number[], inCarry: number): string {
  const n = points.length;
  const entering =
    state.options.sequence === 'two-phase'
      ? `${plane} enters ${n} hex${n === 1 ? '' : 'es'} this turn`
      : activeText(plane, points);
  return `${entering}${inCarry ? `, ${inCarry} of ${n === 1 ? 'it' : 'them'} taken by the manoeuvre carried over from last turn` : ''}`;
}

/**
 * Adds a problem of `plane`'s plot to `out`, its keys in the order the reports write them (a
 * module function, not a closure made per plot: planning runs thousands of times a turn's menu).
 */
function addProblem(
  out: Problem[],
  plane: string,
  code: string,
  rule: string,
  message: string,
  box?: number,
  see?: DocRef,
): void {
  out.push({
    code,
    ...(rule ? { rule } : {}),
    plane,
    ...(box === undefined ? {} : { box }),
    message,
    ...(see ? { see } : {}),
  });
}

/**
 * Seed 000 X.B, X.B.5: a plot of too few boxes, or of more than the manoeuvre still being flown in
 * the turn's last box runs on into the next turn.
 */
function lengthProblems(
  state: GameState,
  plane: string,
  plotted: number,
  mans: readonly { first: number; last: number }[],
  points: number[],
  inCarry: number,
  problems: Problem[],
): void {
  const need = points.length - inCarry;
  if (plotted < need) {
    const missing = need - plotted;
    addProblem(
      problems,
      plane,
      'E_PLOT_SHORT',
      'seed 000 X.B',
      `${activeWords(state, plane, points, inCarry)}: the plot needs ${need} box${need === 1 ? '' : 'es'}, it has ${plotted}; add ${missing} (e.g. ${Array(missing).fill('1').join(' ')} at the end)`,
    );
  }
  if (plotted > need) {
    const runner = mans.find((m) => m.first <= need - 1 && m.last >= need);
    if (need === 0 || !runner || runner.last !== plotted - 1) {
      addProblem(
        problems,
        plane,
        'E_PLOT_LONG',
        'seed 000 X.B.5',
        need === 0
          ? `${activeWords(state, plane, points, inCarry)}: the manoeuvre carried over from last turn fills the whole turn, so there is nothing to plot: send no plot for ${plane} this turn`
          : `${activeWords(state, plane, points, inCarry)}: the plot needs ${need} box${need === 1 ? '' : 'es'}, it has ${plotted}; only the manoeuvre still being flown in box ${need} may run on into next turn: leave out the boxes after box ${runner ? runner.last + 1 : need}`,
      );
    }
  }
}

/** The layout of a plot: every check that its manoeuvres, mode and marks decide (err: the one problem that stops the rest). */
export function layOut(
  state: GameState,
  plane: PlaneState,
  plot: Plot | undefined,
  opts: { waive?: boolean },
): Result<Layout, Problem[]> {
  const card = cardOf(state, plane);
  const band = effectiveBand(card, plane.altitude, plane.loaded, bandCondition(plane));
  const points = movementPoints(plane.speed);
  const n = points.length;
  const carried = plane.carry?.boxes ?? [];
  const carryMode = plane.carry?.mode ?? null;
  const problems: Problem[] = [];

  if (plot?.mode && carryMode && plot.mode !== carryMode) {
    addProblem(
      problems,
      plane.id,
      'E_MODE_CARRY',
      'seed 000 X.B.5',
      `the manoeuvre carried over from last turn is flown in ${carryMode}; this turn's plot must be ${carryMode} too (or name no mode)`,
    );
  }
  const mode: PlotMode | null = plot?.mode ?? carryMode;
  const ctx: PlanContext = {
    plane: plane.id,
    card,
    band,
    tm: { card, band, speed: plane.speed, loaded: fliesLoaded(plane) },
    mode,
  };
  const boxes = plot?.boxes ?? [];
  const inCarry = carried.slice(0, n).length;
  const need = n - inCarry;

  // Bank through the carried boxes, then the player's manoeuvres (seed 000 XI.C).
  const bank = bankAfterCarry(plane);
  let lastCarried: Box['man'] | undefined;
  for (const b of carried) if (b.man !== 'S' && b.roll !== 1) lastCarried = b.man;
  const bankAtStart = inCarry ? bank : plane.bank;
  const { mans, problems: segProblems } = segment(boxes, bank, ctx, lastCarried);
  const checks = mans.map((m) => familyOf(m.code).check(m, ctx));

  // The carried-over manoeuvre written again at the start of the plot (seed 000 X.B.5): it is
  // flown anyway. That is the one problem reported for the plane; the others would only follow
  // from reading the plot one manoeuvre out of step.
  const again = repeatsCarry(mans, checks, boxes, need, points[0] ?? 0, carried, lastCarried);
  if (again && !opts.waive)
    return err([
      { code: 'E_CARRY_REPEATED', rule: 'seed 000 X.B.5', plane: plane.id, box: again.box, message: again.message },
    ]);

  for (const p of segProblems) problems.push(p);
  for (const c of checks) for (const p of c) problems.push(p);
  lengthProblems(state, plane.id, boxes.length, mans, points, inCarry, problems);

  // Whole-turn modes: seed 001 rules (18)-(21).
  if (mode === 'SC' && !carryMode && !isUpward(bankAtStart)) {
    addProblem(
      problems,
      plane.id,
      'E_SC_BANK',
      'seed 001 rule (18)',
      `a steep climb starts from an upward bank (level, LB or RB); the plane is ${bankIs(bankAtStart)}: roll to N, LB or RB this turn and climb steeply next turn`,
    );
  }
  if (mode === 'VD' && !carryMode) problems.push(...verticalDiveEntry(card, band, plane.last, bankAtStart, plane.id));
  problems.push(...markProblems(plane, plot));
  // What each manoeuvre counts and loses (seed 000 X.E; none in a steep or vertical dive).
  const counts = mans.map((m) => familyOf(m.code).count(m, ctx));
  const forced = mans.map((m) => (mode === 'SD' || mode === 'VD' ? 0 : familyOf(m.code).forcedLoss(m, ctx)));
  return ok({ plane, plot, ctx, card, points, need, mode, carryMode, mans, counts, forced, problems });
}

/** The plot's marks beside its boxes (BOMB, JETTISON, TORPEDO, ROCKETS, LAND): seed 000 VIII, seed 001 rule (21). */
function markProblems(plane: PlaneState, plot: Plot | undefined): Problem[] {
  const out: Problem[] = [];
  if (plot?.jettison && plot.bomb) {
    addProblem(
      out,
      plane.id,
      'E_BOMB_AND_JETTISON',
      'seed 000 VIII',
      `${plane.id}: BOMB and JETTISON in one plot: BOMB drops the load on the target, JETTISON throws it away unaimed; keep one`,
    );
  } else if (plot?.jettison && !carriesBombs(plane)) {
    addProblem(
      out,
      plane.id,
      'E_JETTISON_UNLOADED',
      'seed 000 VIII',
      `${plane.id} carries no bombs to jettison: remove JETTISON`,
    );
  }
  if (plot?.torpedo && (!plane.torpedo || !carriesBombs(plane))) {
    addProblem(out, plane.id, 'E_TORPEDO_NONE', 'seed 000 VIII', `${plane.id} carries no torpedo: remove TORPEDO`);
  } else if (plot?.torpedo && plot.bomb) {
    addProblem(
      out,
      plane.id,
      'E_BOMB_TORPEDO',
      'seed 000 VIII',
      `${plane.id}: BOMB and TORPEDO in one plot: it carries a torpedo; keep TORPEDO`,
    );
  } else if (plot?.bomb && plane.torpedo) {
    addProblem(
      out,
      plane.id,
      'E_BOMB_TORPEDO',
      'seed 000 VIII',
      `${plane.id} carries a torpedo, not bombs: write TORPEDO to drop it`,
    );
  }
  if (plot?.rockets && !plane.rocketLoad)
    addProblem(
      out,
      plane.id,
      'E_ROCKETS_NONE',
      'seed 000 VIII',
      `${plane.id} carries no air-to-ground rockets: remove ROCKETS`,
      undefined,
      DOC_REFS.rockets,
    );
  else if (plot?.rockets && (plot.bomb || plot.torpedo || plot.jettison || plot.land))
    addProblem(
      out,
      plane.id,
      'E_ROCKETS_MARKS',
      'seed 000 VIII',
      `${plane.id}: ROCKETS with ${plot.bomb ? 'BOMB' : plot.torpedo ? 'TORPEDO' : plot.jettison ? 'JETTISON' : 'LAND'} in one plot: fire the rockets this turn and the rest another`,
    );
  if (plot?.land && (plot.bomb || plot.torpedo || plot.jettison || plot.mode || plane.carry?.mode)) {
    addProblem(
      out,
      plane.id,
      'E_LAND_MARKS',
      '',
      `${plane.id}: LAND stands with no BOMB, TORPEDO, JETTISON or SC, SD, VD in its plot: a landing is flown level, slow and low`,
      undefined,
      DOC_REFS.landing,
    );
  }
  if (plot?.bomb && !plane.torpedo && !carriesBombs(plane)) {
    addProblem(
      out,
      plane.id,
      'E_BOMB_UNLOADED',
      'seed 001 rule (21); seed 002 9.2.4',
      plane.loaded
        ? `${plane.id} jettisoned its bombs when it was ${plane.damage?.oddsDamaged ? 'damaged' : 'hit in an engine'}: it has none left to drop; remove BOMB`
        : `${plane.id} carries no bombs: remove BOMB`,
    );
  }
  return out;
}

/** A laid-out plot's boxes with one marking: this turn's (the carried ones first), their numbers, and those that run on. */
export interface MarkedBoxes {
  /** This turn's boxes: carried-over first, then the player's (copies: the altitude rules fill them in). */
  turnBoxes: PlannedBox[];
  /** Per box of this turn, its number in the player's plot (0: carried over). */
  boxNos: number[];
  /** The player's boxes that run on into next turn. */
  overflow: PlannedBox[];
  /** The player's planned boxes, this turn's and those that run on. */
  planned: PlannedBox[];
  /** The boxes carried over from last turn that run on past this one too. */
  carryAgain: PlannedBox[];
}

/**
 * The boxes of a laid-out plot with `boxes` (its own manoeuvres; their climbs, dives and factors;
 * `alts` in place of the climbs and dives when given): the forced losses (a climb written there is
 * a problem, added to `problems`: seed 000 X.E.1.f, X.E.2-3), half-roll hexes, manoeuvre counts.
 */
export function markBoxes(
  l: Layout,
  boxes: readonly Box[],
  problems: Problem[],
  alts?: readonly number[] | null,
): MarkedBoxes {
  const { plane, points, need, mans } = l;
  const n = points.length;
  const carried = plane.carry?.boxes ?? [];
  // Copies: the altitude rules fill in the boxes, and the state read must not change.
  const inCarry = carried.slice(0, n).map((b) => ({ ...b }));
  const carryAgain = carried.slice(n).map((b) => ({ ...b }));
  const planned =
    alts === undefined
      ? boxes.map(toPlanned)
      : boxes.map(
          (b, j): PlannedBox => ({
            man: b.man,
            alt: alts?.[j] ?? 0,
            forced: 0,
            power: b.power,
            brake: b.brake,
            count: 0,
            roll: 0,
          }),
        );
  mans.forEach((m, k) => {
    const last = planned[m.last] as PlannedBox;
    last.count = l.counts[k] as number;
    if (m.code === 'HRL' || m.code === 'HRR') {
      last.roll = 2;
      if (m.last > 0) Object.assign(planned[m.last - 1] as PlannedBox, { man: m.code, roll: 1 });
    }
    if ((l.forced[k] as number) > 0) {
      // A climb written there is refused; the box keeps the altitude as written, so the
      // altitude checks speak of what the player wrote.
      if (last.alt > 0)
        addProblem(
          problems,
          plane.id,
          'E_FORCED_LOSS',
          m.code === '1' ? 'seed 000 X.E.1.f' : 'seed 000 X.E.2-3',
          forcedLossText(m, last.alt),
          m.last + 1,
        );
      else {
        if (last.alt === 0) last.alt = -100;
        last.forced = 100;
      }
    }
  });
  const inNew = planned.slice(0, Math.max(0, need));
  const overflow = planned.slice(Math.max(0, need));
  const turnBoxes = [...inCarry, ...inNew];
  const boxNos = [...inCarry.map(() => 0), ...inNew.map((_, i) => i + 1)];
  return { turnBoxes, boxNos, overflow, planned, carryAgain };
}

/** The altitude rules on a plot's marked boxes (plan-altitude.ts), their problems added to `problems`. */
export function altitudeProblems(l: Layout, m: MarkedBoxes, problems: Problem[]): void {
  const { plane, ctx, points, mode, carryMode, mans } = l;
  const { turnBoxes, boxNos, overflow, planned } = m;
  const { card, band } = ctx;
  const n = points.length;
  for (const p of checkAltitudes({
    plane,
    card,
    band,
    n,
    mode,
    carryMode,
    turnBoxes,
    boxNos,
    overflow,
    mans,
    planned,
    points,
  }))
    problems.push(p);
}

/**
 * Which of this turn's boxes enter a hex, and the problems no climb or dive changes: a slip or half
 * roll on a steep skip (seed 001 rules (18), (19)), the single hex of a vertical dive (20), power
 * and brake (seed 000 X.C, seed 001 rules (14), (15), (25)); the problems added to `problems`.
 */
export function factorProblems(l: Layout, m: MarkedBoxes, problems: Problem[]): boolean[] {
  const { plane, ctx, points, need, mode } = l;
  const { card, band } = ctx;
  const { turnBoxes, boxNos, overflow } = m;
  const working = enginesWorking(card, plane);
  // Movement of each box: steep skips (rules (18), (19)), the single hex of a vertical dive (20).
  const moves = turnBoxes.map((_, i) => !((mode === 'SC' || mode === 'SD') && isSkippedInSteep(i + 1)));
  turnBoxes.forEach((b, i) => {
    if (!moves[i] && boxNos[i] && (b.roll > 0 || ['SL', 'SR', 'SLTR', 'SRTL'].includes(b.man))) {
      addProblem(
        problems,
        plane.id,
        'E_STEEP_SKIP',
        'seed 001 rules (18), (19)',
        `every third movement point of a steep ${mode === 'SC' ? 'climb' : 'dive'} (the ${ordinal(i + 1)} of this turn) is flown ${mode === 'SC' ? 'upward' : 'downward'} in the same hex, so a slip or half roll cannot be flown there: move it to another box`,
        boxNos[i],
      );
    }
  });
  if (mode === 'VD') {
    moves.fill(false);
    let lastBank = -1;
    turnBoxes.forEach((b, i) => {
      if (bankSide(b.man as Bank)) lastBank = i;
    });
    const k = turnBoxes.length;
    if (k > 0) moves[lastBank >= 0 && k - 1 - lastBank > lastBank + 1 ? 0 : lastBank < 0 ? 0 : k - 1] = true;
  }

  // Power and brake: seed 000 X.C, seed 001 rules (14), (15), (25).
  problems.push(...checkImpulseFactors(plane.id, turnBoxes, boxNos, points, overflow, need, working));
  const power = turnBoxes.reduce((s, b) => s + b.power, 0);
  const brake = turnBoxes.reduce((s, b) => s + b.brake, 0);
  const avail = powerAvailable(band, plane.speed, plane.last, working, card.engines);
  if (power > avail) {
    addProblem(
      problems,
      plane.id,
      'E_POWER',
      'seed 001 rules (14), (25)',
      `${plane.id} plots ${power} power factor${power === 1 ? '' : 's'}; ${avail || 'none'} ${avail === 1 ? 'is' : 'are'} available this turn (${powerWhy(band, plane, working, card.engines)}): remove ${power - avail} P`,
    );
  }
  if (brake > band.brake)
    addProblem(
      problems,
      plane.id,
      'E_BRAKE',
      'seed 000 X.C.2',
      `${plane.id} plots ${brake} brake factors; the card allows ${band.brake} a turn: remove ${brake - band.brake} K`,
    );
  return moves;
}

/**
 * The plan of a laid-out plot with `boxes` (its own manoeuvres; their climbs, dives and factors):
 * forced losses, the altitude rules, steep skips, power and brake, then the steps flown.
 */
function flyOut(
  l: Layout,
  boxes: readonly Box[],
  opts: { waive?: boolean },
  alts?: readonly number[] | null,
): Result<FlightPlan, Problem[]> {
  const { plane, plot, points, mode, carryMode } = l;
  const problems: Problem[] = [...l.problems];
  const m = markBoxes(l, boxes, problems, alts);
  altitudeProblems(l, m, problems);
  const moves = factorProblems(l, m, problems);
  if (problems.length && !opts.waive) return err(problems);
  const { turnBoxes, boxNos, overflow, carryAgain } = m;
  const steps: FlightStep[] = turnBoxes.map((box, i) => ({
    impulse: points[i] as number,
    point: i + 1,
    box,
    boxNo: boxNos[i] as number,
    move: moves[i] as boolean,
  }));
  const nextBoxes = [...carryAgain, ...overflow];
  const steepCarry = overflow.some((b) => b.man === 'V' || b.man === 'VLL' || b.man === 'VRR') || mode === 'VD';
  return ok({
    plane: plane.id,
    mode,
    bomb: plot?.bomb ?? false,
    ...(plot?.jettison ? { jettison: true } : {}),
    ...(plot?.torpedo ? { torpedo: true } : {}),
    ...(plot?.land ? { land: true } : {}),
    ...(plot?.rockets ? { rockets: true } : {}),
    steps,
    carry: nextBoxes.length
      ? { boxes: nextBoxes, mode: carryAgain.length ? carryMode : steepCarry ? mode : null }
      : null,
    climbed: turnBoxes.reduce((s, b) => s + Math.max(0, b.alt), 0),
    dived: turnBoxes.reduce((s, b) => s + Math.max(0, -b.alt), 0),
    power: turnBoxes.reduce((s, b) => s + b.power, 0),
    brake: turnBoxes.reduce((s, b) => s + b.brake, 0),
    manoeuvres: turnBoxes.reduce((s, b) => s + b.count, 0),
  });
}
