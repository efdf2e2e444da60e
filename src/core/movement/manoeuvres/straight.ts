/**
 * Straight flight: S (a straight hex that is part of another manoeuvre, seed 000 X.F.1.a) and the
 * forwards manoeuvre 1 (seed 000 X.E.1): one hex ahead, no speed loss, any bank; banked, it loses
 * 100 ft in its impulse (X.E.1.f).
 */
import { isBanked } from '../../bank.ts';
import { stepForward } from '../../hex/flight.ts';
import type { ManoeuvreFamily } from './family.ts';

export const straight: ManoeuvreFamily = {
  codes: ['S', '1'],
  check: () => [],
  count: () => 0,
  forcedLoss: (m) => (m.code === '1' && isBanked(m.bankBefore) ? 100 : 0),
  bankAfter: (m) => m.bankBefore,
  fly(pos, bank, _box, move) {
    if (!move) return { pos, bank, entered: [] };
    const next = stepForward(pos);
    return { pos: next, bank, entered: [next] };
  },
};
