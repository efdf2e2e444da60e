/**
 * Slips SL/SR and skid turns SLTR/SRTL (seed 001 rules (3), (7), (9), (10)): the slip box enters
 * the hex to the side instead of the one ahead (60 degrees off with the grain, straight to the side
 * across it); facing unchanged. A skid adds a 30-degree turn in the slip hex, opposite to the slip
 * and in the direction of the bank, and counts as 2 manoeuvres. Exactly the slip's turn mode is a
 * maximum-performance slip: -100 ft (seed 000 X.E.3.a).
 */
import { bankIs, bankSide } from '../../bank.ts';
import { slip as slipHex, turnBy } from '../../hex/flight.ts';
import { turnMode } from '../performance.ts';
import { type ManoeuvreFamily, notInVerticalDive, problem, rollFirst, tooShort } from './family.ts';

const isSkid = (code: string): boolean => code.length === 4;

export const slip: ManoeuvreFamily = {
  codes: ['SL', 'SR', 'SLTR', 'SRTL'],
  check(m, ctx) {
    if (ctx.mode === 'VD') return notInVerticalDive(ctx, m);
    const out = tooShort(ctx, m, turnMode(ctx.tm, 'slip'), 'slip mode is', 'seed 001 rules (9), (26)-(28)');
    if (isSkid(m.code)) {
      const turnSide = m.code === 'SLTR' ? 'R' : 'L';
      if (bankSide(m.bankBefore) !== turnSide) {
        out.push(
          problem(
            ctx,
            m,
            'E_SKID_BANK',
            'seed 001 rules (3), (10)',
            `skid turn ${m.code} turns ${turnSide === 'R' ? 'right' : 'left'}, so the plane must be banked ${turnSide === 'R' ? 'right (RB or IR)' : 'left (LB or IL)'}; it is ${bankIs(m.bankBefore)}: roll first, e.g. ${rollFirst(ctx, m.bankBefore, turnSide)} before it`,
          ),
        );
      }
    }
    return out;
  },
  count: (m) => (isSkid(m.code) ? 2 : 1),
  forcedLoss: (m, ctx) => (m.length === turnMode(ctx.tm, 'slip') ? 100 : 0),
  bankAfter: (m) => m.bankBefore,
  fly(pos, bank, box, move) {
    const right = box.man === 'SR' || box.man === 'SRTL';
    let next = move ? slipHex(pos, right) : pos;
    const entered = move ? [next] : [];
    if (box.man === 'SLTR') next = turnBy(next, 1);
    if (box.man === 'SRTL') next = turnBy(next, -1);
    return { pos: next, bank, entered };
  },
};
