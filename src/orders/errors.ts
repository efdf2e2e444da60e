/**
 * Every error the order language reports: one table of stable codes and the messages players read
 * (docs/orders.md lists them). A message names where the problem is ("line 4, box 3: ...") and says
 * what to write instead.
 */
import type { OrderError } from './ast.ts';
import { MANOEUVRES } from './ast.ts';
import { orList } from './suggest.ts';

/** Hard limits of the language (docs/orders.md "Limits"). */
export const LIMITS = {
  maxBytes: 256 * 1024,
  maxLineLength: 1000,
  maxEnvelopes: 10,
  /** Lines read inside envelopes, in all the envelopes of a mail. */
  maxLines: 2000,
  /** Plots in one envelope: one per plane, for the largest formation a player flies. */
  maxPlots: 64,
  /** FIRE and HOLD lines in one envelope: a few per gun group of the largest formation. */
  maxFireOrders: 64,
  maxCommands: 20,
  maxBoxes: 40,
  maxErrors: 100,
  /** The longest word quoted back in an error message (longer ones are cut, with "..."). */
  maxQuoted: 40,
  maxSecret: 128,
  maxAltitude: 5000,
  maxPower: 4,
  maxBrake: 4,
  maxTurn: 9999,
} as const;

const HEADER = '#TALLYHO <game> <player> "<secret>"';
const EXAMPLES = { PLOT: 'PLOT A1 S S TR', FIRE: 'FIRE A1 FIXED AT B1', HOLD: 'HOLD A1 FLEX' } as const;
const MANOEUVRE_LIST = MANOEUVRES.join(' ');
const didYouMean = (words?: readonly string[]): string => (words?.length ? `: did you mean ${orList(words)}?` : '');

/** Code -> message text (without the "line 4, box 3:" prefix). */
export const ORDER_ERRORS = {
  // The mail as a whole (docs/orders.md "Limits").
  E_TOO_LONG: () =>
    'this mail is longer than 256 KiB, the most an orders mail may be; nothing in it was read. Send the orders alone, without attachments or long quoted mails',
  E_TOO_MANY_ENVELOPES: () =>
    `more than ${LIMITS.maxEnvelopes} #TALLYHO envelopes in one mail; this one and everything after it is ignored`,
  E_TOO_MANY_LINES: () =>
    `more than ${LIMITS.maxLines} lines inside envelopes in one mail; this one and everything after it is ignored: send long orders in several mails`,
  E_TOO_MANY_ERRORS: () => `more than ${LIMITS.maxErrors} errors; the rest are not listed`,
  E_TOO_MANY_FIRE_ORDERS: () =>
    `more than ${LIMITS.maxFireOrders} FIRE and HOLD lines in one envelope; this one and the ones after it are ignored: give each plane's gun groups one line each`,
  E_TOO_MANY_PLOTS: () =>
    `more than ${LIMITS.maxPlots} plots in one envelope; this one and the ones after it are ignored: write one plot per plane`,
  E_TOO_MANY_COMMANDS: () =>
    `more than ${LIMITS.maxCommands} commands in one envelope; this one and the ones after it are ignored: send the others in a later mail`,
  E_LINE_TOO_LONG: (a: { length: number }) =>
    `this line is ${a.length} characters long; a line may be at most ${LIMITS.maxLineLength}. Break it up: a plot may go on over several lines`,
  E_CONTROL_CHAR: (a: { code: string }) =>
    `an invisible control character (${a.code}) is in this line at this column; retype the line`,
  // The envelope.
  E_NO_END: () => 'the envelope opened here has no #END line; end your orders with a line #END',
  E_NESTED: (a: { open: number }) =>
    `#TALLYHO inside the envelope opened on line ${a.open}; close each envelope with #END before the next #TALLYHO`,
  E_BAD_HEADER: () => `the #TALLYHO line needs the game, your player id and your secret: ${HEADER}`,
  E_HEADER_EXTRA: (a: { word: string }) =>
    `'${a.word}' comes after the secret; put the secret in quotes when it has spaces: ${HEADER}`,
  E_BAD_GAME: (a: { word: string }) => `'${a.word}' is not a game id: 1 to 32 letters, digits, '-' or '_'`,
  E_BAD_PLAYER: (a: { word: string }) => `'${a.word}' is not a player id: 1 to 32 letters, digits, '-' or '_'`,
  E_BAD_SECRET: () =>
    `the secret must be 1 to ${LIMITS.maxSecret} characters with no double quote in it, in quotes when it has spaces: ${HEADER}`,
  E_UNCLOSED_QUOTE: () => `the secret's closing quote is missing: ${HEADER}`,
  E_UNKNOWN_WORD: (a: { word: string; commands: string; suggest?: readonly string[]; quick?: boolean }) =>
    a.quick
      ? `'${a.word}' is not an order${didYouMean(a.suggest) || '.'} A line in an envelope of the quick game is a move (S1: 2L1), FIRE <aircraft> <F, L, R or B> AT <enemy>, TURN <n> or one of the commands ${a.commands}`
      : `'${a.word}' is not an order${didYouMean(a.suggest) || '.'} A line in an envelope is a plot (A1: S S TR, or PLOT A1 S S TR), FIRE, HOLD, MOVE, TURN <n> or one of the commands ${a.commands}`,
  E_MISSING_COLON: (a: { word: string; rest: string }) =>
    `'${a.word}' starts no order; if it is a plane, put a colon after it: ${a.word}: ${a.rest}`,
  E_NO_PLOT_TO_CONTINUE: (a: { word: string }) =>
    /^[A-Z]+\d+$/i.test(a.word)
      ? `'${a.word}' reads as a box, but no plot line comes right before this line; if ${a.word} is a plane, write its id with a colon: ${a.word}: 1 1 1 ...`
      : `'${a.word}' is a box, but no plot line comes right before this line; start the plot with the plane id, e.g. A1: ${a.word} ...`,
  E_BAD_TURN: () => `write the turn as TURN and a number from 1 to ${LIMITS.maxTurn}, e.g. TURN 5`,
  E_DUPLICATE_TURN: (a: { first: number }) => `TURN is already given on line ${a.first}; write it once per envelope`,
  E_QUICK_MOVE: (a: { plane: string; problem: string }) => `${a.plane}: ${a.problem}`,
  E_QUICK_NO_PLANE: (a: { move: string }) =>
    `'${a.move}' reads as a move, but whose? Write the aircraft's id and a colon before it, e.g. S1: ${a.move}`,
  E_BAD_INITIATIVE: () =>
    'write INITIATIVE FIRST or INITIATIVE LAST: whether your side moves first or last when it wins a tie of speed (two-phase games)',
  E_DUPLICATE_INITIATIVE: (a: { first: number }) =>
    `INITIATIVE is already given on line ${a.first}; write it once per envelope`,
  // Plots (seed 000 X.F, seed 001 rules (18)-(21)).
  E_NO_PLANE: (a: { verb: 'PLOT' | 'FIRE' | 'HOLD' }) => `${a.verb} needs a plane id, e.g. ${EXAMPLES[a.verb]}`,
  E_BAD_PLANE: (a: { word: string }) => `'${a.word}' is not a plane id: 1 to 16 letters, digits, '-' or '_'`,
  E_UNKNOWN_MANOEUVRE: (a: { word: string; suggest?: readonly string[] }) =>
    a.suggest?.length
      ? `'${a.word}' is not a manoeuvre${didYouMean(a.suggest)} The manoeuvres are ${MANOEUVRE_LIST}; plain words such as STRAIGHT or TURN LEFT are read too`
      : `'${a.word}' is not a manoeuvre; write one of ${MANOEUVRE_LIST}, or a plain word such as STRAIGHT or TURN LEFT`,
  E_BAD_ALTITUDE: (a: { word: string }) =>
    `'${a.word}' is not an altitude change; write a sign and a multiple of 100 feet up to ${LIMITS.maxAltitude}, e.g. +200 or -100`,
  E_BAD_POWER: (a: { word: string }) =>
    `'${a.word}' is not a power mark; write P, PP, PPP, PPPP or P1 to P${LIMITS.maxPower}`,
  E_BAD_BRAKE: (a: { word: string }) =>
    `'${a.word}' is not a brake mark; write K, KK, KKK, KKKK or K1 to K${LIMITS.maxBrake}`,
  E_DUPLICATE_MODIFIER: (a: { word: string; what: string }) =>
    `'${a.word}': this box already has ${a.what}; write it once, e.g. TR+200P`,
  E_MODIFIER_FIRST: (a: { word: string }) =>
    `'${a.word}' belongs to a box but comes before the first box; write it after the box, e.g. TR ${a.word}`,
  E_EMPTY_PLOT: (a: { plane: string }) =>
    `the plot for ${a.plane} has no boxes; write one box per active impulse, e.g. ${a.plane}: S S TR`,
  E_TOO_MANY_BOXES: (a: { plane: string }) =>
    `the plot for ${a.plane} has more than ${LIMITS.maxBoxes} boxes, the most a plot may have; write one box per hex the plane enters this turn`,
  E_DUPLICATE_PLOT: (a: { plane: string; first: number }) =>
    `${a.plane} is already plotted on line ${a.first}; write one plot per plane (it may go on over several lines)`,
  E_BAD_PLAN: (a: { plane: string; word: string }) =>
    a.plane
      ? `${a.word ? `'${a.word}': ` : ''}PLAN needs the letter of one plan of ${a.plane}'s menu (WAYS TO FLY in your latest report), A to H, e.g. ${a.plane} PLAN A`
      : a.word
        ? `'PLAN ${a.word}' names no plane: each plane has its own menu (WAYS TO FLY in your latest report), so write the plane before PLAN, e.g. A1 PLAN ${a.word}`
        : 'PLAN needs a plane and the letter of one plan of its menu (WAYS TO FLY in your latest report), e.g. A1 PLAN A',
  E_TWO_MODES: (a: { word: string; first: string }) =>
    `'${a.word}' after '${a.first}': a plot has at most one of SC, SD, VD (or STEEP); keep the one you mean`,
  E_REPEATED_MARK: (a: { word: string }) => `'${a.word}' is written twice in this plot; write it once, at the start`,
  E_STEEP_UNCLEAR: (a: { which: 'neither' | 'both' }) =>
    a.which === 'both'
      ? 'STEEP with both climbing and diving boxes; write SC (steep climb) or SD (steep dive)'
      : 'STEEP with no climbing or diving box; give the boxes their altitude changes (e.g. S+200) or write SC or SD',
  // Fire orders (seed 000 VII, rules-notes "Playing by mail").
  E_FIRE_NO_GUNS: (a: { plane: string }) =>
    `FIRE ${a.plane} needs the guns: FIXED, FLEX, ALL or a gun group of the plane's card, e.g. FIRE ${a.plane} FIXED AT B1`,
  E_BAD_GUNS: (a: { word: string }) =>
    `'${a.word}' is not a gun group; write FIXED, FLEX, ALL or a gun group of the card (1 to 16 letters and digits)`,
  E_BAD_TARGET: (a: { word: string }) =>
    a.word
      ? `'${a.word}' is not a target; write a plane id or ANY, e.g. AT B1`
      : 'AT needs a target: a plane id or ANY, e.g. AT B1',
  E_BAD_IMPULSE: (a: { word: string }) =>
    `${a.word ? `'${a.word}': ` : ''}FROM needs an impulse number from 1 to 12, e.g. FROM 3`,
  E_BAD_RANGE: (a: { word: string }) =>
    `${a.word ? `'${a.word}': ` : ''}WITHIN needs a range in hexes from 1 to 8, e.g. WITHIN 4`,
  E_FIRE_REPEATED: (a: { word: string }) => `'${a.word}' is given twice in this fire order (AUTO counts as AT ANY)`,
  E_FIRE_EXTRA: (a: { word: string; verb: string; plane?: string; near?: string }) =>
    a.verb === 'HOLD'
      ? `'${a.word}' is not part of a HOLD order; write HOLD ${a.plane || 'A1'} or HOLD ${a.plane || 'A1'} <guns>`
      : `'${a.word}' is not part of a FIRE order${a.near ? `: did you mean ${a.near}?` : ';'} write FIRE ${a.plane || 'A1'} <guns> [AT <target>] [FROM <impulse>] [WITHIN <range>]`,
  // Trucks, tanks and ships (seed 000 V).
  E_NO_UNIT: () => 'MOVE needs a unit id, e.g. MOVE T1 F F (a truck), MOVE K1 L F (a tank), MOVE CV1 TR (a ship)',
  E_BAD_UNIT: (a: { word: string }) => `'${a.word}' is not a unit id: 1 to 16 letters, digits, '-' or '_'`,
  E_BAD_STEP: (a: { word: string; suggest?: readonly string[] }) =>
    `'${a.word}' is not a step${didYouMean(a.suggest) || '.'} A MOVE line takes F (forward one hex), L or R (a truck or tank turns one hexside), TL or TR (a ship turns 30 degrees), - (a truck waits that impulse) and a ship's speed in knots such as 25KT`,
  E_TOO_MANY_STEPS: (a: { unit: string }) =>
    `MOVE ${a.unit} has more steps than any unit can take in a turn (at most 6 are read); a truck takes 2, a tank 3 with its free turn, a ship 1`,
  E_MOVE_SPEED_TWICE: (a: { word: string }) =>
    `'${a.word}': this MOVE line already gives a speed; write one, e.g. 25KT`,
  E_EMPTY_MOVE: (a: { unit: string }) =>
    `MOVE ${a.unit} has no steps; write them after the unit, e.g. MOVE ${a.unit} F`,
  E_TOO_MANY_MOVES: () =>
    `more than ${LIMITS.maxPlots} MOVE lines in one envelope; this one and the ones after it are ignored`,
  E_DUPLICATE_MOVE: (a: { unit: string; first: number }) =>
    `${a.unit} already has a MOVE line on line ${a.first}; write one MOVE line per unit`,
  // Player commands.
  E_COMMAND_ARGS: (a: { name: string; takes: string; usage?: string }) =>
    `${a.name} takes ${a.takes}${a.usage ? `: write ${a.usage}` : ''}`,
  E_BAD_NUMBER: (a: { word: string; name: string }) =>
    `'${a.word}' is not a whole number; ${a.name} takes whole numbers, e.g. ${a.name} 3`,
} as const satisfies Record<string, (a: any) => string>;

export type OrderErrorCode = keyof typeof ORDER_ERRORS;
export type ErrorArgs<C extends OrderErrorCode> = Parameters<(typeof ORDER_ERRORS)[C]>[0] extends undefined
  ? Record<string, never>
  : Parameters<(typeof ORDER_ERRORS)[C]>[0];

export const ORDER_ERROR_CODES = Object.keys(ORDER_ERRORS) as OrderErrorCode[];

/** Where an error is: line and column (1-based); box = the box's place in its plot (1-based). */
export interface At {
  line: number;
  column: number;
  box?: number;
}

/** The words of a message cut to LIMITS.maxQuoted characters: a message stays short whatever was written. */
function quotable(args: object | undefined): object | undefined {
  if (!args) return args;
  const cut = (v: unknown): unknown =>
    typeof v === 'string' && v.length > LIMITS.maxQuoted ? `${v.slice(0, LIMITS.maxQuoted)}...` : v;
  return {
    ...args,
    ...('word' in args ? { word: cut(args.word) } : {}),
    ...('rest' in args ? { rest: cut(args.rest) } : {}),
  };
}

/** Builds one error; `mail` errors concern the whole mail and have no "line n:" prefix. */
export function orderError<C extends OrderErrorCode>(code: C, at: At, args: ErrorArgs<C>, mail = false): OrderError {
  const text = (ORDER_ERRORS[code] as (a: unknown) => string)(quotable(args));
  const where = mail ? '' : `line ${at.line}${at.box ? `, box ${at.box}` : ''}: `;
  return { line: at.line, column: at.column, code, message: `${where}${text}` };
}

/**
 * Collects errors up to LIMITS.maxErrors, then one E_TOO_MANY_ERRORS. `envelope` (index in the
 * parse result) is stamped on each error raised while an envelope is open.
 */
export class ErrorSink {
  readonly errors: OrderError[] = [];
  envelope: number | undefined;
  private full = false;

  add<C extends OrderErrorCode>(code: C, at: At, args: ErrorArgs<C>, mail = false): void {
    if (this.full) return;
    if (this.errors.length >= LIMITS.maxErrors) {
      this.full = true;
      this.errors.push(orderError('E_TOO_MANY_ERRORS', at, {}, true));
      return;
    }
    const e = orderError(code, at, args, mail);
    if (this.envelope !== undefined && !mail) e.envelope = this.envelope;
    this.errors.push(e);
  }

  /** Errors in line order (stable; the cap notice stays last). */
  sorted(): OrderError[] {
    const capped = this.full ? this.errors.slice(0, -1) : this.errors;
    const out = capped
      .map((e, i) => ({ e, i }))
      .sort((a, b) => a.e.line - b.e.line || a.e.column - b.e.column || a.i - b.i)
      .map((x) => x.e);
    if (this.full) out.push(this.errors[this.errors.length - 1] as OrderError);
    return out;
  }
}
