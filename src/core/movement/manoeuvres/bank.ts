/**
 * Bank changes N, LB, RB, IL, IR, INV (seed 001 rule (2)): the printed bank mode is for a 2-point
 * roll, a 1-point roll takes half of it rounded up; a 3-point change is a half roll, not a bank.
 * The box enters a hex and the bank changes at its end (seed 000 X.F.1.d). Banks cost no speed
 * (rule (12)). In a vertical dive (rule (20)) a bank manoeuvre leaves the bank as it is and turns
 * the plane 60 degrees towards that side; N and INV have no side and cannot be flown there.
 */
import { type Bank, BANKS, bankIs, bankSide, bankWords, rollPoints } from '../../bank.ts';
import { stepForward, turnBy } from '../../hex/flight.ts';
import { bankMode } from '../performance.ts';
import { type ManoeuvreFamily, named, type PlanContext, problem, written } from './family.ts';

/** A 3-point roll in two rolls, through the bank between (rule (2)). */
function twoSteps(ctx: PlanContext, from: Bank, to: Bank): string {
  const via = BANKS.find((b) => rollPoints(from, b) === 1 && rollPoints(b, to) === 2) as Bank;
  return `${written(via, bankMode(ctx.tm, 1))} ${written(to, bankMode(ctx.tm, 2))}`;
}

export const bank: ManoeuvreFamily = {
  codes: ['N', 'LB', 'RB', 'IL', 'IR', 'INV'],
  check(m, ctx) {
    const out = [];
    const target = m.code as Bank;
    if (ctx.mode === 'VD') {
      if (!bankSide(target)) {
        out.push(
          problem(
            ctx,
            m,
            'E_VD_BANK',
            'seed 001 rule (20)',
            `${m.code} has no side to turn to in a vertical dive: write LB or IL to turn the dive 60 degrees left, RB or IR to turn it right`,
          ),
        );
      }
      const need = bankMode(ctx.tm, 1);
      if (m.length < need) {
        out.push(
          problem(
            ctx,
            m,
            'E_TURN_MODE',
            'seed 001 rules (2), (20)',
            `${named(m)} enters ${m.length} box${m.length === 1 ? '' : 'es'}; a turn of the vertical dive needs ${need} (the 1-point bank mode): write ${written(m.code, need)}`,
          ),
        );
      }
      return out;
    }
    const points = rollPoints(m.bankBefore, target);
    if (points === 0) {
      out.push(
        problem(
          ctx,
          m,
          'E_BANK_SAME',
          'seed 001 rule (2)',
          `${named(m)}: the plane is already ${bankIs(target)} here: write 1 for each hex flown on in this bank, or roll to another bank`,
        ),
      );
      return out;
    }
    if (points === 3) {
      out.push(
        problem(
          ctx,
          m,
          'E_BANK_HALF_ROLL',
          'seed 001 rules (2), (11)',
          `${named(m)}: ${bankWords(m.bankBefore)} to ${bankWords(target)} is a 3-point roll: fly a half roll (HRL or HRR, which also moves the plane sideways), or roll in two steps, e.g. ${twoSteps(ctx, m.bankBefore, target)}`,
        ),
      );
      return out;
    }
    const need = bankMode(ctx.tm, points);
    if (m.length < need) {
      out.push(
        problem(
          ctx,
          m,
          'E_TURN_MODE',
          'seed 001 rule (2)',
          `${named(m)} is a ${points}-point roll from ${bankWords(m.bankBefore)} and needs ${need} hex${need === 1 ? '' : 'es'}; it has ${m.length}: write ${written(m.code, need)} (${need - 1} S before ${m.code})`,
        ),
      );
    }
    return out;
  },
  count: () => 0,
  forcedLoss: () => 0,
  bankAfter: (m, ctx) => (ctx.mode === 'VD' ? m.bankBefore : (m.code as Bank)),
  fly(pos, bank, box, move, mode) {
    const next = move ? stepForward(pos) : pos;
    const entered = move ? [next] : [];
    if (mode === 'VD') {
      const side = bankSide(box.man as Bank);
      return { pos: side ? turnBy(next, side === 'L' ? -2 : 2) : next, bank, entered };
    }
    return { pos: next, bank: box.man as Bank, entered };
  },
};
