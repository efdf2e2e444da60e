/**
 * Scenarios (docs/scenarios.md): map size, sides, planes and game options, validated with zod;
 * `createGame` turns one into the state of turn 1. The shell reads the YAML or JSON file.
 */
import { CARRIER_TYPES } from './ground/deck.ts';
import { isRoad } from './units/walk.ts';
import { z } from 'zod';
import type { AircraftCard } from './aircraft/types.ts';
import { TARGET_WORDS } from '../orders/fire.ts';
import { BANKS, type Bank } from './bank.ts';
import { parseHexLabel, toColRow } from './hex/coords.ts';
import { parseArea, terrainAt } from './terrain.ts';
import { type ShipCard, UNIT_KINDS, type UnitState } from './units/types.ts';
import type { BombingTable } from './ordnance/bombing-table.ts';
import type { TorpedoTable } from './ordnance/torpedo-table.ts';
import { flakMountSchema, type FlakTable } from './flak/table.ts';
import type { RocketTable } from './ordnance/rocket-table.ts';
import type { SpottingTable } from './spotting/table.ts';
import type { FogState } from './state.ts';
import { err, ok, type Problem, type Result, schemaProblems } from './result.ts';
import { type GameState, NO_LAST_TURN } from './state.ts';
import { type PilotState, QUALITIES } from './pilots/quality.ts';

const speedSchema = z
  .number()
  .min(0)
  .max(24.4)
  .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, 'speed has at most one decimal (tenths)');

export const scenarioSchema = z.object({
  name: z.string().min(1).max(120),
  description: z.string().max(4000).optional(),
  // The quick game (seed 004) has scenarios of its own (core/quick/scenario.ts), not played by mail yet.
  ruleset: z
    .literal('standard', {
      message:
        'this is a quick-game scenario (seed 004, the quick game): create its game with tallyho game create (tallyho resolve plays a turn of it)',
    })
    .optional(),
  map: z.object({
    width: z.number().int().min(5).max(99),
    height: z.number().int().min(5).max(99),
    terrain: z
      .object({
        base: z.enum(['sea', 'land']),
        land: z.array(z.string()).max(2000).optional(),
        sea: z.array(z.string()).max(2000).optional(),
        road: z.array(z.string()).max(2000).optional(),
        airfield: z.array(z.string()).max(200).optional(),
      })
      .strict()
      .optional(),
  }),
  options: z
    .object({
      combat: z.enum(['standard', 'odds']).default('standard'),
      sequence: z.enum(['impulse12', 'two-phase']).default('impulse12'),
      oddsDie: z.union([z.literal(6), z.literal(12)]).default(6),
      ammunition: z.boolean().default(false),
      /** Seed 002 section 9 (docs/rules.md "Pilots and the loaded condition"): rated pilots, unrated ones regular. */
      pilots: z.boolean().optional(),
    })
    .default({ combat: 'standard', sequence: 'impulse12', oddsDie: 6, ammunition: false }),
  // Fog of war (docs/spotting.md): present, every counter starts unidentified to the other sides.
  fog: z
    .strictObject({
      /** Counters every side has identified from the start. */
      seen: z.array(z.string()).max(600).optional(),
      /** The web archive shows everything when the game is over (default), or at once. */
      reveal: z.enum(['over', 'always']).default('over'),
      /** The sun's direction as a clock facing (0 = the map's top). */
      sun: z.number().int().min(0).max(11).optional(),
      /** A cloud layer, feet. */
      cloud: z
        .strictObject({ base: z.number().int().min(0).max(40000), tops: z.number().int().min(0).max(45000) })
        .optional(),
    })
    .optional(),
  sides: z.record(
    z.string().regex(/^[a-z][a-z0-9_-]{0,15}$/, 'side ids are lower-case letters, digits, - or _'),
    z.object({ name: z.string().min(1).max(60) }),
  ),
  planes: z
    .array(
      z.object({
        id: z
          .string()
          .regex(/^[A-Z][A-Z0-9_-]{0,5}$/, 'plane ids are 1-6 capitals, digits, - or _, starting with a letter')
          .refine(
            (id) => !TARGET_WORDS.has(id),
            `a plane id may not be ${[...TARGET_WORDS].join(', ')}: fire orders read those words in a target's place`,
          ),
        side: z.string(),
        type: z.string(),
        hex: z.string(),
        facing: z.number().int().min(0).max(11),
        altitude: z
          .number()
          .int()
          .min(0)
          .max(60000)
          .refine((a) => a % 100 === 0, 'altitude is a multiple of 100 ft'),
        speed: speedSchema,
        bank: z.enum(BANKS as unknown as [Bank, ...Bank[]]).default('N'),
        loaded: z.boolean().default(false),
        rockets: z.boolean().default(false),
        /** An aerial torpedo in place of bombs: a type of data/ordnance/torpedoes.yaml (docs/ordnance.md). */
        torpedo: z.string().optional(),
        /** Air-to-ground rockets carried (docs/ordnance.md "Rockets"): how many, of its card's type in the rocket table. */
        rocketLoad: z.number().int().min(1).max(16).optional(),
        /** On the ground (docs/ground.md): its engine off or running; `deck` the carrier it rides. */
        ground: z.enum(['off', 'running']).optional(),
        deck: z.string().optional(),
        /** Its pilot (seed 002 9.1): a quality, or the quality with a name and traits; the game then rates every pilot. */
        pilot: z
          .union([
            z.enum(QUALITIES, {
              message: `a pilot is ${QUALITIES.join(', ')}, or { quality, name, crackShot, keenEyes }`,
            }),
            z.strictObject({
              quality: z.enum(QUALITIES).default('regular'),
              name: z.string().min(1).max(40).optional(),
              crackShot: z.boolean().optional(),
              keenEyes: z.boolean().optional(),
            }),
          ])
          .optional(),
        /** A scenario that starts in the middle of things: what the plane did the turn before (pull-outs, vertical dives). */
        lastTurn: z
          .strictObject({
            mode: z.enum(['SC', 'SD', 'VD']).optional(),
            dived: z
              .number()
              .int()
              .min(0)
              .max(20000)
              .refine((a) => a % 100 === 0, 'feet, a multiple of 100')
              .optional(),
            climbed: z
              .number()
              .int()
              .min(0)
              .max(20000)
              .refine((a) => a % 100 === 0, 'feet, a multiple of 100')
              .optional(),
          })
          .optional(),
      }),
    )
    .min(1)
    .max(400),
  // Trucks, tanks and ships (seed 000 V): docs/scenarios.md "Units".
  units: z
    .array(
      z
        .object({
          id: z
            .string()
            .regex(/^[A-Z][A-Z0-9_-]{0,5}$/, 'unit ids are 1-6 capitals, digits, - or _, starting with a letter')
            .refine((id) => !TARGET_WORDS.has(id), `a unit id may not be ${[...TARGET_WORDS].join(', ')}`),
          side: z.string(),
          kind: z.enum(UNIT_KINDS),
          /** Ships: the ship card (data/ships). */
          type: z.string().optional(),
          hex: z.string(),
          facing: z.number().int().min(0).max(11),
          /** Ships: knots. */
          speed: z.number().int().min(0).max(45).optional(),
          /** Trucks and tanks: anti-aircraft guns (docs/flak.md); a ship's are on its card. */
          flak: z.array(flakMountSchema).min(1).max(20).optional(),
        })
        .strict(),
    )
    .max(200)
    .optional(),
});

export type Scenario = z.infer<typeof scenarioSchema>;

/** Validates a scenario against the schema and the aircraft catalogue; every problem named by field. */
export function parseScenario(
  data: unknown,
  file: string,
  catalog: ReadonlyMap<string, AircraftCard>,
  ships: ReadonlyMap<string, ShipCard> = new Map(),
  torpedoes?: TorpedoTable,
  flak?: FlakTable,
  rockets?: RocketTable,
): Result<Scenario, Problem[]> {
  if (data && typeof data === 'object' && (data as { ruleset?: unknown }).ruleset === 'quick') {
    return err([
      {
        code: 'E_SCENARIO',
        message: `${file}: ruleset: this is a quick-game scenario (seed 004, the quick game): create its game with tallyho game create (tallyho resolve plays a turn of it)`,
      },
    ]);
  }
  const r = scenarioSchema.safeParse(data);
  if (!r.success) {
    return err(schemaProblems('E_SCENARIO', file, r.error.issues));
  }
  const s = r.data;
  const problems: Problem[] = [];
  const P = (where: string, message: string) =>
    problems.push({ code: 'E_SCENARIO', message: `${file}: ${where}: ${message}` });
  for (const layer of ['land', 'sea', 'road', 'airfield'] as const) {
    (s.map.terrain?.[layer] ?? []).forEach((text, i) => {
      const a = parseArea(text);
      if (typeof a === 'string') P(`map.terrain.${layer}[${i}]`, a);
      else if (a.c0 < 1 || a.r0 < 1 || a.c1 > s.map.width || a.r1 > s.map.height)
        P(`map.terrain.${layer}[${i}]`, `${text} is off the ${s.map.width}x${s.map.height} map`);
    });
  }
  const ids = new Set<string>();
  s.planes.forEach((p, i) => {
    const at = `planes[${i}] (${p.id})`;
    if (ids.has(p.id)) P(`${at}.id`, `plane id ${p.id} is used twice`);
    ids.add(p.id);
    if (!(p.side in s.sides)) P(`${at}.side`, `no side '${p.side}' (sides: ${Object.keys(s.sides).join(', ')})`);
    const card = catalog.get(p.type);
    if (!card) P(`${at}.type`, `no aircraft '${p.type}' (see tallyho aircraft list)`);
    const h = parseHexLabel(p.hex);
    if (!h) P(`${at}.hex`, `'${p.hex}' is not a hex label like 0712`);
    else {
      const { col, row } = toColRow(h);
      if (col < 1 || row < 1 || col > s.map.width || row > s.map.height)
        P(`${at}.hex`, `${p.hex} is off the ${s.map.width}x${s.map.height} map`);
    }
    const onGround = p.ground !== undefined || p.deck !== undefined;
    if (onGround) {
      if (p.altitude !== 0) P(`${at}.altitude`, 'a plane on the ground is at altitude 0');
      if (p.speed > 0 && p.deck) P(`${at}.speed`, 'a plane on a deck is at speed 0');
      if (p.deck) {
        const ship = (s.units ?? []).find((u) => u.id === p.deck);
        const shipCard = ship?.type ? ships.get(ship.type) : undefined;
        if (!ship || ship.kind !== 'ship') P(`${at}.deck`, `no ship '${p.deck}' among the units`);
        else if (ship.side !== p.side) P(`${at}.deck`, `${p.deck} is not of the plane's side`);
        else if (shipCard && !CARRIER_TYPES.has(shipCard.type))
          P(`${at}.deck`, `${p.deck} (${shipCard.name}) is not a carrier`);
        else if (ship.hex !== p.hex) P(`${at}.hex`, `a plane on ${p.deck}'s deck is in her hex, ${ship.hex}`);
      } else if (h && s.map.terrain) {
        const { col, row } = toColRow(h);
        const t = terrainAt(s.map.terrain, col, row);
        if (!isRoad(t ?? 'land'))
          P(`${at}.hex`, `${p.hex} is ${t ?? 'land'}: a plane on the ground starts on an airfield (or a road)`);
      }
    } else if (p.altitude < 100)
      P(
        `${at}.altitude`,
        'a plane in the air is at 100 ft or more; give ground: off (or running) for a plane on the ground',
      );
    if (card) {
      if (p.altitude > card.ceiling)
        P(`${at}.altitude`, `${p.altitude} ft is above the ${card.name}'s ceiling of ${card.ceiling} ft`);
      const top = Math.max(...card.bands.map((b) => b.diveMax));
      if (p.speed > top) P(`${at}.speed`, `${p.speed} is faster than the ${card.name}'s top dive speed ${top}`);
      if (p.loaded && card.figures.bombLoadLb <= 0) P(`${at}.loaded`, `the ${card.name} carries no bomb load`);
      if (p.torpedo) {
        const t = torpedoes?.types[p.torpedo];
        if (!t)
          P(
            `${at}.torpedo`,
            `no torpedo '${p.torpedo}' (torpedoes: ${Object.keys(torpedoes?.types ?? {}).join(', ') || 'none'}; data/ordnance/torpedoes.yaml)`,
          );
        else if (card.figures.bombLoadLb < t.weightLb)
          P(
            `${at}.torpedo`,
            `the ${card.name} carries ${card.figures.bombLoadLb} lb, less than the ${t.name}'s ${t.weightLb} lb`,
          );
        if (p.loaded) P(`${at}.loaded`, 'a plane carries bombs (loaded) or a torpedo, not both: leave loaded out');
      }
      if (p.rocketLoad !== undefined) {
        const c = rockets?.carriers[p.type];
        if (!c)
          P(
            `${at}.rocketLoad`,
            `the ${card.name} carries no air-to-ground rockets (carriers: ${Object.keys(rockets?.carriers ?? {}).join(', ') || 'none'}; data/ordnance/rockets.yaml)`,
          );
        else if (p.rocketLoad > c.count) P(`${at}.rocketLoad`, `the ${card.name} carries at most ${c.count} rockets`);
      }
      if (p.rockets && !card.rockets)
        P(
          `${at}.rockets`,
          `the ${card.name} carries no air-to-air rockets (seed 002 7.1 names the Bf 109 G-6, Fw 190 A-6 and Bf 110 G-2)`,
        );
    }
  });
  (s.units ?? []).forEach((u, i) => {
    const at = `units[${i}] (${u.id})`;
    if (ids.has(u.id)) P(`${at}.id`, `id ${u.id} is used twice (planes and units share their ids)`);
    ids.add(u.id);
    if (!(u.side in s.sides)) P(`${at}.side`, `no side '${u.side}' (sides: ${Object.keys(s.sides).join(', ')})`);
    const h = parseHexLabel(u.hex);
    let where: string | undefined;
    if (!h) P(`${at}.hex`, `'${u.hex}' is not a hex label like 0712`);
    else {
      const { col, row } = toColRow(h);
      if (col < 1 || row < 1 || col > s.map.width || row > s.map.height)
        P(`${at}.hex`, `${u.hex} is off the ${s.map.width}x${s.map.height} map`);
      else where = terrainAt(s.map.terrain, col, row);
    }
    if (u.kind === 'ship') {
      const card = u.type ? ships.get(u.type) : undefined;
      if (!u.type) P(`${at}.type`, `a ship needs its ship card: type: one of ${[...ships.keys()].join(', ')}`);
      else if (!card) P(`${at}.type`, `no ship '${u.type}' (ships: ${[...ships.keys()].join(', ')}; data/ships)`);
      if (card && (u.speed ?? 0) > card.maxKnots)
        P(`${at}.speed`, `${u.speed} knots is faster than the ${card.name}'s ${card.maxKnots}`);
      if (where && where !== 'sea') P(`${at}.hex`, `${u.hex} is ${where}: a ship starts at sea`);
      if (u.flak) P(`${at}.flak`, "a ship's guns are on its card (data/ships): leave flak out");
      for (const m of card?.flak?.mounts ?? [])
        if (flak && !flak.guns[m.gun])
          P(
            `${at}.type`,
            `the ${card?.name}'s card names a gun '${m.gun}' the flak table does not have (data/flak/guns.yaml)`,
          );
    } else {
      if (u.type !== undefined && u.type !== u.kind) P(`${at}.type`, `a ${u.kind} has no card: leave type out`);
      if (u.speed !== undefined) P(`${at}.speed`, `only ships have a speed (a ${u.kind}'s movement is seed 000 V's)`);
      if (u.facing % 2) P(`${at}.facing`, `a ${u.kind} faces a hexside: an even facing (0, 2, 4, 6, 8, 10)`);
      if (where === 'sea') P(`${at}.hex`, `${u.hex} is sea: a ${u.kind} starts on land`);
      (u.flak ?? []).forEach((m, j) => {
        if (flak && !flak.guns[m.gun])
          P(
            `${at}.flak[${j}].gun`,
            `no gun '${m.gun}' (guns: ${Object.keys(flak.guns).join(', ')}; data/flak/guns.yaml)`,
          );
      });
    }
  });
  (s.fog?.seen ?? []).forEach((id, i) => {
    if (!ids.has(id)) P(`fog.seen[${i}]`, `no plane or unit '${id}'`);
  });
  if (s.fog?.cloud && s.fog.cloud.tops < s.fog.cloud.base) P('fog.cloud', 'the tops must be at or above the base');
  return problems.length ? err(problems) : ok(s);
}

function unitOf(u: NonNullable<Scenario['units']>[number], ships: ReadonlyMap<string, ShipCard>): UnitState {
  const base: UnitState = {
    id: u.id,
    side: u.side,
    kind: u.kind,
    type: u.kind === 'ship' ? (u.type as string) : u.kind,
    hex: parseHexLabel(u.hex) as { q: number; r: number },
    facing: u.facing,
    nextRight: true,
    status: 'active',
  };
  // A ship starts free to turn: it has been steaming on its course (docs/rules.md "Trucks, tanks and ships").
  if (u.flak) base.flak = u.flak.map((m) => ({ ...m }));
  if (u.kind === 'ship')
    base.ship = {
      knots: u.speed ?? 0,
      ordered: u.speed ?? 0,
      way: 0,
      since: ships.get(u.type as string)?.turnMode ?? 0,
    };
  return base;
}

/** The state of turn 1. `seed`: tallyho resolve's (--seed); the referee's games pass none (docs/fair-dice.md). */
export function createGame(
  s: Scenario,
  catalog: ReadonlyMap<string, AircraftCard>,
  seed: string,
  ships: ReadonlyMap<string, ShipCard> = new Map(),
  bombing?: BombingTable,
  torpedoes?: TorpedoTable,
  tables: { flak?: FlakTable; spotting?: SpottingTable; rockets?: RocketTable } = {},
): GameState {
  const { flak, spotting, rockets } = tables;
  const torpedoPlanes = s.planes.some((p) => p.torpedo);
  // The bombing table goes with anything a bomb or a torpedo can hit: units, or torpedoes to drop.
  const withBombing = !!bombing && (!!s.units?.length || torpedoPlanes);
  // The flak table goes with any unit that has guns.
  const withFlak =
    !!flak && (s.units ?? []).some((u) => u.flak || (u.kind === 'ship' && ships.get(u.type as string)?.flak));
  const rated = !!s.options.pilots || s.planes.some((p) => p.pilot !== undefined);
  const aircraft: Record<string, AircraftCard> = {};
  for (const p of s.planes) aircraft[p.type] = catalog.get(p.type) as AircraftCard;
  return {
    version: 1,
    turn: 1,
    map: { ...s.map },
    options: { ...withoutPilots(s.options), ...(rated ? { pilots: true } : {}) },
    sides: Object.fromEntries(Object.entries(s.sides).map(([k, v]) => [k, { name: v.name }])),
    aircraft,
    planes: s.planes.map((p) => ({
      id: p.id,
      side: p.side,
      type: p.type,
      hex: parseHexLabel(p.hex) as { q: number; r: number },
      facing: p.facing,
      nextRight: true,
      altitude: p.altitude,
      speed: Math.round(p.speed * 10),
      bank: p.bank,
      loaded: p.loaded || !!p.torpedo,
      ...(p.torpedo ? { torpedo: p.torpedo } : {}),
      ...(p.rocketLoad ? { rocketLoad: p.rocketLoad } : {}),
      ...(p.ground !== undefined || p.deck !== undefined
        ? { ground: { engine: p.ground === 'running', ...(p.deck ? { deck: p.deck } : {}) } }
        : {}),
      ...(p.rockets ? { rockets: 'carried' as const } : {}),
      carry: null,
      last: {
        ...NO_LAST_TURN,
        ...(p.lastTurn
          ? { mode: p.lastTurn.mode ?? null, dived: p.lastTurn.dived ?? 0, climbed: p.lastTurn.climbed ?? 0 }
          : {}),
      },
      status: 'flying' as const,
      ...(rated ? { pilot: pilotOf(p.pilot) } : {}),
    })),
    ...(s.units?.length
      ? {
          units: s.units.map((u) => unitOf(u, ships)),
          ships: Object.fromEntries(
            s.units
              .filter((u) => u.kind === 'ship')
              .map((u) => [u.type as string, ships.get(u.type as string) as ShipCard]),
          ),
        }
      : {}),
    ...(withBombing ? { bombing } : {}),
    ...(torpedoPlanes && torpedoes ? { torpedoes } : {}),
    ...(withFlak ? { flak } : {}),
    ...(rockets && s.planes.some((p) => p.rocketLoad)
      ? { rocketTable: rockets, ...(bombing && !withBombing ? { bombing } : {}) }
      : {}),
    ...(s.fog && spotting ? { fog: fogOf(s, spotting) } : {}),
    dice: { seed },
  };
}

const withoutPilots = ({ pilots: _p, ...rest }: Scenario['options']): Omit<Scenario['options'], 'pilots'> => rest;

/** A scenario plane's pilot (regular when the game rates pilots and this one is not named). */
export function pilotOf(p: Scenario['planes'][number]['pilot']): PilotState {
  if (p === undefined) return { quality: 'regular' };
  if (typeof p === 'string') return { quality: p };
  return {
    quality: p.quality,
    ...(p.name ? { name: p.name } : {}),
    ...(p.crackShot ? { crackShot: true } : {}),
    ...(p.keenEyes ? { keenEyes: true } : {}),
  };
}

/** Fog of war at the start: every side has identified only the scenario's `seen` counters. */
function fogOf(s: Scenario, table: SpottingTable): FogState {
  const fog = s.fog as NonNullable<Scenario['fog']>;
  const sideOf = new Map([...s.planes, ...(s.units ?? [])].map((c) => [c.id, c.side]));
  const spotted = Object.fromEntries(
    Object.keys(s.sides).map((side) => [side, (fog.seen ?? []).filter((id) => sideOf.get(id) !== side).sort()]),
  );
  return {
    spotted,
    reveal: fog.reveal,
    ...(fog.sun !== undefined ? { sun: fog.sun } : {}),
    ...(fog.cloud ? { cloud: { ...fog.cloud } } : {}),
    table,
  };
}
