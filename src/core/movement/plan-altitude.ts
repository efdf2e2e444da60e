/**
 * The altitude part of planning a turn: fills in the altitudes a steep or vertical manoeuvre fixes
 * by rule when the player leaves them out, then checks every altitude rule (seed 000 X.D, seed 001
 * rules (16)-(20), (22)-(24), X.E.4 for half loops, the ceiling and the ground).
 */
import type { AircraftCard, AltitudeBand } from '../aircraft/types.ts';
import type { PlotMode } from '../../orders/ast.ts';
import type { Problem } from '../result.ts';
import type { PlaneState, PlannedBox } from '../state.ts';
import {
  type AltitudeCheck,
  checkNormalAltitudes,
  checkPullOut,
  checkShares,
  freeAlt,
  spread,
  steepTotal,
} from './altitude.ts';
import type { ManoeuvreInstance } from './manoeuvres/family.ts';
import { perImpulseShare } from './performance.ts';
import { isUpward } from '../bank.ts';

export interface AltitudeInput {
  plane: PlaneState;
  card: AircraftCard;
  band: AltitudeBand;
  n: number;
  mode: PlotMode | null;
  carryMode: PlotMode | null;
  /** This turn's boxes: carried-over first, then the player's (box numbers 0 for carried). */
  turnBoxes: PlannedBox[];
  boxNos: number[];
  /** The player's boxes that run on into next turn. */
  overflow: PlannedBox[];
  mans: (ManoeuvreInstance & { first: number; last: number })[];
  /** All of the player's planned boxes (turn part and overflow), indexable by manoeuvre first/last. */
  planned: PlannedBox[];
  points: number[];
}

const LOOPS = new Set(['V', 'VLL', 'VRR']);

/** What every altitude check of a plot shares: the problems so far, and facts of the plot. */
interface Checking {
  out: Problem[];
  c: AltitudeCheck;
  /** The player's own boxes of this turn (not those carried over). */
  fresh: PlannedBox[];
  /** The least climb or dive of a half loop's box, in 100 ft (seed 000 X.E.4). */
  loopMin: number;
}

/** Adds a problem of the plot's altitudes (a module function, not a closure made per plot: menus plan thousands). */
function report(k: Checking, code: string, rule: string, message: string, box?: number): void {
  const plane = k.c.plane;
  k.out.push(box === undefined ? { code, rule, plane, message } : { code, rule, plane, box, message });
}

/** Whether a box's climb or dive is left out. */
const blank = (b: PlannedBox): boolean => freeAlt(b) === 0;

/** Whether this turn's box i is inside a half loop. */
function inLoop(a: AltitudeInput, i: number): boolean {
  const j = (a.boxNos[i] ?? 0) - 1;
  return j >= 0 && a.mans.some((m) => LOOPS.has(m.code) && m.first <= j && j <= m.last);
}

export function checkAltitudes(a: AltitudeInput): Problem[] {
  const out: Problem[] = [];
  const c: AltitudeCheck = {
    plane: a.plane.id,
    band: a.band,
    speed: a.plane.speed,
    n: a.n,
    mode: a.mode,
    boxNos: a.boxNos,
  };
  const fresh = a.turnBoxes.filter((_, i) => a.boxNos[i] !== 0);
  const steep = a.mode === 'SC' || a.mode === 'SD' ? steepTotal(a.mode, a.plane.speed) : 0;
  const loopMin = Math.max(1, perImpulseShare(steep, a.n).base);

  const k: Checking = { out, c, fresh, loopMin };
  if (a.mode === 'SD' || a.mode === 'VD') checkSteepDive(a, k, a.mode);
  else if (a.mode === 'SC') checkSteepClimb(a, k);
  else checkLevel(a, k);
  // Seed 000 X.E.4: every box of a half loop at the maximum rate.
  for (const m of a.mans) {
    if (!LOOPS.has(m.code) || (a.mode !== 'SC' && a.mode !== 'SD')) continue;
    for (let i = m.first; i <= m.last; i++) {
      const b = a.planned[i] as PlannedBox;
      const units = (a.mode === 'SC' ? b.alt : -b.alt) / 100;
      if (units < loopMin) {
        report(
          k,
          'E_LOOP_RATE',
          'seed 000 X.E.4',
          `every box of a half loop ${a.mode === 'SC' ? 'climbs' : 'dives'} at the full rate: write ${a.mode === 'SC' ? '+' : '-'}${loopMin * 100} or more here (or leave the altitudes out and the referee fills them in)`,
          i + 1,
        );
      }
    }
  }

  const climbed = a.turnBoxes.reduce((s, b) => s + Math.max(0, b.alt), 0);
  const dived = a.turnBoxes.reduce((s, b) => s + Math.max(0, -b.alt), 0);
  const divedFree = a.turnBoxes.reduce((s, b) => s + Math.max(0, -freeAlt(b)), 0);
  out.push(...checkPullOut(c, a.plane.last, climbed, divedFree, dived));

  // The ceiling and the ground, for the player's boxes (those carried over were checked when written).
  let alt = a.plane.altitude;
  let above = false;
  let ground = false;
  a.turnBoxes.forEach((b, i) => {
    alt += b.alt;
    const no = a.boxNos[i] as number;
    if (!no) return;
    if (b.alt > 0 && alt > a.card.ceiling && !above && (above = true))
      report(
        k,
        'E_CEILING',
        'data card',
        `the climb takes the plane to ${alt} ft, above the ${a.card.name}'s ceiling of ${a.card.ceiling} ft: climb ${alt - a.card.ceiling} ft less`,
        no,
      );
    if (alt <= 0 && b.alt < 0 && !ground && (ground = true)) {
      report(
        k,
        'E_GROUND',
        'terrain',
        a.mode === 'SD' || a.mode === 'VD'
          ? `a ${a.mode === 'SD' ? 'steep' : 'vertical'} dive loses ${steepTotal(a.mode, a.plane.speed)} ft this turn, fixed by the speed: from ${a.plane.altitude} ft it reaches the ground in this box: fly a shallower dive`
          : `the plot dives into the ground here (${alt} ft): dive at least ${-alt + 100} ft less in this box and the ones before it`,
        no,
      );
    }
  });
  return out;
}

/**
 * A half loop's boxes take at least `min` units (seed 000 X.E.4): units move to them from the other
 * boxes, the fullest first, while they are short. `units` and `loop` are per slot; changed in place.
 */
function loopFirst(units: number[], loop: boolean[], min: number): void {
  for (let i = 0; i < units.length; i++) {
    while (loop[i] && (units[i] as number) < min) {
      let from = -1;
      units.forEach((u, k) => {
        if (!loop[k] && u > 0 && (from < 0 || u > (units[from] as number))) from = k;
      });
      if (from < 0) return;
      units[from] = (units[from] as number) - 1;
      units[i] = (units[i] as number) + 1;
    }
  }
}

/**
 * The steep climb the referee writes in when the player writes none (rule (18)): the turn's
 * maximum spread evenly over the movement points (X.D.1), then cut so that with the boxes carried
 * over from last turn it neither passes the maximum nor takes more extra 100 ft than the shares
 * allow; the half loop's boxes keep the full rate first (X.E.4).
 */
function fillClimb(a: AltitudeInput, max: number, loopMin: number): void {
  const { base, extra } = perImpulseShare(max, a.n);
  const share = spread(max / 100, a.n);
  const slots = a.turnBoxes
    .map((_, i) => i)
    .filter(
      (i) =>
        a.boxNos[i] !== 0 && freeAlt(a.turnBoxes[i] as PlannedBox) === 0 && (a.turnBoxes[i] as PlannedBox).forced === 0,
    );
  const units = slots.map((i) => share[i] ?? 0);
  const loop = slots.map((i) => inLoop(a, i));
  const others = a.turnBoxes.filter((_, i) => !slots.includes(i)).map((b) => Math.max(0, freeAlt(b)) / 100);
  // Cut the fullest boxes, those outside a half loop first, while the turn climbs too much or
  // takes too many extra 100 ft.
  const cut = (): boolean => {
    let k = -1;
    units.forEach((u, j) => {
      if (u > 0 && (k < 0 || (loop[k] && !loop[j]) || (loop[k] === loop[j] && u > (units[k] as number)))) k = j;
    });
    if (k < 0) return false;
    units[k] = (units[k] as number) - 1;
    return true;
  };
  const sum = () => [...others, ...units].reduce((s, u) => s + u, 0);
  while (sum() > max / 100 && cut()) {
    /* cut */
  }
  const extras = () => [...others, ...units].filter((u) => u > base).length;
  while (extras() > extra) {
    const k = units.findIndex((u, j) => u > base && !loop[j]);
    const j = k >= 0 ? k : units.findIndex((u) => u > base);
    if (j < 0) break;
    units[j] = base;
  }
  loopFirst(units, loop, loopMin);
  slots.forEach((k, i) => {
    (a.turnBoxes[k] as PlannedBox).alt = (units[i] ?? 0) * 100;
  });
}
/**
 * Steep boxes that run on into next turn, altitudes left out: they fly at this turn's rate
 * (seed 000 X.E.4.c: a half loop spread over two turns climbs or dives at the maximum rate in all
 * its impulses).
 */
function fillOverflow(a: AltitudeInput, sign: 1 | -1, total: number): void {
  const { base } = perImpulseShare(total, a.n);
  for (const b of a.overflow) if (freeAlt(b) === 0 && b.forced === 0) b.alt = sign * Math.max(1, base) * 100;
}

/** Rules (19), (20): a steep or vertical dive, its altitudes spread when left out. */
function checkSteepDive(a: AltitudeInput, k: Checking, mode: 'SD' | 'VD'): void {
  // Rules (19), (20): the dive is fixed by speed; spread evenly when not written (X.D.1). With
  // boxes carried over from last turn the rest is spread over the others: the fixed total of the
  // rule stands, so the referee's own spread is not held to the per-impulse share.
  const total = steepTotal(mode, a.plane.speed);
  const what = a.mode === 'SD' ? 'steep' : 'vertical';
  const rule = `seed 001 rule (${a.mode === 'SD' ? 19 : 20})`;
  const filled = k.fresh.every(blank) && a.overflow.every(blank);
  if (filled) {
    fillOverflow(a, -1, total);
    const slots = a.turnBoxes.map((b, i) => i).filter((i) => blank(a.turnBoxes[i] as PlannedBox));
    const done = a.turnBoxes.filter((b) => !blank(b)).reduce((s, b) => s - b.alt, 0);
    const units = spread(Math.max(0, total - done) / 100, slots.length);
    loopFirst(
      units,
      slots.map((i) => inLoop(a, i)),
      k.loopMin,
    );
    slots.forEach((j, i) => {
      const b = a.turnBoxes[j] as PlannedBox;
      b.alt = -(units[i] ?? 0) * 100;
      b.forced = 0;
    });
  }
  const dived = a.turnBoxes.reduce((s, b) => s - b.alt, 0);
  if (a.turnBoxes.some((b) => b.alt > 0))
    report(
      k,
      'E_STEEP_DIVE_CLIMB',
      rule,
      `a ${what} dive may not climb in any impulse: remove the + altitudes (leave the altitudes out and the referee spreads the dive)`,
    );
  else if (dived !== total) {
    report(
      k,
      'E_STEEP_TOTAL',
      rule,
      `a ${a.mode === 'SD' ? 'steep dive loses 200' : 'vertical dive loses 400'} ft per point of speed: ${total} ft this turn, spread over the impulses; the plot loses ${dived} ft (leave the altitudes out and the referee spreads them)`,
    );
  } else if (!filled) k.out.push(...checkShares(k.c, a.turnBoxes, total, -1, 'a dive', `seed 000 X.D; ${rule}`));
}

/** Rule (18): a steep climb, the most it may climb when left out. */
function checkSteepClimb(a: AltitudeInput, k: Checking): void {
  // Rule (18): up to 200 ft per point of speed, at most 1000 ft; left out, the most the
  // per-impulse shares allow beside the boxes carried over.
  const max = steepTotal('SC', a.plane.speed);
  const filled = k.fresh.every((b) => freeAlt(b) <= 0) && a.overflow.every((b) => freeAlt(b) <= 0);
  if (filled) {
    fillOverflow(a, 1, max);
    fillClimb(a, max, k.loopMin);
  }
  const climbed = a.turnBoxes.reduce((s, b) => s + Math.max(0, b.alt), 0);
  if (climbed > max)
    report(
      k,
      'E_STEEP_CLIMB_MAX',
      'seed 001 rule (18)',
      `a steep climb gains at most 200 ft per point of speed and never more than 1000 ft: ${max} ft this turn; the plot climbs ${climbed} ft (leave the altitudes out and the referee climbs the most it may)`,
    );
  else k.out.push(...checkShares(k.c, a.turnBoxes, max, 1, 'a climb', 'seed 000 X.D; seed 001 rule (18)'));
  a.turnBoxes.forEach((b, i) => {
    if (freeAlt(b) < 0 && a.boxNos[i])
      report(
        k,
        'E_STEEP_CLIMB_DIVE',
        'seed 001 rule (18)',
        `a steep climb may not dive in any impulse: remove the ${freeAlt(b)}`,
        a.boxNos[i],
      );
  });
  // A steep climb climbs: one whose boxes lose more than they gain (forwards flown banked each
  // lose 100 ft and may not climb, seed 000 X.E.1.f) would skip hexes and cap the speed as a
  // climb does while diving (rules (17), (18)).
  const net = a.turnBoxes.reduce((s, b) => s + b.alt, 0);
  // A plane not in an upward bank is told that first (E_SC_BANK, plan.ts).
  if (k.fresh.length && net <= 0 && (a.carryMode !== null || isUpward(a.plane.bank))) {
    report(
      k,
      'E_STEEP_CLIMB_NONE',
      'seed 001 rule (18); seed 000 X.E.1.f',
      `a steep climb must climb, and this plot ${net < 0 ? `loses ${-net} ft` : 'climbs nothing'} this turn: forwards (1) flown banked lose 100 ft each and may not climb; roll level (N) first, or fly it without SC`,
    );
  }
}

/** Climbs and dives of a plot in no steep mode (seed 000 X.D), and two boxes in one impulse (X.D.3). */
function checkLevel(a: AltitudeInput, k: Checking): void {
  k.out.push(...checkNormalAltitudes(k.c, a.turnBoxes));
  // Above speed 12 two boxes share an impulse (the movement table): only then can one impulse climb and dive.
  const byImpulse = new Map<number, number[]>();
  let shared = false;
  for (let i = 1; i < a.turnBoxes.length && !shared; i++) shared = a.points.indexOf(a.points[i] as number) < i;
  if (shared)
    a.turnBoxes.forEach((b, i) => {
      const imp = a.points[i] as number;
      byImpulse.set(imp, [...(byImpulse.get(imp) ?? []), i]);
    });
  for (const [imp, idx] of byImpulse) {
    const alts = idx.map((i) => freeAlt(a.turnBoxes[i] as PlannedBox));
    if (alts.some((x) => x > 0) && alts.some((x) => x < 0)) {
      const nos = idx.map((i) => a.boxNos[i] as number);
      const own = nos.filter((no) => no > 0);
      report(
        k,
        'E_CLIMB_AND_DIVE',
        'seed 000 X.D.3',
        `${own.length > 1 ? `boxes ${own.join(' and ')}` : `box ${own[0]} and the box carried over from last turn`} are both flown in impulse ${imp} (above speed 12 a plane enters two hexes in some impulses), one climbing, one diving; a plane may not climb and dive in one impulse: make both climb, both dive, or one level`,
        own[own.length - 1],
      );
    }
  }
}
