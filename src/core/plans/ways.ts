/**
 * Every way a plane can fly its next turn (docs/plans.md): the distinct outcomes of its legal
 * plots, each with one plot that flies it.
 *
 * An outcome is where the plot leaves the plane and how it points: the end hex, the facing and the
 * bank. What a player marks on top of a plot (climbs and dives, power and brake factors) changes
 * its height and next speed, not where it goes: each outcome gives the height, next speed and
 * carried boxes of its own plot, the plainest one found (no carry if it can, level, no factor).
 *
 * The search (skeletons.ts) follows every sequence of manoeuvres that fills the turn's boxes, each
 * manoeuvre legal where it is flown by its family's own check, in each mode the plane may fly
 * (level, SC, SD, VD), and keeps the place, heading and bank each reaches. Then, for each end, the
 * referee's own plan checker (movement/plan.ts) has the last word on a plot of it (marks.ts puts
 * the marks the rules ask for, a pull-out's dive, say), and the plot is flown (movement/fly.ts) for
 * its end: nothing is listed that the referee would refuse, and every end is the one it flies.
 */
import type { Bank } from '../bank.ts';
import { type Hex, toColRow } from '../hex/coords.ts';
import { turnBetween } from '../hex/facing.ts';
import type { Manoeuvre, Plot, PlotMode } from '../../orders/ast.ts';
import { newSpeed } from '../movement/bookkeeping.ts';
import { flyImpulse } from '../movement/fly.ts';
import { type FlightPlan, planMarkings } from '../movement/plan.ts';
import { cardOf, copyData, type GameState, type PlaneState, writtenMan } from '../state.ts';
import type { GameEvent } from '../events.ts';
import { markedPlot, markings, signature } from './marks.ts';
import { type Sequence, type Skeleton, skeletons } from './skeletons.ts';
import { rememberedIn } from '../kept.ts';
import { movementPoints } from '../impulse/schedule.ts';

/** Where a way to fly leaves the plane at the end of the turn. */
export interface WayEnd {
  hex: Hex;
  facing: number;
  altitude: number;
  /** Next turn's speed, tenths. */
  speed: number;
  bank: Bank;
  /** The boxes carried into the turn after, as written ('S', 'TR', ...), and their mode. */
  carry: Manoeuvre[];
  carryMode: PlotMode | null;
  /** The plane's status at the end: 'exited' when the plot leaves the map. */
  status: PlaneState['status'];
}

export interface WayToFly {
  end: WayEnd;
  plot: Plot;
}

/** How many plots of one sequence are tried before it is given up (the marks the rules ask for come first: marks.ts). */
const MARKINGS_TRIED = 24;
/** How many sequences of one end are tried for a plot the checker accepts. */
const SEQUENCES_TRIED = 12;

/** A copy of the plane flown through the twelve impulses of a legal plan, alone (its speed still this turn's). */
export function flownAlone(state: GameState, plane: PlaneState, plan: FlightPlan): PlaneState {
  const copy = copyData(plane);
  const events: GameEvent[] = [];
  for (let i = 1; i <= 12; i++) flyImpulse(state, copy, plan, i, events);
  return copy;
}

/** The end of a legal plan, as the referee flies it: the plane alone, its next speed as the turn's end sets it. */
export function endOf(state: GameState, plane: PlaneState, plan: FlightPlan): WayEnd {
  const copy = flownAlone(state, plane, plan);
  const speed = newSpeed(cardOf(state, plane), plane, plan, copy.altitude).to;
  return {
    hex: copy.hex,
    facing: copy.facing,
    altitude: copy.altitude,
    speed,
    bank: copy.bank,
    carry: plan.carry ? plan.carry.boxes.map(writtenMan) : [],
    carryMode: plan.carry?.mode ?? null,
    status: copy.status,
  };
}

/** The key of an outcome: end hex, facing and bank. */
export const outcomeKey = (e: { hex: Hex; facing: number; bank: Bank }): string =>
  `${e.hex.q},${e.hex.r}|${e.facing}|${e.bank}`;

/**
 * The problems another climb or dive on the same boxes may mend (movement/plan-altitude.ts,
 * altitude.ts, plan.ts's forced losses): any other problem of a plot is its manoeuvres', which every
 * marking of the sequence shares.
 */
export const MARK_PROBLEMS: ReadonlySet<string> = new Set([
  'E_ALT_RATE',
  'E_CEILING',
  'E_CLIMB_AND_DIVE',
  'E_GROUND',
  'E_LEVEL_OFF',
  'E_LOOP_RATE',
  'E_PULL_OUT_SD',
  'E_PULL_OUT_VD',
  'E_STEEP_CLIMB_DIVE',
  'E_STEEP_CLIMB_MAX',
  'E_STEEP_CLIMB_NONE',
  'E_STEEP_DIVE_CLIMB',
  'E_STEEP_TOTAL',
  'E_FORCED_LOSS',
]);

/**
 * The first plot of a sequence the checker accepts, and its plan. `dead`: the signatures (marks.ts)
 * none of whose markings the checker accepts for their heights alone; a sequence of one is not
 * tried, and one found so is added (a search asks it of thousands of sequences of a few signatures).
 */
export function firstLegal(
  state: GameState,
  plane: PlaneState,
  sk: Skeleton,
  dead?: Set<string>,
): { plot: Plot; plan: FlightPlan } | undefined {
  const sig = dead ? signature(sk) : '';
  if (dead?.has(sig)) return undefined;
  let tried = 0;
  // The sequence is laid out once; each marking is checked against it (movement/plan.ts).
  let check: ReturnType<typeof planMarkings> | undefined;
  for (const alts of markings(state, plane, sk)) {
    if (++tried > MARKINGS_TRIED) break;
    check ??= planMarkings(state, plane, markedPlot(plane, sk, alts));
    const r = check(alts);
    if (r.ok) return { plot: markedPlot(plane, sk, alts), plan: r.value };
    if (r.error.some((p) => !MARK_PROBLEMS.has(p.code))) return undefined;
  }
  dead?.add(sig);
  return undefined;
}

/** How plain a plot is, plainer first: no carry, level before steep, the fewest manoeuvres (S and 1 are not). */
function plainness(mans: Iterable<Manoeuvre>, carries: boolean, mode: PlotMode | null | undefined): number {
  let n = (carries ? 1000 : 0) + (mode ? 100 : 0);
  for (const m of mans) if (m !== 'S' && m !== '1') n++;
  return n;
}

/** How plain a sequence is (plainness), lower plainer. */
export const sequencePlainness = (sk: Sequence): number => plainness(sk.boxes, sk.boxes.length > sk.need, sk.mode);

/** Sequences, the plainest first (each one's plainness worked out once). */
const plainestFirst = (sks: Skeleton[]): Skeleton[] =>
  sks
    .map((sk) => ({ sk, n: sequencePlainness(sk) }))
    .sort((a, b) => a.n - b.n)
    .map((x) => x.sk);

/**
 * Every way `plane` can fly this turn, one plot per outcome (end hex, facing, bank). A plane that
 * is not flying, or is on the ground, has none here (its MOVE choices are its own, core/ground).
 */
export const waysToFly = (state: GameState, plane: PlaneState): WayToFly[] => searchWays(state, plane, false).ways;

/**
 * The ways and the manoeuvre sequences that fly each: `sequences[i]`, those of `ways[i]`, the plainest
 * of each group (manoeuvres counted, altitude signature; the first found of as plain), in the order
 * each group was first found: what the heights and speeds of a way depend on (variants.ts).
 */
export interface WaySearch {
  ways: WayToFly[];
  sequences: Sequence[][];
}

/**
 * The searches of planes far from every edge, by everything they depend on but where the plane is
 * (its card, height, speed, heading, bank, carried boxes, last turn; the sequence of play): a plane
 * that cannot reach an edge this turn flies the same ways from any hex, moved by as much (hexes in
 * axial coordinates, movement/fly.ts). Planes flying in company share one search. `FAR` keeps
 * searches with their sequences (what the heights and speeds of the ways need, variants.ts),
 * `FAR_WAYS` those of the ways alone (the stand-in's looks at the turn after and at the enemy's
 * plans: a search that keeps no sequence allocates a fraction of the memory). A few of each are
 * kept: a side's planes in company are asked for one after another, and every search kept is memory
 * the collector must step over (docs/standin.md "How strong it is": peak memory).
 */
const FAR = new Map<string, { from: Hex; search: WaySearch }>();
const FAR_WAYS = new Map<string, { from: Hex; search: WaySearch }>();
const FAR_KEPT = 4;
const FAR_WAYS_KEPT = 8;

/** Hexes from a hex to the nearest edge of the map (1: on the edge row or column). */
export function edgeDistance(state: GameState, hex: Hex): number {
  const { col, row } = toColRow(hex);
  return Math.min(col, row, state.map.width - col + 1, state.map.height - row + 1);
}

/**
 * The ways `plane` can fly, and with `sequences` (true unless told) the manoeuvre sequences of each
 * (without them `sequences` is empty). A search kept with its sequences serves one without.
 */
export function searchWays(state: GameState, plane: PlaneState, sequences = true): WaySearch {
  if (plane.status !== 'flying' || plane.ground) return { ways: [], sequences: [] };
  // A box enters one hex at most: from further than a turn's boxes, no plot reaches an edge.
  if (edgeDistance(state, plane.hex) <= movementPoints(plane.speed).length + 1)
    return searched(state, plane, sequences);
  const { id: _id, hex: _hex, ...rest } = plane;
  const key = JSON.stringify([rest, state.aircraft[plane.type], state.options.sequence]);
  const kept =
    (!sequences && FAR.get(key)) ||
    rememberedIn(sequences ? FAR : FAR_WAYS, key, sequences ? FAR_KEPT : FAR_WAYS_KEPT, () => ({
      from: plane.hex,
      search: searched(state, plane, sequences),
    }));
  if (kept.from.q === plane.hex.q && kept.from.r === plane.hex.r && kept.search.ways[0]?.plot.plane === plane.id)
    return kept.search;
  const dq = plane.hex.q - kept.from.q;
  const dr = plane.hex.r - kept.from.r;
  return {
    ways: kept.search.ways.map((w) => ({
      end: { ...w.end, hex: { q: w.end.hex.q + dq, r: w.end.hex.r + dr } },
      plot: { ...w.plot, plane: plane.id },
    })),
    sequences: kept.search.sequences,
  };
}

/** Forgets the searches kept (the benchmarks time the work itself, not a look-up). */
export const forgetSearches = (): void => {
  FAR.clear();
  FAR_WAYS.clear();
};

/**
 * What the search keeps of an outcome's sequences: the plainest few, to try for a plot the checker
 * accepts, and the plainest of each group (the same manoeuvres counted, the same altitude
 * signature: what its heights and speeds depend on, variants.ts). Of as plain, the first found.
 */
interface Kept {
  tries: { sk: Skeleton; n: number }[];
  groups: Map<string, { sk: Sequence; n: number }>;
}

function searched(state: GameState, plane: PlaneState, sequences: boolean): WaySearch {
  const outcomes = new Map<string, Kept>();
  const keptOf = (k: string): Kept => {
    let o = outcomes.get(k);
    if (!o) outcomes.set(k, (o = { tries: [], groups: new Map() }));
    return o;
  };
  const group = (o: Kept, sk: Sequence, n: number): void => {
    if (!sequences) return;
    const k = `${sk.counted}|${signature(sk)}`;
    const g = o.groups.get(k);
    if (!g || n < g.n) o.groups.set(k, { sk, n });
  };
  const unplaced: Skeleton[] = [];
  // Each sequence looked at as the search finds it, and kept only if it is one of those.
  skeletons(
    state,
    plane,
    (sk) => {
      // A vertical dive's single hex is placed by the checker: such a sequence is flown to be placed.
      if (!sk.end) {
        unplaced.push(sk);
        return false;
      }
      const o = keptOf(outcomeKey(sk.end));
      const n = sequencePlainness(sk);
      const t = o.tries;
      if (t.length < SEQUENCES_TRIED || n < (t[t.length - 1] as { n: number }).n) {
        let i = t.length;
        while (i > 0 && (t[i - 1] as { n: number }).n > n) i--;
        t.splice(i, 0, { sk, n });
        if (t.length > SEQUENCES_TRIED) t.pop();
      }
      group(o, sk, n);
      return false;
    },
    { keep: false },
  );
  const found = new Map<string, WayToFly>();
  const dead = new Set<string>();
  const add = (plot: Plot, plan: FlightPlan): string => {
    const end = endOf(state, plane, plan);
    const k = outcomeKey(end);
    if (found.has(k)) return k;
    found.set(k, { end, plot });
    return k;
  };
  for (const o of outcomes.values()) {
    for (const { sk } of o.tries) {
      const legal = firstLegal(state, plane, sk, dead);
      if (legal) {
        add(legal.plot, legal.plan);
        break;
      }
    }
  }
  for (const sk of plainestFirst(unplaced)) {
    const legal = firstLegal(state, plane, sk, dead);
    if (!legal) continue;
    // Placed by the flight: from here on it is a sequence of the way it ends on.
    const k = add(legal.plot, legal.plan);
    group(keptOf(k), sk, sequencePlainness(sk));
  }
  const ways = order(plane, [...found.values()]);
  return {
    ways,
    sequences: !sequences
      ? []
      : ways.map((w) => [...(outcomes.get(outcomeKey(w.end))?.groups.values() ?? [])].map((g) => g.sk)),
  };
}

/**
 * The ways in a reading order: by the heading they end on (straight on first, then turning away
 * further, right before left), then the bank, then the plainest plot first, then where they end.
 */
function order(plane: PlaneState, ways: WayToFly[]): WayToFly[] {
  const turn = (w: WayToFly): number => {
    const d = turnBetween(plane.facing, w.end.facing);
    return d >= 0 ? d * 2 : -d * 2 - 1;
  };
  const banks: Bank[] = ['N', 'RB', 'LB', 'IR', 'IL', 'INV'];
  return ways
    .map((w) => ({
      w,
      turn: turn(w),
      bank: banks.indexOf(w.end.bank),
      plain: plainness(
        w.plot.boxes.map((b) => b.man),
        w.end.carry.length > 0,
        w.plot.mode,
      ),
    }))
    .sort(
      (a, b) =>
        a.turn - b.turn ||
        a.bank - b.bank ||
        a.plain - b.plain ||
        a.w.end.hex.q - b.w.end.hex.q ||
        a.w.end.hex.r - b.w.end.hex.r,
    )
    .map((x) => x.w);
}
