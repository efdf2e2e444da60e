/**
 * The acknowledgement of an envelope of orders, as a view of what the intake found (AckInput: the
 * orders as read, their problems and previews, who is still to send, what holds the turn): pure,
 * nothing read from the store (app/mail/messages.ts queueAck queues it).
 */
import type { GameState } from '../../core/state.ts';
import type { GameRow, PlayerRow } from '../ports/store.ts';
import { quotedOrders, when, wrap } from '../words/text.ts';
import { type Preview, pathMaps } from './sheet.ts';
import { type Picture, previewPicture } from './pictures.ts';
import { commonParts } from './parts.ts';
import { durationText } from '../game/settings.ts';

export interface AckInput {
  game: GameRow;
  player: PlayerRow;
  turn: number;
  accepted: boolean;
  /** Accepted: the earlier orders these replace. Refused: the earlier orders that still stand. */
  earlier: { submittedAt: number } | null;
  /** Accepted: the same orders as the earlier ones (sent twice): nothing changed. */
  same?: boolean;
  canonical: string;
  problems: string[];
  previews: Preview[];
  /** The state the previews fly from (the turn's start): the picture's map. */
  state?: GameState;
  /** Accepted orders with FIRE lines: the forecast's text (app/views/forecast.ts); '' for none. */
  forecast?: string;
  /** What the player's trucks, tanks and ships will do (views/units.ts unitPreviews), a line each. */
  unitMoves?: string[];
  /** The player's flying planes without a plot (they fly the default). */
  defaulted: string[];
  /** Accepted plans picked by letter: what each stands for, a line each (app/intake/picks.ts). */
  picked?: string[];
  /** A pick refused: this turn's WAYS TO FLY (app/views/menu.ts); '' otherwise. */
  ways?: string;
  /** Players whose orders for the turn are still missing. */
  waiting: string[];
  /** What holds the turn besides missing orders (deadlines.ts turnReadiness, its hold), or null. */
  hold: string | null;
  /** Accepted orders with a WARNING in a preview: the turn waits for CONFIRM (deadlines.ts warnedOrders). */
  warned?: boolean;
  /** The game's `confirm` setting, minutes (0: warnings hold nothing). */
  confirmMinutes?: number;
  /** Until when the turn waits for this player's CONFIRM (both zones), when it does. */
  confirmUntil?: string | null;
  notes: string[];
  inboundId: number;
  replyTo: string;
  sender: string;
  /** A refusal: the player's envelope with this turn's token, ready to correct and send. */
  ready?: string;
}

/** What happens next to the turn, as true as the acknowledgement can know it. */
function progressText(a: AckInput): string {
  const holds = a.hold ? ` The turn is not resolved yet: ${a.hold}.` : '';
  if (!a.accepted)
    return `${a.ready ? 'Correct the orders below (YOUR ORDERS, READY TO CORRECT) and send them back' : 'Correct the orders and send them again'}.${holds}`;
  // A WARNING: never "change the plot" together with "the turn is resolved".
  if (a.warned && a.confirmMinutes) {
    const choice = a.ready
      ? 'send new orders, or CONFIRM to have them flown as they are (the envelope at the end of this mail, YOUR ORDERS WITH CONFIRM, READY TO SEND, does it: send it back as it is)'
      : 'send new orders, or CONFIRM in an envelope (alone, or with these orders) to have them flown as they are';
    const until = a.confirmUntil ?? `${durationText(a.confirmMinutes)} from now`;
    return a.waiting.length
      ? `Your orders carry a WARNING (above). Still to send orders for turn ${a.turn}: ${a.waiting.join(', ')}. Should they all be in before ${until}, the turn waits for you until then: ${choice}. Without either, they are flown as they are.`
      : `Your orders carry a WARNING (above). Every player's orders are in, so the turn waits for you until ${until}: ${choice}. Without either, they are flown as they are then.`;
  }
  if (a.warned)
    return `Your orders carry a WARNING (above), and this game does not hold a turn for warnings: ${a.waiting.length ? `still to send orders for turn ${a.turn}: ${a.waiting.join(', ')}; until the turn is resolved you may send new orders, the latest count.` : a.hold ? `the turn is not resolved yet (${a.hold}); until then you may send new orders.` : 'every order is in, so the turn is resolved now as they stand.'}`;
  if (a.waiting.length)
    return `Still to send orders for turn ${a.turn}: ${a.waiting.join(', ')}. You may send new orders until the turn is resolved; the latest count.${holds}`;
  if (a.hold)
    return `Every player's orders are in, but the turn is not resolved yet: ${a.hold}. You may send new orders until then; the latest count.`;
  return `Every player's orders are in, so the referee resolves the turn now: its report follows in a mail of its own (or, should anything stop the turn, a notice saying what).`;
}

export const PATH_KEY = '+n: the hex it enters in impulse n';
export const PATH_KEY_TWO_PHASE = '+n: its nth hex this turn';
export const PATH_KEY_QUICK = '+n: the nth hex of its move';

/** The acknowledgement's view. */
export function ackView(referee: string, a: AckInput) {
  return {
    ...commonParts(referee, a.game, a.player),
    turn: a.turn,
    accepted: a.accepted,
    earlierAt: a.earlier ? when(a.earlier.submittedAt) : '',
    same: !!a.same,
    canonical: wrap(quotedOrders(a.canonical), 6),
    problems: a.problems.map((p) => wrap(`- ${p}`, 2)),
    // One map for every plane's path when they can all be followed there (views.ts pathMaps).
    previews: a.state
      ? pathMaps(a.state, a.previews)
      : a.previews.map((p) => ({ planes: p.plane, several: false, map: p.map })),
    // What the +n of a path is: the impulse, or in the two-phase sequence the plane's nth hex.
    pathKey: a.state?.quick
      ? PATH_KEY_QUICK
      : a.state?.options.sequence === 'two-phase'
        ? PATH_KEY_TWO_PHASE
        : PATH_KEY,
    forecast: a.forecast ?? '',
    unitMoves: (a.unitMoves ?? []).map((l) => wrap(l, 4)),
    defaulted: !a.defaulted.length
      ? ''
      : a.state?.quick
        ? wrap(
            `${a.defaulted.join(', ')}: no move given; ${a.defaulted.length === 1 ? 'it flies' : 'they fly'} straight on at ${a.defaulted.length === 1 ? 'its' : 'their'} SPEED.`,
            2,
          )
        : wrap(
            `${a.defaulted.join(', ')}: no plot given; ${a.defaulted.length === 1 ? 'it flies' : 'they fly'} the manoeuvre carried over, then forwards manoeuvres; fire orders, if any, still count.`,
            2,
          ),
    waiting: a.waiting.join(', '),
    progress: wrap(progressText(a), 0),
    // A refusal's orders ready to correct; accepted orders with a WARNING in a game that holds the
    // turn for it: the same orders with CONFIRM, ready to send.
    ready: !a.accepted || (a.warned && a.confirmMinutes) ? (a.ready ?? '') : '',
    readyHeading: a.accepted ? 'YOUR ORDERS WITH CONFIRM, READY TO SEND' : 'YOUR ORDERS, READY TO CORRECT',
    readyTitle: a.accepted ? 'Your orders with CONFIRM, ready to send' : 'Your orders, ready to correct',
    notes: a.notes.map((n) => wrap(`- ${n}`, 2)),
    picked: a.picked ?? [],
    ways: a.ways ?? '',
    sender: a.sender,
  };
}

/** The acknowledgement's picture: the previews' paths on the map, when there are any. */
export function ackPicture(a: AckInput): Picture | null {
  return a.state && a.previews.length
    ? previewPicture(
        a.state,
        a.previews.map((p) => ({ plane: p.plane, marks: p.path })),
        a.player.planes,
        a.game.name,
      )
    : null;
}
