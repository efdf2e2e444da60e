/**
 * The words of the menu of plans (views/menu.ts) and of the acknowledgement's trap warning
 * (views/sheet.ts): each plan's name, long and short, and the marks of a trap (core/plans/trap.ts).
 */
import type { PlanName } from '../../core/plans/menu.ts';
import type { TrapKind } from '../../core/plans/trap.ts';

/** A plan's name in a menu line. */
export const NAMES: Record<PlanName, string> = {
  straight: 'straight on',
  'keep-speed': 'keeps speed',
  fastest: 'fastest',
  'gentlest-right': 'gentle right',
  'hardest-right': 'hard right',
  'gentlest-left': 'gentle left',
  'hardest-left': 'hard left',
  climb: 'best climb',
  dive: 'best dive',
  'best-shot': 'best shot',
  'no-shot': 'no shot given',
  'stays-on': 'stays on the map',
};
/** The names in full, where there is room (the acknowledgement). */
export const LONG: Record<PlanName, string> = {
  ...NAMES,
  'keep-speed': 'straight on keeping its speed',
  fastest: 'the fastest',
  'gentlest-right': 'the gentlest turn right',
  'hardest-right': 'the hardest turn right',
  'gentlest-left': 'the gentlest turn left',
  'hardest-left': 'the hardest turn left',
};
/** A plan's names in full, joined; "straight on keeping its speed" says "straight on" once. */
export const longNames = (names: readonly PlanName[]): string =>
  names
    .filter((n) => n !== 'straight' || !names.includes('keep-speed'))
    .map((n) => LONG[n])
    .join(', ');

/** Shorter names, for a line that would pass 78 columns. */
export const SHORT: Record<PlanName, string> = {
  straight: 'straight',
  'keep-speed': 'keep spd',
  fastest: 'fastest',
  'gentlest-right': 'gentle R',
  'hardest-right': 'hard R',
  'gentlest-left': 'gentle L',
  'hardest-left': 'hard L',
  climb: 'climb',
  dive: 'dive',
  'best-shot': 'best shot',
  'no-shot': 'no shot',
  'stays-on': 'stays on',
};

/** The mark of a plan that leads into a trap (core/plans/trap.ts), by what every way of the next turn does. */
export const TRAP_MARK: Record<TrapKind, string> = { exit: 'TRAP:off', ground: 'TRAP:ground', stall: 'TRAP:stall' };

/** What every way of the next turn does after a trap, in words. */
export const TRAP_WORDS: Record<TrapKind, string> = {
  exit: 'every way it can fly next turn leaves the map',
  ground: 'no plot it can fly next turn stays above the ground',
  stall: 'every way it can fly next turn ends below its minimum speed (it stalls)',
};
