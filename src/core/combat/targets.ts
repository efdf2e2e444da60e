/**
 * Which of a plane's guns can bear on which enemy this impulse (seed 000 VII; seed 001 combat):
 * fixed guns through the cone of fire, at the target area, with the vertical-attitude limits;
 * flexible guns through their arcs. Pure geometry: no dice.
 */
import type { GunGroup } from '../aircraft/types.ts';
import { distance, type Hex } from '../hex/coords.ts';
import type { Position } from '../hex/flight.ts';
import type { PlaneState } from '../state.ts';
import {
  adjustedRange,
  type Attitude,
  clockFrom,
  coneLine,
  inCone,
  MAX_RANGE,
  SHORT_MAX_RANGE,
  targetArea,
  verticalOk,
} from './cone.ts';

export interface Bearing {
  target: PlaneState;
  /** Hexes between the planes. */
  hexes: number;
  /** Range adjusted for altitude (+1 per 500 ft). */
  range: number;
  /** Target altitude minus firer altitude, feet. */
  dz: number;
  /** Clock position of the firer seen from the target (deflection of fixed guns). */
  clockFromTarget: number;
  /** Clock position of the target seen from the firer (flexible arcs). */
  clockFromFirer: number;
}

export const positionOf = (p: PlaneState): Position => ({ hex: p.hex, facing: p.facing, nextRight: p.nextRight });

/** The geometry between two planes, or undefined beyond the maximum range of all firing. */
export function bearingOf(firer: PlaneState, target: PlaneState): Bearing | undefined {
  const hexes = distance(firer.hex, target.hex);
  if (hexes === 0 || hexes > MAX_RANGE) return undefined;
  const dz = target.altitude - firer.altitude;
  const range = adjustedRange(hexes, dz);
  if (range > MAX_RANGE) return undefined;
  return {
    target,
    hexes,
    range,
    dz,
    clockFromTarget: clockFrom(positionOf(target), firer.hex),
    clockFromFirer: clockFrom(positionOf(firer), target.hex),
  };
}

export const maxRangeOf = (groups: readonly GunGroup[]): number =>
  groups.every((g) => g.shortRange) ? SHORT_MAX_RANGE : MAX_RANGE;

/**
 * Fixed forward guns: the cone must cross the target area; attitude and range limits. `line` is
 * the firer's line of flight (coneLine), computed once for all its targets.
 */
export function fixedBears(
  firer: PlaneState,
  b: Bearing,
  attitude: Attitude,
  groups: readonly GunGroup[],
  line?: readonly Hex[],
): boolean {
  if (!groups.length || b.range > maxRangeOf(groups)) return false;
  if (!verticalOk(attitude, b.dz, b.hexes)) return false;
  const fp = positionOf(firer);
  const cone = line ?? coneLine(fp);
  return targetArea(positionOf(b.target), b.hexes).some((h) => inCone(fp, h, cone));
}

/** Flexible positions whose arc holds the target's clock position and whose guns reach it. */
export function flexBearing(b: Bearing, groups: readonly GunGroup[]): GunGroup[] {
  return groups.filter(
    (g) =>
      g.mount === 'F' &&
      (g.arc ?? []).includes(b.clockFromFirer) &&
      b.range <= (g.shortRange ? SHORT_MAX_RANGE : MAX_RANGE),
  );
}
