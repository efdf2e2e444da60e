/**
 * What happens in a turn, in order. Every event names its impulse (0 = before impulse 1, 13 = the
 * end of the turn; in the two-phase sequence the impulses are numbered through the turn and the
 * `sequence` event at impulse 0 says which is the end) and its phase of seed 000 III (A-H), so reports and the replay can be built from
 * events alone. The JSON shape is documented in docs/cli.md.
 */
import type { Bank } from './bank.ts';
import type { QuickEvent } from './quick/types.ts';

export type Phase = 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G' | 'H';

interface Base {
  impulse: number;
  phase: Phase;
  plane: string;
}

export type GameEvent =
  | (Base & { type: 'move'; from: string; to: string; facing: number; altitude: number; box: number; man: string })
  | (Base & {
      type: 'hold';
      hex: string;
      facing: number;
      altitude: number;
      box: number;
      man: string;
      why: 'steep' | 'vertical';
    })
  | (Base & { type: 'turn'; from: number; to: number })
  | (Base & { type: 'bank'; from: Bank; to: Bank })
  | (Base & { type: 'altitude'; from: number; to: number })
  | (Base & { type: 'power'; factors: number })
  | (Base & { type: 'brake'; factors: number })
  // Archived games from before bombs were dropped (core/ordnance): BOMB written, nothing thrown.
  | (Base & { type: 'bomb-mark'; hex: string; altitude: number; dive: boolean })
  // how: absent for the standing default; nearest or forced (core/movement/missed-orders.ts).
  | (Base & { type: 'default-orders'; reason: string; how?: 'nearest' | 'forced' })
  | (Base & { type: 'carry'; boxes: string[] })
  | (Base & { type: 'speed'; from: number; to: number; terms: { why: string; tenths: number; rule: string }[] })
  | (Base & { type: 'stall'; speed: number; minimum: number })
  | (Base & { type: 'crash'; hex: string; why?: string })
  | (Base & { type: 'exit-map'; hex: string })
  | (Base & ShotEvent)
  | (Base & NoShotFields)
  | (Base & {
      type: 'damage';
      system: string;
      name: string;
      hits: number;
      taken: number;
      capacity: number;
      destroyed: boolean;
      by: string;
    })
  | (Base & { type: 'engine-lost'; engine: string; working: number; jettison: boolean })
  | (Base & { type: 'guns-lost'; place: string; groups: string[] })
  | (Base & { type: 'power-cut'; erased: number; boxes: number[]; available: number })
  | (Base & { type: 'odds-damaged'; by: string })
  | (Base & { type: 'rocket'; target: string; range: number; clock: number; die: number; hitOn: number; hit: boolean })
  | (Base & { type: 'shot-down'; by: string[]; cause: string })
  | (Base & { type: 'bail-out'; crew: number; saved: number; lost: number; dice: number[]; rule: string })
  // Trucks, tanks and ships (seed 000 V, core/units): `plane` is the unit's id.
  | (Base & { type: 'unit-move'; from: string; to: string; facing: number })
  | (Base & { type: 'unit-turn'; from: number; to: number })
  | (Base & { type: 'unit-exit'; hex: string })
  | (Base & { type: 'unit-stop'; hex: string; ahead: string })
  | (Base & { type: 'ship-speed'; from: number; to: number; ordered: number })
  // Bombs (seed 000 VIII, core/ordnance): `plane` is the bomber; `target` null when the hex held none.
  | (Base & {
      type: 'bomb';
      method: 'dive' | 'glide' | 'level';
      hex: string;
      altitude: number;
      bombs: number;
      lb: number;
      target: string | null;
      chance: number;
      rolls: number[];
      hits: number;
    })
  | (Base & { type: 'jettison'; hex: string })
  // Torpedoes (seed 000 V.D): dropped by `plane`; `torpedo` names the torpedo unit.
  | (Base & { type: 'torpedo-drop'; torpedo: string; kind: string; hex: string; facing: number; altitude: number })
  // A torpedo reaches a ship's hex (`plane` is the torpedo): the one throw that decides it.
  // `strikes`: a hit in the impulse of release, whose damage waits for impulse 7 of this turn or the
  // next (seed 000 VIII.5, V.D.5); without it, a hit's damage follows at once.
  | (Base & {
      type: 'torpedo-run';
      target: string;
      chance: number;
      roll: number;
      hit: boolean;
      by: string;
      strikes?: 'this-turn' | 'next-turn';
    })
  // Impulse 7: the damage of a torpedo that hit in the impulse of release (`met`) takes effect now;
  // `gone` when the ship has sunk or left the map in between, and takes none.
  | (Base & {
      type: 'torpedo-strike';
      target: string;
      by: string;
      met: { turn: number; impulse: number };
      gone?: 'sunk' | 'exited';
    })
  // What bombs did to a unit (`plane` is the unit, `by` the bomber).
  | (Base & { type: 'unit-damage'; points: number; taken: number; capacity: number; maxKnots: number; by: string })
  | (Base & { type: 'unit-lost'; how: 'sunk' | 'destroyed' | 'spent'; hex: string; by: string })
  // Spotting (docs/spotting.md): `plane` is the spotter, `side` its side; `how` near (no roll) or roll (a d6 at or under `needs`).
  | (Base & {
      type: 'spot';
      side: string;
      target: string;
      how: 'near' | 'roll';
      range: number;
      needs: number;
      roll: number;
      seen: boolean;
      keen?: boolean;
    })
  // Air-to-ground rockets (docs/ordnance.md "Rockets"): `plane` fires; `why` when it held them.
  | (Base & {
      type: 'ground-rockets';
      hex: string;
      altitude: number;
      rockets: number;
      kind: string;
      target: string | null;
      range: number;
      chance: number;
      rolls: number[];
      hits: number;
      why?: string;
    })
  // Planes on the ground (docs/ground.md).
  | (Base & { type: 'engine-start'; roll: number; needs: number; started: boolean })
  | (Base & { type: 'ground-turn'; from: number; to: number })
  | (Base & { type: 'taxi'; from: string; to: string })
  | (Base & { type: 'launch'; ship: string; hex: string; facing: number; speed: number })
  | (Base & { type: 'takeoff'; hex: string; speed: number })
  | (Base & { type: 'land'; hex: string; on: string; speed: number })
  | (Base & { type: 'land-fail'; hex: string; why: string })
  // A flak volley (docs/flak.md): `plane` is the unit firing; range in hexes, slant in metres.
  | (Base & {
      type: 'flak';
      target: string;
      range: number;
      altitude: number;
      slantM: number;
      guns: string[];
      chance: number;
      roll: number;
      hit: boolean;
    })
  // The two-phase sequence (seed 003, core/two-phase): at impulse 0, `plane` ''. A tie of speed
  // broken by a d6 a side (`rolls`: each round's throws, ties at the top thrown again) and what
  // the winner chose; then the turn's shape: the order of movement (fastest first) with each
  // plane's hexes in each phase, each phase's first impulse and its impulse zero, and the
  // impulse of the end of the turn.
  | (Base & {
      type: 'initiative';
      speed: number;
      rolls: { side: string; roll: number; mod?: number }[][];
      winner: string;
      choice: 'first' | 'last';
    })
  // The quick game (seed 004, core/quick/game.ts): its own events, movement in impulse 1, combat in 2.
  | (Base & { type: 'quick'; event: QuickEvent })
  | (Base & {
      type: 'sequence';
      order: { plane: string; speed: number; first: number; second: number }[];
      phases: { first: number; zero: number }[];
      end: number;
    });

/** One burst (seed 001 combat), with everything a player needs to check it. `plane` is the firer. */
export interface ShotEvent {
  type: 'shot';
  firer: string;
  target: string;
  /** Gun groups that fired, and the weapon mix and chart used. */
  guns: string[];
  mix: string;
  chart: string;
  /** Hexes between the planes, the range after the altitude adjustment, and the feet apart. */
  hexes: number;
  range: number;
  altitudeDiff: number;
  /** Clock position used for deflection: of the firer seen from the target (fixed), of the target seen from the firer (flexible). */
  clock: number;
  deflection: { category: string; drm: number };
  dice: { white: number; red: number; d10: number[] };
  /** 2D6 plus the deflection DRM, and the table row it falls on. */
  total: number;
  row: number;
  hits: number;
  locations: string[];
  critical: { system: string; extra: number } | null;
  /** What the shot did, in words, filled in at the end of the firing phase. */
  effects: string[];
  model: 'standard' | 'odds';
  odds?: {
    hv: number;
    defence: number;
    label: string;
    rolls: number[];
    outcome: string;
    points?: number;
    ammo?: number;
  };
  /** The firer's gunnery modifier (seed 002 9.1, core/pilots), in `total`; absent when 0 and unrated. */
  pilot?: { drm: number; why: string[] };
  /** An ace's once-a-game card played on this throw: the plane whose pilot played it, and the 2D6 it replaced. */
  ace?: { plane: string; was: [number, number] };
}

/**
 * A FIRE order that did not fire this turn (combat/no-shot.ts), emitted at the end of the turn:
 * its closest chance (the event's impulse; 13 when it had none) and what stopped it. `plane` is
 * the firer; `guns`, `at`, `from`, `within` repeat the order.
 */
export interface NoShotFields {
  type: 'no-shot';
  guns: string;
  /** The order's target: a plane id, or ANY for AUTO. */
  at: string;
  from?: number;
  within?: number;
  /** The first of `reasons`: every condition that failed at the closest chance. */
  reason: NoShotReason;
  reasons: NoShotReason[];
  /** At the closest chance: the enemy, the altitude-adjusted range, hexes and feet apart, the clock
   * position of the target seen from the firer, and how far outside the cone. */
  target?: string;
  range?: number;
  hexes?: number;
  altitudeDiff?: number;
  clock?: number;
  by?: number;
}

export type EventType = GameEvent['type'];

/**
 * The reason codes (docs/cli.md gives each one's meaning), in the order a chance lists them: the
 * firer's, the order's, the target's, then the geometry's.
 */
export const NO_SHOT_REASONS = [
  'not-flying',
  'guns-out',
  'fire-held',
  'already-fired',
  'before-from',
  'not-active',
  'ordnance',
  'no-target',
  'target-gone',
  'same-hex',
  'not-heavy-bomber',
  'flex-target-shot',
  'beyond-range',
  'beyond-within',
  'nose-attitude',
  'altitude-separation',
  'not-from-behind',
  'not-ahead',
  'outside-cone',
  'outside-arc',
] as const;

export type NoShotReason = (typeof NO_SHOT_REASONS)[number];
