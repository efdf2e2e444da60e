/**
 * Half rolls HRL/HRR (seed 001 rules (4), (9), (11)): the last two hexes of the manoeuvre are the
 * "knight move" — with the grain two hexes at 60 degrees off the flight path, across it one hex to
 * the side then one to the left or right front. Facing unchanged; the bank is inverted (a 3-point
 * roll). Half-roll turn mode, at least 2 hexes; one manoeuvre for speed loss.
 */
import { invertBank } from '../../bank.ts';
import { halfRollDirections } from '../../hex/flight.ts';
import { hexAdd } from '../../hex/coords.ts';
import { sideStep } from '../../hex/facing.ts';
import { turnMode } from '../performance.ts';
import { type ManoeuvreFamily, notInVerticalDive, tooShort } from './family.ts';

export const halfRoll: ManoeuvreFamily = {
  codes: ['HRL', 'HRR'],
  check(m, ctx) {
    if (ctx.mode === 'VD') return notInVerticalDive(ctx, m);
    const need = Math.max(2, turnMode(ctx.tm, 'halfRoll'));
    return tooShort(
      ctx,
      m,
      need,
      'a half roll (its two knight-move hexes included) needs',
      'seed 001 rules (4), (26)-(28)',
    );
  },
  count: () => 1,
  forcedLoss: () => 0,
  bankAfter: (m) => invertBank(m.bankBefore),
  // The plan marks both knight-move boxes with the roll's code: roll 1 (written S) and roll 2.
  fly(pos, bank, box, move) {
    const after = box.roll === 2 ? invertBank(bank) : bank;
    if (!move) return { pos, bank: after, entered: [] };
    const dir = halfRollDirections(pos.facing, box.man === 'HRR')[box.roll === 2 ? 1 : 0];
    const next = { hex: hexAdd(pos.hex, sideStep(dir)), facing: pos.facing, nextRight: pos.nextRight };
    return { pos: next, bank: after, entered: [next] };
  },
};
