/**
 * The two-phase sequence of play (seed 003, docs/rules.md "The two-phase sequence"), a game option
 * (`sequence: two-phase`) in place of the twelve impulses of seed 000. The plots, their legality and
 * the hexes each manoeuvre flies are the same; what changes is when each plane moves and who may
 * fire at whom:
 *
 * - First phase: every plane in the air moves the first half of its hexes (rounded down), one
 *   plane at a time, fastest first (initiative.ts); then impulse zero. Second phase: the rest, in
 *   the same order; then impulse zero.
 * - "Each space moved is called an impulse": the impulses are numbered through the turn. After
 *   each hex the moving plane may fire at any target and every other plane only at the moving
 *   plane, fire resolved in the order of movement, each plane's hits taking effect before the next
 *   fires. Fixed guns fire only in the plane's own impulse (they are aimed by flying the plane,
 *   seed 000 VII), so an answer to a moving plane is with flexible guns.
 * - Impulse zero, the last impulse of each phase: planes that did not move in the turn fire at
 *   anything, then the others (flexible guns; nobody flies at impulse zero). Then everything the
 *   twelve-impulse game times by impulse happens, in impulse order, for the impulses of that half
 *   of the turn (1-6 in the first phase, 7-12 in the second): trucks, tanks and ships, planes on the
 *   ground, flak volleys, torpedo runs ("seeking weapons ... at the very end of each phase"), with
 *   the spotting attempts and engine starts of impulse 7 at the end of the first phase so the second
 *   can use them. Planes shot down bail out there: "at the end of each phase, all delay
 *   requirements are fulfilled" (the waterfall).
 * - Bombs, torpedoes, rockets against the ground and landings come in the plane's last impulse of
 *   movement, as in the twelve-impulse game.
 */
import { runBailOutPhase } from '../combat/bailout.ts';
import { runFirePhase } from '../combat/fire-phase.ts';
import type { Dice } from '../dice.ts';
import type { GameEvent } from '../events.ts';
import { runFlakPhase } from '../flak/fire.ts';
import { runLandings } from '../ground/land.ts';
import { moveGround, runEngineStarts } from '../ground/phase.ts';
import { flyImpulse } from '../movement/fly.ts';
import type { FlightPlan } from '../movement/plan.ts';
import { runBombPhase } from '../ordnance/bombs.ts';
import { runRocketPhase } from '../ordnance/rockets.ts';
import type { ImpulseContext } from '../phases.ts';
import type { PlaneState } from '../state.ts';
import { revealAttackers, runSpottingPhase } from '../spotting/spot.ts';
import { moveUnits } from '../units/phase.ts';
import { firstPhaseHexes, type InitiativeChoice, movementOrder } from './initiative.ts';

export interface TwoPhaseShape {
  /** Plane ids in the order of movement. */
  order: string[];
  /** The `initiative` events and the `sequence` event, for impulse 0. */
  events: GameEvent[];
  /** The plans with each movement point renumbered to its impulse of the two-phase turn. */
  plans: Map<string, FlightPlan>;
  phases: { first: number; zero: number }[];
  end: number;
}

/**
 * Lays the turn out: the order of movement and every plane's movement points numbered as the
 * impulses of the two-phase turn (phase one's, impulse zero, phase two's, impulse zero).
 */
export function layOut(
  plans: ReadonlyMap<string, FlightPlan>,
  planes: readonly PlaneState[],
  choices: Readonly<Record<string, InitiativeChoice>>,
  turn: number,
  dice: Dice | undefined,
): TwoPhaseShape {
  const byId = new Map(planes.map((p) => [p.id, p]));
  const movers = [...plans.values()].map((p) => ({
    id: p.plane,
    side: byId.get(p.plane)?.side ?? '',
    speed: p.steps.length,
    pilot: byId.get(p.plane)?.pilot,
  }));
  const { order, events } = movementOrder(movers, choices, turn, dice);
  const renumbered = new Map<string, FlightPlan>();
  const steps = new Map<string, FlightPlan['steps']>(order.map((id) => [id, []]));
  let k = 0;
  const phases: { first: number; zero: number }[] = [];
  for (const phase of [1, 2]) {
    const first = k + 1;
    for (const id of order) {
      const plan = plans.get(id) as FlightPlan;
      const split = firstPhaseHexes(plan.steps.length);
      const mine = phase === 1 ? plan.steps.slice(0, split) : plan.steps.slice(split);
      for (const s of mine) (steps.get(id) as FlightPlan['steps']).push({ ...s, impulse: ++k });
    }
    phases.push({ first, zero: ++k });
  }
  for (const id of order)
    renumbered.set(id, { ...(plans.get(id) as FlightPlan), steps: steps.get(id) as FlightPlan['steps'] });
  const end = k + 1;
  const orderRows = order.map((id) => {
    const n = (plans.get(id) as FlightPlan).steps.length;
    return { plane: id, speed: n, first: firstPhaseHexes(n), second: n - firstPhaseHexes(n) };
  });
  events.push({ impulse: 0, phase: 'A', plane: '', type: 'sequence', order: orderRows, phases, end });
  return { order, events, plans: renumbered, phases, end };
}

/** Flies the two phases on the turn's context (whose `plans` are the shape's renumbered plans). */
export function runTwoPhase(ctx: ImpulseContext, shape: TwoPhaseShape): void {
  const { dry } = ctx;
  const byId = (id: string) => ctx.state.planes.find((p) => p.id === id);
  const stepsOf = (id: string) => ctx.plans.get(id)?.steps ?? [];
  shape.phases.forEach((phase, index) => {
    for (const mover of shape.order) {
      for (const step of stepsOf(mover)) {
        if (step.impulse < phase.first || step.impulse >= phase.zero) continue;
        const plane = byId(mover);
        if (!plane || plane.status !== 'flying') break;
        ctx.impulse = step.impulse;
        ctx.startAltitude.set(mover, plane.altitude);
        flyImpulse(ctx.state, plane, ctx.plans.get(mover) as FlightPlan, step.impulse, ctx.events);
        runSpottingPhase(Object.assign({}, ctx, { attempts: false }));
        // The moving plane fires at anything, the others only at it; in the order of movement.
        for (const id of shape.order)
          runFirePhase(Object.assign({}, ctx, { firers: [id] }, id === mover ? {} : { targetOnly: mover }));
        runBombPhase(ctx);
        runRocketPhase(ctx);
        runLandings(ctx);
        if (!dry) revealAttackers(ctx.state, ctx.events, step.impulse);
      }
    }
    impulseZero(ctx, shape, phase.zero, index === 0 ? [1, 2, 3, 4, 5, 6] : [7, 8, 9, 10, 11, 12], index === 0);
  });
}

/** The last impulse of a phase (see the head of this file). */
function impulseZero(
  ctx: ImpulseContext,
  shape: TwoPhaseShape,
  zero: number,
  half: number[],
  firstPhase: boolean,
): void {
  const { dry } = ctx;
  ctx.impulse = zero;
  const moved = new Set(shape.order.filter((id) => ctx.plans.get(id)?.steps.some((s) => s.move)));
  const stood = ctx.state.planes
    .filter((p) => !moved.has(p.id))
    .map((p) => p.id)
    .sort();
  for (const id of [...stood, ...shape.order.filter((x) => moved.has(x))])
    runFirePhase(Object.assign({}, ctx, { firers: [id] }));
  if (dry) return;
  runBailOutPhase(ctx.state, ctx.turn, zero, ctx.dice, ctx.events, true);
  revealAttackers(ctx.state, ctx.events, zero);
  // The twelve-impulse game's timed doings of this half, stamped with impulse zero.
  const from = ctx.events.length;
  const downed = new Set(ctx.state.planes.filter((p) => p.downed).map((p) => p.id));
  for (const i of half) {
    const at = Object.assign({}, ctx, { impulse: i });
    runSpottingPhase(Object.assign({}, at, { attempts: false }));
    moveUnits(ctx.state, ctx.units, i, ctx.events, at);
    moveGround(at);
    runFlakPhase(at);
  }
  if (firstPhase) {
    const at = Object.assign({}, ctx, { impulse: 7 });
    runSpottingPhase(Object.assign({}, at, { attempts: true }));
    runEngineStarts(at);
  }
  runSpottingPhase(Object.assign({}, ctx, { attempts: false }));
  for (const e of ctx.events.slice(from)) e.impulse = zero;
  for (const p of ctx.state.planes)
    if (p.downed && !downed.has(p.id) && p.downed.turn === ctx.turn) p.downed = { turn: ctx.turn, impulse: zero };
  revealAttackers(ctx.state, ctx.events, zero);
}
