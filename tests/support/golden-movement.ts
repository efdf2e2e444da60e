/**
 * The golden adjudication cases of tests/golden/movement/*.txt, in the style of the Diplomacy DATC:
 * each case gives the state before, the orders of one or more turns, and what must hold after.
 * Format (docs/testing.md):
 *
 *   === <id> <title>
 *   rule: <the rule it tests>
 *   map: 40x40                       (optional)
 *   terrain: base=land road=0510-0520 sea=0101-2004   (optional; areas as in a scenario, comma-separated)
 *   before:
 *     A1 type=tf hex=1010 facing=0 alt=10000 speed=5.0 bank=N [side=a] [loaded] [jettisoned] [last=SC|SD|VD] [dived=N] [climbed=N] [lastpower] [status=...]
 *        [pilot=recruit|green|regular|veteran|ace] [crack] [keen] [acecard=used] [oddsdamaged]   (any pilot=, or options: pilots, rates every pilot)
 *     T1 unit=truck hex=1010 facing=0                       (trucks, tanks and ships: unit=)
 *     CV1 unit=ship type=tship hex=1010 facing=3 knots=30 [ordered=N] [way=N] [since=N] [damage=N]
 *     A1T unit=torpedo type=type91 by=A1 hex=1010 facing=0 [run=N]   (by: the plane that dropped it)
 *   orders:                          (one block per turn; lines as inside a mail envelope)
 *     A1: S TR 1 1 1
 *   after:
 *     A1 hex=1208 facing=1 alt=9900 speed=4.8 bank=RB status=flying carry="S TR"
 *   events:                          (must appear, in this order; other events may come between)
 *     1.5 A1 move 1009>1008
 *   errors:                          (exactly these problems, for the turn that fails)
 *     E_TURN_MODE A1 box=2
 *     E_ALT_RATE A1 box=1 | a climb of 400 ft ...   (with ` | message`, the message is compared too)
 */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { fixedDice } from '../../src/core/dice.ts';
import { resolveTurn } from '../../src/core/turn.ts';
import { parseBox, parseOrders } from '../../src/orders/index.ts';
import type { PlotMode } from '../../src/orders/ast.ts';
import type { TurnOrders } from '../../src/core/turn.ts';
import { parse } from 'yaml';
import type { AircraftCard } from '../../src/core/aircraft/types.ts';
import type { Bank } from '../../src/core/bank.ts';
import type { GameEvent } from '../../src/core/events.ts';
import { parseHexLabel } from '../../src/core/hex/coords.ts';
import type { GameState, PlaneState } from '../../src/core/state.ts';
import type { PilotQuality } from '../../src/core/pilots/quality.ts';
import { NO_LAST_TURN, speedText } from '../../src/core/state.ts';
import type { Problem } from '../../src/core/result.ts';
import { hexLabel } from '../../src/core/hex/coords.ts';
import type { TerrainSpec } from '../../src/core/terrain.ts';
import { deriveShip, type ShipInput } from '../../src/core/units/ship-card.ts';
import { type FlakTable, parseFlakTable } from '../../src/core/flak/table.ts';
import { parseSpottingTable } from '../../src/core/spotting/table.ts';
import { parseRocketTable, type RocketTable } from '../../src/core/ordnance/rocket-table.ts';
import type { FogState } from '../../src/core/state.ts';
import { type BombingTable, parseBombingTable } from '../../src/core/ordnance/bombing-table.ts';
import { parseTorpedoTable, type TorpedoTable } from '../../src/core/ordnance/torpedo-table.ts';
import type { ShipCard, UnitState } from '../../src/core/units/types.ts';

export interface GoldenCase {
  id: string;
  title: string;
  file: string;
  rule: string;
  map: { width: number; height: number };
  before: string[];
  turns: string[][];
  after: string[];
  events: string[];
  errors: string[];
  /** Fixed dice (combat cases): "label v v ..." or "turn/impulse/label v"; none = seeded dice. */
  dice: string[];
  /** Game options: "combat=odds die=12". */
  options: string;
  /** Whether `events:` lists every event of its kinds (`exact: shot damage`). */
  exact: string[];
  /** The map's terrain: "base=land road=0510-0520,0610". */
  terrain: string;
  /** The turn the case starts at (`turn: 2`), default 1. */
  turn: number;
  /** Fog of war (docs/spotting.md): "sun=3 cloud=4000-6000 a=B1 b=" (each side's identified counters). */
  fog: string;
}

export function readGoldenFile(path: string): GoldenCase[] {
  const cases: GoldenCase[] = [];
  let cur: GoldenCase | undefined;
  let section: string | undefined;
  readFileSync(path, 'utf8')
    .split('\n')
    .forEach((raw, n) => {
      const line = raw.replace(/\s+$/, '');
      if (line.startsWith('#') || !line.trim()) return;
      const head = /^=== (\S+) (.*)$/.exec(line);
      if (head) {
        cur = {
          id: head[1]!,
          title: head[2]!,
          file: path,
          rule: '',
          map: { width: 40, height: 40 },
          before: [],
          turns: [],
          after: [],
          events: [],
          errors: [],
          dice: [],
          options: '',
          exact: [],
          terrain: '',
          turn: 1,
          fog: '',
        };
        cases.push(cur);
        section = undefined;
        return;
      }
      if (!cur) throw new Error(`${path}:${n + 1}: text before the first === case`);
      const key = /^(rule|map|terrain|turn|fog|before|orders|after|events|errors|dice|options|exact):\s*(.*)$/.exec(
        line,
      );
      if (key) {
        section = key[1];
        if (section === 'rule') cur.rule = key[2]!;
        if (section === 'map') {
          const [w, h] = key[2]!.split('x').map(Number);
          cur.map = { width: w!, height: h! };
        }
        if (section === 'orders') cur.turns.push([]);
        if (section === 'options') cur.options = key[2]!;
        if (section === 'terrain') cur.terrain = key[2]!;
        if (section === 'fog') cur.fog = key[2]! || 'on';
        if (section === 'turn') cur.turn = Number(key[2]);
        if (section === 'exact') cur.exact = key[2]!.split(/\s+/).filter(Boolean);
        return;
      }
      const body = line.trim();
      switch (section) {
        case 'before':
          cur.before.push(body);
          break;
        case 'orders':
          cur.turns[cur.turns.length - 1]!.push(body);
          break;
        case 'after':
          cur.after.push(body);
          break;
        case 'events':
          cur.events.push(body.replace(/\s+/g, ' '));
          break;
        case 'errors': {
          // A message may go on over further lines, each starting with `|` ("  | more words").
          if (body.startsWith('| ') && cur.errors.length)
            cur.errors[cur.errors.length - 1] += ` ${body.slice(2).trim()}`;
          else cur.errors.push(body.replace(/\s+/g, ' '));
          break;
        }
        case 'dice':
          cur.dice.push(body);
          break;
        default:
          throw new Error(`${path}:${n + 1}: '${body}' is outside any section`);
      }
    });
  for (const c of cases) if (!c.rule) throw new Error(`${c.id}: every case cites its rule`);
  return cases;
}

export function loadTestCards(path: string): Map<string, AircraftCard> {
  const list = parse(readFileSync(path, 'utf8'), { merge: true }) as AircraftCard[];
  return new Map(list.map((c) => [c.id, c]));
}

const kv = (tokens: string[]): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const t of tokens) {
    const m = /^([a-z]+)(?:=(.*))?$/.exec(t);
    if (!m) throw new Error(`bad token '${t}'`);
    out[m[1]!] = (m[2] ?? 'true').replace(/^"|"$/g, '');
  }
  return out;
};

/** Splits on spaces outside double quotes. */
const tokens = (line: string): string[] => line.match(/(?:[^\s"]+|"[^"]*")+/g) ?? [];

function buildUnit(c: GoldenCase, line: string, ships: Map<string, ShipCard>): UnitState {
  const [id, ...rest] = tokens(line);
  const f = kv(rest);
  const hex = parseHexLabel(f.hex ?? '');
  if (!hex) throw new Error(`${c.id}: unit ${id} needs hex=`);
  const kind = f.unit as UnitState['kind'];
  const u: UnitState = {
    id: id!,
    side: f.side ?? 'a',
    kind,
    type: kind === 'ship' ? (f.type ?? 'tship') : kind,
    hex,
    facing: Number(f.facing ?? 0),
    nextRight: f.odd !== 'true',
    status: (f.status ?? 'active') as UnitState['status'],
    ...(f.damage ? { damage: Number(f.damage) } : {}),
    // flak=gun:barrels,gun:barrels (trucks and tanks; a ship's guns are on its card).
    ...(f.flak
      ? { flak: f.flak.split(',').map((m) => ({ gun: m.split(':')[0]!, barrels: Number(m.split(':')[1]) })) }
      : {}),
    ...(kind === 'torpedo'
      ? { type: f.type ?? 'type91', run: Number(f.run ?? 0), ...(f.by ? { launchedBy: f.by } : {}) }
      : {}),
  };
  if (kind === 'ship') {
    if (!ships.has(u.type)) throw new Error(`${c.id}: no test ship ${u.type}`);
    u.ship = {
      knots: Number(f.knots ?? 0),
      ordered: Number(f.ordered ?? f.knots ?? 0),
      way: Number(f.way ?? 0),
      since: Number(f.since ?? 0),
    };
  }
  return u;
}

/** The test ship cards of tests/golden/units/ships.yaml (figures in, ratings derived). */
export function loadTestShips(path: string): Map<string, ShipCard> {
  const list = parse(readFileSync(path, 'utf8')) as ShipInput[];
  return new Map(list.map((i) => [i.id, deriveShip(i)]));
}

/** The real bombing table (data/ordnance/bombing.yaml): the golden cases test its numbers. */
function bombingTable(): BombingTable {
  const r = parseBombingTable(parse(readFileSync('data/ordnance/bombing.yaml', 'utf8')), 'bombing.yaml');
  if (!r.ok) throw new Error(r.error.map((p) => p.message).join('; '));
  return r.value;
}

/** A case's fog line: sun=, cloud=base-tops, and each side's identified ids (a=B1,B2 b=). */
function fogOf(text: string): FogState {
  const f = kv(tokens(text).filter((t) => t !== 'on'));
  const r = parseSpottingTable(parse(readFileSync('data/spotting.yaml', 'utf8')), 'spotting.yaml');
  if (!r.ok) throw new Error(r.error.map((p) => p.message).join('; '));
  const [base, tops] = (f.cloud ?? '').split('-').map(Number);
  return {
    spotted: { a: f.a ? f.a.split(',') : [], b: f.b ? f.b.split(',') : [] },
    reveal: 'over',
    table: r.value,
    ...(f.sun !== undefined ? { sun: Number(f.sun) } : {}),
    ...(f.cloud ? { cloud: { base: base!, tops: tops! } } : {}),
  };
}

/** The real rocket table (data/ordnance/rockets.yaml). */
function rocketTableOf(): RocketTable {
  const r = parseRocketTable(parse(readFileSync('data/ordnance/rockets.yaml', 'utf8')), 'rockets.yaml');
  if (!r.ok) throw new Error(r.error.map((p) => p.message).join('; '));
  return r.value;
}

/** The real flak table (data/flak/guns.yaml). */
function flakTable(): FlakTable {
  const r = parseFlakTable(parse(readFileSync('data/flak/guns.yaml', 'utf8')), 'guns.yaml');
  if (!r.ok) throw new Error(r.error.map((p) => p.message).join('; '));
  return r.value;
}

/** The real torpedo table (data/ordnance/torpedoes.yaml). */
function torpedoTable(): TorpedoTable {
  const r = parseTorpedoTable(parse(readFileSync('data/ordnance/torpedoes.yaml', 'utf8')), 'torpedoes.yaml');
  if (!r.ok) throw new Error(r.error.map((p) => p.message).join('; '));
  return r.value;
}

function terrainOf(text: string): TerrainSpec | undefined {
  if (!text.trim()) return undefined;
  const f = kv(tokens(text));
  const areas = (k: string) => (f[k] ? f[k]!.split(',') : undefined);
  return {
    base: (f.base ?? 'land') as 'land' | 'sea',
    ...Object.fromEntries(['land', 'sea', 'road', 'airfield'].flatMap((k) => (areas(k) ? [[k, areas(k)]] : []))),
  };
}

/**
 * `carry=S,TRP` (boxes as a plot writes them, comma-separated) and `carrymode=SD`: a manoeuvre
 * carried over from last turn, its last box completing it.
 */
function carryOf(text: string | undefined, mode: string | undefined): PlaneState['carry'] {
  if (!text) return null;
  const words = text.split(',');
  const boxes = words.map((w, i) => {
    const b = parseBox(w).value;
    if (!b) throw new Error(`carry=${text}: ${w} is not a box`);
    return {
      man: b.man,
      alt: b.alt,
      forced: 0,
      power: b.power,
      brake: b.brake,
      count: i === words.length - 1 ? 1 : 0,
      roll: 0 as const,
    };
  });
  return { boxes, mode: (mode as PlotMode | undefined) ?? null };
}

export function buildState(
  c: GoldenCase,
  cards: Map<string, AircraftCard>,
  ships: Map<string, ShipCard> = new Map(),
): GameState {
  const unitLines = c.before.filter((l) => /\sunit=/.test(l));
  const units = unitLines.map((l) => buildUnit(c, l, ships));
  // Seed 002 section 9 (core/pilots): rated pilots when the options say so or any plane has one.
  const rated = /\bpilots\b/.test(c.options) || c.before.some((l) => /\spilot=/.test(l));
  const planes: PlaneState[] = c.before
    .filter((l) => !/\sunit=/.test(l))
    .map((line) => {
      const [id, ...rest] = tokens(line);
      const f = kv(rest);
      const hex = parseHexLabel(f.hex ?? '');
      if (!hex) throw new Error(`${c.id}: plane ${id} needs hex=`);
      return {
        id: id!,
        side: f.side ?? 'a',
        type: f.type ?? 'tf',
        hex,
        facing: Number(f.facing ?? 0),
        nextRight: f.odd !== 'true',
        altitude: Number(f.alt ?? 10000),
        speed: Math.round(Number(f.speed ?? 5) * 10),
        bank: (f.bank ?? 'N') as Bank,
        loaded: f.loaded === 'true' || !!f.torpedo,
        carry: carryOf(f.carry, f.carrymode),
        ...(f.torpedo ? { torpedo: f.torpedo } : {}),
        // rp=N: air-to-ground rockets carried (docs/ordnance.md "Rockets").
        ...(f.rp ? { rocketLoad: Number(f.rp) } : {}),
        // ground (engine off), ground=running, deck=CV1 (a plane on a carrier's deck, engine off unless ground=running).
        ...(f.ground || f.deck
          ? { ground: { engine: f.ground === 'running', ...(f.deck ? { deck: f.deck } : {}) } }
          : {}),
        last: {
          ...NO_LAST_TURN,
          mode: (f.last as PlaneState['last']['mode']) ?? null,
          dived: Number(f.dived ?? 0),
          climbed: Number(f.climbed ?? 0),
          power: f.lastpower === 'true',
        },
        status: (f.status as PlaneState['status']) ?? 'flying',
        ...(rated
          ? {
              pilot: {
                quality: (f.pilot ?? 'regular') as PilotQuality,
                ...(f.crack ? { crackShot: true } : {}),
                ...(f.keen ? { keenEyes: true } : {}),
                ...(f.acecard === 'used' ? { aceCardUsed: true } : {}),
              },
            }
          : {}),
        ...(f.rockets
          ? { rockets: f.rockets === 'true' ? ('carried' as const) : (f.rockets as 'carried' | 'fired') }
          : {}),
        ...(f.damage || f.destroyed || f.jettisoned || f.oddsdamaged
          ? {
              damage: {
                taken: Object.fromEntries(
                  (f.damage ?? '')
                    .split(',')
                    .filter(Boolean)
                    .map((kvp) => {
                      const [k, n] = kvp.split(':');
                      return [k!, Number(n)];
                    }),
                ),
                destroyed: (f.destroyed ?? '').split(',').filter(Boolean),
                ...(f.jettisoned ? { jettisoned: true } : {}),
                // oddsdamaged: damaged once in the odds model (seed 002 5.1), its bombs gone (9.2.4).
                ...(f.oddsdamaged ? { oddsDamaged: true, ...(f.loaded ? { jettisoned: true } : {}) } : {}),
              },
            }
          : {}),
      };
    });
  const aircraft: Record<string, AircraftCard> = {};
  for (const p of planes) aircraft[p.type] = cards.get(p.type)!;
  const opts = kv(tokens(c.options));
  const combat = (opts.combat ?? 'standard') as 'standard' | 'odds';
  const oddsDie = Number(opts.die ?? 6) as 6 | 12;
  const terrain = terrainOf(c.terrain);
  const shipCards = Object.fromEntries(units.filter((u) => u.kind === 'ship').map((u) => [u.type, ships.get(u.type)!]));
  const fog = c.fog ? { fog: fogOf(c.fog) } : {};
  const flak = units.some((u) => u.flak || shipCards[u.type]?.flak) ? { flak: flakTable() } : {};
  const rocketTable = planes.some((p) => p.rocketLoad) ? { rocketTable: rocketTableOf(), bombing: bombingTable() } : {};
  const torpedoes =
    planes.some((p) => p.torpedo) || units.some((u) => u.kind === 'torpedo')
      ? { torpedoes: torpedoTable(), bombing: bombingTable() }
      : {};
  return {
    version: 1,
    turn: c.turn,
    map: { ...c.map, ...(terrain ? { terrain } : {}) },
    options: {
      combat,
      sequence: opts.sequence === 'two-phase' ? 'two-phase' : 'impulse12',
      oddsDie,
      ...(opts.ammunition ? { ammunition: true } : {}),
      ...(rated ? { pilots: true } : {}),
    },
    // initiative=a:last,b:first: the sides' standing choices (two-phase sequence).
    ...(opts.initiative
      ? {
          initiative: Object.fromEntries(
            opts.initiative.split(',').map((x) => x.split(':') as [string, 'first' | 'last']),
          ),
        }
      : {}),
    sides: { a: { name: 'A' }, b: { name: 'B' } },
    aircraft,
    planes,
    ...(units.length ? { units, ships: shipCards, bombing: bombingTable() } : {}),
    ...torpedoes,
    ...flak,
    ...fog,
    ...rocketTable,
    dice: { seed: 'golden' },
  };
}

/** The fixed-dice table of a case: label (or turn/impulse/label) to its rolls in order. */
export function diceTable(c: GoldenCase): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const line of c.dice) {
    const [label, ...vals] = line.split(/\s+/);
    out[label!] = vals.map(Number);
  }
  return out;
}

export function compactEvent(turn: number, e: GameEvent): string {
  const at = `${turn}.${e.impulse} ${e.plane}`;
  switch (e.type) {
    case 'move':
      return `${at} move ${e.from}>${e.to}`;
    case 'hold':
      return `${at} hold ${e.hex}`;
    case 'turn':
      return `${at} turn ${e.from}>${e.to}`;
    case 'bank':
      return `${at} bank ${e.from}>${e.to}`;
    case 'altitude':
      return `${at} alt ${e.from}>${e.to}`;
    case 'power':
      return `${at} power ${e.factors}`;
    case 'brake':
      return `${at} brake ${e.factors}`;
    case 'speed':
      return `${at} speed ${speedText(e.from)}>${speedText(e.to)}`;
    case 'carry':
      return `${at} carry ${e.boxes.join(' ')}`;
    case 'stall':
      return `${at} stall`;
    case 'crash':
      return `${at} crash ${e.hex}`;
    case 'exit-map':
      return `${at} exit ${e.hex}`;
    case 'default-orders':
      return `${at} default${e.how ? ` ${e.how}` : ''}`;
    case 'bomb-mark':
      return `${at} bomb ${e.hex} ${e.dive ? 'dive' : 'glide'}`;
    case 'shot': {
      const drm = `${e.deflection.drm >= 0 ? '+' : ''}${e.deflection.drm}`;
      const dice = [e.dice.white, e.dice.red, ...e.dice.d10].join('/');
      const loc = e.locations.map((l) => l.replace(/^D10 \d+: (\S+) .*$/, '$1')).join(',');
      const odds = e.odds ? ` odds=${e.odds.label} ${e.odds.outcome.replace(/ /g, '_')}` : '';
      const pilot = e.pilot ? ` pilot=${e.pilot.drm >= 0 ? '+' : ''}${e.pilot.drm}` : '';
      const ace = e.ace ? ` ace=${e.ace.plane}:${e.ace.was.join('/')}` : '';
      return `${at} shot ${e.target} ${e.guns.join('+')} ${e.chart} range=${e.range} clock=${e.clock} drm=${drm}${pilot} dice=${dice}${ace} row=${e.row} hits=${e.hits}${loc ? ` loc=${loc}` : ''}${e.critical ? ` crit=${e.critical.system}+${e.critical.extra}` : ''}${odds}${e.odds?.ammo !== undefined ? ` ammo=${e.odds.ammo}` : ''}`;
    }
    case 'damage':
      return `${at} damage ${e.system} ${e.taken}/${e.capacity}${e.destroyed ? ' destroyed' : ''}`;
    case 'engine-lost':
      return `${at} engine-lost ${e.engine.replace(/ /g, '_')} working=${e.working}${e.jettison ? ' jettison' : ''}`;
    case 'guns-lost':
      return `${at} guns-lost ${e.place} ${e.groups.join(',')}`;
    case 'power-cut':
      return `${at} power-cut ${e.erased}`;
    case 'odds-damaged':
      return `${at} damaged by=${e.by}`;
    case 'rocket':
      return `${at} rocket ${e.target} range=${e.range} clock=${e.clock} die=${e.die} ${e.hit ? 'hit' : 'miss'}`;
    case 'shot-down':
      return `${at} down by=${e.by.join(',')}`;
    case 'bail-out':
      return `${at} bailout saved=${e.saved} lost=${e.lost}`;
    case 'bomb':
      return `${at} bomb ${e.method} ${e.hex} alt=${e.altitude} ${e.bombs}x${e.lb} at=${e.target ?? '-'} chance=${e.chance} rolls=${e.rolls.join('/')} hits=${e.hits}`;
    case 'jettison':
      return `${at} jettison ${e.hex}`;
    case 'torpedo-drop':
      return `${at} torpedo ${e.torpedo} ${e.hex} facing=${e.facing} alt=${e.altitude}`;
    case 'torpedo-run':
      return `${at} trun ${e.target} chance=${e.chance} roll=${e.roll} ${e.hit ? 'hit' : 'miss'}${e.strikes ? ` strikes=${e.strikes}` : ''}`;
    case 'torpedo-strike':
      return `${at} tstrike ${e.target} met=${e.met.turn}.${e.met.impulse}${e.gone ? ` gone=${e.gone}` : ''} by=${e.by}`;
    case 'unit-damage':
      return `${at} udamage ${e.points} ${e.taken}/${e.capacity} max=${e.maxKnots} by=${e.by}`;
    case 'unit-lost':
      return `${at} ${e.how} ${e.hex} by=${e.by}`;
    case 'unit-move':
      return `${at} umove ${e.from}>${e.to}`;
    case 'unit-turn':
      return `${at} uturn ${e.from}>${e.to}`;
    case 'unit-exit':
      return `${at} uexit ${e.hex}`;
    case 'unit-stop':
      return `${at} ustop ${e.hex} ahead=${e.ahead}`;
    case 'ship-speed':
      return `${at} knots ${e.from}>${e.to}`;
    case 'spot':
      return `${at} spot ${e.target} ${e.how} range=${e.range}${e.how === 'roll' ? ` needs=${e.needs}${e.keen ? ' keen' : ''} roll=${e.roll}` : ''} ${e.seen ? 'seen' : 'unseen'}`;
    case 'ground-rockets':
      return `${at} grockets ${e.rockets} at=${e.target ?? '-'} range=${e.range} chance=${e.chance} rolls=${e.rolls.join('/')} hits=${e.hits}${e.why ? ' held' : ''}`;
    case 'engine-start':
      return `${at} start roll=${e.roll} ${e.started ? 'started' : 'failed'}`;
    case 'ground-turn':
      return `${at} gturn ${e.from}>${e.to}`;
    case 'taxi':
      return `${at} taxi ${e.from}>${e.to}`;
    case 'launch':
      return `${at} launch ${e.hex} from=${e.ship} facing=${e.facing} speed=${speedText(e.speed)}`;
    case 'takeoff':
      return `${at} takeoff ${e.hex} speed=${speedText(e.speed)}`;
    case 'land':
      return `${at} land ${e.hex} on=${e.on.replace(/ /g, '_')} speed=${speedText(e.speed)}`;
    case 'land-fail':
      return `${at} land-fail ${e.hex}`;
    case 'quick':
      return `${at} quick ${e.event.type}`;
    case 'initiative':
      return `${turn}.0 initiative speed=${e.speed} ${e.rolls.map((r) => r.map((t) => `${t.side}:${t.roll}${t.mod ? `${t.mod > 0 ? '+' : ''}${t.mod}` : ''}`).join(',')).join(' then ')} winner=${e.winner} ${e.choice}`;
    case 'sequence':
      return `${turn}.0 sequence ${e.order.map((o) => `${o.plane}:${o.first}+${o.second}`).join(' ')} phases=${e.phases.map((p) => `${p.first}-${p.zero}`).join(',')} end=${e.end}`;
    case 'flak':
      return `${at} flak ${e.target} range=${e.range} alt=${e.altitude} slant=${e.slantM} chance=${e.chance} roll=${e.roll} ${e.hit ? 'hit' : 'miss'}`;
    case 'no-shot': {
      const at2 =
        e.range !== undefined ? ` range=${e.range} clock=${e.clock}${e.by !== undefined ? ` by=${e.by}` : ''}` : '';
      const where = e.target ? ` ${e.target}${at2}` : '';
      return `${at} no-shot ${e.guns} ${e.reasons.join(',')}${where}`;
    }
  }
}

export const compactProblem = (p: Problem): string => `${p.code} ${p.plane ?? '-'}${p.box ? ` box=${p.box}` : ''}`;

/**
 * The problems of a case as its `errors:` block writes them: `CODE plane box=n`, followed by
 * ` | message` where the block gives the message (it is then compared word for word).
 */
export function problemLines(problems: readonly Problem[], expected: readonly string[]): string[] {
  return problems.map((p) => {
    const short = compactProblem(p);
    return expected.some((e) => e.startsWith(`${short} | `)) ? `${short} | ${p.message}` : short;
  });
}

/** Mismatches between a plane and its `after:` line. */
export function checkAfter(line: string, state: GameState): string[] {
  const [id, ...rest] = tokens(line);
  if (id === 'fog') {
    const want = kv(rest);
    return Object.entries(want).flatMap(([side, ids]) => {
      const have = (state.fog?.spotted[side] ?? []).join(',');
      return have === (ids === 'true' ? '' : ids) ? [] : [`fog ${side}: expected ${ids}, got ${have}`];
    });
  }
  const u = state.units?.find((x) => x.id === id);
  if (u) {
    const want = kv(rest);
    const have: Record<string, string> = {
      hex: hexLabel(u.hex),
      facing: String(u.facing),
      status: u.status,
      knots: String(u.ship?.knots ?? ''),
      ordered: String(u.ship?.ordered ?? ''),
      way: String(u.ship?.way ?? ''),
      since: String(u.ship?.since ?? ''),
      damage: String(u.damage ?? 0),
    };
    return Object.entries(want).flatMap(([k, v]) =>
      have[k] === v ? [] : [`${id}.${k}: expected ${v}, got ${have[k]}`],
    );
  }
  const p = state.planes.find((x) => x.id === id);
  if (!p) return [`no plane ${id}`];
  const want = kv(rest);
  const have: Record<string, string> = {
    hex: hexLabel(p.hex),
    facing: String(p.facing),
    alt: String(p.altitude),
    speed: speedText(p.speed),
    bank: p.bank,
    status: p.status,
    carry: p.carry ? p.carry.boxes.map((b) => (b.roll === 1 ? 'S' : b.man)).join(' ') : '',
    odd: String(!p.nextRight),
    mode: p.carry?.mode ?? '',
    damage: Object.entries(p.damage?.taken ?? {})
      .map(([k, n]) => `${k}:${n}`)
      .join(','),
    destroyed: (p.damage?.destroyed ?? []).join(','),
    points: String(p.damage?.points ?? 0),
    jettisoned: String(!!p.damage?.jettisoned),
    crew: p.crew ? `${p.crew.saved}/${p.crew.lost}` : '',
    loaded: String(p.loaded),
    rp: String(p.rocketLoad ?? 0),
    ground: p.ground ? (p.ground.engine ? 'running' : 'off') + (p.ground.deck ? `@${p.ground.deck}` : '') : 'air',
    shown: String(!!p.pilot?.shown),
    acecard: p.pilot?.aceCardUsed ? 'used' : p.pilot?.quality === 'ace' ? 'held' : '',
  };
  return Object.entries(want).flatMap(([k, v]) => (have[k] === v ? [] : [`${id}.${k}: expected ${v}, got ${have[k]}`]));
}

/** True when `want` appears in `have` in order (a subsequence). */
export function missingInOrder(want: string[], have: string[]): string | undefined {
  let i = 0;
  for (const w of want) {
    while (i < have.length && have[i] !== w) i++;
    if (i >= have.length) return w;
    i++;
  }
  return undefined;
}

/** The orders of one turn of a case: its lines inside one envelope. */
export function goldenOrders(lines: string[]): TurnOrders {
  const text = ['#TALLYHO golden tester "x"', ...lines, '#END'].join('\n');
  const parsed = parseOrders(text);
  if (parsed.errors.length) throw new Error(`orders do not parse: ${parsed.errors.map((e) => e.message).join('; ')}`);
  const env = parsed.envelopes[0]!;
  return {
    plots: Object.fromEntries(env.plots.map((p) => [p.plane, p])),
    fire: env.fire,
    ...(env.moves ? { moves: env.moves } : {}),
  };
}

/**
 * Plays a case: builds its state, resolves its turns (fixed dice when it gives any) and checks the
 * errors, the `after:` lines, the events in order and the `exact:` kinds. Shared by the movement,
 * combat and unit suites.
 */
export function expectGoldenCase(c: GoldenCase, cards: Map<string, AircraftCard>, ships?: Map<string, ShipCard>): void {
  let state = buildState(c, cards, ships);
  const dice = c.dice.length ? fixedDice(diceTable(c)) : undefined;
  const events: string[] = [];
  let errors: string[] = [];
  for (const lines of c.turns) {
    const r = resolveTurn(state, goldenOrders(lines), dice);
    if (!r.ok) {
      errors = problemLines(r.error, c.errors);
      break;
    }
    events.push(...r.value.events.map((e) => compactEvent(state.turn, e)));
    state = r.value.state;
  }
  expect([...errors].sort()).toEqual([...c.errors].sort());
  expect(c.after.flatMap((l) => checkAfter(l, state))).toEqual([]);
  const miss = missingInOrder(c.events, events);
  expect(miss, `event not found in order: ${miss}\nall events:\n${events.join('\n')}`).toBeUndefined();
  // `exact: shot damage`: the listed kinds of event appear exactly as the case lists them.
  for (const kind of c.exact) {
    const pick = (l: string[]) => l.filter((e) => e.split(' ')[2] === kind);
    expect(pick(events), `every '${kind}' event`).toEqual(pick(c.events));
  }
}
