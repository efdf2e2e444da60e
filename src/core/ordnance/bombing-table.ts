/**
 * The bombing table (data/ordnance/bombing.yaml, docs/ordnance.md): how far bombs fall from their
 * aim point by method, and the targets' sizes; the chance that one bomb hits follows from them.
 *
 * A bomb falls off its aim point by a normal error of spread `sigma` (metres) along and across the
 * target; it hits when it lands on the target's effective rectangle:
 *
 *   P(hit) = erf(L / (2 sqrt2 sigma)) x erf(W / (2 sqrt2 sigma))
 *
 * with L, W a ship's length and beam (a ship must be hit), or a vehicle's length and width each
 * grown by twice the distance at which a bomb still wrecks it. The spreads:
 * - dive bombing (seed 001 rule (21)): `dive` against a ship under way, `still` against one at rest
 *   or a vehicle; both fitted to historical attacks (the file lists them, a test refits them);
 * - glide bombing (every other BOMB, rule (21)): `glideFactor` times the dive spread, growing with
 *   the release altitude above `glideFloorFt`;
 * - level bombing (bombers flying level): `levelPerThousandFt` metres per 1,000 ft of altitude, at
 *   least `levelMinM`.
 * Pure arithmetic: nothing here reads a file.
 */
import { z } from 'zod';
import { err, ok, type Problem, type Result, schemaProblems } from '../result.ts';

const positive = z.number().positive();
const text = z.string().trim().min(1);

export const anchorSchema = z.strictObject({
  what: text,
  attacks: z.number().int().positive(),
  hits: z.number().int().min(0),
  lengthM: positive,
  beamM: positive,
  sources: z.array(text).min(1),
});

export const bombingSchema = z.strictObject({
  sigmaM: z.strictObject({ dive: positive, still: positive }),
  anchors: z.strictObject({ dive: z.array(anchorSchema).min(1), still: z.array(anchorSchema).min(1) }),
  glideFactor: positive,
  glideFloorFt: positive,
  levelPerThousandFt: positive,
  levelMinM: positive,
  /** The heaviest single bomb: a load is dropped as bombs of at most this weight. */
  bombMaxLb: positive,
  /** Damage points of a hit: bomb weight / lbPerPoint, half up, at least 1. */
  lbPerPoint: positive,
  vehicles: z.strictObject({
    truck: z.strictObject({ lengthM: positive, widthM: positive, wreckM: z.number().min(0) }),
    tank: z.strictObject({ lengthM: positive, widthM: positive, wreckM: z.number().min(0) }),
  }),
  sources: z.array(text).min(1),
});

export type BombingTable = z.infer<typeof bombingSchema>;
export type BombMethod = 'dive' | 'glide' | 'level';

/** erf by Abramowitz and Stegun 7.1.26 (error below 1.5e-7). */
export function erf(x: number): number {
  const s = x < 0 ? -1 : 1;
  const a = Math.abs(x);
  const t = 1 / (1 + 0.3275911 * a);
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-a * a);
  return s * y;
}

/** The chance one bomb lands on a rectangle of `l` by `w` metres with spread `sigma`. */
export const hitProbability = (l: number, w: number, sigma: number): number =>
  erf(l / (2 * Math.SQRT2 * sigma)) * erf(w / (2 * Math.SQRT2 * sigma));

/**
 * The spread at which attacks with these chances of a hit score `hits` on average: the expected
 * hits fall as the spread grows, so a bisection finds it (bombs here, torpedoes in torpedo-table.ts).
 */
export function fitSpread(
  anchors: readonly { attacks: number; hits: number }[],
  chance: (anchor: number, sigma: number) => number,
): number {
  const hits = anchors.reduce((n, a) => n + a.hits, 0);
  const expected = (s: number) => anchors.reduce((n, a, i) => n + a.attacks * chance(i, s), 0);
  let lo = 0.1;
  let hi = 100000;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (expected(mid) > hits) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** The dive-bombing spread that makes a list of attacks score their hits on average. */
export const fitSigma = (
  anchors: readonly { attacks: number; hits: number; lengthM: number; beamM: number }[],
): number =>
  fitSpread(anchors, (i, s) =>
    hitProbability((anchors[i] as { lengthM: number }).lengthM, (anchors[i] as { beamM: number }).beamM, s),
  );

/** Problems of a table whose spreads (by key) are not what their anchors give, in whole metres. */
export function spreadProblems<K extends string>(
  file: string,
  given: Record<K, number>,
  fitted: Record<K, number>,
): Problem[] {
  return (Object.keys(given) as K[]).flatMap((k) => {
    const want = Math.round(fitted[k]);
    return given[k] === want
      ? []
      : [
          {
            code: 'E_ORDNANCE_DATA',
            message: `${file}: sigmaM.${k}: ${given[k]} does not follow from anchors.${k} (they give ${want}, docs/ordnance.md): write ${want}`,
          },
        ];
  });
}

export interface BombTarget {
  /** Effective length and width, metres. */
  lengthM: number;
  widthM: number;
  /** A ship at rest, or a vehicle: the still spread for dive bombing. */
  still: boolean;
}

/** The spread of one bomb by method and release altitude (feet). */
export function spreadOf(t: BombingTable, method: BombMethod, altitudeFt: number, still: boolean): number {
  const dive = still ? t.sigmaM.still : t.sigmaM.dive;
  if (method === 'dive') return dive;
  if (method === 'glide') return dive * t.glideFactor * Math.max(1, altitudeFt / t.glideFloorFt);
  return Math.max(t.levelMinM, (t.levelPerThousandFt * altitudeFt) / 1000);
}

/** The chance in tenths of a percent (half up), 1 to 999: thrown on a d1000, a bomb may always hit or miss. */
export function hitPermille(t: BombingTable, method: BombMethod, altitudeFt: number, target: BombTarget): number {
  const p = hitProbability(target.lengthM, target.widthM, spreadOf(t, method, altitudeFt, target.still));
  return Math.max(1, Math.min(999, Math.floor(p * 1000 + 0.5)));
}

/** Tenths of a percent as players read them: 112 -> "11.2%". */
export const permilleText = (n: number): string => `${(n / 10).toFixed(1)}%`;

/** The table as read from disk, its spreads checked against its anchors (whole metres). */
export function parseBombingTable(data: unknown, file: string): Result<BombingTable, Problem[]> {
  const r = bombingSchema.safeParse(data);
  if (!r.success) return err(schemaProblems('E_ORDNANCE_DATA', file, r.error.issues));
  const problems = spreadProblems(file, r.data.sigmaM, {
    dive: fitSigma(r.data.anchors.dive),
    still: fitSigma(r.data.anchors.still),
  });
  return problems.length ? err(problems) : ok(r.data);
}
