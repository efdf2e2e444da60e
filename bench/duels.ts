/**
 * Duels for `npm run bench:standin` (docs/standin.md "How strong it is"): two fighters from a fair,
 * varied start, each side flown by a pilot, turn after turn through resolveTurn until one side is
 * out of the fight (shot down, crashed, bailed out or off the map) or the turns run out. The pilots:
 * the stand-in (core/standin), the missed-orders default (no orders: the carried-over manoeuvre,
 * then straight on, guns held) and pursuit, written as plainly as it is said: turn toward the
 * nearest enemy and fire whenever it can.
 */
import { distance, hexLabel, fromColRow } from '../src/core/hex/coords.ts';
import { degreesOff } from '../src/core/hex/facing.ts';
import { loadAircraftDir } from '../src/shell/aircraft/catalog.ts';
import { winnerOf, sidesInFight } from '../src/core/outcome.ts';
import { waysToFly } from '../src/core/plans/ways.ts';
import { createGame, parseScenario, type Scenario } from '../src/core/scenario.ts';
import { standIn } from '../src/core/standin/pilot.ts';
import type { GameState } from '../src/core/state.ts';
import { resolveTurn, type TurnOrders } from '../src/core/turn.ts';
import type { GameEvent } from '../src/core/events.ts';
import { rng } from './random-plots.ts';

export type Pilot = (state: GameState, side: string) => TurnOrders;

/** No orders: every plane flies the missed-orders default, guns held. */
export const missedOrdersPilot: Pilot = () => ({ plots: {}, fire: [] });

export const standInPilot: Pilot = (state, side) => standIn(state, side).orders;

/** Pursuit: each plane turns toward the nearest enemy (the way ending nearest his bearing, then nearest him) and fires everything at any. */
export const pursuitPilot: Pilot = (state, side) => {
  const orders: TurnOrders = { plots: {}, fire: [] };
  for (const plane of state.planes.filter((p) => p.side === side && p.status === 'flying' && !p.ground)) {
    const enemies = state.planes.filter((p) => p.side !== side && p.status === 'flying');
    const foe = enemies.sort((a, b) => distance(plane.hex, a.hex) - distance(plane.hex, b.hex))[0];
    const ways = waysToFly(state, plane).filter((w) => w.end.status === 'flying');
    if (foe && ways.length) {
      const off = (w: (typeof ways)[number]): number => degreesOff(w.end.hex, w.end.facing, foe.hex) ?? 0;
      const best = ways.map((w, i) => ({ w, i, off: off(w), d: distance(w.end.hex, foe.hex) }))
        .sort((a, b) => a.off - b.off || a.d - b.d || a.i - b.i)[0];
      if (best) orders.plots[plane.id] = best.w.plot;
    }
    orders.fire.push({ plane: plane.id, guns: 'ALL', hold: false, target: 'ANY' });
  }
  return orders;
};

/** The aircraft pairs the duels are flown in, each a fighter of one side against one of the other. */
export const PAIRS: readonly [string, string][] = [
  ['spitfire-1a', 'bf-109e'], ['hurricane-1', 'bf-110c'], ['f4f-4', 'a6m2'], ['p-51d', 'fw-190a8'], ['p-40c', 'ki-43-2'],
];

/** A fair start: the two planes 6 to 9 hexes apart near the middle of a 30 x 24 map, headings and heights drawn, the same speed. */
export function duelStart(n: number, mirrored = false): Scenario {
  const r = rng(9173 + n * 7919);
  const [ta, tb] = PAIRS[n % PAIRS.length] as [string, string];
  const a = { col: 13 + Math.floor(r() * 5), row: 10 + Math.floor(r() * 5) };
  let b = a;
  for (let i = 0; i < 100; i++) {
    const c = { col: 8 + Math.floor(r() * 15), row: 6 + Math.floor(r() * 13) };
    const d = distance(fromColRow(a.col, a.row), fromColRow(c.col, c.row));
    if (d >= 6 && d <= 9) { b = c; break; }
  }
  const fa = Math.floor(r() * 12);
  const fb = Math.floor(r() * 12);
  const alt = 8000 + Math.floor(r() * 8) * 500;
  const planes = [
    { id: 'A1', side: 'a', type: mirrored ? tb : ta, hex: hexLabel(fromColRow(a.col, a.row)), facing: fa, altitude: alt, speed: 5, bank: 'N' as const, loaded: false, rockets: false },
    { id: 'B1', side: 'b', type: mirrored ? ta : tb, hex: hexLabel(fromColRow(b.col, b.row)), facing: fb, altitude: alt, speed: 5, bank: 'N' as const, loaded: false, rockets: false },
  ];
  return {
    name: `duel ${n}`, description: 'a bench duel', map: { width: 30, height: 24 },
    options: { combat: 'standard', sequence: 'impulse12', oddsDie: 6, ammunition: false },
    sides: { a: { name: 'A' }, b: { name: 'B' } }, planes,
  };
}

export interface DuelResult {
  /** The side left in the fight, or null (a draw: both in after the last turn, or neither). */
  winner: string | null;
  turns: number;
  /** Milliseconds each pilot took a turn, by side. */
  times: Record<string, number[]>;
  events: GameEvent[];
  end: GameState;
}

let catalog: ReturnType<typeof loadAircraftDir> | undefined;

/** Flies a duel: each side's pilot gives its orders from the state alone, resolveTurn flies the turn. */
export function playDuel(scenario: Scenario, pilots: Record<string, Pilot>, maxTurns = 30, seed = scenario.name): DuelResult {
  catalog ??= loadAircraftDir();
  const parsed = parseScenario(scenario, 'bench', catalog);
  if (!parsed.ok) throw new Error(parsed.error.map((p) => p.message).join('\n'));
  let state = createGame(parsed.value, catalog, seed.padEnd(32, '0').slice(0, 32));
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(pilots).map((s) => [s, []]));
  const events: GameEvent[] = [];
  let turns = 0;
  while (turns < maxTurns && sidesInFight(state).length > 1) {
    const orders: TurnOrders = { plots: {}, fire: [] };
    for (const [side, pilot] of Object.entries(pilots)) {
      const t = performance.now();
      const o = pilot(state, side);
      times[side]?.push(performance.now() - t);
      Object.assign(orders.plots, o.plots);
      orders.fire.push(...o.fire);
    }
    const r = resolveTurn(state, orders);
    if (!r.ok) throw new Error(`turn ${state.turn} of ${scenario.name} refused: ${r.error.map((p) => p.message).join('; ')}`);
    events.push(...r.value.events);
    state = r.value.state;
    turns++;
  }
  return { winner: sidesInFight(state).length <= 1 ? winnerOf(state) : null, turns, times, events, end: state };
}
