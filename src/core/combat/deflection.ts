/**
 * Deflection modifiers (seed 001 combat: "The deflection DRM rules"). The only modifiers of the
 * 2D6 fire roll: speeds, firing platform and target size are already in the fire tables. The seed
 * prints the values as a picture; the values below are ours, chosen so that its example holds
 * (+1 for a 6 o'clock shot at a He 111) and its reasons hold: the same value for the best shots at
 * either kind of target, a better value against multi-engine targets (bigger) for deflection shots.
 * docs/combat.md, "Deflection", gives the reasons for each number.
 */
import { norm12 } from '../hex/facing.ts';

export type DeflectionCategory = 'none' | 'medium' | 'high';

export interface Deflection {
  drm: number;
  category: DeflectionCategory;
}

/**
 * The DRM table: single-engine (1E) targets on the left, multi-engine (2, 3 or 4) on the right.
 * 'none' = clock 5-7 (from astern), 'medium' = 4 or 8, 'high' = 9 to 3 (the whole frontal arc).
 */
export const DEFLECTION_DRM: Readonly<Record<'1E' | 'ME', Readonly<Record<DeflectionCategory, number>>>> = {
  '1E': { none: 1, medium: -1, high: -3 },
  ME: { none: 1, medium: 0, high: -2 },
};

const checkClock = (clock: number): void => {
  if (!Number.isInteger(clock) || clock < 1 || clock > 12) throw new RangeError(`clock position ${clock} is not 1-12`);
};

/** The DRM of a category against a target with `engines` engines. */
export function deflectionDrm(category: DeflectionCategory, engines: number): number {
  if (!Number.isInteger(engines) || engines < 1) throw new RangeError(`bad engine count ${engines}`);
  return DEFLECTION_DRM[engines === 1 ? '1E' : 'ME'][category];
}

/** Category of a fixed-gun shot from the clock position of the firer seen from the target (12 = target's nose). */
export function fixedCategory(clockOfFirerFromTarget: number): DeflectionCategory {
  checkClock(clockOfFirerFromTarget);
  if (clockOfFirerFromTarget >= 5 && clockOfFirerFromTarget <= 7) return 'none';
  if (clockOfFirerFromTarget === 4 || clockOfFirerFromTarget === 8) return 'medium';
  return 'high';
}

/** Fixed guns: the deflection DRM of seed 001's table. */
export function fixedDeflection(clockOfFirerFromTarget: number, targetEngines: number): Deflection {
  const category = fixedCategory(clockOfFirerFromTarget);
  return { drm: deflectionDrm(category, targetEngines), category };
}

/**
 * Signed difference of two facings in clock points, -5..6: how far the target's heading is
 * turned clockwise from the firer's.
 */
export function headingOffset(firerFacing: number, targetFacing: number): number {
  const d = norm12(targetFacing - firerFacing);
  return d > 6 ? d - 12 : d;
}

/**
 * Flexible guns (seed 001: "For fire from Flex guns (F) ..."), from the firer's side:
 * - out of the flex plane's 11, 12, 1 (straight ahead) or 5, 6, 7 (straight behind) with the
 *   target's heading within 1 point of the firer's (flying away at 12, toward the firer at 6):
 *   no deflection; exactly 2 points off: medium;
 * - out of its 4 o'clock at a target heading the same way as the firer, straight at the firer
 *   (2 points to the left of the firer's heading) or the point between; mirrored at 8 o'clock:
 *   medium;
 * - everything else: high deflection (the 9-3 line).
 */
export function flexCategory(
  firerFacing: number,
  targetFacing: number,
  clockOfTargetFromFirer: number,
): DeflectionCategory {
  checkClock(clockOfTargetFromFirer);
  const d = headingOffset(firerFacing, targetFacing);
  const c = clockOfTargetFromFirer;
  const ahead = c === 11 || c === 12 || c === 1;
  const behind = c >= 5 && c <= 7;
  if (ahead || behind) {
    if (Math.abs(d) <= 1) return 'none';
    if (Math.abs(d) === 2) return 'medium';
    return 'high';
  }
  if (c === 4 && d <= 0 && d >= -2) return 'medium';
  if (c === 8 && d >= 0 && d <= 2) return 'medium';
  return 'high';
}

/** Flexible guns: category and DRM (same DRM table, by target engines). */
export function flexDeflection(
  firerFacing: number,
  targetFacing: number,
  clockOfTargetFromFirer: number,
  targetEngines: number,
): Deflection {
  const category = flexCategory(firerFacing, targetFacing, clockOfTargetFromFirer);
  return { drm: deflectionDrm(category, targetEngines), category };
}
