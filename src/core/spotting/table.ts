/**
 * The spotting table (data/spotting.yaml, docs/spotting.md): the seeds leave it to "the regular
 * game" (seed 000 IV.1); this is the design. A spotting attempt is one d6, at or under the number
 * the table gives for the range, with modifiers for the target's size, a target low over land, a
 * target up-sun; a cloud layer between spotter and target blocks the sight.
 */
import { z } from 'zod';
import { err, ok, type Problem, type Result, schemaProblems } from '../result.ts';

const d6 = z.number().int().min(0).max(6);

export const spottingTableSchema = z.strictObject({
  /** Hexes within which every counter is seen without a roll. */
  autoHexes: z.number().int().min(0).max(10),
  /** Feet of altitude difference that count as one hex of range. */
  feetPerHex: z.number().int().positive(),
  /** The number needed on a d6, by range in hexes (the first band the range is within). */
  bands: z.array(z.strictObject({ upTo: z.number().int().positive(), needs: d6 })).min(1),
  size: z.strictObject({
    plane: z.number().int(),
    multiEngine: z.number().int(),
    ship: z.number().int(),
    vehicle: z.number().int(),
  }),
  /** A plane this far or more below the spotter, over land, is hard to pick out: the modifier. */
  lowOverLand: z.strictObject({ feet: z.number().int().positive(), mod: z.number().int() }),
  /** A target higher than the spotter within one clock hour of the sun's direction. */
  upSun: z.number().int(),
  sources: z.array(z.string().trim().min(1)).min(1),
});
export type SpottingTable = z.infer<typeof spottingTableSchema>;

export function parseSpottingTable(data: unknown, file: string): Result<SpottingTable, Problem[]> {
  const r = spottingTableSchema.safeParse(data);
  if (!r.success) return err(schemaProblems('E_SPOTTING_DATA', file, r.error.issues));
  const problems: Problem[] = [];
  r.data.bands.forEach((b, i) => {
    const prev = r.data.bands[i - 1];
    if (prev && (b.upTo <= prev.upTo || b.needs > prev.needs))
      problems.push({
        code: 'E_SPOTTING_DATA',
        message: `${file}: bands[${i}]: bands go outwards, and the number needed never rises with range`,
      });
  });
  return problems.length ? err(problems) : ok(r.data);
}

/** The number needed on a d6 (0: no chance; 6: certain), before clouds. */
export function needsFor(t: SpottingTable, rangeHexes: number, mods: number): number {
  const band = t.bands.find((b) => rangeHexes <= b.upTo);
  if (!band || band.needs === 0) return 0;
  return Math.max(0, Math.min(6, band.needs + mods));
}
