/**
 * The orders of every truck, tank and ship of a turn, checked before anything moves (like the
 * planes' plots, core/turn.ts): one planner per kind, every problem of every unit reported.
 */
import type { MoveOrder } from '../../orders/ast.ts';
import { err, ok, type Problem, type Result } from '../result.ts';
import type { GameState } from '../state.ts';
import { planTank, planTruck } from './ground.ts';
import { planShip, type ShipPlan } from './ships.ts';
import type { UnitKind, UnitState } from './types.ts';
import { problem, type UnitAction } from './walk.ts';

export interface UnitTurnPlan {
  unit: string;
  actions: UnitAction[];
  after?: ShipPlan['after'];
  aground?: string;
}

type Planner = (state: GameState, u: UnitState, order: MoveOrder | undefined) => Result<UnitTurnPlan, Problem[]>;

/** Ground units without orders stay where they are; ships steam on at their speed. */
const PLANNERS: Record<UnitKind, Planner> = {
  truck: (s, u, o) => (o ? planTruck(s, u, o) : ok({ unit: u.id, actions: [] })),
  tank: (s, u, o) => (o ? planTank(s, u, o) : ok({ unit: u.id, actions: [] })),
  ship: planShip,
  // A torpedo runs straight on its own, one hex a turn in impulse 7 (seed 000 V.D.2-3).
  torpedo: (_s, u, o) =>
    o
      ? err([problem(u.id, 'E_UNIT_STEP', `${u.id} is a torpedo: it runs straight on by itself and takes no orders`)])
      : ok({ unit: u.id, actions: [{ impulse: 7, step: 'F' }] }),
};

const GONE: Partial<Record<UnitState['status'], string>> = {
  exited: 'has left the map',
  sunk: 'was sunk',
  destroyed: 'was destroyed',
  spent: 'is spent',
};

/** Why a unit takes no more orders, in words: "has left the map", "was sunk". */
export const unitGoneWords = (u: UnitState): string => GONE[u.status] ?? 'is out of the game';

export const activeUnits = (state: GameState): UnitState[] => (state.units ?? []).filter((u) => u.status === 'active');

export function planUnits(
  state: GameState,
  orders: readonly MoveOrder[],
): Result<Map<string, UnitTurnPlan>, Problem[]> {
  const problems: Problem[] = [];
  const plans = new Map<string, UnitTurnPlan>();
  const byId = new Map((state.units ?? []).map((u) => [u.id, u]));
  const given = new Map<string, MoveOrder>();
  for (const o of orders) {
    const u = byId.get(o.unit.toUpperCase());
    if (!u)
      problems.push(
        problem(
          o.unit,
          'E_UNKNOWN_UNIT',
          `there is no truck, tank or ship ${o.unit} in this game${byId.size ? ` (units: ${[...byId.keys()].join(', ')})` : ''}`,
        ),
      );
    else if (u.status !== 'active')
      problems.push(
        problem(o.unit, 'E_UNIT_GONE', `${u.id} ${unitGoneWords(u)} and takes no orders: leave its MOVE line out`),
      );
    else given.set(u.id, o);
  }
  for (const u of activeUnits(state)) {
    const r = PLANNERS[u.kind](state, u, given.get(u.id));
    if (r.ok) plans.set(u.id, r.value);
    else problems.push(...r.error);
  }
  return problems.length ? err(problems) : ok(plans);
}
