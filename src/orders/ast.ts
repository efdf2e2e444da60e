/**
 * The order language's syntax tree. docs/orders.md is the players' description of it.
 *
 * A plot is one box per active impulse (seed 000 X.F): each box holds one manoeuvre notation, an
 * optional altitude change and optional power (P) or brake (K) marks. Every box enters one hex
 * (seed 001 rule (7)), except where steep and vertical manoeuvres skip movement (rules (18)-(20)).
 */

/** Manoeuvre notations of one impulse box (seed 000 X.E-X.F, seed 001 rules (1)-(11), (20)). */
export type Manoeuvre =
  | 'S' // straight, part of a manoeuvre still being flown (the seed's "`")
  | '1' // forwards manoeuvre: a complete one-hex manoeuvre (seed 000 X.E.1)
  | 'TL'
  | 'TR' // 30-degree turn after entering the hex (rule (1))
  | 'SL'
  | 'SR' // slip: enter the hex to the side (rule (9))
  | 'SLTR'
  | 'SRTL' // skid turn: slip with a 30-degree turn the other way (rules (3), (10))
  | 'HRL'
  | 'HRR' // half roll, knight move, inverts the bank (rules (4), (9), (11))
  | 'N'
  | 'LB'
  | 'RB'
  | 'IL'
  | 'IR'
  | 'INV' // roll to that bank (rule (2)); in a vertical dive a 60-degree facing change (rule (20))
  | 'V' // half loop (rule (5))
  | 'VLL'
  | 'VRR'; // Immelmann turn, 120 degrees (rule (6))

export const MANOEUVRES: readonly Manoeuvre[] = [
  'S',
  '1',
  'TL',
  'TR',
  'SL',
  'SR',
  'SLTR',
  'SRTL',
  'HRL',
  'HRR',
  'N',
  'LB',
  'RB',
  'IL',
  'IR',
  'INV',
  'V',
  'VLL',
  'VRR',
];

export interface Box {
  man: Manoeuvre;
  /** Altitude change in this impulse, feet (negative = dive); 0 when none is written. */
  alt: number;
  /** Power factors applied in this impulse (P marks). */
  power: number;
  /** Brake factors applied in this impulse (K marks). */
  brake: number;
}

/** Whole-turn marks written at the start of a plot (seed 001 rules (18)-(21)). */
export type PlotMode = 'SC' | 'SD' | 'VD';

export interface Plot {
  plane: string;
  /** Steep climb, steep dive or vertical dive for this turn; undefined = normal flight. */
  mode?: PlotMode;
  /** Dive bombing mark (seed 001 rule (21)). */
  bomb: boolean;
  /** JETTISON: drop the load unaimed (seed 000 VIII); present only when written. */
  jettison?: boolean;
  /** TORPEDO: drop the torpedo (seed 000 V.D, VIII); present only when written. */
  torpedo?: boolean;
  /** LAND: touch down in the last active impulse (docs/ground.md); present only when written. */
  land?: boolean;
  /** ROCKETS: fire the air-to-ground rockets in the last active impulse (docs/ordnance.md "Rockets"). */
  rockets?: boolean;
  boxes: Box[];
}

/**
 * One step of a non-plotted unit's orders (seed 000 V): `F` enters the hex ahead, `L`/`R` turn a
 * truck or tank one hexside (60 degrees), `TL`/`TR` turn a ship 30 degrees, `-` spends nothing in
 * a truck's impulse (impulse 4 or 9, V.A.1).
 */
export type MoveStep = 'F' | 'L' | 'R' | 'TL' | 'TR' | '-' | 'START' | 'P' | 'B' | 'LAUNCH';

export const MOVE_STEPS: readonly MoveStep[] = ['F', 'L', 'R', 'TL', 'TR', '-', 'START', 'P', 'B', 'LAUNCH'];

/** `MOVE <unit> <steps...> [<n>KT]`: a truck's, tank's or ship's orders for the turn. */
export interface MoveOrder {
  unit: string;
  steps: MoveStep[];
  /** Ships: the speed rung down, knots (a standing order until changed). */
  knots?: number;
}

/** Which guns a fire order is for. */
export type GunSelector = 'FIXED' | 'FLEX' | 'ALL' | string; // string = a gun group id of the card

export interface FireOrder {
  plane: string;
  guns: GunSelector;
  /** HOLD: never fire these guns this turn. */
  hold: boolean;
  /** Target plane id, or 'ANY' (the best target the referee finds). */
  target: string;
  /** Fire from this impulse on (1-12); undefined = from the first impulse the shot is possible. */
  from?: number;
  /** Fire only at this range or closer (hexes, 1-8). */
  within?: number;
}

export type PlayerCommandName =
  | 'HELP'
  | 'STATUS'
  | 'RESEND'
  | 'HISTORY'
  | 'MAP'
  | 'CARD'
  | 'WAIT'
  | 'NOWAIT'
  | 'JOIN'
  | 'ZONE';

export interface Command {
  name: PlayerCommandName | string;
  args: string[];
  line: number;
}

/** `R1 PLAN C`: the plot of plan C of the plane's menu in the mail for this turn, in place of a plot (orders/pick.ts). */
export interface PlanPick {
  plane: string;
  /** A to H. */
  letter: string;
  /** 1-based line it was written on. */
  line: number;
}

/** A quick-game move line: the aircraft and its steps (orders/quick.ts). */
export interface QuickMove {
  plane: string;
  steps: QuickStep[];
}

/** One `#TALLYHO <game> <player> "<secret>"` ... `#END` block. */
export interface Envelope {
  game: string;
  player: string;
  /** The player's secret or a turn token of an orders template. */
  secret: string;
  /** Optional `TURN n` line: orders meant for that turn only. */
  turn?: number;
  /**
   * Optional `INITIATIVE FIRST|LAST` line (two-phase games, seed 003): the side's standing choice
   * when it wins a tie of speed.
   */
  initiative?: 'first' | 'last';
  /**
   * The quick game's moves (seed 004, `A1: 2L1`), read instead of plots in an envelope for a quick
   * game (ParseOptions.quick); present only when there are any.
   */
  quick?: QuickMove[];
  plots: Plot[];
  /** Plans picked from the mail's menu (`R1 PLAN C`); present only when there are any. */
  picks?: PlanPick[];
  fire: FireOrder[];
  /** Orders of trucks, tanks and ships (MOVE lines); present only when there are any. */
  moves?: MoveOrder[];
  commands: Command[];
  /** 1-based line of the `#TALLYHO` line in the text. */
  line: number;
  /**
   * Lines inside the envelope that could not be read (a plot, fire order, command or other line
   * with an error), as written; present only when there are any. formatOrders leaves them out
   * unless asked (FormatOptions.unread).
   */
  unread?: { line: number; text: string }[];
}

export interface OrderError {
  line: number;
  column: number;
  code: string;
  message: string;
  /**
   * Index in ParseResult.envelopes of the envelope the error was found in; absent for errors of the
   * mail as a whole (E_TOO_LONG, E_TOO_MANY_ENVELOPES, E_TOO_MANY_ERRORS).
   */
  envelope?: number;
}

/** A line outside every envelope that reads as an order (orders/outside.ts). */
export interface OutsideLine {
  line: number;
  text: string;
}

export interface ParseResult {
  envelopes: Envelope[];
  errors: OrderError[];
  /** Order-shaped lines outside every envelope, which are not read (orders/outside.ts). */
  outside?: OutsideLine[];
}

/** One step of a move order: SPEED forward (hexes), or one clock point left or right. */
export type QuickStep = { kind: 'F'; n: number } | { kind: 'L' } | { kind: 'R' };
