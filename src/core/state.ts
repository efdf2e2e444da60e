/**
 * The game state the referee carries from turn to turn. Plain data only, so it serialises to JSON
 * and back without loss (tests/core/state.test.ts). Speeds are in tenths of a speed point (seed 001
 * rule (1)), altitudes in feet.
 */
import type { AircraftCard } from './aircraft/types.ts';
import type { QuickData } from './quick/types.ts';
import type { Bank } from './bank.ts';
import type { DiceState } from './dice.ts';
import type { Hex } from './hex/coords.ts';
import type { Manoeuvre, PlotMode } from '../orders/ast.ts';
import type { TerrainSpec } from './terrain.ts';
import type { ShipCard, UnitState } from './units/types.ts';
import type { BombingTable } from './ordnance/bombing-table.ts';
import type { FlakTable } from './flak/table.ts';
import type { RocketTable } from './ordnance/rocket-table.ts';
import type { PilotState } from './pilots/quality.ts';
import type { SpottingTable } from './spotting/table.ts';
import type { TorpedoTable } from './ordnance/torpedo-table.ts';

/** One impulse box locked in from an earlier turn (seed 000 X.B.5), with its consequences fixed. */
export interface PlannedBox {
  man: Manoeuvre;
  /** Altitude change, feet, including any forced 100-ft loss. */
  alt: number;
  /** The part of `alt` that is a forced loss (max-performance turn or slip, banked forwards). */
  forced: number;
  power: number;
  brake: number;
  /** Manoeuvres this box completes, for the speed-loss count of rule (12). */
  count: number;
  /** Half rolls: 1 or 2 for the first and second hex of the knight move, 0 otherwise. */
  roll: 0 | 1 | 2;
}

/** A box as the player writes it: a half roll's first hex is an S, its second the HRL or HRR. */
export const writtenMan = (b: Pick<PlannedBox, 'man' | 'roll'>): Manoeuvre => (b.roll === 1 ? 'S' : b.man);

export interface CarryOver {
  boxes: PlannedBox[];
  /** The steep or vertical mode the manoeuvre was begun in; the next turn flies on in it. */
  mode: PlotMode | null;
}

/** What the previous turn did, for the pull-out and level-off rules (seed 001 (20), (22)-(25)). */
export interface LastTurn {
  mode: PlotMode | null;
  /** Feet climbed and dived in total last turn (both may be non-zero, seed 000 X.D.3). */
  climbed: number;
  dived: number;
  /** Whether any power (P) was written last turn (rule (25)). */
  power: boolean;
}

export type PlaneStatus = 'flying' | 'shot-down' | 'bailed-out' | 'crashed' | 'exited';

export interface PlaneState {
  id: string;
  side: string;
  /** Aircraft card id (state.aircraft holds the card). */
  type: string;
  hex: Hex;
  facing: number;
  /** Across-the-grain alternation (seed 001 rule (8)), see hex/flight.ts. */
  nextRight: boolean;
  altitude: number;
  speed: number;
  bank: Bank;
  /** Carrying a bomb load (bombers, dive bombers, fighter-bombers). */
  loaded: boolean;
  carry: CarryOver | null;
  last: LastTurn;
  status: PlaneStatus;
  /** Damage taken (damage/state.ts); missing = undamaged. */
  damage?: PlaneDamage;
  /** When the plane was shot down (seed 000 IX: the bail-out comes at its next active impulse). */
  downed?: { turn: number; impulse: number };
  /** The aerial torpedo carried (a type of the torpedo table) instead of bombs; gone once dropped. */
  torpedo?: string;
  /** Air-to-air rockets (seed 002 7): carried until the one attack of the game, then fired. */
  rockets?: 'carried' | 'fired';
  /** Crew fate after the bail-out attempt. */
  crew?: { saved: number; lost: number };
  /** Air-to-ground rockets carried (docs/ordnance.md "Rockets"): how many; their type is the rocket table's for the card. */
  rocketLoad?: number;
  /**
   * On the ground (seed 000 IV.2-8, core/ground, docs/ground.md): altitude 0, level bank, orders
   * by MOVE line; `deck` the carrier it rides. Absent: in the air.
   */
  ground?: { engine: boolean; deck?: string };
  /** Its pilot, in a game that rates pilots (seed 002 section 9, core/pilots); absent otherwise. */
  pilot?: PilotState;
}

export interface GameOptions {
  combat: 'standard' | 'odds';
  sequence: 'impulse12' | 'two-phase';
  /** Odds model only: the D6 of seed 002 sections 3-5 or the D12 of section 6 (default 6). */
  oddsDie?: 6 | 12;
  /** Odds model only: seed 002's optional ammunition rule (10.15). */
  ammunition?: boolean;
  /** Seed 002 section 9: pilots are rated (every plane has a `pilot`) and the loaded condition of 9.2 applies. */
  pilots?: boolean;
}

export interface GameState {
  version: 1;
  /** The turn about to be played (1 for a new game). */
  turn: number;
  /** The map's size, and its terrain when the scenario gives one (core/terrain.ts). */
  map: { width: number; height: number; terrain?: TerrainSpec };
  options: GameOptions;
  sides: Record<string, { name: string }>;
  /** The cards of every type in play, copied in at creation so a game replays the same for ever. */
  aircraft: Record<string, AircraftCard>;
  planes: PlaneState[];
  /** Trucks, tanks and ships (seed 000 V, core/units); absent when the scenario has none. */
  units?: UnitState[];
  /** The cards of the ship classes in play, copied in at creation like the aircraft. */
  ships?: Record<string, ShipCard>;
  /** The bombing table (data/ordnance/bombing.yaml), copied in at creation when the game has units. */
  bombing?: BombingTable;
  /** The torpedo table (data/ordnance/torpedoes.yaml), copied in when a plane carries a torpedo. */
  torpedoes?: TorpedoTable;
  /** The flak table (data/flak/guns.yaml), copied in when a unit has anti-aircraft guns. */
  flak?: FlakTable;
  /** The rocket table (data/ordnance/rockets.yaml), copied in when a plane carries air-to-ground rockets. */
  rocketTable?: RocketTable;
  /** Fog of war (docs/spotting.md): what each side has identified; absent when everything is seen. */
  fog?: FogState;
  /**
   * The two-phase sequence (seed 003): each side's standing choice when it wins a tie of speed,
   * to move first or last (INITIATIVE FIRST/LAST in the orders); a side not listed moves first.
   */
  initiative?: Record<string, 'first' | 'last'>;
  /** The quick game (seed 004, core/quick/game.ts): its cards and each aircraft's turn record. */
  quick?: QuickData;
  dice: DiceState;
}

export const NO_LAST_TURN: LastTurn = { mode: null, climbed: 0, dived: 0, power: false };

export const serialiseState = (s: GameState): string => JSON.stringify(s);

export const deserialiseState = (text: string): GameState => JSON.parse(text) as GameState;

export const findPlane = (s: GameState, id: string): PlaneState | undefined => s.planes.find((p) => p.id === id);

export const cardOf = (s: GameState, p: PlaneState): AircraftCard => {
  const c = s.aircraft[p.type];
  if (!c) throw new Error(`no aircraft card '${p.type}' in the game state`);
  return c;
};

/** Speed in tenths shown as players write it: 55 -> "5.5". */
export const speedText = (tenths: number): string => (tenths / 10).toFixed(1);

export interface PlaneDamage {
  /** Hits taken, by system key. */
  taken: Record<string, number>;
  /** Destroyed system keys, in the order they were destroyed. */
  destroyed: string[];
  /** The bomb load was jettisoned (an engine lost): no bombs, still flies as loaded (seed 001). */
  jettisoned?: boolean;
  /** Odds model (seed 002): damaged once (a second damage shoots the plane down). */
  oddsDamaged?: boolean;
  /** Odds model, medium and heavy bombers: damage points (seed 002 4.1). */
  points?: number;
  /** Odds model with the ammunition rule: the cannon have fired their last rounds (seed 002 10.15). */
  ammoOut?: boolean;
}

export interface FogState {
  /** Each side's identified enemy counters. */
  spotted: Record<string, string[]>;
  /** When the web archive shows everything: when the game is over, or at once. */
  reveal: 'over' | 'always';
  /** The sun's direction as a clock facing (0 = map top), if the scenario puts it somewhere. */
  sun?: number;
  /** A cloud layer, feet. */
  cloud?: { base: number; tops: number };
  table: SpottingTable;
}

/**
 * A deep copy of plain JSON data, the same as JSON.parse(JSON.stringify(v)) for what a state holds
 * (objects, arrays, strings, numbers, booleans, null), a few times faster: a key whose value is
 * undefined is left out as JSON leaves it out, -0 becomes 0, NaN and the infinities null.
 */
export function copyData<T>(v: T): T {
  // As JSON writes numbers: -0 as 0, NaN and the infinities as null.
  if (typeof v === 'number') return (Number.isFinite(v) ? v + 0 : null) as T;
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) {
    const a = new Array<unknown>(v.length);
    for (let i = 0; i < v.length; i++) a[i] = v[i] === undefined ? null : copyData(v[i] as unknown);
    return a as T;
  }
  const o: Record<string, unknown> = {};
  for (const k in v) {
    const x = (v as Record<string, unknown>)[k];
    if (x === undefined) continue;
    // A key named __proto__ (JSON.parse makes it an own key) is set as one, not as the prototype.
    if (k === '__proto__')
      Object.defineProperty(o, k, { value: copyData(x), enumerable: true, writable: true, configurable: true });
    else o[k] = copyData(x);
  }
  return o as T;
}
