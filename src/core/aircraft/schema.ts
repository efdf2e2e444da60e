/**
 * Validation of aircraft data (data/aircraft/*.yaml and the input files of `tallyho aircraft
 * derive`): the shapes of types.ts as zod schemas, then the consistency a card needs to be played
 * (bands contiguous from 0, speed ranges in order, unique gun ids, arcs 1-12). Every problem names
 * the file and the field path, e.g. `data/aircraft/p-40c.yaml: bands[1].climb: expected a number`.
 */
import { z } from 'zod';
import { err, issuePath, ok, type Problem, type Result } from '../result.ts';
import type { AircraftCard, AircraftInput } from './types.ts';

const int = (min: number, max: number) => z.number().int().min(min).max(max);
const positive = z.number().positive();
const text = z.string().trim().min(1);

export const weaponTypeSchema = z.enum(['30M', '50M', '20C', '30C', '37C']);
export const wingLoadingGroupSchema = z.enum(['LWL', 'MWL', 'P40', 'P51', 'P47', 'FW190', 'HEAVY']);
export const aircraftClassSchema = z.enum([
  'fighter1',
  'fighter2',
  'divebomber',
  'torpedo',
  'bomber2',
  'bomber3',
  'bomber4',
]);

export const gunGroupSchema = z.strictObject({
  id: z.string().regex(/^[A-Z][A-Z0-9]*$/, 'expected an id of capital letters and digits, e.g. NOSE'),
  mount: z.enum(['FF', 'FH', 'FL', 'F']),
  weapons: z.array(z.strictObject({ type: weaponTypeSchema, count: int(1, 12) })).min(1),
  arc: z.array(int(1, 12)).min(1).optional(),
  shortRange: z.boolean().optional(),
});

export const figuresSchema = z.strictObject({
  topSpeedMph: positive,
  topSpeedAltFt: z.number().min(0),
  seaLevelSpeedMph: positive,
  climbFtMin: positive,
  ceilingFt: positive,
  wingLoadingLbFt2: positive,
  powerHp: positive,
  loadedWeightLb: positive,
  // null where no placard dive speed is published: derive.ts estimates it (docs/aircraft.md).
  diveLimitMph: positive.nullable(),
  armament: text,
  bombLoadLb: z.number().min(0),
  sources: z.array(text).min(1),
  engineType: z.enum(['radial', 'inline']).optional(),
  lightStructure: z.boolean().optional(),
});

const turnModesSchema = z.strictObject({
  turn: int(1, 12),
  slip: int(1, 12),
  halfRoll: int(1, 12),
  bank: int(1, 12),
  halfLoop: int(1, 12),
});

const speed = int(0, 24);

export const bandSchema = z.strictObject({
  floor: int(0, 60000),
  top: int(1, 60000),
  minSpeed: speed,
  maneuverMax: speed,
  levelMax: speed,
  diveMax: speed,
  turnModes: z.strictObject({ maneuver: turnModesSchema, level: turnModesSchema, dive: turnModesSchema }),
  climb: int(0, 1000),
  dive: int(0, 5000),
  power: int(0, 10),
  brake: int(0, 10),
  loaded: z
    .strictObject({
      maneuverMax: speed,
      levelMax: speed,
      diveMax: speed,
      climb: int(0, 1000),
      power: int(0, 10),
    })
    .optional(),
});

export const damageSchema = z.strictObject({
  C: int(1, 30),
  L: int(1, 30),
  E: int(1, 30),
  W: int(1, 30),
  F: int(1, 30),
  G: int(1, 30),
  T: int(1, 30).optional(),
});

const inputShape = {
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'expected an id of small letters, digits and hyphens, e.g. p-40c'),
  name: text,
  nation: text,
  class: aircraftClassSchema,
  engines: int(1, 4),
  crew: int(1, 12),
  rule29Group: wingLoadingGroupSchema.optional(),
  guns: z.array(gunGroupSchema),
  rockets: z.strictObject({ hitOn: int(1, 6) }).optional(),
  figures: figuresSchema,
};

export const aircraftInputSchema = z.strictObject(inputShape);

export const aircraftCardSchema = z.strictObject({
  ...inputShape,
  wingLoading: wingLoadingGroupSchema,
  ceiling: int(1, 60000),
  bands: z.array(bandSchema).min(1),
  damage: damageSchema,
});

/** The fields of a card that are derived (left out of an input file). */
export const DERIVED_FIELDS = ['wingLoading', 'ceiling', 'bands', 'damage'] as const;

type Path = readonly PropertyKey[];

/** `bands[1].climb` style path; the top level is "(file)". */
export const formatPath = (path: Path): string => issuePath(path) || '(file)';

const A: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  string: 'text',
  array: 'a list',
  object: 'a mapping',
  boolean: 'true or false',
};

function valueAt(data: unknown, path: Path): unknown {
  let v: unknown = data;
  for (const k of path) v = v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined;
  return v;
}

/** A player-readable sentence for one zod issue. */
function describe(issue: z.core.$ZodIssue, data: unknown): { path: Path; text: string }[] {
  const path = issue.path as Path;
  switch (issue.code) {
    case 'invalid_type': {
      const wanted = A[issue.expected] ?? issue.expected;
      return [{ path, text: valueAt(data, path) === undefined ? `missing: expected ${wanted}` : `expected ${wanted}` }];
    }
    case 'invalid_value': {
      const list = `one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
      return [{ path, text: valueAt(data, path) === undefined ? `missing: expected ${list}` : `expected ${list}` }];
    }
    case 'unrecognized_keys':
      return issue.keys.map((k) => ({ path: [...path, k], text: 'unknown field' }));
    case 'too_small':
      return [
        {
          path,
          text:
            issue.origin === 'array'
              ? `expected at least ${String(issue.minimum)} item(s)`
              : `expected at least ${String(issue.minimum)}`,
        },
      ];
    case 'too_big':
      return [
        {
          path,
          text:
            issue.origin === 'array'
              ? `expected at most ${String(issue.maximum)} item(s)`
              : `expected at most ${String(issue.maximum)}`,
        },
      ];
    default:
      return [{ path, text: issue.message }];
  }
}

const problem = (fileName: string, path: Path, message: string): Problem => ({
  code: 'E_AIRCRAFT_DATA',
  message: `${fileName}: ${formatPath(path)}: ${message}`,
});

const ENGINES: Record<string, number> = {
  fighter1: 1,
  fighter2: 2,
  divebomber: 1,
  torpedo: 1,
  bomber2: 2,
  bomber3: 3,
  bomber4: 4,
};

/** Consistency of the input part: class and engines agree, guns well formed, figures sane. */
export function inputProblems(v: AircraftInput): { path: Path; text: string }[] {
  const out: { path: Path; text: string }[] = [];
  const want = ENGINES[v.class];
  if (want !== undefined && v.engines !== want)
    out.push({ path: ['engines'], text: `a ${v.class} has ${want} engine(s), not ${v.engines}` });
  const seen = new Set<string>();
  v.guns.forEach((g, i) => {
    if (seen.has(g.id)) out.push({ path: ['guns', i, 'id'], text: `gun group id ${g.id} is used twice` });
    seen.add(g.id);
    if (g.mount === 'F' && !g.arc)
      out.push({ path: ['guns', i, 'arc'], text: 'a flexible (F) position needs its arc (clock positions 1-12)' });
    if (g.mount !== 'F' && g.arc) out.push({ path: ['guns', i, 'arc'], text: `fixed guns (${g.mount}) have no arc` });
    if (g.arc && new Set(g.arc).size !== g.arc.length)
      out.push({ path: ['guns', i, 'arc'], text: 'a clock position is listed twice' });
    const types = new Set<string>();
    g.weapons.forEach((w, j) => {
      if (types.has(w.type))
        out.push({ path: ['guns', i, 'weapons', j, 'type'], text: `${w.type} is listed twice in this group` });
      types.add(w.type);
    });
  });
  const f = v.figures;
  if (f.topSpeedAltFt >= f.ceilingFt)
    out.push({ path: ['figures', 'topSpeedAltFt'], text: 'must be below the ceiling (figures.ceilingFt)' });
  if (f.seaLevelSpeedMph > f.topSpeedMph)
    out.push({ path: ['figures', 'seaLevelSpeedMph'], text: 'must not exceed figures.topSpeedMph' });
  if (f.bombLoadLb >= f.loadedWeightLb)
    out.push({ path: ['figures', 'bombLoadLb'], text: 'must be below figures.loadedWeightLb' });
  return out;
}

/** Consistency of the derived part: contiguous bands from 0 to the ceiling, speeds in order. */
export function cardProblems(c: AircraftCard): { path: Path; text: string }[] {
  const out = inputProblems(c);
  if (c.rule29Group && c.wingLoading !== c.rule29Group) {
    out.push({
      path: ['wingLoading'],
      text: `must be ${c.rule29Group}, the row given in rule29Group (seed 001 rule (29))`,
    });
  }
  let expectFloor = 0;
  c.bands.forEach((b, i) => {
    const at = (k: string, text: string) => out.push({ path: ['bands', i, k], text });
    if (b.floor !== expectFloor)
      at(
        'floor',
        i === 0
          ? 'the first band starts at 0'
          : `expected ${expectFloor}, the top of bands[${i - 1}] (bands are contiguous)`,
      );
    if (b.top <= b.floor) at('top', 'must be above floor');
    expectFloor = b.top;
    if (b.minSpeed > b.maneuverMax) at('minSpeed', `must not exceed maneuverMax (${b.maneuverMax})`);
    if (b.maneuverMax > b.levelMax) at('maneuverMax', `must not exceed levelMax (${b.levelMax})`);
    if (b.levelMax > b.diveMax) at('levelMax', `must not exceed diveMax (${b.diveMax})`);
    const l = b.loaded;
    if (l) {
      const atL = (k: string, text: string) => out.push({ path: ['bands', i, 'loaded', k], text });
      if (b.minSpeed > l.maneuverMax) atL('maneuverMax', `must not be below minSpeed (${b.minSpeed})`);
      if (l.maneuverMax > l.levelMax) atL('maneuverMax', `must not exceed loaded.levelMax (${l.levelMax})`);
      if (l.levelMax > l.diveMax) atL('levelMax', `must not exceed loaded.diveMax (${l.diveMax})`);
    }
  });
  const last = c.bands[c.bands.length - 1];
  if (last && last.top !== c.ceiling)
    out.push({ path: ['bands', c.bands.length - 1, 'top'], text: `the top band ends at the ceiling (${c.ceiling})` });
  return out;
}

function validate<T>(
  schema: z.ZodType<T>,
  check: (v: T) => { path: Path; text: string }[],
  data: unknown,
  fileName: string,
): Result<T, Problem[]> {
  const r = schema.safeParse(data);
  if (!r.success)
    return err(r.error.issues.flatMap((i) => describe(i, data)).map((d) => problem(fileName, d.path, d.text)));
  const found = check(r.data);
  return found.length ? err(found.map((d) => problem(fileName, d.path, d.text))) : ok(r.data);
}

/** Validates a data card read from `fileName` (used only in messages). */
export function parseCard(data: unknown, fileName: string): Result<AircraftCard, Problem[]> {
  return validate(aircraftCardSchema as z.ZodType<AircraftCard>, cardProblems, data, fileName);
}

/**
 * Validates the input of a card (what `tallyho aircraft derive` reads). The derived fields of a
 * full card are ignored, so a stored card can be re-derived.
 */
export function parseInput(data: unknown, fileName: string): Result<AircraftInput, Problem[]> {
  let d = data;
  if (d !== null && typeof d === 'object' && !Array.isArray(d)) {
    const copy: Record<string, unknown> = { ...(d as Record<string, unknown>) };
    for (const k of DERIVED_FIELDS) delete copy[k];
    d = copy;
  }
  return validate(aircraftInputSchema as z.ZodType<AircraftInput>, inputProblems, d, fileName);
}
