/**
 * Where guns can reach (seed 001 combat, "Main combat rule changes" and "Firing vertical attitude"):
 * the 30-degree cone of fixed forward guns, the 2-hex target area, altitude-adjusted range, nose
 * attitude, flexible-gun arcs.
 */
import { distance, type Hex } from '../hex/coords.ts';
import { clockPosition } from '../hex/facing.ts';
import { flightLine, type Position, offLine, stepForward } from '../hex/flight.ts';

/** Maximum range of all firing, hexes; weapons rated range 3 in the original reach 6. */
export const MAX_RANGE = 8;
export const SHORT_MAX_RANGE = 6;

/**
 * Half-width of the cone at a range: 1 hex wide at ranges 1-2, one hex wider each side from range
 * 3 and again from range 6, never wider (seed 001: "starts at 1 hex wide ... gets 1 hex wider at
 * ranges 3 hexes and again at 6 hexes. It never grows wider than that"). docs/combat.md explains
 * how this reads the seed's "more than half the range, fractions down" sentence.
 */
export const coneHalfWidth = (range: number): number => (range >= 6 ? 2 : range >= 3 ? 1 : 0);

/** The firer's line of flight the cone is measured from (pass it to inCone when testing many hexes). */
export const coneLine = (firer: Position): Hex[] => flightLine(firer, MAX_RANGE);

/** Is the hex inside the firer's fixed-gun cone at that hex's own distance? */
export function inCone(firer: Position, h: Hex, line: readonly Hex[] = coneLine(firer)): boolean {
  const r = distance(firer.hex, h);
  if (r === 0 || r > MAX_RANGE) return false;
  // Only hexes ahead: the clock position must be in the forward arc (11, 12, 1 and the cone edges).
  const clock = clockPosition(firer.hex, firer.facing, h) as number;
  if (clock > 2 && clock < 10) return false;
  return offLine(firer, h, MAX_RANGE, line) <= coneHalfWidth(r);
}

/**
 * The target area (seed 001): the target's hex and the hex it would enter next at ranges 1-4;
 * the next hex and the one after at ranges 5-8. Always 2 hexes along the target's line of flight.
 */
export function targetArea(target: Position, range: number): Hex[] {
  const next = stepForward(target);
  return range <= 4 ? [target.hex, next.hex] : [next.hex, stepForward(next).hex];
}

/** Range adjusted for altitude: +1 per 500 ft of vertical separation, fractions down. */
export const adjustedRange = (hexes: number, dz: number): number => hexes + Math.floor(Math.abs(dz) / 500);

export type Attitude = 'up' | 'level' | 'down';

/**
 * Fixed guns and the vertical (seed 001 "Firing vertical attitude"): at a lower target only with
 * the nose level or down, at a higher one only level or up; nose level, the separation may be at
 * most 300 ft per hex of range.
 */
export function verticalOk(attitude: Attitude, dz: number, hexes: number): boolean {
  if (dz === 0) return true;
  if (dz < 0 && attitude === 'up') return false;
  if (dz > 0 && attitude === 'down') return false;
  if (attitude === 'level' && Math.abs(dz) > 300 * Math.max(1, hexes)) return false;
  return true;
}

/** Clock position of the target as seen from the firer (for flexible arcs and deflection). */
export const clockFrom = (viewer: Position, other: Hex): number =>
  clockPosition(viewer.hex, viewer.facing, other) ?? 12;
