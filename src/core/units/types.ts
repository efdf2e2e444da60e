/**
 * Counters that move without a log (seed 000 V): trucks, tanks and ships. Plain data like the
 * planes (state.ts). Ground units face a hexside (an even facing); ships take any of the 12 facings
 * and cross the grain as planes do (seed 001 rule (8)).
 */
import type { FlakMount } from '../flak/table.ts';
import type { Hex } from '../hex/coords.ts';

export const UNIT_KINDS = ['truck', 'tank', 'ship'] as const;
/** Kinds a scenario places, and the torpedo, which a plane drops (core/ordnance/torpedoes.ts). */
export type UnitKind = (typeof UNIT_KINDS)[number] | 'torpedo';

export type UnitStatus = 'active' | 'exited' | 'sunk' | 'destroyed' | 'spent';

/** A ship under way (units/ships.ts): speeds in knots, its way carried from turn to turn. */
export interface ShipWay {
  /** The speed it makes this turn, knots. */
  knots: number;
  /** The speed rung down (a standing order): reached by its acceleration, one step a turn. */
  ordered: number;
  /** Knot-tenths run since it last entered a hex (a hex is entered at HEX_KNOT_TENTHS). */
  way: number;
  /** Hexes entered since its last 30-degree turn (its turn mode must be met before the next). */
  since: number;
}

export interface UnitState {
  id: string;
  side: string;
  kind: UnitKind;
  /** Ships: the ship card's id (state.ships holds it). Trucks and tanks: the kind. */
  type: string;
  hex: Hex;
  facing: number;
  /** Across the grain (ships only): the next forward hex is the right-front one (hex/flight.ts). */
  nextRight: boolean;
  status: UnitStatus;
  ship?: ShipWay;
  /** Damage points taken (ships; docs/ordnance.md "Damage"). */
  damage?: number;
  /** Torpedoes: hexes run since release, and the plane that dropped it. */
  run?: number;
  launchedBy?: string;
  /**
   * A torpedo that hit a ship in the impulse it was dropped (spent): the ship and when it met it.
   * Its damage waits for impulse 7 (seed 000 VIII.5, V.D.5; ordnance/torpedoes.ts).
   */
  strike?: { ship: string; turn: number; impulse: number };
  /** Trucks and tanks: anti-aircraft guns carried or towed (docs/flak.md); ships have theirs on the card. */
  flak?: FlakMount[];
}

/** A ship card (data/ships, docs/ships.md): the figures and what is derived from them. */
export interface ShipCard {
  id: string;
  name: string;
  class: string;
  nation: string;
  /** fleet-carrier, light-carrier, battleship, cruiser, destroyer, transport. */
  type: string;
  figures: {
    lengthM: number;
    beamM: number;
    displacementT: number;
    maxSpeedKt: number;
    /** Tactical diameter (yards); null where none is published and it is estimated (docs/ships.md). */
    tacticalDiameterYd: number | null;
    sources: string[];
  };
  /** Derived: top speed in knots (whole), hexes to run between 30-degree turns, knots gained or lost a turn. */
  maxKnots: number;
  turnMode: number;
  accelKnots: number;
  /** The tactical diameter used for turnMode, yards (published, or 5 lengths). */
  diameterYd: number;
  /** Damage points that sink it (docs/ships.md "Damage"). */
  hullPoints: number;
  /** Its anti-aircraft guns (docs/flak.md), with their sources. */
  flak?: { mounts: FlakMount[]; sources: string[] };
}

/** One hex a turn is 40 mph (docs/ships.md "The scale"), 34.76 knots: a ship enters a hex every 347.6 knot-tenths. */
export const HEX_KNOT_TENTHS = 348;
