/**
 * Aircraft data cards: what seed 001 (rules (1)-(29)) and seed 000 (X.B-X.D) read off the
 * "airplane data card" of the original games. The numbers are derived from public historical
 * figures by the formulas in docs/aircraft.md (src/core/aircraft/derive.ts).
 *
 * Speeds are in whole speed points (hexes per turn) as printed on a card; the game tracks the
 * current speed in tenths (seed 001 rule (1)). Altitudes are in feet.
 */

/** Plane classes that the rules distinguish (seed 001 rules (20), (27), (28), (29)). */
export type AircraftClass =
  | 'fighter1' // single-engine fighter (and fighter-bomber)
  | 'fighter2' // twin-engine fighter (P-38, Bf 110)
  | 'divebomber' // rated dive bomber (SBD, Ju 87)
  | 'torpedo' // single-engine torpedo bomber (TBD, TBF, B5N): no dive brakes, no vertical dives
  | 'bomber2' // twin-engine bomber
  | 'bomber3'
  | 'bomber4';

/**
 * Rows of the manoeuvre-speed loss table, seed 001 rule (29). Each row gives the speed loss in
 * tenths after 1, 2, 3 and 4 manoeuvres in the manoeuvre speed range.
 */
export type WingLoadingGroup = 'LWL' | 'MWL' | 'P40' | 'P51' | 'P47' | 'FW190' | 'HEAVY';

/** Turn modes (hexes to be entered) by manoeuvre type. `bank` is for a 2-point roll (rule (2)). */
export interface TurnModes {
  turn: number;
  slip: number;
  halfRoll: number;
  bank: number;
  halfLoop: number;
}

export interface AltitudeBand {
  /** Lowest altitude of the band (inclusive), feet. */
  floor: number;
  /** Highest altitude of the band (exclusive), feet. The top band ends at the ceiling. */
  top: number;
  /** Lowest speed at which the plane flies (below it, it stalls). */
  minSpeed: number;
  /** Highest speed of the manoeuvre speed range. */
  maneuverMax: number;
  /** Highest (top) level speed; speeds above it are dive speeds. */
  levelMax: number;
  /** Highest dive speed. */
  diveMax: number;
  /** Printed turn modes in each speed range. */
  turnModes: { maneuver: TurnModes; level: TurnModes; dive: TurnModes };
  /** Maximum (normal) climb per turn, feet. */
  climb: number;
  /** Maximum shallow dive per turn, feet. */
  dive: number;
  /** Maximum power factors per turn (full power, manoeuvre speed range; seed 001 rule (14)). */
  power: number;
  /** Maximum brake factors per turn. */
  brake: number;
  /** Figures when carrying a bomb load (bombers and fighter-bombers); missing = same as clean. */
  loaded?: { maneuverMax: number; levelMax: number; diveMax: number; climb: number; power: number };
}

/** Gun types of the fire tables: rifle-calibre MG, heavy MG, cannon. */
export type WeaponType = '30M' | '50M' | '20C' | '30C' | '37C';

export interface GunGroup {
  /** Short id unique on the card, used in fire orders (e.g. "FF", "FH", "NOSE", "TOP"). */
  id: string;
  /** FF fixed forward (fuselage/nose), FH fixed wing-mounted (harmonised), FL fixed, limited ammunition; F flexible. */
  mount: 'FF' | 'FH' | 'FL' | 'F';
  weapons: { type: WeaponType; count: number }[];
  /** Flexible guns: clock positions (1-12, 12 = ahead) the position can fire into. */
  arc?: number[];
  /** Weapons rated only range 3 in the original reach 6 hexes instead of 8 (seed 001 combat). */
  shortRange?: boolean;
}

/** Damage capacity by system (hits to destroy it). E is per engine. */
export interface DamageCapacity {
  C: number; // cockpit / crew
  L: number; // control lines
  E: number; // each engine
  W: number; // wings
  F: number; // fuselage
  G: number; // each gun position side
  T?: number; // tail
}

/** The public historical figures a card is derived from. */
export interface AircraftFigures {
  /** Maximum level speed, mph, and the altitude at which it is reached, feet. */
  topSpeedMph: number;
  topSpeedAltFt: number;
  /** Maximum speed at sea level, mph. */
  seaLevelSpeedMph: number;
  /** Initial climb rate, feet per minute. */
  climbFtMin: number;
  /** Service ceiling, feet. */
  ceilingFt: number;
  /** Wing loading at normal loaded weight, lb per square foot. */
  wingLoadingLbFt2: number;
  /** Take-off power of all engines together, hp. */
  powerHp: number;
  /**
   * Normal loaded weight, lb, including the bomb load `bombLoadLb` (so the clean weight is the
   * difference). The wing loading above is quoted at this weight.
   */
  loadedWeightLb: number;
  /** Never-exceed / maximum dive speed, mph (indicated). */
  diveLimitMph: number | null;
  /** Armament as commonly quoted, for the record (e.g. "8 x .303 in Browning"). */
  armament: string;
  /** Bomb load normally carried, lb (0 for pure fighters). */
  bombLoadLb: number;
  /** Where the figures come from (book or public page titles). */
  sources: string[];
  /**
   * Engine cooling: large air-cooled radials (1500 hp and up) take an extra hit to put out
   * (docs/aircraft.md, damage capacity). Missing = inline (liquid-cooled).
   */
  engineType?: 'radial' | 'inline';
  /**
   * Built light to save weight: no pilot armour, no self-sealing tanks (A6M2 Zero, A6M5). Lowers
   * the C, L, W and F capacities (docs/aircraft.md). Missing = false.
   */
  lightStructure?: boolean;
}

export interface AircraftCard {
  /** Type id used in scenarios and state (e.g. "spitfire-1a"); the data file is <id>.yaml. */
  id: string;
  name: string;
  nation: string;
  class: AircraftClass;
  engines: number;
  crew: number;
  /**
   * The row seed 001 rule (29) names this type in (Zero, Spitfire, Oscar: LWL; ...). Input, not
   * derived: when present it is the card's `wingLoading`; when missing the group is derived.
   */
  rule29Group?: WingLoadingGroup;
  /** Row of the manoeuvre speed-loss table (seed 001 rule (29)). */
  wingLoading: WingLoadingGroup;
  ceiling: number;
  bands: AltitudeBand[];
  guns: GunGroup[];
  /**
   * Air-to-air rockets the type could carry (seed 002 7.1): one attack a game at a heavy bomber,
   * hitting on a D6 roll up to `hitOn`. Missing = none.
   */
  rockets?: { hitOn: number };
  damage: DamageCapacity;
  figures: AircraftFigures;
}

/**
 * What a card is derived from (docs/aircraft.md, "adding an aircraft"): the figures and the few
 * facts that are not figures. `deriveCard` (derive.ts) turns it into an AircraftCard.
 */
export type AircraftInput = Pick<
  AircraftCard,
  'id' | 'name' | 'nation' | 'class' | 'engines' | 'crew' | 'rule29Group' | 'guns' | 'rockets' | 'figures'
>;
