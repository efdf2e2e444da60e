/**
 * The menu of plans a mail offers a plane (docs/plans.md "The menu in the mail"): a few of its
 * ways to fly (ways.ts), chosen to span what matters, each picked by a letter (`R1 PLAN C`).
 *
 * - straight on; the gentlest and the hardest turn to each side;
 * - from every height and speed of every way (variants.ts): the best climb, the best dive, the
 *   fastest, and straight on keeping the plane's speed as high as it goes;
 * - the best shot at an enemy, and a plan that leaves no enemy a shot, both if the enemies fly on:
 *   the forecast's assumption (app/views/forecast.ts), every other plane flying its missed-orders
 *   default, nothing of anyone's real orders. Each is found by a dry run of the turn (core/turn.ts
 *   `dry`: no die thrown), on the menu's own plans and the ways that end nearest the enemies (for
 *   the shot) or furthest from them (for the escape), not on every way.
 *
 * Each plan that leads into a trap (trap.ts: after it every way of the next turn leaves the map,
 * flies into the ground or stalls) is marked. When every plan of the menu leaves the map or leads
 * into a trap and a way does neither, that way is on the menu too ("stays on the map"): of the ways
 * that end flying, the one with the most room to the map's edge that is no trap, the plainest of
 * equals.
 *
 * The menu is worked out from the turn's state alone (the reader's side's view of it under fog of
 * war), so the mail that shows it and the intake that reads a letter from it agree: a letter
 * stands for the same plot until the turn is resolved.
 */
import type { FireOrder, Manoeuvre, MoveOrder, Plot } from '../../orders/ast.ts';
import { MAX_RANGE } from '../combat/cone.ts';
import { checkFireOrders } from '../combat/fire-check.ts';
import type { SightedShot } from '../combat/fire-phase.ts';
import { distance, type Hex } from '../hex/coords.ts';
import { turnBetween } from '../hex/facing.ts';
import { type FlightPlan, planTurn } from '../movement/plan.ts';
import { type MissedOrders, missedOrders } from '../movement/missed-orders.ts';
import { familyOf } from '../movement/manoeuvres/registry.ts';
import { movementPoints } from '../impulse/schedule.ts';
import type { GameState, PlaneState } from '../state.ts';
import { resolveTurn } from '../turn.ts';
import { bestVariant, type Variant, waysWithVariants, type WayWithVariants } from './variants.ts';
import { edgeDistance, endOf, type WayEnd, type WayToFly } from './ways.ts';
import { firstClear, type TrapKind, trapAfter } from './trap.ts';

/** What a plan of the menu is, in its order of listing. */
export type PlanName =
  | 'straight'
  | 'keep-speed'
  | 'gentlest-right'
  | 'hardest-right'
  | 'gentlest-left'
  | 'hardest-left'
  | 'climb'
  | 'dive'
  | 'fastest'
  | 'best-shot'
  | 'no-shot'
  | 'stays-on';

const LISTED: readonly PlanName[] = [
  'straight',
  'stays-on',
  'keep-speed',
  'gentlest-right',
  'hardest-right',
  'gentlest-left',
  'hardest-left',
  'climb',
  'dive',
  'fastest',
  'best-shot',
  'no-shot',
];
/** Kept first when there are more plans than lines: a menu has at most MENU_SIZE. */
const KEPT: readonly PlanName[] = [
  'straight',
  'stays-on',
  'best-shot',
  'no-shot',
  'hardest-right',
  'hardest-left',
  'climb',
  'dive',
  'keep-speed',
  'gentlest-right',
  'gentlest-left',
  'fastest',
];
export const MENU_SIZE = 8;
const LETTERS = 'ABCDEFGH';
/** Ways tried for the best shot (nearest the enemies' ends first) and for no shot given (furthest first), besides the menu's own. */
const SHOT_TRIES = 16;
const SAFE_TRIES = 8;

/** The best shot a plan gets, if the enemies fly on: at whom, from how far, in which impulse. */
export interface PlanShot {
  target: string;
  range: number;
  impulse: number;
}

export interface MenuPlan {
  letter: string;
  names: PlanName[];
  plot: Plot;
  end: WayEnd;
  /** Its best shot (none: it gets none); absent when the reader sees no enemy. */
  shot?: PlanShot | null;
  /** The enemies that get a shot at it if they fly on (and fire at it); absent when the reader sees no enemy. */
  shotAtBy?: string[];
  /** A trap (trap.ts): after it, every way of the next turn leaves the map, flies into the ground or stalls. */
  trap?: TrapKind;
}

interface Tried {
  way: WayToFly;
  shot: PlanShot | null;
  by: string[];
}

/**
 * The heading the plane flies its own plot from: after the boxes carried over from last turn, which
 * are flown first (seed 000 X.B.5). A plan is named for what its own plot does from there: "straight
 * on" after a carried turn finishes that turn, then flies straight on.
 */
export function headingAfterCarry(plane: PlaneState): number {
  let pos = { hex: plane.hex, facing: plane.facing, nextRight: plane.nextRight };
  let bank = plane.bank;
  for (const b of (plane.carry?.boxes ?? []).slice(0, movementPoints(plane.speed).length)) {
    const r = familyOf(b.man).fly(pos, bank, b, true, plane.carry?.mode ?? null);
    pos = r.pos;
    bank = r.bank;
  }
  return pos.facing;
}

/** Right (+) or left (-) of the heading the plot starts from, in 30-degree steps; a reversal by the plot's turns (0: neither way). */
function turnOf(from: number, w: WayToFly): number {
  const d = turnBetween(from, w.end.facing);
  if (d !== 6) return d;
  let right = 0;
  for (const b of w.plot.boxes) {
    if (b.man === 'TR' || b.man === 'SLTR' || b.man === 'VRR') right++;
    if (b.man === 'TL' || b.man === 'SRTL' || b.man === 'VLL') right--;
  }
  return right > 0 ? 6 : right < 0 ? -6 : 0;
}

/** The manoeuvres of a plot that are not S or forwards (1): fewer is plainer. */
const turns = (p: Plot): number => p.boxes.filter((b) => b.man !== 'S' && b.man !== '1').length;

/** How far a manoeuvre is from plain flying: a bank or a turn least, then a half loop, a slip, a skid or a half roll. */
const WEIGHT: Partial<Record<Manoeuvre, number>> = {
  S: 0,
  '1': 0,
  SL: 2,
  SR: 2,
  V: 2,
  VLL: 2,
  VRR: 2,
  SLTR: 3,
  SRTL: 3,
  HRL: 3,
  HRR: 3,
};

/**
 * The plainest of some ways, the first listed of the plainest: nothing carried into the next turn,
 * level flight, then the plainest manoeuvres and the least height lost.
 */
function plainest<W extends WayToFly>(plane: PlaneState, ways: W[]): W | undefined {
  const n = (w: WayToFly): number =>
    (w.end.carry.length ? 1000 : 0) +
    (w.plot.mode ? 100 : 0) +
    w.plot.boxes.reduce((t, b) => t + (WEIGHT[b.man] ?? 1), 0) +
    Math.max(0, plane.altitude - w.end.altitude) / 100;
  let best: W | undefined;
  for (const w of ways) if (!best || n(w) < n(best)) best = w;
  return best;
}

/** The marks of a plot (climbs, dives, power and brake factors): fewer is plainer. */
const marks = (p: Plot): number => p.boxes.reduce((t, b) => t + (b.alt ? 1 : 0) + b.power + b.brake, 0);

/** A variant as a way of the menu: its plot flown for its end (carried boxes and all). */
function fromVariant(state: GameState, plane: PlaneState, v: Variant): WayToFly | undefined {
  const r = planTurn(state, plane, v.plot);
  return r.ok ? { plot: v.plot, end: endOf(state, plane, r.value) } : undefined;
}

/** Higher, then faster (the best climb); lower, then faster (the best dive); faster, then higher (the fastest). */
const higher = (a: number, s: number, ta: number, ts: number): boolean => a > ta || (a === ta && s > ts);
const lower = (a: number, s: number, ta: number, ts: number): boolean => a < ta || (a === ta && s > ts);
const faster = (a: number, s: number, ta: number, ts: number): boolean => s > ts || (s === ts && a > ta);

/**
 * The variants that make the climb, dive, fastest and keep-speed plans (variants.ts: every height and
 * speed of every way): the highest end, the lowest, the fastest, and straight on at the plane's own
 * speed as high as it goes. Of two as high (or as fast), the faster (the higher), then the plainer.
 */
function extremes(
  plane: PlaneState,
  ways: WayWithVariants[],
  straight: WayWithVariants | undefined,
): Partial<Record<'climb' | 'dive' | 'fastest' | 'keep-speed', Variant>> {
  let climb: Variant | undefined;
  let dive: Variant | undefined;
  let fastest: Variant | undefined;
  const plainer = (a: Variant, b: Variant): boolean =>
    turns(a.plot) < turns(b.plot) || (turns(a.plot) === turns(b.plot) && marks(a.plot) < marks(b.plot));
  // The best of each way (variants.ts bestVariant: as listed, without listing), then the best of the ways,
  // the first listed of the plainest of equals.
  const better = (
    v: Variant | undefined,
    than: Variant | undefined,
    order: (a: number, s: number, ta: number, ts: number) => boolean,
  ): boolean =>
    !!v &&
    (!than ||
      order(v.altitude, v.speed, than.altitude, than.speed) ||
      (v.altitude === than.altitude && v.speed === than.speed && plainer(v, than)));
  // Only the ways whose range reaches the extreme are looked at.
  const flying = ways.filter((w) => w.end.status === 'flying');
  const highest = Math.max(...flying.map((w) => w.range.highest));
  const lowest = Math.min(...flying.map((w) => w.range.lowest));
  const fast = Math.max(...flying.map((w) => w.range.fastest));
  for (const w of flying) {
    if (w.range.highest !== highest && w.range.lowest !== lowest && w.range.fastest !== fast) continue;
    const c = bestVariant(w, (a) => a > plane.altitude, higher);
    if (better(c, climb, higher)) climb = c;
    const d = bestVariant(w, (a) => a < plane.altitude, lower);
    if (better(d, dive, lower)) dive = d;
    const f = bestVariant(w, () => true, faster);
    if (better(f, fastest, faster)) fastest = f;
  }
  // Of one way no two variants have one height and speed: the highest at the plane's speed is the one.
  const keep =
    straight &&
    bestVariant(
      straight,
      (_, s) => s === plane.speed,
      (a, _, ta) => a > ta,
    );
  return {
    ...(climb ? { climb } : {}),
    ...(dive ? { dive } : {}),
    ...(fastest && fastest.speed > plane.speed ? { fastest } : {}),
    ...(keep ? { 'keep-speed': keep } : {}),
  };
}

/**
 * The gentlest and the hardest turn to each side, right first (docs/plans.md "The menu in the
 * mail"): the plainest of the ways that turn least and most from `from`, handed to `pick`.
 */
function pickTurns(
  plane: PlaneState,
  ways: WayWithVariants[],
  from: number,
  pick: (name: PlanName, w: WayToFly | undefined) => void,
): void {
  for (const [side, sign] of [
    ['right', 1],
    ['left', -1],
  ] as const) {
    // A half loop (V) turns the plane over, not to a side: a plot with one is no turn either way.
    const turning = ways.filter((w) => Math.sign(turnOf(from, w)) === sign && !w.plot.boxes.some((b) => b.man === 'V'));
    const amount = (w: WayToFly): number => Math.abs(turnOf(from, w));
    const least = Math.min(...turning.map(amount));
    const most = Math.max(...turning.map(amount));
    // One amount of turn to a side is its hardest, not its gentlest too: "gentle left, hard left" would contradict itself.
    if (least < most)
      pick(
        `gentlest-${side}`,
        plainest(
          plane,
          turning.filter((w) => amount(w) === least),
        ),
      );
    pick(
      `hardest-${side}`,
      plainest(
        plane,
        turning.filter((w) => amount(w) === most),
      ),
    );
  }
}

/**
 * What a plane's menu takes from its ways alone, kept with them: the plans picked from the ways and
 * their heights and speeds, and each way's trap once asked. Both depend on what the ways do
 * (variants.ts keeps the ways by the plane, the map, its card and the sequence of play: trap.ts and
 * the plan checker read nothing else), so the menus of one plane in games alike (a club's duels,
 * which start and often go on alike) pick them once. The shots are the view's own (shotsOf).
 */
interface FromWays {
  picks: Map<PlanName, WayToFly>;
  traps: Map<WayToFly, TrapKind | null>;
  /** Each way's flight plan once a dry run asked for it (null: refused). */
  plans: Map<WayToFly, FlightPlan | null>;
}
const FROM_WAYS = new WeakMap<readonly WayWithVariants[], FromWays>();

/** The picks of a plane's ways (straight on, the turns, the heights and speeds), worked out once for its ways. */
function fromWays(state: GameState, plane: PlaneState, ways: WayWithVariants[]): FromWays {
  const had = FROM_WAYS.get(ways);
  if (had) return had;
  const picks = new Map<PlanName, WayToFly>();
  const pick = (name: PlanName, w: WayToFly | undefined): void => {
    if (w) picks.set(name, w);
  };
  const from = headingAfterCarry(plane);
  const ahead = ways.filter((w) => turnOf(from, w) === 0 && w.end.facing === from);
  const straight = plainest(plane, ahead);
  pick('straight', straight);
  pickTurns(plane, ways, from, pick);
  // Heights and speeds: every variant of every way (its climbs, dives, power and brake).
  for (const [name, v] of Object.entries(extremes(plane, ways, straight)) as [PlanName, Variant][])
    pick(name, fromVariant(state, plane, v));
  const made = { picks, traps: new Map<WayToFly, TrapKind | null>(), plans: new Map<WayToFly, FlightPlan | null>() };
  FROM_WAYS.set(ways, made);
  return made;
}

/** The trap a way of the menu leads into (trap.ts), asked once for the ways it was found with. */
function trapOfWay(state: GameState, plane: PlaneState, known: FromWays, way: WayToFly): TrapKind | null {
  let t = known.traps.get(way);
  if (t === undefined)
    known.traps.set(way, (t = way.end.status === 'flying' ? trapAfter(state, plane, way.plot) : null));
  return t;
}

/** The flight plan of a way of the menu (movement/plan.ts), checked once for the ways it was found with. */
function planOfWay(state: GameState, plane: PlaneState, known: FromWays, way: WayToFly): FlightPlan | undefined {
  let p = known.plans.get(way);
  if (p === undefined) {
    const r = planTurn(state, plane, way.plot);
    known.plans.set(way, (p = r.ok ? r.value : null));
  }
  return p ?? undefined;
}

/** The menu of `planeId` in `state` (the reader's view of it): at most MENU_SIZE plans, lettered A on. */
export function planMenu(state: GameState, planeId: string): MenuPlan[] {
  const plane = state.planes.find((p) => p.id === planeId);
  if (!plane) return [];
  const ways = waysWithVariants(state, plane);
  if (!ways.length) return [];
  const base = fromWays(state, plane, ways);
  const picks = base.picks;

  const tried = shotsOf(state, plane, ways, [...picks.values()], (w) => planOfWay(state, plane, base, w));
  const plans = [...picks.entries()].map(([name, way]) => ({ name, way }));
  if (tried) {
    const known = [...tried.values()];
    const best = known
      .filter((t) => t.shot)
      .sort(
        (a, b) =>
          (a.shot as PlanShot).range - (b.shot as PlanShot).range ||
          (a.shot as PlanShot).impulse - (b.shot as PlanShot).impulse,
      )[0];
    if (best) plans.push({ name: 'best-shot', way: best.way });
    // No shot given: told only when some plan of the menu is shot at (else every plan is one).
    const menuShotAt = plans.some((p) => tried.get(p.way)?.by.length);
    const safe = plans.map((p) => tried.get(p.way)).find((t) => t && !t.by.length) ?? known.find((t) => !t.by.length);
    if (menuShotAt && safe) plans.push({ name: 'no-shot', way: safe.way });
  }
  // One line a plot: plans that are the same plot share it, named for each.
  const lines: { names: PlanName[]; way: WayToFly }[] = [];
  for (const p of plans.sort((a, b) => LISTED.indexOf(a.name) - LISTED.indexOf(b.name))) {
    const same = lines.find((l) => l.way === p.way || samePlot(l.way.plot, p.way.plot));
    if (same) same.names.push(p.name);
    else lines.push({ names: [p.name], way: p.way });
  }
  const rank = (l: { names: PlanName[] }): number => Math.min(...l.names.map((n) => KEPT.indexOf(n)));
  let kept = [...lines].sort((a, b) => rank(a) - rank(b)).slice(0, MENU_SIZE);
  const trapOf = (w: WayToFly): TrapKind | null => trapOfWay(state, plane, base, w);
  const traps = new Map(kept.map((l) => [l.way, trapOf(l.way)]));
  if (kept.every((l) => l.way.end.status !== 'flying' || traps.get(l.way))) {
    // The most room to the map's edge first, the plainer of equals (fewer manoeuvres, then fewer marks).
    const room = (w: WayToFly): number => edgeDistance(state, w.end.hex);
    const way = firstClear(
      ways
        .filter((w) => w.end.status === 'flying')
        .sort((a, b) => room(b) - room(a) || turns(a.plot) - turns(b.plot) || marks(a.plot) - marks(b.plot)),
      trapOf,
    );
    if (way) {
      const line = { names: ['stays-on' as PlanName], way };
      kept = [...kept.slice(0, MENU_SIZE - 1), line];
      lines.push(line);
      const listed = (l: { names: PlanName[] }): number => Math.min(...l.names.map((n) => LISTED.indexOf(n)));
      lines.sort((x, y) => listed(x) - listed(y));
      traps.set(way, null);
    }
  }
  const keep = new Set(kept);
  return lines
    .filter((l) => keep.has(l))
    .map((l, i) => {
      const t = tried?.get(l.way);
      const trap = traps.get(l.way) ?? null;
      return {
        letter: LETTERS[i] as string,
        names: l.names,
        plot: l.way.plot,
        end: l.way.end,
        ...(tried ? { shot: t?.shot ?? null, shotAtBy: t?.by ?? [] } : {}),
        ...(trap ? { trap } : {}),
      };
    });
}

const samePlot = (a: Plot, b: Plot): boolean =>
  a.mode === b.mode &&
  a.boxes.length === b.boxes.length &&
  a.boxes.every((x, i) => {
    const y = b.boxes[i];
    return !!y && x.man === y.man && x.alt === y.alt && x.power === y.power && x.brake === y.brake;
  });

/** The enemies a plane's side sees flying. */
const enemiesOf = (state: GameState, plane: PlaneState): PlaneState[] =>
  state.planes.filter((p) => p.side !== plane.side && p.status === 'flying');

/** The shots of one plot if the enemies fly on: its own (the best first) and the enemies' at it. */
export interface DryShots {
  /** Its best shot, or null. */
  shot: PlanShot | null;
  /** The enemies that get a shot at it. */
  by: string[];
  /** Every shot found, the plane's and the enemies' at it, in the order of the turn. */
  sighted: SightedShot[];
  /** Where the enemies end the turn, flying on. */
  ends: Map<string, { hex: Hex; facing: number; nextRight: boolean; altitude: number }>;
  /** The state after the dry run, the plane in it (the stand-in's look at the turn after, core/standin). */
  after: GameState;
}

/**
 * The missed-orders plots of a state's planes, worked out once for all the dry runs of the state
 * (a menu flies two dozen; movement/missed-orders.ts depends on the state alone).
 */
const DEFAULTS = new WeakMap<GameState, Map<string, MissedOrders>>();
function defaultsOf(state: GameState): Map<string, MissedOrders> {
  let d = DEFAULTS.get(state);
  if (!d) {
    d = new Map();
    for (const p of state.planes) if (p.status === 'flying' && !p.ground) d.set(p.id, missedOrders(state, p));
    DEFAULTS.set(state, d);
  }
  return d;
}

/**
 * The FIRE orders of a plane's dry runs, worked out once for all the dry runs of the state: it fires
 * everything at any target, every enemy everything at it, each order kept only where the referee
 * accepts it (combat/fire-check.ts: a plane without guns has none).
 */
const FIRE = new WeakMap<GameState, Map<string, FireOrder[]>>();
function fireOrdersOf(state: GameState, plane: PlaneState, enemies: readonly PlaneState[]): FireOrder[] {
  let byPlane = FIRE.get(state);
  if (!byPlane) FIRE.set(state, (byPlane = new Map()));
  let orders = byPlane.get(plane.id);
  if (!orders) {
    orders = [
      { plane: plane.id, guns: 'ALL', hold: false, target: 'ANY' },
      ...enemies.map((e) => ({ plane: e.id, guns: 'ALL', hold: false, target: plane.id })),
    ].filter((f) => checkFireOrders(state, [f]).length === 0) as FireOrder[];
    byPlane.set(plane.id, orders);
  }
  return orders;
}

/**
 * A plot flown as a dry run with every other plane flying on (its missed-orders default): the plane
 * fires everything at any target, every enemy everything at it (each FIRE order kept only where the
 * referee accepts it: a plane without guns has none). `others`: plots some of the other planes fly
 * instead (the stand-in's guesses at the enemies' plans, core/standin); `moves`: MOVE lines of trucks,
 * tanks and ships (the stand-in's guesses at where the enemy's units go). Undefined when refused.
 */
export function dryShots(
  state: GameState,
  plane: PlaneState,
  plot: Plot,
  others: Record<string, Plot> = {},
  moves: readonly MoveOrder[] = [],
  plan?: FlightPlan,
): DryShots | undefined {
  const enemies = enemiesOf(state, plane);
  const r = resolveTurn(
    state,
    {
      plots: { ...others, [plane.id]: plot },
      fire: fireOrdersOf(state, plane, enemies),
      ...(moves.length ? { moves: [...moves] } : {}),
    },
    undefined,
    { dry: true, brief: true, defaults: defaultsOf(state), ...(plan ? { planned: new Map([[plane.id, plan]]) } : {}) },
  );
  if (!r.ok) return undefined;
  const sighted = (r.value.sighted ?? []).filter((s) => s.plane === plane.id || s.target === plane.id);
  const own = sighted.filter((s) => s.plane === plane.id).sort((a, b) => a.range - b.range || a.impulse - b.impulse)[0];
  const by = [...new Set(sighted.filter((s) => s.target === plane.id).map((s) => s.plane))].sort();
  const ends = new Map(
    enemies.map((e) => {
      const after = r.value.state.planes.find((p) => p.id === e.id) ?? e;
      return [e.id, { hex: after.hex, facing: after.facing, nextRight: after.nextRight, altitude: after.altitude }];
    }),
  );
  return {
    shot: own ? { target: own.target, range: own.range, impulse: own.impulse } : null,
    by,
    sighted,
    ends,
    after: r.value.state,
  };
}

/**
 * The dry runs: the shots of the menu's plans and of the ways nearest the enemies' ends (and, when
 * every one of those is shot at, of the ways furthest from them). Undefined when no enemy is seen.
 */
function shotsOf(
  state: GameState,
  plane: PlaneState,
  ways: WayToFly[],
  menu: WayToFly[],
  planOf: (w: WayToFly) => FlightPlan | undefined,
): Map<WayToFly, Tried> | undefined {
  const enemies = enemiesOf(state, plane);
  if (!enemies.length) return undefined;
  const tried = new Map<WayToFly, Tried>();
  // No shot either way when no enemy can come within the guns' range this turn (a plane enters a
  // hex at most a box; nothing fires beyond MAX_RANGE hexes): nothing to fly.
  const reach = (p: PlaneState): number => movementPoints(p.speed).length;
  if (enemies.every((e) => distance(plane.hex, e.hex) > reach(plane) + reach(e) + MAX_RANGE)) {
    for (const way of menu) tried.set(way, { way, shot: null, by: [] });
    return tried;
  }
  let enemyEnds: Hex[] = enemies.map((e) => e.hex);
  const run = (way: WayToFly): Tried | undefined => {
    const had = tried.get(way);
    if (had) return had;
    const r = dryShots(state, plane, way.plot, {}, [], planOf(way));
    if (!r) return undefined;
    const t = { way, shot: r.shot, by: r.by };
    tried.set(way, t);
    if (tried.size === 1) enemyEnds = [...r.ends.values()].map((e) => e.hex);
    return t;
  };
  for (const w of menu) run(w);
  const near = (w: WayToFly): number => Math.min(...enemyEnds.map((h) => distance(h, w.end.hex)));
  const byNear = ways
    .filter((w) => w.end.status === 'flying')
    .map((w) => ({ w, d: near(w) }))
    .sort((a, b) => a.d - b.d || ways.indexOf(a.w) - ways.indexOf(b.w));
  for (const { w } of byNear.slice(0, SHOT_TRIES)) run(w);
  if ([...tried.values()].every((t) => t.by.length)) {
    for (const { w } of byNear.slice(-SAFE_TRIES).reverse()) if (!run(w)?.by.length) break;
  }
  return tried;
}

/** The way a letter of the menu stands for (undefined: no such letter). */
export const menuPlan = (menu: readonly MenuPlan[], letter: string): MenuPlan | undefined =>
  menu.find((p) => p.letter === letter.toUpperCase());
