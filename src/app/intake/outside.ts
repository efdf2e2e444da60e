/**
 * Order lines written outside the envelope (orders/outside.ts finds them; docs/players.md "The
 * envelope"). A mail client that pastes the report under the new text (Outlook) and a
 * player who writes `R1: S TR S TR 1 1` above it without the `#TALLYHO` line: the only envelope in
 * the mail is then the unchanged template of the paste. The referee never flies that template in
 * silence: it asks which counts and takes nothing, offering the envelope with the player's lines
 * put in. With an edited envelope, the lines outside are named in the acknowledgement's NOTES.
 */
import {
  parseFireOrder,
  parseMoveOrder,
  parseOrders,
  parsePick,
  parsePlot,
  type Envelope,
  type FireOrder,
  type MoveOrder,
  type OutsideLine,
  type PlanPick,
  type Plot,
} from '../../orders/index.ts';
import type { AppDeps } from '../ports/deps.ts';
import { when } from '../words/text.ts';
import { queueAnswer } from '../mail/notify.ts';
import type { GameRow, PlayerRow, StoreTx } from '../ports/store.ts';
import { readyEnvelope } from '../views/template.ts';
import { fogState, sideOfPlayer } from '../../core/spotting/fog.ts';
import { readyTemplate } from '../mail/messages.ts';

const lineText = (l: OutsideLine): string => `line ${l.line}: ${l.text}`;
const listed = (lines: readonly OutsideLine[]): string => lines.map(lineText).join('; ');

/** The acknowledgement's note: the lines were not read, and where orders go. */
export const outsideNote = (lines: readonly OutsideLine[]): string =>
  `${lines.length === 1 ? 'this line reads as an order but stands' : `these ${lines.length} lines read as orders but stand`} outside the envelope, so ${lines.length === 1 ? 'it was' : 'they were'} not read: ${listed(lines)}. Orders count only between the #TALLYHO line and #END.`;

/** The same for a mail with no envelope at all. */
export const outsideParagraph = (lines: readonly OutsideLine[]): string =>
  `It has ${lines.length === 1 ? 'a line that reads' : `${lines.length} lines that read`} as orders (${listed(lines)}), but orders count only inside an envelope, between its #TALLYHO line and #END.`;

/**
 * The envelope with the player's lines put in: a plot or a plan picked by letter replaces the
 * plane's plot or pick, FIRE and HOLD lines replace the plane's fire orders, a MOVE line the unit's
 * MOVE line.
 */
export function mergeOutside(env: Envelope, lines: readonly OutsideLine[]): Envelope {
  const plots: Plot[] = [...env.plots];
  let picks: PlanPick[] = [...(env.picks ?? [])];
  let fire: FireOrder[] = [...env.fire];
  const moves: MoveOrder[] = [...(env.moves ?? [])];
  const firedBy = new Set<string>();
  for (const l of lines) {
    const verb = l.text.split(/\s+/)[0]?.toUpperCase();
    if (verb === 'FIRE' || verb === 'HOLD') {
      const f = parseFireOrder(l.text).value;
      if (!f) continue;
      const id = f.plane.toUpperCase();
      if (!firedBy.has(id)) fire = fire.filter((x) => x.plane.toUpperCase() !== id);
      firedBy.add(id);
      fire.push(f);
    } else if (verb === 'MOVE') {
      const m = parseMoveOrder(l.text).value;
      if (!m) continue;
      const at = moves.findIndex((x) => x.unit.toUpperCase() === m.unit.toUpperCase());
      if (at >= 0) moves[at] = m;
      else moves.push(m);
    } else {
      const k = parsePick(l.text).value;
      const p = k ? undefined : parsePlot(l.text).value;
      const id = (k ?? p)?.plane.toUpperCase();
      if (!id) continue;
      const at = plots.findIndex((x) => x.plane.toUpperCase() === id);
      picks = picks.filter((x) => x.plane.toUpperCase() !== id);
      if (k) {
        if (at >= 0) plots.splice(at, 1);
        picks.push({ ...k, line: l.line });
      } else if (p) {
        if (at >= 0) plots[at] = p;
        else plots.push(p);
      }
    }
  }
  const { picks: _had, ...rest } = env;
  return { ...rest, plots, ...(picks.length ? { picks } : {}), fire, ...(moves.length ? { moves } : {}) };
}

/**
 * A player's orders for this turn ready to send (his mail's template: the orders that stand, else
 * the defaults) with his lines from outside any envelope put in; null when there is no template.
 */
export function readyWithOutside(
  deps: AppDeps,
  tx: StoreTx,
  game: GameRow,
  player: PlayerRow,
  outside: readonly OutsideLine[],
): string | null {
  const state = tx.turns.get(game.id, game.turn)?.state;
  if (!state || game.status !== 'running') return null;
  const seen = fogState(state, sideOfPlayer(state, player.planes));
  const template = readyTemplate(deps, tx, game, player, seen);
  const env = parseOrders(template, { quick: () => !!state.quick }).envelopes[0];
  return env ? readyEnvelope(deps.keys, game, player.id, mergeOutside(env, outside)) : null;
}

/** The only envelope an unchanged template, order lines outside it: nothing is taken, the player is asked. */
export function askOutside(
  deps: AppDeps,
  tx: StoreTx,
  a: {
    game: GameRow;
    player: PlayerRow;
    envelope: Envelope;
    outside: OutsideLine[];
    inboundId: number;
    replyTo: string;
  },
): void {
  const earlier = tx.orders.latestAccepted(a.game.id, a.game.turn).get(a.player.id);
  const merged = mergeOutside(a.envelope, a.outside);
  const ready = readyEnvelope(deps.keys, a.game, a.player.id, merged);
  queueAnswer(deps, tx, {
    to: a.player.email,
    game: a.game,
    player: a.player,
    kind: 'notice',
    inboundId: a.inboundId,
    replyTo: a.replyTo,
    title: `turn ${a.game.turn}: your orders are outside the envelope`,
    paragraphs: [
      `Your mail has ${a.outside.length === 1 ? 'a line that reads' : `${a.outside.length} lines that read`} as orders outside the envelope, and its only envelope for game ${a.game.id}, player ${a.player.id} (line ${a.envelope.line}) is an unchanged copy of orders the referee sent you: a quoted template, it seems. Which counts? The referee does not guess, so nothing was taken.`,
      earlier
        ? `Your orders sent at ${when(earlier.submittedAt)} still stand.`
        : `No orders of yours are in for turn ${a.game.turn} yet.`,
      'If the lines are your orders: the envelope below has them put in. Check it and send it back (reply with it at the top; the rest may stay quoted). If the template as it was is what you meant, send it again without the lines outside it.',
    ],
    sections: [
      { heading: 'The lines outside the envelope', text: a.outside.map(lineText).join('\n') },
      { heading: 'Ready to send, with your lines put in', text: ready },
    ],
  });
}
