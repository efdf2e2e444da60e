/**
 * Pieces of planning a turn that plan.ts would otherwise repeat: the words that say when a plane
 * is active, the power and brake factors of each impulse (seed 000 X.C.1-2, X.F.1.c), a
 * carried-over manoeuvre written again at the start of a plot (seed 000 X.B.5), and the texts of
 * the problems that need the manoeuvre or the card to say what to write instead.
 */
import type { AltitudeBand } from '../aircraft/types.ts';
import type { Box } from '../../orders/ast.ts';
import { movementRow } from '../impulse/schedule.ts';
import type { Problem } from '../result.ts';
import type { PlaneState, PlannedBox } from '../state.ts';
import type { ManoeuvreInstance } from './manoeuvres/family.ts';
import { speedRange } from './performance.ts';

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** "A1 is active in 5 impulses this turn (3, 5, 8, 10, 12)"; above speed 12, the hexes. */
export function activeText(plane: string, points: readonly number[]): string {
  const n = points.length;
  if (n === 0) return `${plane} has no active impulse this turn (speed 0)`;
  const impulses = [...new Set(points)];
  if (impulses.length === n) return `${plane} is active in ${plural(n, 'impulse')} this turn (${impulses.join(', ')})`;
  const twice = impulses.filter((i) => points.indexOf(i) !== points.lastIndexOf(i));
  return `${plane} enters ${n} hexes this turn: one in every impulse, two in impulse${twice.length === 1 ? '' : 's'} ${twice.join(', ')}`;
}

export const ordinal = (n: number): string => {
  const t = n % 100;
  if (t >= 11 && t <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
};

/** Who holds the boxes of one impulse, for messages: "box 3", "boxes 7 and 8", carried ones named. */
function boxesText(nos: readonly number[]): string {
  const own = nos.filter((b) => b > 0);
  const carried = nos.length - own.length;
  const parts = [
    ...(own.length ? [`${own.length === 1 ? 'box' : 'boxes'} ${own.join(' and ')}`] : []),
    ...(carried ? [`the box${carried === 1 ? '' : 'es'} carried over from last turn`] : []),
  ];
  return parts.join(' and ');
}

/** A box within seed 000 X.C.1-2 and X.F.1.c alone: one power factor per working engine, one brake factor, never both. */
const fits = (b: PlannedBox, working: number): boolean =>
  b.power <= working && b.brake <= 1 && !(b.power > 0 && b.brake > 0);

/**
 * Seed 000 X.C.1-2 and X.F.1.c, per impulse: one power factor per working engine, one brake factor,
 * never both. Above speed 12 two boxes can fall in one impulse, and their factors add up. The
 * boxes that run on into next turn are checked alone (their impulses are next turn's); an impulse
 * holding only boxes carried over from last turn was checked when they were written.
 */
export function checkImpulseFactors(
  plane: string,
  turnBoxes: readonly PlannedBox[],
  boxNos: readonly number[],
  points: readonly number[],
  overflow: readonly PlannedBox[],
  need: number,
  working: number,
): Problem[] {
  // The usual plot: one box an impulse, each within the limits: nothing to group or word.
  let simple = true;
  for (let i = 0; simple && i < overflow.length; i++) simple = fits(overflow[i] as PlannedBox, working);
  for (let i = 0; simple && i < turnBoxes.length; i++)
    simple = fits(turnBoxes[i] as PlannedBox, working) && (i === 0 || points[i] !== points[i - 1]);
  if (simple) return [];
  const groups = new Map<string, { impulse?: number; boxes: PlannedBox[]; nos: number[] }>();
  turnBoxes.forEach((b, i) => {
    const key = `i${points[i]}`;
    const g = groups.get(key) ?? { impulse: points[i], boxes: [], nos: [] };
    g.boxes.push(b);
    g.nos.push(boxNos[i] as number);
    groups.set(key, g);
  });
  overflow.forEach((b, i) => groups.set(`o${i}`, { boxes: [b], nos: [need + i + 1] }));
  const out: Problem[] = [];
  for (const g of groups.values()) {
    const own = g.nos.filter((no) => no > 0);
    if (!own.length) continue;
    const box = own[own.length - 1] as number;
    const power = g.boxes.reduce((s, b) => s + b.power, 0);
    const brake = g.boxes.reduce((s, b) => s + b.brake, 0);
    const shared =
      g.boxes.length > 1
        ? `${boxesText(g.nos)} are both flown in impulse ${g.impulse} (above speed 12 a plane enters two hexes in some impulses)`
        : '';
    const P = (code: string, rule: string, message: string) => out.push({ code, rule, plane, box, message });
    if (power > 0 && brake > 0) {
      P(
        'E_POWER_AND_BRAKE',
        'seed 000 X.F.1.c',
        shared
          ? `${shared}, one with power (P), one with brake (K); an impulse holds either, not both: remove one`
          : 'a box holds power (P) or brake (K), not both: remove one',
      );
    }
    if (power > working) {
      const most = `at most ${plural(working, 'power factor')} in an impulse, one per working engine`;
      P(
        'E_POWER_BOX',
        'seed 000 X.C.1',
        shared
          ? `${shared} and hold ${power} power factors together; ${most}: move P to another impulse`
          : `this box holds ${power} power factors; ${most}: write ${'P'.repeat(Math.max(1, working))} or spread them over several boxes`,
      );
    }
    if (brake > 1) {
      P(
        'E_BRAKE_BOX',
        'seed 000 X.C.2',
        shared
          ? `${shared} and hold ${brake} brake factors together; at most one in an impulse: take the K out of one of them`
          : `this box holds ${brake} brake factors; at most one in an impulse: write K in each of ${brake} boxes instead`,
      );
    }
  }
  return out;
}

/** Why a plane has the power factors it has this turn (seed 001 rules (14), (25); seed 000 X.C.1). */
export function powerWhy(band: AltitudeBand, plane: PlaneState, working: number, engines: number): string {
  const row = movementRow(plane.speed);
  const range = speedRange(band, plane.speed);
  if (range === 'dive') return `none in the dive speed range, above speed ${band.levelMax}`;
  if (row >= band.levelMax) return `none at top level speed ${band.levelMax}`;
  if (engines > 0 && working < engines) return `${working} of ${engines} engines working`;
  if (band.power === 1)
    return plane.last.power ? 'a single power factor, usable only after a turn without P' : 'a single power factor';
  return range === 'maneuver'
    ? `all ${band.power} of the card in the manoeuvre speed range`
    : `half the card's ${band.power}, rounded up, at level speeds`;
}

/** E_FORCED_LOSS: a climb written where the rules force a 100-ft loss (seed 000 X.E.1.f, X.E.2-3). */
export function forcedLossText(m: ManoeuvreInstance, alt: number): string {
  if (m.code === '1')
    return `a forwards (1) flown banked loses 100 ft in its impulse and may not climb there: remove the +${alt}, or roll level first`;
  const what = m.code === 'TL' || m.code === 'TR' ? 'turn' : 'slip';
  return `${m.code} flown in exactly its ${what} mode (${plural(m.length, 'hex', 'hexes')}) is a maximum-performance ${what}: it loses 100 ft in its impulse and may not climb there: remove the +${alt}, or fly one S more before ${m.code}`;
}

/**
 * The manoeuvre carried over from last turn written again at the start of the plot (seed 000
 * X.B.5: its boxes are locked in and flown first). Recognised when the plot's first manoeuvre is
 * the carried one and it cannot be flown there, or the plot is too long with it and not without.
 */
export function repeatsCarry(
  mans: readonly (ManoeuvreInstance & { first: number; last: number })[],
  checks: readonly Problem[][],
  boxes: readonly Box[],
  need: number,
  firstImpulse: number,
  carried: readonly PlannedBox[],
  lastCarried: Box['man'] | undefined,
): { box: number; message: string } | undefined {
  const m0 = mans[0];
  if (!carried.length || !lastCarried || !m0 || m0.code !== lastCarried) return undefined;
  const rest = boxes.length - (m0.last + 1);
  const runner = mans.find((m) => m.first <= need - 1 && m.last >= need);
  const long = boxes.length > need && (need === 0 || !runner || runner.last !== boxes.length - 1);
  const own = checks[0] ?? [];
  if (!own.length && !(long && rest >= need)) return undefined;
  const written = boxes
    .slice(0, m0.last + 1)
    .map((b) => b.man)
    .join(' ');
  const where = m0.length === 1 ? '' : ` (boxes 1-${m0.last + 1})`;
  const count = rest === need ? '' : ` (without ${m0.length === 1 ? 'it' : 'them'}, the plot has ${rest})`;
  return {
    box: m0.last + 1,
    message:
      `${written}${where} repeats the ${lastCarried} carried over from last turn, which is flown first (impulse ${firstImpulse}) without being written again: leave ${m0.length === 1 ? 'it' : 'them'} out; this turn's plot is the ${need} box${need === 1 ? '' : 'es'} after it${count}` +
      (own[0] ? `. If you meant another ${m0.code}: ${own[0].message}` : ''),
  };
}
