/**
 * Ship cards (data/ships/<id>.yaml, docs/ships.md): the figures are written by hand with their
 * sources; the ratings the referee plays by are derived from them here, and a card on disk must
 * hold exactly what `deriveShip` makes of its figures (tests/core/units/ships-data.test.ts recomputes them).
 *
 * - One hex a turn is 40 mph (the aircraft cards' point, docs/aircraft.md) over a 10-second turn
 *   (seed 000 III): a hex is 586.7 ft = 195.6 yards, and one hex a turn is 34.76 knots.
 * - maxKnots: the top speed in whole knots (half up).
 * - diameterYd: the tactical diameter, yards: the published figure, or, where none is published,
 *   5 ship lengths (docs/ships.md "Turning" gives the reason).
 * - turnMode: hexes run between 30-degree turns: a twelfth of the turning circle,
 *   pi x diameter / 12, in hexes, half up, at least 1.
 * - accelKnots: knots gained or lost a turn: a twentieth of the top speed (stop to full speed in
 *   about 200 seconds), half up, at least 1.
 * - hullPoints: the damage that sinks it, in points of 250 lb of bomb: 1,000-lb hits to sink are
 *   the square root of the displacement over 35 (Hiryu: 4.2), four points a hit, half up.
 */
import { z } from 'zod';
import { err, ok, type Problem, type Result, schemaProblems } from '../result.ts';
import { flakMountSchema } from '../flak/table.ts';
import type { ShipCard } from './types.ts';

export const HEX_YARDS = 586.67 / 3;
export const SHIP_TYPES = [
  'fleet-carrier',
  'light-carrier',
  'battleship',
  'cruiser',
  'destroyer',
  'transport',
] as const;
/** Where no tactical diameter is published: this many ship lengths. */
export const DIAMETER_LENGTHS = 5;
const YARD_M = 0.9144;

const round = (x: number): number => Math.floor(x + 0.5);

const text = z.string().trim().min(1);
const positive = z.number().positive();

export const shipInputSchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,31}$/, 'expected a lower-case id of letters, digits and -, e.g. hiryu'),
  name: text,
  class: text,
  nation: text,
  type: z.enum(SHIP_TYPES),
  figures: z.strictObject({
    lengthM: positive,
    beamM: positive,
    displacementT: positive,
    maxSpeedKt: z.number().min(1).max(45),
    tacticalDiameterYd: positive.nullable(),
    sources: z.array(text).min(1),
  }),
  /** Its anti-aircraft guns (docs/flak.md): the gun ids of data/flak/guns.yaml. */
  flak: z.strictObject({ mounts: z.array(flakMountSchema).min(1), sources: z.array(text).min(1) }).optional(),
});

export type ShipInput = z.infer<typeof shipInputSchema>;

export function deriveShip(input: ShipInput): ShipCard {
  const f = input.figures;
  const maxKnots = round(f.maxSpeedKt);
  const diameterYd = f.tacticalDiameterYd ?? round((DIAMETER_LENGTHS * f.lengthM) / YARD_M);
  return {
    id: input.id,
    name: input.name,
    class: input.class,
    nation: input.nation,
    type: input.type,
    figures: { ...f, sources: [...f.sources] },
    ...(input.flak
      ? { flak: { mounts: input.flak.mounts.map((m) => ({ ...m })), sources: [...input.flak.sources] } }
      : {}),
    maxKnots,
    turnMode: Math.max(1, round((Math.PI * diameterYd) / 12 / HEX_YARDS)),
    accelKnots: Math.max(1, round(maxKnots / 20)),
    diameterYd,
    hullPoints: Math.max(1, round((4 * Math.sqrt(f.displacementT)) / 35)),
  };
}

const cardSchema = shipInputSchema
  .extend({
    maxKnots: z.number().int(),
    turnMode: z.number().int(),
    accelKnots: z.number().int(),
    diameterYd: z.number().int(),
    hullPoints: z.number().int(),
  })
  .strict();

/** A card as read from disk: its shape, and its ratings exactly as its figures derive them. */
export function parseShipCard(data: unknown, file: string): Result<ShipCard, Problem[]> {
  const r = cardSchema.safeParse(data);
  if (!r.success) return err(schemaProblems('E_SHIP_DATA', file, r.error.issues));
  const want = deriveShip(r.data);
  const problems: Problem[] = [];
  for (const k of ['maxKnots', 'turnMode', 'accelKnots', 'diameterYd', 'hullPoints'] as const) {
    if (r.data[k] !== want[k])
      problems.push({
        code: 'E_SHIP_DATA',
        message: `${file}: ${k}: ${r.data[k]} does not follow from the figures (they give ${want[k]}, docs/ships.md): write ${want[k]}`,
      });
  }
  return problems.length ? err(problems) : ok(want);
}
