/**
 * Random encounters for the combat properties (tests/core/combat/combat-properties.test.ts,
 * tests/core/combat/no-shot-properties.test.ts): planes of real cards close together, random legal plots
 * (bench/random-plots.ts), seeded dice, every plane firing `FIRE <plane> ALL AT ANY`.
 */
import type { AircraftCard } from '../../src/core/aircraft/types.ts';
import type { GameEvent } from '../../src/core/events.ts';
import { fromColRow } from '../../src/core/hex/coords.ts';
import { flyImpulse } from '../../src/core/movement/fly.ts';
import type { FlightPlan } from '../../src/core/movement/plan.ts';
import { type GameOptions, type GameState, NO_LAST_TURN, type PlaneState } from '../../src/core/state.ts';
import { resolveTurn, type TurnOrders } from '../../src/core/turn.ts';
import { loadAircraftDir } from '../../src/shell/aircraft/catalog.ts';
import { randomPlot, rng } from '../../bench/random-plots.ts';

const catalog = loadAircraftDir();
const TYPES = [
  'spitfire-1a',
  'bf-109e',
  'p-51d',
  'fw-190a8',
  'a6m2',
  'p-40c',
  'p-39d',
  'bf-110c',
  'he-111h',
  'b-17g',
  'b-25j',
  'ju-87b',
  'sbd-3',
];

export function encounter(seed: number, n: number, combat: GameOptions['combat']): GameState {
  const r = rng(seed);
  const aircraft: Record<string, AircraftCard> = Object.fromEntries(TYPES.map((t) => [t, catalog.get(t)!]));
  const planes: PlaneState[] = Array.from({ length: n }, (_, i) => {
    const type = TYPES[Math.floor(r() * TYPES.length)]!;
    const altitude = 8000 + 100 * Math.floor(r() * 40);
    const band = aircraft[type]!.bands.find((b) => altitude >= b.floor && altitude < b.top)!;
    const speed = 10 * band.minSpeed + Math.floor(r() * 10 * (band.levelMax - band.minSpeed + 1));
    return {
      id: `P${i}`,
      side: i % 2 ? 'b' : 'a',
      type,
      hex: fromColRow(26 + Math.floor(r() * 8), 26 + Math.floor(r() * 8)),
      facing: Math.floor(r() * 12),
      nextRight: r() < 0.5,
      altitude,
      speed,
      bank: 'N',
      loaded: false,
      carry: null,
      last: { ...NO_LAST_TURN },
      status: 'flying',
    };
  });
  return {
    version: 1,
    turn: 1,
    map: { width: 60, height: 60 },
    options: { combat, sequence: 'impulse12', oddsDie: r() < 0.5 ? 6 : 12 },
    sides: { a: { name: 'A' }, b: { name: 'B' } },
    aircraft,
    planes,
    dice: { seed: `combat-prop-${seed}` },
  };
}

export const ordersFor = (state: GameState, r: () => number): TurnOrders => {
  const flying = state.planes.filter((p) => p.status === 'flying');
  return {
    plots: Object.fromEntries(flying.map((p) => [p.id, randomPlot(state, p, r)])),
    fire: flying.map((p) => ({ plane: p.id, guns: 'ALL', hold: false, target: 'ANY' })),
  };
};

/**
 * Where every plane is after the movement of each impulse, flown again from the turn's plans: a
 * plane shot down stops moving from the next impulse on (seed 000 IX). Positions carry the
 * across-the-grain alternation, which the cone and the target area need.
 */
export function positionsByImpulse(
  before: GameState,
  plans: Record<string, FlightPlan>,
  events: readonly GameEvent[],
): Map<number, Map<string, PlaneState>> {
  const work = structuredClone(before);
  const downedAt = new Map(events.filter((e) => e.type === 'shot-down').map((e) => [e.plane, e.impulse]));
  const out = new Map<number, Map<string, PlaneState>>();
  const scratch: GameEvent[] = [];
  for (let i = 1; i <= 12; i++) {
    for (const p of work.planes) {
      if (p.status === 'flying' && (downedAt.get(p.id) ?? 13) < i) p.status = 'shot-down';
      const plan = plans[p.id];
      if (plan) flyImpulse(work, p, structuredClone(plan), i, scratch);
    }
    out.set(i, new Map(work.planes.map((p) => [p.id, structuredClone(p)])));
  }
  return out;
}

export interface Turn {
  before: GameState;
  orders: TurnOrders;
  events: GameEvent[];
  plans: Record<string, FlightPlan>;
  after: GameState;
}

export function play(seed: number, n: number, combat: GameOptions['combat'], turns = 2): Turn[] {
  let state = encounter(seed, n, combat);
  const r = rng(seed * 31 + 7);
  const out: Turn[] = [];
  for (let t = 0; t < turns; t++) {
    const orders = ordersFor(state, r);
    const res = resolveTurn(state, orders);
    if (!res.ok) throw new Error(`random orders refused: ${JSON.stringify(res.error)}`);
    out.push({ before: state, orders, events: res.value.events, plans: res.value.plans, after: res.value.state });
    state = res.value.state;
  }
  return out;
}
