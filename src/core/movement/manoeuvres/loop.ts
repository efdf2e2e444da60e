/**
 * Half loops V and Immelmann turns VLL/VRR (seed 001 rules (5), (6), (20); seed 000 X.E.4).
 * - V: only in a turn flown as a steep climb (level bank) or steep dive (inverted: the Split-S);
 *   reverses the facing (180 degrees) and flips the bank level <-> inverted; 2 manoeuvres.
 * - VLL/VRR: same turn mode and steep requirement; banked towards the turn (upward bank climbing,
 *   inverted diving); 120 degrees; LB<->IL, RB<->IR; 2 manoeuvres.
 * - In a vertical dive V is allowed from an inverted bank only (rule (20)).
 * The half-loop boxes climb or dive at the maximum rate (X.E.4): checked with the altitudes.
 */
import { type Bank, bankIs, bankWords, halfLoopBank, immelmannBank, rollPoints } from '../../bank.ts';
import { stepForward, turnBy } from '../../hex/flight.ts';
import { bankMode, turnMode } from '../performance.ts';
import {
  type ManoeuvreFamily,
  named,
  notInVerticalDive,
  type PlanContext,
  problem,
  tooShort,
  written,
} from './family.ts';

/** How to roll from one bank to another, written out (rule (2); a 3-point change is a half roll). */
function rollTo(ctx: PlanContext, from: Bank, to: Bank): string {
  const points = rollPoints(from, to);
  if (points === 3) return `${written('HRL', Math.max(2, turnMode(ctx.tm, 'halfRoll')))} (a half roll)`;
  return written(to, bankMode(ctx.tm, points));
}

export const loop: ManoeuvreFamily = {
  codes: ['V', 'VLL', 'VRR'],
  check(m, ctx) {
    const out =
      ctx.mode === 'VD'
        ? []
        : tooShort(ctx, m, turnMode(ctx.tm, 'halfLoop'), 'half-loop mode is', 'seed 001 rules (5), (6)');
    if (m.code === 'V') {
      if (ctx.mode === 'VD') {
        if (m.bankBefore !== 'INV') {
          out.push(
            problem(
              ctx,
              m,
              'E_LOOP_BANK',
              'seed 001 rule (20)',
              `V in a vertical dive needs an inverted bank (INV); the plane is ${bankIs(m.bankBefore)}, and a bank box in a vertical dive turns the plane without rolling it: start the vertical dive inverted (roll to INV in the turn before VD)`,
            ),
          );
        }
      } else if (ctx.mode === 'SC' && m.bankBefore !== 'N') {
        out.push(
          problem(
            ctx,
            m,
            'E_LOOP_BANK',
            'seed 001 rule (5)',
            `a climbing half loop (V in a steep climb) needs a level bank (N); the plane is ${bankIs(m.bankBefore)}: roll level first, e.g. ${rollTo(ctx, m.bankBefore, 'N')} before the loop`,
          ),
        );
      } else if (ctx.mode === 'SD' && m.bankBefore !== 'INV') {
        out.push(
          problem(
            ctx,
            m,
            'E_LOOP_BANK',
            'seed 001 rule (5)',
            `a Split-S (V in a steep dive) needs an inverted bank (INV); the plane is ${bankIs(m.bankBefore)}: roll to INV first, e.g. ${rollTo(ctx, m.bankBefore, 'INV')} before the loop`,
          ),
        );
      }
    } else {
      const climbingBank = m.code === 'VRR' ? 'RB' : 'LB';
      const divingBank = m.code === 'VRR' ? 'IR' : 'IL';
      const want = ctx.mode === 'SD' ? divingBank : climbingBank;
      if (ctx.mode === 'VD') {
        out.push(...notInVerticalDive(ctx, m));
      } else if (m.bankBefore !== want) {
        out.push(
          problem(
            ctx,
            m,
            'E_LOOP_BANK',
            'seed 001 rule (6)',
            `${m.code} ${ctx.mode === 'SD' ? 'diving' : 'climbing'} needs ${want} (${bankWords(want)}); the plane is ${bankIs(m.bankBefore)}: roll to ${want} first, e.g. ${rollTo(ctx, m.bankBefore, want)} before it`,
          ),
        );
      }
    }
    if (ctx.mode !== 'SC' && ctx.mode !== 'SD' && ctx.mode !== 'VD') {
      out.push(
        problem(
          ctx,
          m,
          'E_LOOP_STEEP',
          'seed 001 rules (5), (6)',
          `${named(m)}: half loops and Immelmanns are flown only in a steep climb or steep dive turn: write SC (climbing) or SD (diving) at the start of the plot, e.g. ${ctx.plane}: SC ... ${m.boxNos.map((_, i) => (i === m.boxNos.length - 1 ? m.code : 'S')).join(' ')}${m.code === 'V' ? `. V is a half loop; a vertical dive is written VD at the start of the plot, e.g. ${ctx.plane}: VD 1 1 ...` : ''}`,
        ),
      );
    }
    return out;
  },
  count: () => 2,
  forcedLoss: () => 0,
  bankAfter(m) {
    if (m.code === 'V') return halfLoopBank(m.bankBefore) ?? m.bankBefore;
    return immelmannBank(m.bankBefore) ?? m.bankBefore;
  },
  fly(pos, bank, box, move) {
    const next = move ? stepForward(pos) : pos;
    const entered = move ? [next] : [];
    if (box.man === 'V') return { pos: turnBy(next, 6), bank: halfLoopBank(bank) ?? bank, entered };
    return { pos: turnBy(next, box.man === 'VRR' ? 4 : -4), bank: immelmannBank(bank) ?? bank, entered };
  },
};
