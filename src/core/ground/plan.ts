/**
 * Planes on the ground (seed 000 IV.2-8; docs/ground.md): their orders for the turn, checked before
 * anything moves, like every other order. A plane on the ground takes a MOVE line, not a plot:
 *
 * - START: one engine start attempt, in impulse 7 (IV.2); with the engine running, one power
 *   factor at once (IV.3).
 * - P or B: one power or brake factor (not both) a turn once the engine runs (IV.4), applied in
 *   impulse 7 (IV.8); the new speed counts from the next turn.
 * - L, R: up to three hexside turns a turn, free, only at speed 0 or 1 (IV.6), in impulse 7, always
 *   in level bank (IV.7).
 * - LAUNCH: off a carrier's deck (IV.8, "as per the regular game": docs/ground.md).
 *
 * Without a MOVE line a plane on the ground rolls on at its speed. It moves straight ahead in the
 * impulses of its speed (IV.5).
 */
import type { MoveOrder } from '../../orders/ast.ts';
import { movementPoints } from '../impulse/schedule.ts';
import { err, ok, type Problem, type Result } from '../result.ts';
import type { GameState, PlaneState } from '../state.ts';
import { problem } from '../units/walk.ts';
import { launchProblem } from './deck.ts';

export interface GroundPlan {
  plane: string;
  start: boolean;
  power: number;
  brake: number;
  /** Hexside turns in impulse 7: -1 left, +1 right. */
  turns: number[];
  launch: boolean;
  /** Impulses in which it rolls one hex ahead (its speed at the turn's start). */
  rolls: number[];
}

/** The most hexside turns a turn on the ground (IV.6). */
export const GROUND_TURNS = 3;

export const onGround = (p: PlaneState): boolean => p.status === 'flying' && !!p.ground;

export function planGround(
  state: GameState,
  plane: PlaneState,
  order: MoveOrder | undefined,
): Result<GroundPlan, Problem[]> {
  const g = plane.ground as NonNullable<PlaneState['ground']>;
  const steps = order?.steps ?? [];
  const problems: Problem[] = [];
  const P = (code: string, message: string): void => {
    problems.push(problem(plane.id, code, message));
  };
  const wrong = steps.filter((s) => !['START', 'P', 'B', 'L', 'R', 'LAUNCH'].includes(s));
  if (wrong.length || order?.knots !== undefined)
    P(
      'E_GROUND_STEP',
      `${plane.id} is on the ground: it takes START, P, B, L, R or LAUNCH (${[...wrong, ...(order?.knots !== undefined ? [`${order.knots}KT`] : [])].join(' ')} is for trucks, tanks and ships)`,
    );
  const count = (s: string): number => steps.filter((x) => x === s).length;
  const start = count('START') > 0;
  const power = count('P');
  const brake = count('B');
  const launch = count('LAUNCH') > 0;
  const turns = steps.filter((s) => s === 'L' || s === 'R').map((s) => (s === 'L' ? -1 : 1));
  if (count('START') > 1 || count('LAUNCH') > 1)
    P('E_GROUND_REPEATED', `${plane.id}: START and LAUNCH are written once`);
  if (start && g.engine) P('E_ENGINE_RUNNING', `${plane.id}'s engine is running already: leave START out`);
  if (!start && !g.engine && (power || brake || turns.length || launch))
    P(
      'E_ENGINE_OFF',
      `${plane.id}'s engine is not running: START it first (one attempt a turn, in impulse 7); ${steps.filter((s) => s !== 'START').join(' ')} can follow once it runs`,
    );
  if (power + brake > 1)
    P(
      'E_GROUND_FACTORS',
      `${plane.id}: one power or brake factor a turn on the ground, not both and not two (seed 000 IV.4): write one P or one B`,
    );
  if (start && (power || brake))
    P(
      'E_GROUND_FACTORS',
      `${plane.id}: the engine that starts gives one power factor at once (seed 000 IV.3): leave P and B out this turn`,
    );
  if (turns.length > GROUND_TURNS)
    P(
      'E_GROUND_TURNS',
      `${plane.id}: at most ${GROUND_TURNS} hexside turns a turn on the ground (seed 000 IV.6); ${turns.length} written`,
    );
  if (turns.length && plane.speed > 10)
    P(
      'E_GROUND_TURN_FAST',
      `${plane.id} turns on the ground only at speed 0 or 1 (seed 000 IV.6); it rolls at ${(plane.speed / 10).toFixed(1)}: brake first (B)`,
    );
  if (g.deck && (power || brake || turns.length))
    P(
      'E_ON_DECK',
      `${plane.id} is on ${g.deck}'s deck: it starts its engine (START) and then LAUNCHes; it does not taxi`,
    );
  if (launch) {
    if (start || power || brake || turns.length)
      P('E_LAUNCH_ALONE', `${plane.id}: LAUNCH stands alone on its MOVE line, the turn after the engine started`);
    else {
      const why = launchProblem(state, plane);
      if (why) P('E_LAUNCH', why);
    }
  }
  if (problems.length) return err(problems);
  const rolls = g.deck || launch ? [] : [...new Set(movementPoints(plane.speed))];
  return ok({ plane: plane.id, start, power, brake, turns, launch, rolls });
}

/** Every plane on the ground: its plan, every problem; one launch a deck a turn. */
export function planGroundAll(
  state: GameState,
  moves: readonly MoveOrder[],
): Result<Map<string, GroundPlan>, Problem[]> {
  const plans = new Map<string, GroundPlan>();
  const problems: Problem[] = [];
  for (const plane of state.planes.filter(onGround)) {
    const r = planGround(
      state,
      plane,
      moves.find((m) => m.unit.toUpperCase() === plane.id),
    );
    if (r.ok) plans.set(plane.id, r.value);
    else problems.push(...r.error);
  }
  const decks = new Map<string, string>();
  for (const p of [...plans.values()].filter((x) => x.launch).sort((a, b) => a.plane.localeCompare(b.plane))) {
    const deck = state.planes.find((x) => x.id === p.plane)?.ground?.deck as string;
    const first = decks.get(deck);
    if (first)
      problems.push(
        problem(
          p.plane,
          'E_LAUNCH',
          `one plane leaves ${deck}'s deck a turn (10 seconds): ${first} launches this turn; launch ${p.plane} next turn`,
        ),
      );
    else decks.set(deck, p.plane);
  }
  return problems.length ? err(problems) : ok(plans);
}
