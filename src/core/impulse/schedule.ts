/**
 * The impulse table of seed 000 section XII, as read in rules-notes ("The impulse table"): which of
 * the 12 impulses a plane is active in, by its speed for map movement.
 */

/** Active impulses for speeds 1-12 (row index = speed). */
export const IMPULSE_TABLE: readonly (readonly number[])[] = [
  [],
  [8],
  [5, 10],
  [3, 8, 12],
  [3, 6, 9, 12],
  [3, 5, 8, 10, 12],
  [3, 5, 6, 9, 10, 12],
  [1, 3, 5, 7, 8, 10, 12],
  [1, 3, 4, 6, 7, 9, 10, 12],
  [1, 2, 4, 5, 7, 8, 9, 11, 12],
  [1, 2, 4, 5, 6, 7, 8, 9, 11, 12],
  [1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12],
  [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
];

/** The highest speed row the schedule supports (12 + 12: every impulse doubled). */
export const MAX_ROW = 24;

/**
 * Speed for map movement (seed 001 rule (1)): the speed in tenths rounded to the nearest whole
 * number, .5 rounding down. 55 (5.5) -> 5, 56 -> 6.
 */
export function movementRow(speedTenths: number): number {
  if (speedTenths <= 0) return 0;
  return Math.floor((speedTenths + 4) / 10);
}

export interface Schedule {
  speed: number;
  row: number;
  /** Active impulses. */
  impulses: number[];
  /** Impulses in which a plane faster than 12 enters a second hex (our extension, rules-notes). */
  double: number[];
}

export function schedule(speedTenths: number): Schedule {
  const row = movementRow(speedTenths);
  const speed = speedTenths / 10;
  if (row <= 12) return { speed, row, impulses: [...(IMPULSE_TABLE[row] ?? [])], double: [] };
  const extra = Math.min(row - 12, 12);
  return {
    speed,
    row,
    impulses: [...(IMPULSE_TABLE[12] as number[])],
    double: [...(IMPULSE_TABLE[extra] as number[])],
  };
}

/**
 * The movement points of a turn in order: one entry per hex the plane would enter flying level,
 * each naming its impulse (two entries in a double impulse). Their count is the movement row.
 */
export function movementPoints(speedTenths: number): number[] {
  const s = schedule(speedTenths);
  const out: number[] = [];
  for (const i of s.impulses) {
    out.push(i);
    if (s.double.includes(i)) out.push(i);
  }
  return out;
}

/**
 * Steep climbs and dives (seed 001 rules (18), (19)) skip the movement of every third movement
 * point: returns true for the 1-based movement point numbers 3, 6, 9, ...
 */
export const isSkippedInSteep = (pointNumber: number): boolean => pointNumber % 3 === 0;
