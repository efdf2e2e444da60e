/**
 * The order language (docs/orders.md): parseOrders reads the envelopes of a mail, formatOrders
 * writes them back in canonical form; the pieces have their own parse/format pairs.
 *
 *   const { envelopes, errors } = parseOrders(mailText);
 *   // errors: every problem, each { line, column, code, message, envelope? } (codes: errors.ts)
 *   // envelopes: what could be read; a plot, fire order or command with an error is left out
 *   formatOrders(envelopes);                      // canonical text
 *   formatOrders(envelopes, { keepLines: true }); // the same, envelopes on their original lines
 *
 * Game-master commands are added per call:
 *
 *   parseOrders(text, { commands: GM_COMMANDS });
 *
 * The parser does not know the game: plane ids, gun groups and whether a plot is legal for the plane
 * are checked by the referee afterwards.
 */
export * from './ast.ts';
export { parseOrders, formatOrders, type ParseOptions, type FormatOptions } from './envelope.ts';
export { parseBox, formatBox } from './box.ts';
export { parsePlot, formatPlot } from './plot.ts';
export { parseFireOrder, formatFireOrder, TARGET_WORDS } from './fire.ts';
export { parsePick, formatPick, PLAN_LETTERS } from './pick.ts';
export { parseMoveOrder, formatMoveOrder, MAX_MOVE_STEPS } from './move.ts';
export {
  formatCommand,
  parseCommand,
  GM_COMMANDS,
  GM_PLAYER,
  PLAYER_COMMANDS,
  KEYWORDS,
  type CommandSpec,
} from './commands.ts';
export { formatHeader } from './header.ts';
export { MANOEUVRE_ALIASES, MODE_WORDS, SYMBOL_ALIASES } from './aliases.ts';
export { LIMITS, ORDER_ERRORS, ORDER_ERROR_CODES, type OrderErrorCode } from './errors.ts';
