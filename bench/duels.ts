/**
 * Duels for `npm run bench:standin` (docs/standin.md "How strong it is"): two fighters from a fair,
 * varied start, each side flown by a pilot, turn after turn through resolveTurn until one side is
 * out of the fight (shot down, crashed, bailed out or off the map) or the turns run out.
 *
 * No edge to flee to: the map is as large as a map may be (99 x 99 hexes), and whenever a plane comes within
 * RECENTRE_AT hexes of an edge, both planes are moved back to the middle together, by the same step
 * (hex geometry, headings and the distance between them unchanged): a plane would have to fly some
 * 75 hexes away from the other to leave it, so a duel is won by shooting, not by the other flying off.
 *
 * The pilots, each written as plainly as it is said:
 * - the stand-in (core/standin), and the stand-in as it was before (bench/previous-standin, a frozen copy);
 * - the missed-orders default: no orders (the carried-over manoeuvre, then straight on, guns held);
 * - pursuit: turn toward the nearest enemy and fire whenever it can;
 * - hunter: fly each of its ways nearest the enemy against five guesses of his plans (the first
 *   five plans of his menu, core/plans/menu.ts) and take the best exchange of shots.
 */
import { distance, fromColRow, hexLabel, toColRow } from '../src/core/hex/coords.ts';
import { degreesOff } from '../src/core/hex/facing.ts';
import { loadAircraftDir } from '../src/shell/aircraft/catalog.ts';
import { sidesInFight, winnerOf } from '../src/core/outcome.ts';
import { dryShots, planMenu } from '../src/core/plans/menu.ts';
import { type WayToFly, waysToFly } from '../src/core/plans/ways.ts';
import { createGame, parseScenario, type Scenario } from '../src/core/scenario.ts';
import { fogState } from '../src/core/spotting/fog.ts';
import { standIn } from '../src/core/standin/pilot.ts';
import type { StandinLevel } from '../src/core/standin/levels.ts';
import type { GameState, PlaneState } from '../src/core/state.ts';
import { resolveTurn, type TurnOrders } from '../src/core/turn.ts';
import type { GameEvent } from '../src/core/events.ts';
import { standIn as previousStandIn } from './previous-standin/pilot.ts';
import { rng } from './random-plots.ts';

export type Pilot = (state: GameState, side: string) => TurnOrders;

/** No orders: every plane flies the missed-orders default, guns held. */
export const missedOrdersPilot: Pilot = () => ({ plots: {}, fire: [] });

export const standInPilot: Pilot = (state, side) => standIn(state, side).orders;
/** The stand-in flying at a level below its best (core/standin/levels.ts): the ace's opponent in the bench's level lines. */
export const levelPilot =
  (level: StandinLevel): Pilot =>
  (state, side) =>
    standIn(state, side, state.dice.seed, { level }).orders;

/** The stand-in as it was before the work of docs/standin.md's latest figures (bench/previous-standin). */
export const previousPilot: Pilot = (state, side) => previousStandIn(state, side).orders;

const mine = (state: GameState, side: string): PlaneState[] =>
  state.planes.filter((p) => p.side === side && p.status === 'flying' && !p.ground);
const nearestEnemy = (state: GameState, plane: PlaneState): PlaneState | undefined =>
  state.planes
    .filter((p) => p.side !== plane.side && p.status === 'flying')
    .sort((a, b) => distance(plane.hex, a.hex) - distance(plane.hex, b.hex))[0];

/** Pursuit's way: the one ending pointing nearest at the enemy, then nearest him (the first listed of those). */
function pursuitWay(ways: readonly WayToFly[], foe: PlaneState): WayToFly | undefined {
  const off = (w: WayToFly): number => degreesOff(w.end.hex, w.end.facing, foe.hex) ?? 0;
  return ways
    .map((w, i) => ({ w, i, off: off(w), d: distance(w.end.hex, foe.hex) }))
    .sort((a, b) => a.off - b.off || a.d - b.d || a.i - b.i)[0]?.w;
}

/** Pursuit: each plane turns toward the nearest enemy (pursuitWay) and fires everything at any. */
export const pursuitPilot: Pilot = (state, side) => {
  const orders: TurnOrders = { plots: {}, fire: [] };
  for (const plane of mine(state, side)) {
    const foe = nearestEnemy(state, plane);
    const way =
      foe &&
      pursuitWay(
        waysToFly(state, plane).filter((w) => w.end.status === 'flying'),
        foe,
      );
    if (way) orders.plots[plane.id] = way.plot;
    orders.fire.push({ plane: plane.id, guns: 'ALL', hold: false, target: 'ANY' });
  }
  return orders;
};

/** Ways the hunter tries: those ending nearest the enemy. */
const HUNTER_WAYS = 40;

/**
 * Hunter: each plane flies each of its HUNTER_WAYS ways ending nearest the nearest enemy against five
 * guesses of his plans (the first five of his menu, as his side sees the game), as dry runs, and
 * takes the way with the best exchange of shots summed over the guesses: a shot of its own is worth
 * 9 less its range, one at it the same taken away. No shot either way in any: pursuit's way.
 */
export const hunterPilot: Pilot = (state, side) => {
  const orders: TurnOrders = { plots: {}, fire: [] };
  for (const plane of mine(state, side)) {
    orders.fire.push({ plane: plane.id, guns: 'ALL', hold: false, target: 'ANY' });
    const foe = nearestEnemy(state, plane);
    if (!foe) continue;
    const flying = waysToFly(state, plane).filter((w) => w.end.status === 'flying');
    const guesses = planMenu(fogState(state, foe.side), foe.id)
      .slice(0, 5)
      .map((p) => p.plot);
    const ways = flying
      .map((w, i) => ({ w, i, d: distance(w.end.hex, foe.hex) }))
      .sort((a, b) => a.d - b.d || a.i - b.i)
      .slice(0, HUNTER_WAYS);
    let best: { plot: TurnOrders['plots'][string]; score: number } | undefined;
    for (const { w } of ways) {
      let score = 0;
      for (const guess of guesses.length ? guesses : [undefined]) {
        const r = dryShots(state, plane, w.plot, guess ? { [foe.id]: guess } : {});
        if (!r) continue;
        const own = r.sighted.filter((s) => s.plane === plane.id).map((s) => s.range);
        const his = r.sighted.filter((s) => s.target === plane.id).map((s) => s.range);
        score += (own.length ? 9 - Math.min(...own) : 0) - (his.length ? 9 - Math.min(...his) : 0);
      }
      if (!best || score > best.score) best = { plot: w.plot, score };
    }
    const plot = best && best.score !== 0 ? best.plot : pursuitWay(flying, foe)?.plot;
    if (plot) orders.plots[plane.id] = plot;
  }
  return orders;
};

/** Several sides' orders as one turn's orders: their plots, fire orders, MOVE lines and quick-game moves together. */
export function mergedOrders(sides: readonly TurnOrders[]): TurnOrders {
  const all: TurnOrders = { plots: {}, fire: [], moves: [], quick: {} };
  for (const o of sides) {
    Object.assign(all.plots, o.plots);
    Object.assign(all.quick ?? {}, o.quick);
    all.moves?.push(...(o.moves ?? []));
    all.fire.push(...o.fire);
  }
  return all;
}

/** The aircraft pairs the duels are flown in, each a fighter of one side against one of the other. */
export const PAIRS: readonly [string, string][] = [
  ['spitfire-1a', 'bf-109e'],
  ['hurricane-1', 'bf-110c'],
  ['f4f-4', 'a6m2'],
  ['p-51d', 'fw-190a8'],
  ['p-40c', 'ki-43-2'],
];

/** The map of the duels, and how near an edge a plane comes before both are moved back to the middle. */
const MAP = { width: 99, height: 99 };
const RECENTRE_AT = 12;

/**
 * A fair start: the two planes 6 to 9 hexes apart near the middle of the map, headings and heights
 * drawn, the same speed. Seat A flies the pair's first type, seat B its second; `typesSwapped`
 * gives each seat the other's type (the mirror flies each start both ways).
 */
export function duelStart(n: number, typesSwapped = false): Scenario {
  const r = rng(9173 + n * 7919);
  const [ta, tb] = PAIRS[n % PAIRS.length] as [string, string];
  const a = { col: 48 + Math.floor(r() * 5), row: 48 + Math.floor(r() * 5) };
  let b = a;
  for (let i = 0; i < 100; i++) {
    const c = { col: 43 + Math.floor(r() * 15), row: 43 + Math.floor(r() * 15) };
    const d = distance(fromColRow(a.col, a.row), fromColRow(c.col, c.row));
    if (d >= 6 && d <= 9) {
      b = c;
      break;
    }
  }
  const fa = Math.floor(r() * 12);
  const fb = Math.floor(r() * 12);
  const alt = 8000 + Math.floor(r() * 8) * 500;
  const planes = [
    {
      id: 'A1',
      side: 'a',
      type: typesSwapped ? tb : ta,
      hex: hexLabel(fromColRow(a.col, a.row)),
      facing: fa,
      altitude: alt,
      speed: 5,
      bank: 'N' as const,
      loaded: false,
      rockets: false,
    },
    {
      id: 'B1',
      side: 'b',
      type: typesSwapped ? ta : tb,
      hex: hexLabel(fromColRow(b.col, b.row)),
      facing: fb,
      altitude: alt,
      speed: 5,
      bank: 'N' as const,
      loaded: false,
      rockets: false,
    },
  ];
  return {
    name: `duel ${n}${typesSwapped ? ' swapped' : ''}`,
    description: 'a bench duel',
    map: MAP,
    options: { combat: 'standard', sequence: 'impulse12', oddsDie: 6, ammunition: false },
    sides: { a: { name: 'A' }, b: { name: 'B' } },
    planes,
  };
}

/**
 * The state with every plane moved back to the middle, together, when one of those flying is
 * within RECENTRE_AT hexes of an edge (an axial step: hexes, headings and distances unchanged).
 */
export function recentred(state: GameState): GameState {
  const flying = state.planes.filter((p) => p.status === 'flying');
  const near = flying.some((p) => {
    const { col, row } = toColRow(p.hex);
    return Math.min(col - 1, row - 1, state.map.width - col, state.map.height - row) < RECENTRE_AT;
  });
  if (!near || !flying.length) return state;
  const q = Math.round(flying.reduce((s, p) => s + p.hex.q, 0) / flying.length);
  const r = Math.round(flying.reduce((s, p) => s + p.hex.r, 0) / flying.length);
  const mid = fromColRow(Math.ceil(state.map.width / 2), Math.ceil(state.map.height / 2));
  const dq = mid.q - q;
  const dr = mid.r - r;
  return {
    ...state,
    planes: state.planes.map((p) => (p.status === 'flying' ? { ...p, hex: { q: p.hex.q + dq, r: p.hex.r + dr } } : p)),
  };
}

/** How a side came out of a duel. */
export interface SideResult {
  /** Enemy planes shot down or bailed out (not those that crashed or left the map). */
  kills: number;
  /** Its own planes by how they left the fight. */
  lost: { shotDown: number; crashed: number; exited: number };
  /** Hits its shots did, and hits the enemy's did to it. */
  hitsDealt: number;
  hitsTaken: number;
}

export interface DuelResult {
  /** The side left in the fight, or null (a draw: both in after the last turn, or neither). */
  winner: string | null;
  turns: number;
  /** Milliseconds each pilot took a turn, by side. */
  times: Record<string, number[]>;
  events: GameEvent[];
  /** Each turn: the state it was flown from (recentred) and the orders both sides gave. */
  flown: { state: GameState; orders: TurnOrders }[];
  end: GameState;
  sides: Record<string, SideResult>;
}

let catalog: ReturnType<typeof loadAircraftDir> | undefined;

/** The game of a duel's start. */
export function duelGame(scenario: Scenario, seed = scenario.name): GameState {
  catalog ??= loadAircraftDir();
  const parsed = parseScenario(scenario, 'bench', catalog);
  if (!parsed.ok) throw new Error(parsed.error.map((p) => p.message).join('\n'));
  return createGame(parsed.value, catalog, seed.padEnd(32, '0').slice(0, 32));
}

/** How each side came out, from the end state and the events. */
function tally(end: GameState, events: GameEvent[]): Record<string, SideResult> {
  const sideOf = new Map(end.planes.map((p) => [p.id, p.side]));
  const out: Record<string, SideResult> = {};
  for (const side of new Set(end.planes.map((p) => p.side))) {
    const own = end.planes.filter((p) => p.side === side);
    const enemy = end.planes.filter((p) => p.side !== side);
    let hitsDealt = 0;
    let hitsTaken = 0;
    for (const e of events) {
      if (e.type !== 'shot') continue;
      if (sideOf.get(e.firer) === side) hitsDealt += e.hits;
      else if (sideOf.get(e.target) === side) hitsTaken += e.hits;
    }
    out[side] = {
      kills: enemy.filter((p) => p.status === 'shot-down' || p.status === 'bailed-out').length,
      lost: {
        shotDown: own.filter((p) => p.status === 'shot-down' || p.status === 'bailed-out').length,
        crashed: own.filter((p) => p.status === 'crashed').length,
        exited: own.filter((p) => p.status === 'exited').length,
      },
      hitsDealt,
      hitsTaken,
    };
  }
  return out;
}

/** Flies a duel: each side's pilot gives its orders from the state alone, resolveTurn flies the turn; `afterTurn` runs after each turn, untimed. */
export function playDuel(
  scenario: Scenario,
  pilots: Record<string, Pilot>,
  maxTurns = 20,
  seed = scenario.name,
  afterTurn?: () => void,
): DuelResult {
  let state = duelGame(scenario, seed);
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(pilots).map((s) => [s, []]));
  const events: GameEvent[] = [];
  const flown: DuelResult['flown'] = [];
  let turns = 0;
  while (turns < maxTurns && sidesInFight(state).length > 1) {
    state = recentred(state);
    const orders: TurnOrders = { plots: {}, fire: [] };
    for (const [side, pilot] of Object.entries(pilots)) {
      const t = performance.now();
      const o = pilot(state, side);
      times[side]?.push(performance.now() - t);
      Object.assign(orders.plots, o.plots);
      orders.fire.push(...o.fire);
    }
    const r = resolveTurn(state, orders);
    if (!r.ok)
      throw new Error(`turn ${state.turn} of ${scenario.name} refused: ${r.error.map((p) => p.message).join('; ')}`);
    flown.push({ state, orders });
    events.push(...r.value.events);
    state = r.value.state;
    turns++;
    afterTurn?.();
  }
  return {
    winner: sidesInFight(state).length <= 1 ? winnerOf(state) : null,
    turns,
    times,
    events,
    flown,
    end: state,
    sides: tally(state, events),
  };
}
