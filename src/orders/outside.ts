/**
 * Order-shaped lines outside every envelope (docs/players.md "The envelope"): a
 * player who top-posts `R1: S TR S TR 1 1` or `FIRE R1 FIXED AT G1` above a pasted report, with no
 * `#TALLYHO` line, has written orders the referee does not read. They are never passed over in
 * silence: the parser lists them and the referee names them (or asks, when the only envelope is an
 * unchanged copy of a template it sent). A line counts when it starts at the left margin (the
 * referee's own mails indent their examples), is not quoted, and reads as a whole as a plot line
 * (`ID: boxes`, a quick-game move too), a plan picked by letter (`R1 PLAN C`), a FIRE or HOLD
 * order or a MOVE line.
 */
import type { OutsideLine } from './ast.ts';
import { LIMITS } from './errors.ts';
import { parseFireOrder } from './fire.ts';
import { parseMoveOrder } from './move.ts';
import { parsePick } from './pick.ts';
import { parsePlot } from './plot.ts';
import { parseQuickMoves } from './quick.ts';
import { cleanLine } from './text.ts';

/** Cheap first look: a plane id and a colon, a plane id and PLAN, or a FIRE, HOLD, MOVE or PLAN verb, at the left margin. */
const SHAPE =
  /^(?:[A-Za-z][A-Za-z0-9]{0,7}[ \t]*:[ \t]*\S|[A-Za-z][A-Za-z0-9]{0,7}[ \t]+PLAN[ \t]|(?:FIRE|HOLD|MOVE|PLAN)[ \t]+\S)/i;

/** At most this many lines are looked at closely, and listed (bounded work per mail). */
export const MAX_OUTSIDE = 12;

/** Whether a candidate line (maybeOrderLine) reads, as a whole, as an order. */
function isOrderLine(raw: string): boolean {
  if (raw.length > LIMITS.maxLineLength) return false;
  const text = cleanLine(raw).text.trim();
  const verb = text.split(/\s+/)[0]?.toUpperCase();
  if (verb === 'FIRE' || verb === 'HOLD') return !parseFireOrder(text).errors.length;
  if (verb === 'MOVE') return !parseMoveOrder(text).errors.length;
  const pick = parsePick(text);
  if (pick.value && !pick.errors.length) return true;
  const plot = parsePlot(text);
  if (plot.value && !plot.errors.length && plot.value.boxes.length) return true;
  const colon = text.indexOf(':');
  const move = text.slice(colon + 1).trim();
  return /\d/.test(move) && !parseQuickMoves(move).errors.length;
}

/** The candidate lines (maybeOrderLine; 1-based numbers, as the mail has them) that read as orders. */
export function orderLinesOutside(candidates: readonly OutsideLine[]): OutsideLine[] {
  const out: OutsideLine[] = [];
  for (const c of candidates) {
    if (out.length === MAX_OUTSIDE) break;
    if (isOrderLine(c.text)) out.push({ line: c.line, text: cleanLine(c.text).text.trim() });
  }
  return out;
}

/** Whether a raw line outside an envelope is worth the close look of orderLinesOutside. */
export const maybeOrderLine = (raw: string): boolean => SHAPE.test(raw);
