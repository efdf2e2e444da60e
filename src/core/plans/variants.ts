/**
 * Every height and speed of each way to fly (docs/plans.md "Heights and speeds"): for each outcome
 * (end hex, facing, bank) of ways.ts, every distinct (height, next speed) that a legal plot of it
 * ends at, each with one plot that flies it: the climbs and dives the boxes allow (seed 000
 * X.D.1-3, seed 001 rules (16)-(20), (22)-(24)), the power and brake factors the card and the
 * rules allow (seed 000 X.C.1-2, X.F.1.c, seed 001 rules (14), (15), (25)) and the manoeuvres that
 * cost speed (rules (12), (29)).
 *
 * How, without flying every plot of every sequence:
 * - The sequences of a way are told apart by what their heights and speeds can depend on: the
 *   manoeuvres they count for speed loss, and their altitude signature (mode, length, the boxes
 *   with a forced loss, the boxes of a half loop). One legal sequence of each such group stands
 *   for it; the plainest first, so a height and speed is given with the plainest plot found.
 * - The climbs and dives a signature allows are found once, by the referee's own plan checker on
 *   every marking of marks.ts, without the flight plan (movement/plan-heights.ts): every other rule
 *   of a plot (turn modes, banks, slips ...) is its manoeuvres', which the marks do not touch.
 * - Power and brake change only the speed sum (rule (15)), before its limits: each is a step of
 *   the sum (+1 a power factor, -2 a brake factor), the legal ones worked out once a plane, each
 *   with the fewest factors that make it.
 * A way that leaves the map has one variant, its own plot: the plane leaves the game there.
 * The tests hold the result to the referee: every variant listed is accepted and flies exactly as
 * listed; every plot the checker accepts ends on a listed variant (tests/core/plans/plans.test.ts).
 */
import type { Box, Plot } from '../../orders/ast.ts';
import { bandCondition, enginesWorking } from '../damage/state.ts';
import { movementPoints } from '../impulse/schedule.ts';
import { climbLoss, diveSpeedGain, limitedSpeed, speedCap, speedTerms } from '../movement/bookkeeping.ts';
import { effectiveBand, powerAvailable } from '../movement/performance.ts';
import { planHeights } from '../movement/plan-heights.ts';
import { rememberedIn } from '../kept.ts';
import { cardOf, type GameState, type PlaneState } from '../state.ts';
import { markedPlot, markings, signature } from './marks.ts';
import type { Sequence } from './skeletons.ts';
import { forgetSearches, MARK_PROBLEMS, searchWays, sequencePlainness, type WayToFly } from './ways.ts';

/** One height and next speed (tenths) a way can end at, with a plot that flies it. */
export interface Variant {
  altitude: number;
  speed: number;
  plot: Plot;
}

export interface WayWithVariants extends WayToFly {
  /** Every distinct (height, speed) of the way, lowest first, then slowest (worked out when first read). */
  readonly variants: Variant[];
  /** The lowest and highest height and the highest speed of its variants, without listing them. */
  readonly range: { lowest: number; highest: number; fastest: number };
}

/** A step of the speed sum made by power and brake factors, and where they go (own boxes, 0-based). */
interface Factors {
  delta: number;
  power: Map<number, number>;
  brake: Set<number>;
}

/**
 * The power and brake factors the plane may add to its own boxes this turn, one choice per step of
 * the speed sum (the fewest factors first): per impulse at most one power factor per working engine
 * or one brake factor, never both (seed 000 X.C.1-2, X.F.1.c, with what the boxes carried over
 * already hold), in all at most the power available (rules (14), (25)) and the card's brake.
 */
export function factorChoices(state: GameState, plane: PlaneState): Factors[] {
  const card = cardOf(state, plane);
  const band = effectiveBand(card, plane.altitude, plane.loaded, bandCondition(plane));
  const working = enginesWorking(card, plane);
  const points = movementPoints(plane.speed);
  const carried = (plane.carry?.boxes ?? []).slice(0, points.length);
  const need = points.length - carried.length;
  // Own boxes by impulse (above speed 12 two share one), with what carried boxes hold there.
  const impulses = new Map<number, { boxes: number[]; power: number; brake: number }>();
  carried.forEach((b, i) => {
    const g = impulses.get(points[i] as number) ?? { boxes: [], power: 0, brake: 0 };
    g.power += b.power;
    g.brake += b.brake;
    impulses.set(points[i] as number, g);
  });
  for (let j = 0; j < need; j++) {
    const imp = points[carried.length + j] as number;
    const g = impulses.get(imp) ?? { boxes: [], power: 0, brake: 0 };
    g.boxes.push(j);
    impulses.set(imp, g);
  }
  const slots = [...impulses.values()]
    .filter((g) => g.boxes.length)
    .map((g) => ({
      box: g.boxes[0] as number,
      power: g.brake > 0 ? 0 : Math.max(0, working - g.power),
      brake: g.power > 0 || g.brake > 0 ? 0 : 1,
    }));
  const carriedPower = carried.reduce((s, b) => s + b.power, 0);
  const carriedBrake = carried.reduce((s, b) => s + b.brake, 0);
  const powerLeft = Math.max(0, powerAvailable(band, plane.speed, plane.last, working, card.engines) - carriedPower);
  const brakeLeft = Math.max(0, band.brake - carriedBrake);
  const out = new Map<number, Factors & { n: number }>();
  const braking = slots.filter((s) => s.brake > 0).sort((a, b) => a.power - b.power || b.box - a.box);
  for (let k = 0; k <= Math.min(brakeLeft, braking.length); k++) {
    const brakes = new Set(braking.slice(0, k).map((s) => s.box));
    const rest = slots.filter((s) => !brakes.has(s.box));
    const most = Math.min(
      powerLeft,
      rest.reduce((t, s) => t + s.power, 0),
    );
    for (let p = 0; p <= most; p++) {
      const delta = p - 2 * k;
      const had = out.get(delta);
      if (had && had.n <= p + k) continue;
      const power = new Map<number, number>();
      let left = p;
      for (const s of rest) {
        if (!left) break;
        const here = Math.min(left, s.power);
        if (here) power.set(s.box, here);
        left -= here;
      }
      out.set(delta, { delta, power, brake: brakes, n: p + k });
    }
  }
  return [...out.values()]
    .sort((a, b) => a.n - b.n || b.delta - a.delta)
    .map(({ delta, power, brake }) => ({ delta, power, brake }));
}

/**
 * A legal marking of a signature: the altitudes written (0 where left out: the referee fills a steep
 * turn's), the height it ends at and what its climb and dive do to the speed (tenths).
 */
interface Heights {
  alts: number[];
  altitude: number;
  gain: number;
}

/** The plot of a sequence with its altitudes and factors. */
function plotOf(plane: PlaneState, sk: Sequence, alts: number[], f: Factors): Plot {
  const boxes: Box[] = sk.boxes.map((man, j) => ({
    man,
    alt: alts[j] ?? 0,
    power: f.power.get(j) ?? 0,
    brake: f.brake.has(j) ? 1 : 0,
  }));
  return { plane: plane.id, ...(sk.mode ? { mode: sk.mode } : {}), bomb: false, boxes };
}

/** Where the plots of some variants come from: one sequence and one marking of it. */
interface Source {
  plane: PlaneState;
  sk: Sequence;
  alts: number[];
}

/** A variant whose plot is written when it is read (a plane has tens of thousands of variants). */
class LazyVariant implements Variant {
  private built: Plot | undefined;
  constructor(
    readonly altitude: number,
    readonly speed: number,
    private readonly src: Source,
    private readonly f: Factors,
  ) {}
  get plot(): Plot {
    this.built ??= plotOf(this.src.plane, this.src.sk, this.src.alts, this.f);
    return this.built;
  }
  toJSON(): Variant {
    return { altitude: this.altitude, speed: this.speed, plot: this.plot };
  }
}

/** Heights and speeds already given for a way: a bit per (height, speed) near the plane's height, a set beyond. */
class Given {
  private static readonly SPAN = 80;
  private readonly near = new Uint8Array((2 * Given.SPAN + 1) * 256);
  private readonly far = new Set<number>();
  constructor(private readonly from: number) {}
  clear(): void {
    this.near.fill(0);
    this.far.clear();
  }
  /** Whether (altitude, speed) is new; it is given from now on. */
  add(altitude: number, speed: number): boolean {
    const i = (altitude - this.from) / 100 + Given.SPAN;
    if (i >= 0 && i <= 2 * Given.SPAN && Number.isInteger(i) && speed >= 0 && speed < 256) {
      const k = i * 256 + speed;
      if (this.near[k]) return false;
      this.near[k] = 1;
      return true;
    }
    const k = altitude * 1000 + speed;
    if (this.far.has(k)) return false;
    this.far.add(k);
    return true;
  }
}

/**
 * A strict order of heights and speeds, whether the first is better than the second, that never
 * puts a slower variant of one height before a faster one (the menu's climb, dive, fastest).
 */
type Better = (altitude: number, speed: number, thanAltitude: number, thanSpeed: number) => boolean;

/** The first of some variants that `admit` lets in and no later one is `better` than. */
function bestListed(
  variants: readonly Variant[],
  admit: (altitude: number, speed: number) => boolean,
  better: Better,
): Variant | undefined {
  let top: Variant | undefined;
  for (const v of variants)
    if (admit(v.altitude, v.speed) && (!top || better(v.altitude, v.speed, top.altitude, top.speed))) top = v;
  return top;
}

/**
 * The variant of a way that `admit` lets in and no other admitted variant is `better` than: the one
 * its `variants` list, found without listing them (the menu's climb, dive, fastest); undefined if none.
 */
export const bestVariant = (
  way: WayWithVariants,
  admit: (altitude: number, speed: number) => boolean,
  better: Better,
): Variant | undefined =>
  way instanceof WayVariants ? way.best(admit, better) : bestListed(way.variants, admit, better);

/** Whether some variant of a way has a height and speed that pass `test`, without listing them. */
export const someVariant = (way: WayWithVariants, test: (altitude: number, speed: number) => boolean): boolean =>
  way instanceof WayVariants ? way.some(test) : way.variants.some((v) => test(v.altitude, v.speed));

/** A group of a way's sequences (the same manoeuvres counted, the same signature): its plainest sequence and what its heights give. */
interface Group {
  sk: Sequence;
  heights: Heights[];
  raws: number[];
  caps: number[];
  /** Per height, the fastest it ends at (with the most power factors). */
  tops: number[];
}

/** A way with its groups: its variants listed when first read, its range without listing them. */
class WayVariants implements WayWithVariants {
  readonly end: WayToFly['end'];
  readonly plot: Plot;
  #variants: Variant[] | undefined;
  #range: WayWithVariants['range'] | undefined;
  constructor(
    way: WayToFly,
    private readonly plane: PlaneState,
    private readonly groups: Group[],
    private readonly factors: Factors[],
    private readonly given: Given,
    private readonly keep = true,
  ) {
    this.end = way.end;
    this.plot = way.plot;
  }

  get variants(): Variant[] {
    if (this.#variants) return this.#variants;
    // A plane that leaves the map leaves the game: its way has the one variant of its own plot.
    if (this.end.status !== 'flying')
      return (this.#variants = [{ altitude: this.end.altitude, speed: this.end.speed, plot: this.plot }]);
    const given = this.given;
    given.clear();
    const out: Variant[] = [];
    for (const g of this.groups) {
      g.heights.forEach((h, i) => {
        const src = { plane: this.plane, sk: g.sk, alts: h.alts };
        for (const f of this.factors) {
          const speed = limitedSpeed((g.raws[i] as number) + f.delta, g.caps[i] as number);
          if (given.add(h.altitude, speed)) out.push(new LazyVariant(h.altitude, speed, src, f));
        }
      });
    }
    out.sort((a, b) => a.altitude - b.altitude || a.speed - b.speed);
    if (this.keep) this.#variants = out;
    return out;
  }

  get range(): WayWithVariants['range'] {
    if (this.#range) return this.#range;
    if (this.end.status !== 'flying')
      return (this.#range = { lowest: this.end.altitude, highest: this.end.altitude, fastest: this.end.speed });
    let [lowest, highest, fastest] = [Infinity, -Infinity, -Infinity];
    for (const g of this.groups) {
      g.heights.forEach((h, i) => {
        lowest = Math.min(lowest, h.altitude);
        highest = Math.max(highest, h.altitude);
        fastest = Math.max(fastest, g.tops[i] as number);
      });
    }
    return (this.#range = { lowest, highest, fastest });
  }

  best(admit: (altitude: number, speed: number) => boolean, better: Better): Variant | undefined {
    if (this.#variants || this.end.status !== 'flying') return bestListed(this.variants, admit, better);
    // The first (group, height, factors) that makes the best height and speed: the one `variants` keeps of it.
    let group = -1;
    let height = 0;
    let factors = 0;
    let altitude = 0;
    let speed = 0;
    for (let k = 0; k < this.groups.length; k++) {
      const g = this.groups[k] as Group;
      for (let i = 0; i < g.heights.length; i++) {
        const a = (g.heights[i] as Heights).altitude;
        // No speed of this height beats the best so far if its fastest does not (`better` prefers the faster of one height).
        if (group >= 0 && !better(a, g.tops[i] as number, altitude, speed)) continue;
        for (let j = 0; j < this.factors.length; j++) {
          const s = limitedSpeed((g.raws[i] as number) + (this.factors[j] as Factors).delta, g.caps[i] as number);
          if (!admit(a, s) || (group >= 0 && !better(a, s, altitude, speed))) continue;
          group = k;
          height = i;
          factors = j;
          altitude = a;
          speed = s;
        }
      }
    }
    if (group < 0) return undefined;
    const g = this.groups[group] as Group;
    const src = { plane: this.plane, sk: g.sk, alts: (g.heights[height] as Heights).alts };
    return new LazyVariant(altitude, speed, src, this.factors[factors] as Factors);
  }

  some(test: (altitude: number, speed: number) => boolean): boolean {
    if (this.#variants || this.end.status !== 'flying') return this.variants.some((v) => test(v.altitude, v.speed));
    for (const g of this.groups)
      for (let i = 0; i < g.heights.length; i++)
        for (const f of this.factors)
          if (
            test((g.heights[i] as Heights).altitude, limitedSpeed((g.raws[i] as number) + f.delta, g.caps[i] as number))
          )
            return true;
    return false;
  }

  toJSON(): WayToFly & { variants: Variant[] } {
    return { end: this.end, plot: this.plot, variants: this.variants };
  }
}

/**
 * The ways of the planes last asked for, by everything they depend on (the plane, the map, its card,
 * the sequence of play): the menus of a report, its reminder, its notices and a trap's warning ask
 * for the same plane again, and games that start alike (a club's duels) share them. A few kept, the
 * latest asked first; read-only (a way's variants are listed once, when first read).
 */
const KEPT = new Map<string, WayWithVariants[]>();
const KEEP = 16;

/**
 * The heights of each altitude signature, by everything they depend on: the plane but where it is
 * and which way it points (the plan checker's climbs and dives never ask), its card, the sequence
 * of play. Planes flying in company (a flight at one height and speed) share them.
 */
const HEIGHTS = new Map<string, Map<string, Heights[]>>();
/** Few: planes in company are worked out one after another, and a plane's ways are kept in KEPT. */
const HEIGHTS_KEPT = 4;

/** The heights kept for a plane's height, speed and state, made empty when there are none yet. */
function heightsFor(state: GameState, plane: PlaneState): Map<string, Heights[]> {
  const { id: _id, hex: _hex, facing: _facing, nextRight: _nextRight, ...rest } = plane;
  return rememberedIn(
    HEIGHTS,
    JSON.stringify([rest, state.aircraft[plane.type], state.options.sequence]),
    HEIGHTS_KEPT,
    () => new Map(),
  );
}

/** Forgets the ways and heights kept (the benchmarks time the work itself, not a look-up). */
export const forgetWays = (): void => {
  KEPT.clear();
  HEIGHTS.clear();
  forgetSearches();
};

/**
 * Every way of `plane` (ways.ts, the same ways in the same order), each with its variants. The
 * search and the heights are worked out here; each way's variants are listed when first read.
 * `keep` false: neither the ways nor each way's variants are kept, but listed again whenever read
 * (the stand-in reads every way's variants once, tens of megabytes a plane, where the plotting aid
 * reads a few ways' many times).
 */
export function waysWithVariants(
  state: GameState,
  plane: PlaneState,
  opts: { keep?: boolean } = {},
): WayWithVariants[] {
  const key = JSON.stringify([plane, state.map, state.aircraft[plane.type], state.options.sequence]);
  if (opts.keep === false) return KEPT.get(key) ?? worked(state, plane, false);
  return rememberedIn(KEPT, key, KEEP, () => worked(state, plane));
}

function worked(state: GameState, plane: PlaneState, keep = true): WayWithVariants[] {
  const { ways, sequences } = searchWays(state, plane);
  if (!ways.length) return [];
  const card = cardOf(state, plane);
  const factors = factorChoices(state, plane);
  const heightsOf = heightsFor(state, plane);
  /**
   * The heights of a sequence's signature, found on the first sequence of it that the checker
   * accepts with some marking (none: no marking of the signature is accepted for its heights). A
   * sequence refused for its manoeuvres (a problem no marking mends: ways.ts MARK_PROBLEMS) has none,
   * and tells nothing of its signature.
   */
  const heights = (sk: Sequence): Heights[] => {
    const sig = signature(sk);
    const had = heightsOf.get(sig);
    if (had) return had;
    const h: Heights[] = [];
    // The sequence laid out once, each marking checked against it for its heights alone (movement/plan-heights.ts).
    let check: ReturnType<typeof planHeights> | undefined;
    for (const alts of markings(state, plane, sk)) {
      check ??= planHeights(state, plane, markedPlot(plane, sk, alts));
      const r = check(alts);
      if (!r.ok) {
        if (r.error.some((p) => !MARK_PROBLEMS.has(p.code))) return [];
        continue;
      }
      const { climbed, dived, mode } = r.value;
      h.push({
        alts: alts ?? [],
        altitude: plane.altitude + climbed - dived,
        gain: diveSpeedGain(mode, dived) - climbLoss(climbed),
      });
    }
    heightsOf.set(sig, h);
    return h;
  };
  // The boxes carried over from last turn: the manoeuvres they complete and their factors count this turn.
  const n = movementPoints(plane.speed).length;
  const inCarry = (plane.carry?.boxes ?? []).slice(0, n);
  const carried = {
    manoeuvres: inCarry.reduce((t, b) => t + b.count, 0),
    power: inCarry.reduce((t, b) => t + b.power, 0),
    brake: inCarry.reduce((t, b) => t + b.brake, 0),
  };
  // The most a turn may end at, by height and whether it is a steep climb (rule (18)).
  const caps = new Map<number, number>();
  const capAt = (mode: Plot['mode'] | null, altitude: number): number => {
    const k = altitude * 2 + (mode === 'SC' ? 1 : 0);
    let c = caps.get(k);
    if (c === undefined) caps.set(k, (c = speedCap(card, plane, mode ?? null, altitude).cap));
    return c;
  };
  // The speed sum without the climb and dive, by manoeuvres counted (those carried over included, and their factors).
  const fixedOf = new Map<number, number>();
  const fixed = (counted: number): number => {
    let f = fixedOf.get(counted);
    if (f === undefined) {
      f =
        plane.speed +
        speedTerms(card, plane, {
          ...carried,
          manoeuvres: carried.manoeuvres + counted,
          climbed: 0,
          dived: 0,
          mode: null,
        }).reduce((t, x) => t + x.tenths, 0);
      fixedOf.set(counted, f);
    }
    return f;
  };
  const given = new Given(plane.altitude);
  const most = Math.max(...factors.map((f) => f.delta));
  // What a group's heights give, by the heights (one array a signature, kept) and the manoeuvres
  // counted: the groups of one signature and count in many ways share it.
  const speeds = new Map<Heights[], Map<number, Omit<Group, 'sk'>>>();
  const speedsOf = (sk: Sequence, hs: Heights[]): Omit<Group, 'sk'> => {
    let byCount = speeds.get(hs);
    if (!byCount) speeds.set(hs, (byCount = new Map()));
    let d = byCount.get(sk.counted);
    if (!d) {
      const f = fixed(sk.counted);
      const raws = hs.map((h) => f + h.gain);
      const caps = hs.map((h) => capAt(sk.mode, h.altitude));
      d = { heights: hs, raws, caps, tops: raws.map((r, j) => limitedSpeed(r + most, caps[j] as number)) };
      byCount.set(sk.counted, d);
    }
    return d;
  };
  return ways.map((way, i) => {
    if (way.end.status !== 'flying') return new WayVariants(way, plane, [], factors, given, keep);
    // The plainest sequence of each group (ways.ts), in the order of their plainness, so each height
    // and speed keeps the plainest plot.
    const groups = (sequences[i] ?? [])
      .map((sk) => ({ sk, n: sequencePlainness(sk) }))
      .sort((a, b) => a.n - b.n)
      .map(({ sk }): Group => {
        const hs = heights(sk);
        const d = hs.length ? speedsOf(sk, hs) : { heights: hs, raws: [], caps: [], tops: [] };
        return { sk, heights: d.heights, raws: d.raws, caps: d.caps, tops: d.tops };
      });
    return new WayVariants(way, plane, groups, factors, given, keep);
  });
}
