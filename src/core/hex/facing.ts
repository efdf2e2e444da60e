/**
 * The 12 facings (rules-notes "Geometry", seed 001 rule (1)): facing f points at bearing 30*f
 * degrees, clockwise from north (map top). Even facings point at a hexside ("with the grain"),
 * odd facings at a hexspine ("across the grain").
 */
import { type Hex, hexAdd, hexCentre, hexSub } from './coords.ts';

export type Facing = number; // 0..11

/** Neighbour offsets for the six hexside facings 0, 2, 4, 6, 8, 10 (flat-topped hexes). */
const SIDE_STEPS: readonly Hex[] = [
  { q: 0, r: -1 }, // 0: N
  { q: 1, r: -1 }, // 2: NE (60)
  { q: 1, r: 0 }, // 4: SE (120)
  { q: 0, r: 1 }, // 6: S
  { q: -1, r: 1 }, // 8: SW (240)
  { q: -1, r: 0 }, // 10: NW (300)
];

export const norm12 = (f: number): Facing => ((f % 12) + 12) % 12;

export const isWithGrain = (f: Facing): boolean => norm12(f) % 2 === 0;

/** The neighbour step of an even (hexside) facing. */
export function sideStep(f: Facing): Hex {
  const n = norm12(f);
  if (n % 2 !== 0) throw new Error(`facing ${n} points at a hexspine, not a hexside`);
  return SIDE_STEPS[n / 2] as Hex;
}

/** The two-hex offset along an odd (hexspine) facing: right-front plus left-front step. */
export function spineStep(f: Facing): Hex {
  const n = norm12(f);
  if (n % 2 !== 1) throw new Error(`facing ${n} points at a hexside, not a hexspine`);
  return hexAdd(sideStep(n + 1), sideStep(n - 1));
}

/** Bearing in degrees (0 = north, clockwise) of facing f. */
export const facingDegrees = (f: Facing): number => norm12(f) * 30;

const COMPASS = ['N', 'NNE', 'ENE', 'E', 'ESE', 'SSE', 'S', 'SSW', 'WSW', 'W', 'WNW', 'NNW'];

/** A compass word for a facing, for the map legend ("N", "ENE", ...). */
export const facingCompass = (f: Facing): string => COMPASS[norm12(f)] as string;

/** A facing as the mails and pages write it: its clock hour and compass word, "12 (N)", "3 (E)". */
/** The clock hour of a facing: 12 for 0, then 1 to 11. */
export const clockHour = (f: Facing): number => (norm12(f) === 0 ? 12 : norm12(f));

export const facingText = (f: Facing): string => `${clockHour(f)} (${facingCompass(f)})`;

/** Bearing in degrees from hex a to hex b (undefined for the same hex). */
export function bearing(a: Hex, b: Hex): number | undefined {
  const d = hexSub(b, a);
  if (d.q === 0 && d.r === 0) return undefined;
  const c = hexCentre(d);
  const deg = (Math.atan2(c.x, -c.y) * 180) / Math.PI;
  return deg < 0 ? deg + 360 : deg;
}

/** The turn from facing `from` to facing `to`, in 30-degree steps: 1 to 6 to the right, -1 to -5 to the left. */
export const turnBetween = (from: Facing, to: Facing): number => {
  const d = norm12(to - from);
  return d <= 6 ? d : d - 12;
};

/** How many degrees (0-180) hex `other` lies off the nose of a plane at `from` facing `f` (undefined for the same hex). */
export function degreesOff(from: Hex, f: Facing, other: Hex): number | undefined {
  const b = bearing(from, other);
  return b === undefined ? undefined : Math.abs(((((b - facingDegrees(f)) % 360) + 540) % 360) - 180);
}

/**
 * Clock position (1-12) of hex `other` as seen from a plane at `from` facing `f`: 12 dead ahead,
 * 6 dead astern, 3 off the right wing (seed 001 combat: deflection and flexible gun arcs).
 * Bearings never fall exactly on a sector boundary for hex centres, so rounding is unambiguous.
 */
export function clockPosition(from: Hex, f: Facing, other: Hex): number | undefined {
  const b = bearing(from, other);
  if (b === undefined) return undefined;
  const rel = (b - facingDegrees(f) + 360) % 360;
  const c = Math.round(rel / 30) % 12;
  return c === 0 ? 12 : c;
}
