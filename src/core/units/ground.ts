/**
 * Trucks (seed 000 V.A) and tanks (V.B): non-plotted movement over the terrain of the map
 * (core/terrain.ts). A turn's points come from the hex the unit starts the turn in.
 *
 * - Truck on a road hex: 2 points, the first spent in impulse 4, the second in impulse 9, either
 *   or both may be left unspent (`-`); entering a hex or turning a hexside costs one. A point of
 *   the road is spent on the road: the second one only if the truck is still on a road hex.
 * - Truck off road: 1 point, in impulse 7.
 * - Tank: 1 point in impulse 7 on a road hex; off road only on even turns (V.B.2). One hexside of
 *   turn is free, before or after moving (V.B.3); a further turn costs the point.
 * Ground units do not enter sea hexes; a unit that steps off the map leaves the game.
 */
import type { MoveOrder, MoveStep } from '../../orders/ast.ts';
import { DOC_REFS } from '../doc-refs.ts';
import type { Problem } from '../result.ts';
import { err, ok, type Result } from '../result.ts';
import type { GameState } from '../state.ts';
import type { UnitState } from './types.ts';
import {
  applyStep,
  hexName,
  isRoad,
  onMapHex,
  positionOf,
  problem,
  terrainOf,
  type UnitAction,
  GROUND_STEPS,
} from './walk.ts';

export interface UnitPlan {
  unit: string;
  actions: UnitAction[];
}

/** Steps a truck or tank cannot take, with the reason. */
function wrongKind(u: UnitState, order: MoveOrder): Problem[] {
  const out: Problem[] = [];
  const plane = order.steps.filter((s) => GROUND_STEPS.includes(s));
  if (plane.length)
    out.push({
      ...problem(
        u.id,
        'E_UNIT_STEP',
        `${u.id} is a ${u.kind}: ${plane.join(' ')} is for a plane on the ground; a ${u.kind} takes F, L, R${u.kind === 'truck' ? ' and -' : ''}`,
      ),
      see: DOC_REFS.onGround,
    });
  const ships = order.steps.filter((s) => s === 'TL' || s === 'TR');
  if (ships.length)
    out.push(
      problem(
        u.id,
        'E_UNIT_STEP',
        `${u.id} is a ${u.kind}: it turns a whole hexside, L or R (TL and TR are a ship's 30-degree turns)`,
      ),
    );
  if (order.knots !== undefined)
    out.push(problem(u.id, 'E_UNIT_STEP', `${u.id} is a ${u.kind}: only ships take a speed in knots`));
  if (u.kind === 'tank' && order.steps.includes('-'))
    out.push(
      problem(
        u.id,
        'E_UNIT_STEP',
        `${u.id} is a tank: '-' is a truck's unspent impulse; a tank that does nothing needs no MOVE line`,
      ),
    );
  return out;
}

/** Walks the steps, refusing sea hexes; stops at the map's edge (the unit leaves there). */
function walk(
  state: GameState,
  u: UnitState,
  steps: { impulse: number; step: MoveStep }[],
  check?: (i: number, p: ReturnType<typeof positionOf>) => Problem | undefined,
): Result<UnitAction[], Problem[]> {
  const problems: Problem[] = [];
  const actions: UnitAction[] = [];
  let pos = positionOf(u);
  for (const [i, s] of steps.entries()) {
    if (s.step === '-' || GROUND_STEPS.includes(s.step)) continue; // refused by wrongKind
    if (!onMapHex(state, pos)) break;
    const bad = check?.(i, pos);
    if (bad) {
      problems.push(bad);
      continue;
    }
    const next = applyStep(pos, s.step as UnitAction['step']);
    if (s.step === 'F' && onMapHex(state, next) && terrainOf(state, next) === 'sea') {
      problems.push(problem(u.id, 'E_UNIT_TERRAIN', `${u.id} cannot drive into ${hexName(next)}: it is sea`));
      continue;
    }
    actions.push({ impulse: s.impulse, step: s.step as UnitAction['step'] });
    pos = next;
  }
  return problems.length ? err(problems) : ok(actions);
}

export function planTruck(state: GameState, u: UnitState, order: MoveOrder): Result<UnitPlan, Problem[]> {
  const bad = wrongKind(u, order);
  if (bad.length) return err(bad);
  const onRoad = isRoad(terrainOf(state, positionOf(u)));
  const steps = order.steps;
  if (onRoad && steps.length > 2) {
    return err([
      problem(
        u.id,
        'E_UNIT_POINTS',
        `${u.id} starts the turn on a road: it has 2 movement points, one in impulse 4 and one in impulse 9 (${steps.length} steps written); write two steps, - for an impulse it waits, e.g. MOVE ${u.id} F F or MOVE ${u.id} - F`,
      ),
    ]);
  }
  if (!onRoad && steps.filter((s) => s !== '-').length > 1) {
    return err([
      problem(
        u.id,
        'E_UNIT_POINTS',
        `${u.id} starts the turn off road (${hexName(positionOf(u))}): it has one movement point, in impulse 7; write one step, e.g. MOVE ${u.id} F`,
      ),
    ]);
  }
  const timed = onRoad
    ? steps.map((step, i) => ({ impulse: i === 0 ? 4 : 9, step }))
    : steps.filter((s) => s !== '-').map((step) => ({ impulse: 7, step }));
  const r = walk(state, u, timed, (i, pos) =>
    onRoad && i === 1 && !isRoad(terrainOf(state, pos))
      ? problem(
          u.id,
          'E_UNIT_POINTS',
          `${u.id}'s second road point (impulse 9) is spent on the road, but ${u.id} is then in ${hexName(pos)}, which has no road: it left the road with its first point`,
        )
      : undefined,
  );
  return r.ok ? ok({ unit: u.id, actions: r.value }) : r;
}

export function planTank(state: GameState, u: UnitState, order: MoveOrder): Result<UnitPlan, Problem[]> {
  const bad = wrongKind(u, order);
  if (bad.length) return err(bad);
  const onRoad = isRoad(terrainOf(state, positionOf(u)));
  const points = onRoad || state.turn % 2 === 0 ? 1 : 0;
  const turns = order.steps.filter((s) => s === 'L' || s === 'R').length;
  const cost = order.steps.filter((s) => s === 'F').length + Math.max(0, turns - 1);
  if (cost > points) {
    const why = onRoad
      ? 'on a road it has 1 movement point a turn'
      : points
        ? 'off road it has 1 movement point on even turns'
        : `off road it has a movement point only on even turns, and this is turn ${state.turn}`;
    return err([
      problem(
        u.id,
        'E_UNIT_POINTS',
        `${u.id}: ${why}, spent in impulse 7, and one free turn of a hexside (before or after moving); ${order.steps.join(' ')} needs ${cost} point${cost === 1 ? '' : 's'}`,
      ),
    ]);
  }
  const r = walk(
    state,
    u,
    order.steps.map((step) => ({ impulse: 7, step })),
  );
  return r.ok ? ok({ unit: u.id, actions: r.value }) : r;
}
