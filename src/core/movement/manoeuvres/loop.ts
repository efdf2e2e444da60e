/**
 * Half loops V and Immelmann turns VLL/VRR (seed 001 rules (5), (6), (20); seed 000 X.E.4).
 * - V: only in a turn flown as a steep climb (level bank) or steep dive (inverted: the Split-S);
 *   reverses the facing (180 degrees) and flips the bank level <-> inverted; 2 manoeuvres.
 * - VLL/VRR: same turn mode and steep requirement; banked towards the turn (upward bank climbing,
 *   inverted diving); 120 degrees; LB<->IL, RB<->IR; 2 manoeuvres.
 * - In a vertical dive V is allowed from an inverted bank only (rule (20)).
 * The half-loop boxes climb or dive at the maximum rate (X.E.4): checked with the altitudes.
 */
import { bankWords, halfLoopBank, immelmannBank } from '../../bank.ts';
import { stepForward, turnBy } from '../../hex/flight.ts';
import { turnMode } from '../performance.ts';
import { boxRange, type ManoeuvreFamily, notInVerticalDive, problem, tooShort } from './family.ts';

export const loop: ManoeuvreFamily = {
  codes: ['V', 'VLL', 'VRR'],
  check(m, ctx) {
    const out = ctx.mode === 'VD' ? [] : tooShort(ctx, m, turnMode(ctx.tm, 'halfLoop'), 'half-loop mode is', 'seed 001 rules (5), (6)');
    if (m.code === 'V') {
      if (ctx.mode === 'VD') {
        if (m.bankBefore !== 'INV') {
          out.push(problem(ctx, m, 'E_LOOP_BANK', 'seed 001 rule (20)', `V in a vertical dive needs an inverted bank; the plane is ${bankWords(m.bankBefore)}`));
        }
      } else if (ctx.mode === 'SC' && m.bankBefore !== 'N') {
        out.push(problem(ctx, m, 'E_LOOP_BANK', 'seed 001 rule (5)', `a climbing half loop needs a level bank; the plane is ${bankWords(m.bankBefore)}`));
      } else if (ctx.mode === 'SD' && m.bankBefore !== 'INV') {
        out.push(problem(ctx, m, 'E_LOOP_BANK', 'seed 001 rule (5)', `a Split-S (diving half loop) needs an inverted bank; the plane is ${bankWords(m.bankBefore)}`));
      }
    } else {
      const climbingBank = m.code === 'VRR' ? 'RB' : 'LB';
      const divingBank = m.code === 'VRR' ? 'IR' : 'IL';
      const want = ctx.mode === 'SD' ? divingBank : climbingBank;
      if (ctx.mode === 'VD') {
        out.push(...notInVerticalDive(ctx, m));
      } else if (m.bankBefore !== want) {
        out.push(problem(ctx, m, 'E_LOOP_BANK', 'seed 001 rule (6)',
          `${m.code} ${ctx.mode === 'SD' ? 'diving' : 'climbing'} needs ${want} (${bankWords(want)}); the plane is ${bankWords(m.bankBefore)}`));
      }
    }
    if (ctx.mode !== 'SC' && ctx.mode !== 'SD' && ctx.mode !== 'VD') {
      out.push(problem(ctx, m, 'E_LOOP_STEEP', 'seed 001 rules (5), (6)',
        `${m.code} in ${boxRange(m)}: half loops and Immelmanns are flown only in a steep climb (SC) or steep dive (SD) turn`));
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
