/**
 * Flying over the grid: forward steps with the across-the-grain alternation (seed 001 rule (8)),
 * slip and half-roll displacements (rules (3), (4), (9)), the flight line used by the cone of fire.
 */
import { type Hex, distance, hexAdd } from './coords.ts';
import { type Facing, norm12, sideStep } from './facing.ts';

/** Where a plane is on the map: its hex, facing, and which front hex comes next across the grain. */
export interface Position {
  hex: Hex;
  facing: Facing;
  /**
   * Across the grain (odd facing): true when the next forward hex is the right-front one.
   * Set to true whenever a new facing is taken (rule (8): right front first), carried over turns.
   * Meaningless, and kept true, with the grain.
   */
  nextRight: boolean;
}

/** Direction of the next forward hex (an even facing), without moving. */
export function forwardDirection(p: Position): Facing {
  const f = norm12(p.facing);
  if (f % 2 === 0) return f;
  return norm12(p.nextRight ? f + 1 : f - 1);
}

/** Enter the hex ahead (rule (8): across the grain alternate right front and left front). */
export function stepForward(p: Position): Position {
  const f = norm12(p.facing);
  const hex = hexAdd(p.hex, sideStep(forwardDirection(p)));
  return { hex, facing: f, nextRight: f % 2 === 0 ? true : !p.nextRight };
}

/** Take a new facing (turns): the alternation starts again with the right-front hex. */
export function turnBy(p: Position, points: number): Position {
  return { hex: p.hex, facing: norm12(p.facing + points), nextRight: true };
}

/**
 * The slip hex (rule (9)): with the grain the slip moves to the left-front or right-front hex at
 * 60 degrees to the flight path; across the grain one hex straight to the side. Facing unchanged.
 */
export function slipDirection(f: Facing, right: boolean): Facing {
  const n = norm12(f);
  const off = n % 2 === 0 ? 2 : 3;
  return norm12(right ? n + off : n - off);
}

export function slip(p: Position, right: boolean): Position {
  return { hex: hexAdd(p.hex, sideStep(slipDirection(p.facing, right))), facing: p.facing, nextRight: p.nextRight };
}

/**
 * The two hexes of a half roll (rules (4), (9)): with the grain two successive hexes at 60 degrees
 * off the flight path; across the grain one hex to the side then one to the right or left front
 * (knight move). Either way the plane ends two hexes off along the 60-degree line. Facing unchanged.
 */
export function halfRollDirections(f: Facing, right: boolean): [Facing, Facing] {
  const n = norm12(f);
  const s = right ? 1 : -1;
  if (n % 2 === 0) return [norm12(n + 2 * s), norm12(n + 2 * s)];
  return [norm12(n + 3 * s), norm12(n + s)];
}

/**
 * The straight flight line ahead of a plane: the hexes it would enter flying straight on, from the
 * next one out to `length` hexes.
 */
export function flightLine(p: Position, length: number): Hex[] {
  const out: Hex[] = [];
  let cur = p;
  for (let i = 0; i < length; i++) {
    cur = stepForward(cur);
    out.push(cur.hex);
  }
  return out;
}

/**
 * How many hexes `target` lies off the straight-line projection of the plane's flight path
 * (seed 001 combat: the cone of fire). 0 = on the line. Targets behind the plane measure to the
 * plane's own hex. `line` may pass flightLine(p, length) when it is already at hand.
 */
export function offLine(p: Position, target: Hex, length = 8, line: readonly Hex[] = flightLine(p, length)): number {
  let best = distance(p.hex, target);
  for (const h of line) {
    const d = distance(h, target);
    if (d < best) best = d;
  }
  return best;
}
