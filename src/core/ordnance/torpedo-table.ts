/**
 * The torpedo table (data/ordnance/torpedoes.yaml, docs/ordnance.md "Torpedoes"): each aerial
 * torpedo's weight, run and release limits, and the spread of its aim, from which the chance that
 * it hits a ship follows:
 *
 *   P(hit) = erf(L / (2 sqrt2 sigma))
 *
 * with L the ship's length: a torpedo runs across the ship's track and hits when its aim along the
 * ship is off by less than half the ship. The two spreads (a ship under way, a ship at rest) are
 * fitted to historical attacks, as the dive-bombing spreads are (bombing-table.ts).
 */
import { z } from 'zod';
import { err, ok, type Problem, type Result, schemaProblems } from '../result.ts';
import { anchorSchema, erf, fitSpread, spreadProblems } from './bombing-table.ts';

const positive = z.number().positive();
const text = z.string().trim().min(1);

/** An attack the spreads are fitted to: the bombing table's, without the beam (a torpedo runs across it). */
const anchor = anchorSchema.omit({ beamM: true });

export const torpedoTypeSchema = z.strictObject({
  name: text,
  weightLb: positive,
  speedKt: positive,
  rangeYd: positive,
  releaseMaxKt: positive,
  releaseMaxFt: positive,
  sources: z.array(text).min(1),
});

export const torpedoTableSchema = z.strictObject({
  sigmaM: z.strictObject({ underWay: positive, still: positive }),
  anchors: z.strictObject({ underWay: z.array(anchor).min(1), still: z.array(anchor).min(1) }),
  types: z.record(z.string().regex(/^[a-z0-9-]{1,16}$/), torpedoTypeSchema),
  sources: z.array(text).min(1),
});

export type TorpedoTable = z.infer<typeof torpedoTableSchema>;
export type TorpedoType = z.infer<typeof torpedoTypeSchema>;

/** A hex is 586.7 ft, 195.6 yards (docs/ships.md "The scale"). */
const HEX_YD = 586.67 / 3;

/** Hexes a torpedo runs before it sinks. */
export const rangeHexes = (t: TorpedoType): number => Math.max(1, Math.floor(t.rangeYd / HEX_YD));

/** The fastest a plane may drop it, in tenths of a speed point (40 mph a point). */
export const releaseMaxTenths = (t: TorpedoType): number => Math.floor((t.releaseMaxKt * 1.15078 * 10) / 40);

/** The highest a plane may drop it: the game's lowest altitude step, 100 ft, holds every limit of the table. */
export const RELEASE_MAX_ALT_FT = 100;

export const torpedoProbability = (lengthM: number, sigma: number): number => erf(lengthM / (2 * Math.SQRT2 * sigma));

export const fitTorpedoSigma = (anchors: readonly { attacks: number; hits: number; lengthM: number }[]): number =>
  fitSpread(anchors, (i, s) => torpedoProbability((anchors[i] as { lengthM: number }).lengthM, s));

/** The chance in tenths of a percent, 1 to 999. */
export function torpedoPermille(t: TorpedoTable, lengthM: number, still: boolean): number {
  const p = torpedoProbability(lengthM, still ? t.sigmaM.still : t.sigmaM.underWay);
  return Math.max(1, Math.min(999, Math.floor(p * 1000 + 0.5)));
}

export function parseTorpedoTable(data: unknown, file: string): Result<TorpedoTable, Problem[]> {
  const r = torpedoTableSchema.safeParse(data);
  if (!r.success) return err(schemaProblems('E_ORDNANCE_DATA', file, r.error.issues));
  const problems = spreadProblems(file, r.data.sigmaM, {
    underWay: fitTorpedoSigma(r.data.anchors.underWay),
    still: fitTorpedoSigma(r.data.anchors.still),
  });
  return problems.length ? err(problems) : ok(r.data);
}
