/**
 * Quick-game aircraft (seed 004 "Aircraft Design"; data/quick/aircraft.yaml): ENGINE, FUSELAGE and
 * TO-HIT each 1 to 5, at most one weapon a side.
 */
import { z } from 'zod';
import { err, ok, type Problem, type Result, schemaProblems } from '../result.ts';
import { QUICK_SIDES, type QuickCard } from './types.ts';

const rating = z.number().int().min(1).max(5, 'never more than 5 (seed 004 "Aircraft Design")');

const cardSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,31}$/),
  name: z.string().trim().min(1),
  engine: rating,
  fuselage: rating,
  toHit: rating,
  weapons: z
    .array(z.enum(QUICK_SIDES))
    .max(4)
    .refine((w) => new Set(w).size === w.length, 'one weapon a side at most (seed 004 "Aircraft Design")'),
});

export function parseQuickCards(data: unknown, file: string): Result<QuickCard[], Problem[]> {
  const r = z.strictObject({ aircraft: z.array(cardSchema).min(1) }).safeParse(data);
  if (!r.success) return err(schemaProblems('E_QUICK_DATA', file, r.error.issues));
  const ids = r.data.aircraft.map((c) => c.id);
  const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (twice.length)
    return err([{ code: 'E_QUICK_DATA', message: `${file}: aircraft ${twice.join(', ')} given twice` }]);
  return ok(r.data.aircraft);
}
