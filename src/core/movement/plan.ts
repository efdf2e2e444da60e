/**
 * From a plot to a flight plan: the carried-over boxes and the player's boxes laid on the plane's
 * movement points, every legality rule checked before anything moves (issue: "illegal orders never
 * half-apply"). The plan is then flown impulse by impulse by fly.ts.
 */
import type { Bank } from '../bank.ts';
import { bankSide, bankWords, isUpward } from '../bank.ts';
import { movementPoints } from '../impulse/schedule.ts';
import type { Box, Plot, PlotMode } from '../../orders/ast.ts';
import { err, ok, type Problem, type Result } from '../result.ts';
import { cardOf, type CarryOver, type GameState, type PlaneState, type PlannedBox } from '../state.ts';
import { checkAltitudes } from './plan-altitude.ts';
import type { ManoeuvreInstance, PlanContext } from './manoeuvres/family.ts';
import { familyOf } from './manoeuvres/registry.ts';
import { verticalDiveEntry } from './limits.ts';
import { effectiveBand, powerAvailable } from './performance.ts';
import { enginesWorking, bandCondition } from '../combat/damage-state.ts';

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
  steps: FlightStep[];
  carry: CarryOver | null;
  climbed: number;
  dived: number;
  power: number;
  brake: number;
  manoeuvres: number;
}

const toPlanned = (b: Box): PlannedBox => ({ man: b.man, alt: b.alt, forced: 0, power: b.power, brake: b.brake, count: 0, roll: 0 });

/** Splits a plot's boxes into manoeuvres: runs of S ended by the box that completes them. */
export function segment(boxes: readonly Box[], bank0: Bank, ctx: PlanContext, previous?: Box['man']): { mans: (ManoeuvreInstance & { first: number; last: number })[]; problems: Problem[] } {
  const mans: (ManoeuvreInstance & { first: number; last: number })[] = [];
  const problems: Problem[] = [];
  let run: number[] = [];
  let bank = bank0;
  let prev = previous;
  boxes.forEach((b, i) => {
    if (b.man === 'S') { run.push(i); return; }
    if (b.man === '1' && run.length) {
      problems.push({ code: 'E_STRAIGHT_LEADS_NOWHERE', rule: 'seed 000 X.F.1.a-b', plane: ctx.plane, box: (run[0] as number) + 1,
        message: `box ${(run[0] as number) + 1}: S is a straight hex inside a manoeuvre, but the manoeuvre ends with a forwards (1) in box ${i + 1}: write 1 for each forwards hex, or S ... then the manoeuvre` });
      run = [];
    }
    const m = { code: b.man, length: run.length + 1, boxNos: [...run, i].map((k) => k + 1), bankBefore: bank, previous: prev, first: run[0] ?? i, last: i };
    mans.push(m);
    bank = familyOf(b.man).bankAfter(m, ctx);
    prev = b.man;
    run = [];
  });
  if (run.length) {
    problems.push({ code: 'E_UNFINISHED', rule: 'seed 000 X.B.5, X.F.1.a', plane: ctx.plane, box: (run[0] as number) + 1,
      message: `boxes ${(run[0] as number) + 1}-${boxes.length} are S with no manoeuvre after them: finish the manoeuvre (e.g. S TR) — it may run into next turn — or write 1 (forwards)` });
  }
  return { mans, problems };
}

export function planTurn(state: GameState, plane: PlaneState, plot: Plot | undefined): Result<FlightPlan, Problem[]> {
  const card = cardOf(state, plane);
  const band = effectiveBand(card, plane.altitude, plane.loaded, bandCondition(plane));
  const working = enginesWorking(card, plane);
  const points = movementPoints(plane.speed);
  const n = points.length;
  const carried = plane.carry?.boxes ?? [];
  const carryMode = plane.carry?.mode ?? null;
  const problems: Problem[] = [];
  const P = (code: string, rule: string, message: string, box?: number) =>
    problems.push(box === undefined ? { code, rule, plane: plane.id, message } : { code, rule, plane: plane.id, box, message });

  if (plot?.mode && carryMode && plot.mode !== carryMode) {
    P('E_MODE_CARRY', 'seed 000 X.B.5', `the manoeuvre carried over from last turn is flown in ${carryMode}; this turn's plot must be ${carryMode} too (or name no mode)`);
  }
  const mode: PlotMode | null = plot?.mode ?? carryMode;
  const ctx: PlanContext = { plane: plane.id, card, band, tm: { card, band, speed: plane.speed, loaded: plane.loaded }, mode };
  const boxes = plot?.boxes ?? [];
  const inCarry = carried.slice(0, n);
  const carryAgain = carried.slice(n);
  const need = n - inCarry.length;
  const active = `active in ${n} impulse${n === 1 ? '' : 's'} this turn${n ? ` (${[...new Set(points)].join(', ')})` : ''}`;

  if (boxes.length < need) {
    P('E_PLOT_SHORT', 'seed 000 X.B', `${plane.id} is ${active}${inCarry.length ? `, ${inCarry.length} taken by the manoeuvre carried over` : ''}: the plot needs ${need} box${need === 1 ? '' : 'es'}, it has ${boxes.length}`);
  }

  // Bank through the carried boxes, then the player's manoeuvres (seed 000 XI.C).
  let bank: Bank = plane.bank;
  let lastCarried: Box['man'] | undefined;
  const nowhere = { hex: plane.hex, facing: plane.facing, nextRight: true };
  for (const b of carried) {
    bank = familyOf(b.man).fly(nowhere, bank, b, false, carryMode).bank;
    if (b.man !== 'S' && b.roll !== 1) lastCarried = b.man;
  }
  const bankAtStart = inCarry.length ? bank : plane.bank;
  const { mans, problems: segProblems } = segment(boxes, bank, ctx, lastCarried);
  problems.push(...segProblems);
  for (const m of mans) problems.push(...familyOf(m.code).check(m, ctx));

  if (boxes.length > need) {
    const runner = mans.find((m) => m.first <= need - 1 && m.last >= need);
    if (need === 0 || !runner || runner.last !== boxes.length - 1) {
      P('E_PLOT_LONG', 'seed 000 X.B.5', `${plane.id} is ${active}${inCarry.length ? `, ${inCarry.length} taken by the manoeuvre carried over` : ''}: the plot needs ${need} box${need === 1 ? '' : 'es'}, it has ${boxes.length}; only the manoeuvre still being flown in the last active impulse may run on into next turn`);
    }
  }

  // Whole-turn modes: seed 001 rules (18)-(21).
  if (mode === 'SC' && !carryMode && !isUpward(bankAtStart)) P('E_SC_BANK', 'seed 001 rule (18)', `a steep climb needs an upward bank (level, LB or RB); the plane is ${bankWords(bankAtStart)}`);
  if (mode === 'VD' && !carryMode) problems.push(...verticalDiveEntry(card, band, plane.last, bankAtStart, plane.id));
  if (plot?.bomb && !plane.loaded) P('E_BOMB_UNLOADED', 'seed 001 rule (21)', `${plane.id} carries no bombs: remove BOMB`);

  // Planned boxes: forced losses, half-roll hexes, manoeuvre counts.
  const planned = boxes.map(toPlanned);
  for (const m of mans) {
    const fam = familyOf(m.code);
    const last = planned[m.last] as PlannedBox;
    last.count = fam.count(m, ctx);
    if (m.code === 'HRL' || m.code === 'HRR') {
      last.roll = 2;
      if (m.last > 0) Object.assign(planned[m.last - 1] as PlannedBox, { man: m.code, roll: 1 });
    }
    const forced = mode === 'SD' || mode === 'VD' ? 0 : fam.forcedLoss(m, ctx);
    if (forced > 0) {
      if (last.alt > 0) P('E_FORCED_LOSS', m.code === '1' ? 'seed 000 X.E.1.f' : 'seed 000 X.E.2-3', `box ${m.last + 1}: ${m.code === '1' ? 'a banked forwards manoeuvre' : `a maximum-performance ${m.code.startsWith('T') ? 'turn' : 'slip'}`} loses 100 ft and may not climb in its impulse`, m.last + 1);
      if (last.alt === 0) last.alt = -100;
      last.forced = 100;
    }
  }

  const inNew = planned.slice(0, Math.max(0, need));
  const overflow = planned.slice(Math.max(0, need));
  const turnBoxes = [...inCarry, ...inNew];
  const boxNos = [...inCarry.map(() => 0), ...inNew.map((_, i) => i + 1)];
  problems.push(...checkAltitudes({ plane, card, band, n, mode, carryMode, turnBoxes, boxNos, overflow, mans, planned, points }));

  // Movement of each box: steep skips (rules (18), (19)), the single hex of a vertical dive (20).
  const moves = turnBoxes.map((_, i) => !((mode === 'SC' || mode === 'SD') && (i + 1) % 3 === 0));
  turnBoxes.forEach((b, i) => {
    if (!moves[i] && (b.roll > 0 || ['SL', 'SR', 'SLTR', 'SRTL'].includes(b.man))) {
      P('E_STEEP_SKIP', 'seed 001 rules (18), (19)', `box ${boxNos[i]}: every third movement point of a steep ${mode === 'SC' ? 'climb' : 'dive'} is flown vertically; a slip or half roll cannot be flown there`, boxNos[i]);
    }
  });
  if (mode === 'VD') {
    moves.fill(false);
    let lastBank = -1;
    turnBoxes.forEach((b, i) => { if (bankSide(b.man as Bank)) lastBank = i; });
    const k = turnBoxes.length;
    if (k > 0) moves[lastBank >= 0 && k - 1 - lastBank > lastBank + 1 ? 0 : lastBank < 0 ? 0 : k - 1] = true;
  }

  // Power and brake: seed 000 X.C, seed 001 rules (14), (15), (25).
  const power = turnBoxes.reduce((s, b) => s + b.power, 0);
  const brake = turnBoxes.reduce((s, b) => s + b.brake, 0);
  [...turnBoxes, ...overflow].forEach((b, i) => {
    const no = i < boxNos.length ? boxNos[i] : need + (i - boxNos.length) + 1;
    if (b.power > 0 && b.brake > 0) P('E_POWER_AND_BRAKE', 'seed 000 X.F.1.c', `box ${no}: an impulse holds either P or K, not both`, no);
    if (b.power > working) P('E_POWER_BOX', 'seed 000 X.C.1', `box ${no}: at most one power factor per working engine in an impulse (${working})`, no);
    if (b.brake > 1) P('E_BRAKE_BOX', 'seed 000 X.C.2', `box ${no}: at most one brake factor in an impulse`, no);
  });
  const avail = powerAvailable(band, plane.speed, plane.last, working, card.engines);
  if (power > avail) P('E_POWER', 'seed 001 rules (14), (25)', `${plane.id} plots ${power} power factor${power === 1 ? '' : 's'}; ${avail} ${avail === 1 ? 'is' : 'are'} available at this speed and altitude`);
  if (brake > band.brake) P('E_BRAKE', 'seed 000 X.C.2', `${plane.id} plots ${brake} brake factors; the card allows ${band.brake} a turn`);

  if (problems.length) return err(problems);
  const steps: FlightStep[] = turnBoxes.map((box, i) => ({ impulse: points[i] as number, point: i + 1, box, boxNo: boxNos[i] as number, move: moves[i] as boolean }));
  const nextBoxes = [...carryAgain, ...overflow];
  const steepCarry = overflow.some((b) => b.man === 'V' || b.man === 'VLL' || b.man === 'VRR') || mode === 'VD';
  return ok({
    plane: plane.id,
    mode,
    bomb: plot?.bomb ?? false,
    steps,
    carry: nextBoxes.length ? { boxes: nextBoxes, mode: carryAgain.length ? carryMode : steepCarry ? mode : null } : null,
    climbed: turnBoxes.reduce((s, b) => s + Math.max(0, b.alt), 0),
    dived: turnBoxes.reduce((s, b) => s + Math.max(0, -b.alt), 0),
    power,
    brake,
    manoeuvres: turnBoxes.reduce((s, b) => s + b.count, 0),
  });
}
