/**
 * Bank attitudes (rules-notes "Geometry", seed 001 rules (2), (5), (6), (11)): six attitudes on a
 * circle level - RB - IR - inverted - IL - LB - level. A 1-point roll moves one step, a 2-point roll
 * two steps, a half roll three (it inverts the bank).
 */

export type Bank = 'N' | 'RB' | 'IR' | 'INV' | 'IL' | 'LB';

export const BANKS: readonly Bank[] = ['N', 'RB', 'IR', 'INV', 'IL', 'LB'];

const index = (b: Bank): number => BANKS.indexOf(b);

/** Shortest number of roll points between two bank attitudes (0-3). */
export function rollPoints(from: Bank, to: Bank): number {
  const d = Math.abs(index(from) - index(to));
  return Math.min(d, 6 - d);
}

/** The bank three points round: a half roll (rule (11)). */
export const invertBank = (b: Bank): Bank => BANKS[(index(b) + 3) % 6] as Bank;

/** Upward banks: level, LB and RB (rule (18)). */
export const isUpward = (b: Bank): boolean => b === 'N' || b === 'LB' || b === 'RB';

/** Banked attitudes that make a forwards manoeuvre lose 100 ft (seed 000 X.E.1.f). */
export const isBanked = (b: Bank): boolean => b === 'LB' || b === 'RB' || b === 'IL' || b === 'IR';

/** Left-hand or right-hand orientation of a banked attitude; undefined when flat. */
export function bankSide(b: Bank): 'L' | 'R' | undefined {
  if (b === 'LB' || b === 'IL') return 'L';
  if (b === 'RB' || b === 'IR') return 'R';
  return undefined;
}

/** Immelmann bank change (rule (6)): LB<->IL, RB<->IR. */
export function immelmannBank(b: Bank): Bank | undefined {
  switch (b) {
    case 'LB':
      return 'IL';
    case 'IL':
      return 'LB';
    case 'RB':
      return 'IR';
    case 'IR':
      return 'RB';
    default:
      return undefined;
  }
}

/** Half loop bank flip (rule (5)): level <-> inverted. */
export function halfLoopBank(b: Bank): Bank | undefined {
  if (b === 'N') return 'INV';
  if (b === 'INV') return 'N';
  return undefined;
}

const WORDS: Record<Bank, string> = {
  N: 'level',
  RB: 'right bank',
  IR: 'inverted right',
  INV: 'inverted',
  IL: 'inverted left',
  LB: 'left bank',
};

export const bankWords = (b: Bank): string => WORDS[b];

/** A bank as messages state it, with its notation: "level", "in left bank (LB)", "inverted (INV)". */
export const bankIs = (b: Bank): string =>
  b === 'N' ? 'level' : b === 'INV' ? 'inverted (INV)' : `in ${WORDS[b]} bank (${b})`.replace(' bank bank', ' bank');

export const isBank = (s: string): s is Bank => (BANKS as readonly string[]).includes(s);
