/** The manoeuvre families, one per file, found by notation. */
import type { Manoeuvre } from '../../../orders/ast.ts';
import { bank } from './bank.ts';
import type { ManoeuvreFamily } from './family.ts';
import { halfRoll } from './halfroll.ts';
import { loop } from './loop.ts';
import { slip } from './slip.ts';
import { straight } from './straight.ts';
import { turn } from './turn.ts';

export const FAMILIES: readonly ManoeuvreFamily[] = [straight, turn, slip, halfRoll, bank, loop];

const BY_CODE = new Map<Manoeuvre, ManoeuvreFamily>();
for (const f of FAMILIES) for (const c of f.codes) BY_CODE.set(c, f);

export function familyOf(code: Manoeuvre): ManoeuvreFamily {
  const f = BY_CODE.get(code);
  if (!f) throw new Error(`no manoeuvre family for '${code}'`);
  return f;
}
