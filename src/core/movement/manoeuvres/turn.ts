/**
 * 30-degree turns TL/TR (seed 001 rules (1), (7)): the plane enters the hex ahead and turns one
 * facing; the turn costs no movement. Turn mode hexes must be entered for the manoeuvre (S boxes
 * and the turn box). Exactly the minimum is a maximum-performance turn: -100 ft in the turn's
 * impulse (seed 000 X.E.2), except straight after a slip (X.E.3.b). A plane turns in the direction
 * of its bank (as in the original game; docs/rules.md).
 */
import { bankSide, bankWords } from '../../bank.ts';
import { stepForward, turnBy } from '../../hex/flight.ts';
import { turnMode } from '../performance.ts';
import { boxRange, type ManoeuvreFamily, problem } from './family.ts';

const SLIPS = new Set(['SL', 'SR', 'SLTR', 'SRTL']);

export const turn: ManoeuvreFamily = {
  codes: ['TL', 'TR'],
  check(m, ctx) {
    const out = [];
    const need = turnMode(ctx.tm, 'turn');
    if (m.length < need) {
      out.push(problem(ctx, m, 'E_TURN_MODE', 'seed 001 rules (1), (26)-(28)',
        `${m.code} in ${boxRange(m)} enters ${m.length} hex${m.length === 1 ? '' : 'es'}; turn mode is ${need} at this speed and altitude: write ${need - 1} S before it`));
    }
    const side = m.code === 'TL' ? 'L' : 'R';
    if (bankSide(m.bankBefore) !== side) {
      out.push(problem(ctx, m, 'E_TURN_BANK', 'original game: turns in the direction of the bank',
        `${m.code} in ${boxRange(m)} needs a ${side === 'L' ? 'left' : 'right'} bank (LB or IL / RB or IR) but the plane is ${bankWords(m.bankBefore)}: roll first`));
    }
    if (ctx.mode === 'VD') {
      out.push(problem(ctx, m, 'E_VD_MANOEUVRE', 'seed 001 rule (20)', `${m.code}: in a vertical dive only bank changes and V may be flown`));
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
