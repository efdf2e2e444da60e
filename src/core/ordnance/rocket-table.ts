/**
 * The rocket table (data/ordnance/rockets.yaml, docs/ordnance.md "Rockets"): air-to-ground rockets,
 * the planes that carry them, and the spread of their aim. A rocket's aim is off by a normal error
 * that grows with the range (sigma metres per km), so the chance one hits a target L x W metres is
 *
 *   P(hit) = erf(L / (2 sqrt2 s)) * erf(W / (2 sqrt2 s)),   s = sigmaPerKmM * range in km
 *
 * as for bombs (bombing-table.ts). The spread is fitted to the one figure found: an average pilot's
 * salvo of eight rockets had about a 4 % chance of hitting a target the size of a tank.
 */
import { z } from 'zod';
import { err, ok, type Problem, type Result, schemaProblems } from '../result.ts';
import { erf } from './bombing-table.ts';

const positive = z.number().positive();
const text = z.string().trim().min(1);
const id = z.string().regex(/^[a-z0-9-]{1,24}$/);

export const rocketTableSchema = z.strictObject({
  sigmaPerKmM: positive,
  anchor: z.strictObject({
    what: text,
    salvo: z.number().int().positive(),
    salvoChance: z.number().gt(0).lt(1),
    rangeM: positive,
    lengthM: positive,
    widthM: positive,
    sources: z.array(text).min(1),
  }),
  /** Fired at targets this many hexes ahead at most, from this altitude or lower. */
  maxRangeHexes: z.number().int().min(1).max(10),
  maxAltitudeFt: z.number().int().positive(),
  types: z.record(id, z.strictObject({ name: text, warheadLb: positive, sources: z.array(text).min(1) })),
  /** The aircraft cards that carry rockets: which, and how many at most. */
  carriers: z.record(
    id,
    z.strictObject({ type: id, count: z.number().int().min(1).max(16), sources: z.array(text).min(1) }),
  ),
  sources: z.array(text).min(1),
});
export type RocketTable = z.infer<typeof rocketTableSchema>;

/** A hex is 178.8 m (docs/ships.md "The scale"). */
const HEX_M = 178.8;

export const rocketProbability = (lengthM: number, widthM: number, sigma: number): number =>
  erf(lengthM / (2 * Math.SQRT2 * sigma)) * erf(widthM / (2 * Math.SQRT2 * sigma));

/** The spread per km that gives the anchor's salvo chance. */
export function fitRocketSpread(a: RocketTable['anchor']): number {
  const want = 1 - (1 - a.salvoChance) ** (1 / a.salvo);
  let lo = 0.1;
  let hi = 10000;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (rocketProbability(a.lengthM, a.widthM, (mid * a.rangeM) / 1000) > want) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** One rocket's chance in tenths of a percent at `hexes` (a hex ahead counts as one) against L x W metres. */
export function rocketPermille(t: RocketTable, hexes: number, lengthM: number, widthM: number): number {
  const sigma = (t.sigmaPerKmM * Math.max(1, hexes) * HEX_M) / 1000;
  return Math.max(1, Math.min(999, Math.floor(rocketProbability(lengthM, widthM, sigma) * 1000 + 0.5)));
}

export function parseRocketTable(data: unknown, file: string): Result<RocketTable, Problem[]> {
  const r = rocketTableSchema.safeParse(data);
  if (!r.success) return err(schemaProblems('E_ORDNANCE_DATA', file, r.error.issues));
  const problems: Problem[] = [];
  const want = Math.round(fitRocketSpread(r.data.anchor));
  if (r.data.sigmaPerKmM !== want)
    problems.push({
      code: 'E_ORDNANCE_DATA',
      message: `${file}: sigmaPerKmM: ${r.data.sigmaPerKmM} does not follow from the anchor (it gives ${want}, docs/ordnance.md): write ${want}`,
    });
  for (const [card, c] of Object.entries(r.data.carriers))
    if (!r.data.types[c.type])
      problems.push({
        code: 'E_ORDNANCE_DATA',
        message: `${file}: carriers.${card}.type: no rocket '${c.type}' in types`,
      });
  return problems.length ? err(problems) : ok(r.data);
}
