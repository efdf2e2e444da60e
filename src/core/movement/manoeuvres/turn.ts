/**
 * 30-degree turns TL/TR (seed 001 rules (1), (7)): the plane enters the hex ahead and turns one
 * facing; the turn costs no movement. Turn mode hexes must be entered for the manoeuvre (S boxes
 * and the turn box). Exactly the minimum is a maximum-performance turn: -100 ft in the turn's
 * impulse (seed 000 X.E.2), except straight after a slip (X.E.3.b). A plane turns in the direction
 * of its bank (as in the original game; docs/rules.md).
 */
import { bankIs, bankSide } from '../../bank.ts';
import { stepForward, turnBy } from '../../hex/flight.ts';
import { turnMode } from '../performance.ts';
import { type ManoeuvreFamily, named, notInVerticalDive, problem, rollFirst, tooShort } from './family.ts';

const SLIPS = new Set(['SL', 'SR', 'SLTR', 'SRTL']);

export const turn: ManoeuvreFamily = {
  codes: ['TL', 'TR'],
  check(m, ctx) {
    if (ctx.mode === 'VD') return notInVerticalDive(ctx, m);
    const out = tooShort(ctx, m, turnMode(ctx.tm, 'turn'), 'turn mode is', 'seed 001 rules (1), (26)-(28)');
    const side = m.code === 'TL' ? 'L' : 'R';
    if (bankSide(m.bankBefore) !== side) {
      out.push(
        problem(
          ctx,
          m,
          'E_TURN_BANK',
          'original game: turns in the direction of the bank',
          `${named(m)} needs a ${side === 'L' ? 'left' : 'right'} bank (${side === 'L' ? 'LB or IL' : 'RB or IR'}) but the plane is ${bankIs(m.bankBefore)}: roll first, e.g. ${rollFirst(ctx, m.bankBefore, side)} before the turn`,
        ),
      );
    }
    return out;
  },
  count: () => 1,
  forcedLoss(m, ctx) {
    if (m.previous !== undefined && SLIPS.has(m.previous)) return 0;
    return m.length === turnMode(ctx.tm, 'turn') ? 100 : 0;
  },
  bankAfter: (m) => m.bankBefore,
  fly(pos, bank, box, move) {
    const next = move ? stepForward(pos) : pos;
    return { pos: turnBy(next, box.man === 'TL' ? -1 : 1), bank, entered: move ? [next] : [] };
  },
};
