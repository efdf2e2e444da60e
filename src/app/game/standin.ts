/**
 * Who the stand-in pilot flies for, and its orders as stored (docs/standin.md, docs/gm-guide.md
 * "The stand-in"). It flies a player's planes for a turn when the seat is the computer's, when the
 * player is on leave (LEAVE n DAYS, until BACK or the time is up), and, when the game's `missed`
 * setting is `standin`, for a turn he missed. A player's own accepted orders always come first: the
 * stand-in only flies a turn he has none in.
 *
 * Its orders are stored as the player's orders of the turn, marked as the stand-in's with why, its
 * version and its choices, and go into the turn's orders digest like any other (app/game/dice.ts).
 * Its seed is SHA-256(server seed ':standin:' player): secret while the turn is open, so nobody can
 * work out its choice in advance, and published with the turn's dice, so `tallyho verify`
 * re-derives it.
 */
import { sha256Hex } from '../../core/sha256.ts';
import { standIn } from '../../core/standin/pilot.ts';
import { STANDIN_VERSION } from '../../core/standin/version.ts';
import { DEFAULT_LEVEL, levelName, type StandinLevel } from '../../core/standin/levels.ts';
import { sideOfPlayer } from '../../core/spotting/fog.ts';
import type { GameState } from '../../core/state.ts';
import type { TurnOrders } from '../../core/turn.ts';
import { formatOrders } from '../../orders/envelope.ts';
import type { PlayerRow, StandinMark } from '../ports/store.ts';
import { wrap } from '../words/text.ts';

/** Whether the player is on leave at `now` (LEAVE n DAYS, app/setup/leave.ts). */
export const onLeave = (p: Pick<PlayerRow, 'leaveUntil'>, now: number): boolean =>
  p.leaveUntil !== null && now < p.leaveUntil;

/** Why the stand-in flies a player's planes whatever he sends: the computer's seat, or his leave. */
export function standsIn(p: PlayerRow, now: number): 'computer' | 'leave' | null {
  if (p.pilot === 'computer') return 'computer';
  if (onLeave(p, now)) return 'leave';
  return null;
}

/** The seed of the stand-in's choices for a player in a turn thrown with `serverSeed`. */
export const standinSeed = (serverSeed: string, playerId: string): string =>
  sha256Hex(`${serverSeed}:standin:${playerId}`);

/** The orders the stand-in gives for a player's planes, as stored: the orders, their text, the mark. */
export interface StandinOrders {
  orders: TurnOrders;
  canonical: string;
  standin: StandinMark;
}

/**
 * The stand-in's orders for `player`'s planes and units in `state` (the turn's state, whole: it
 * sees only what the player's side sees), `serverSeed` the turn's, flown at `level` (the game's
 * `standin` setting). Null when the player has nothing it flies.
 */
export function standinOrders(
  state: GameState,
  gameId: string,
  player: Pick<PlayerRow, 'id' | 'planes'>,
  serverSeed: string,
  reason: StandinMark['reason'],
  level: StandinLevel = DEFAULT_LEVEL,
): StandinOrders | null {
  const side = sideOfPlayer(state, player.planes);
  if (!side) return null;
  // It flies the player's own planes and units only (a side may be split among players).
  const r = standIn(state, side, standinSeed(serverSeed, player.id), { planes: player.planes, level });
  // A quick game's empty list of moves is left out, as the player's own orders leave it out.
  const { quick, ...rest } = r.orders;
  const orders: TurnOrders = quick && Object.keys(quick).length ? { ...rest, quick } : rest;
  const choices = r.choices.map((c) => ({ plane: c.plane, text: c.text, why: c.why }));
  return {
    orders,
    canonical: ordersEnvelope(gameId, player.id, '(secret)', state.turn, orders),
    standin: {
      reason,
      version: STANDIN_VERSION,
      ...(level === DEFAULT_LEVEL ? {} : { level }),
      planes: [...player.planes],
      choices,
    },
  };
}

/** Orders as the text of one envelope, as a player would send them (the stand-in's, stored or printed by `tallyho standin`). */
export function ordersEnvelope(
  gameId: string,
  playerId: string,
  secret: string,
  turn: number,
  orders: TurnOrders,
): string {
  const quick = Object.entries(orders.quick ?? {}).map(([plane, steps]) => ({ plane, steps }));
  return formatOrders([
    {
      game: gameId,
      player: playerId,
      secret,
      turn,
      plots: Object.values(orders.plots),
      fire: orders.fire,
      commands: [],
      line: 1,
      ...(quick.length ? { quick } : {}),
      ...(orders.moves?.length ? { moves: orders.moves } : {}),
    },
  ]);
}

/** A part of THE STAND-IN PILOT: a paragraph, and under it the plots chosen with their reasons. */
export interface StandinPart {
  text: string;
  choices: { plot: string; why: string }[];
  none?: boolean;
}

/**
 * The report's THE STAND-IN PILOT for `reader` of a resolved turn, as parts: for his own planes
 * what it chose and why (a plot and its reason each, `none` when none of them could take orders);
 * for another player's only that it flew them (and why, unless it was his leave, which is his own
 * business); none when it flew nobody's planes. The text mail lays them out (standinText); the
 * HTML mail as paragraphs and a list, never in <pre>, so that a phone wraps them.
 */
export function standinParts(
  rows: Iterable<{ playerId: string; standin: StandinMark | null }>,
  reader: { id: string },
  leaveUntil: string | null,
): StandinPart[] {
  const out: StandinPart[] = [];
  for (const o of rows) {
    const m = o.standin;
    if (!m) continue;
    if (o.playerId === reader.id) {
      const why =
        m.reason === 'missed'
          ? 'no orders from you were in by the deadline, and in this game the stand-in flies a missed turn'
          : m.reason === 'leave'
            ? `you are on leave${leaveUntil ? ` until ${leaveUntil}` : ''}; send BACK to fly them yourself again`
            : 'your seat is flown by the computer';
      out.push({
        text: `It flew your planes this turn (${why}). What it chose, and why:`,
        choices: m.choices.map((c) => ({ plot: c.text, why: c.why })),
        none: !m.choices.length,
      });
    } else if (m.reason === 'computer') {
      out.push({
        text: `It flies the computer's seat (player ${o.playerId}) as ${levelWords(m.level)}, knowing only what that side sees, never anyone's orders.`,
        choices: [],
      });
    } else {
      out.push({
        text: `It flew ${o.playerId}'s planes this turn${m.reason === 'missed' ? ': no orders from them were in by the deadline' : ''}. It knows only what ${o.playerId}'s side sees, never anyone's orders.`,
        choices: [],
      });
    }
  }
  return out;
}

/** THE STAND-IN PILOT of the text mail (standinParts): each part wrapped, its plots indented, their reasons under them. */
export function standinText(parts: readonly StandinPart[]): string {
  return parts
    .flatMap((p) => [
      wrap(p.text, 0),
      ...p.choices.flatMap((c) => [`  ${c.plot}`, wrap(`      ${c.why}`, 6)]),
      ...(p.none ? ['  nothing: none of your planes could take orders'] : []),
    ])
    .join('\n');
}

/** The level it flew at, in words: 'an ace' (its best, also for orders stored before levels were), 'a recruit', 'a regular'. */
const levelWords = (level: StandinLevel = DEFAULT_LEVEL): string =>
  `${levelName(level)}${level === DEFAULT_LEVEL ? ', its best' : ''}`;

/** Whose planes the stand-in flew, in words for the debrief (a leave is named as no more than flying for him). */
function flewFor(playerId: string, m: StandinMark): string {
  const as = m.level && m.level !== DEFAULT_LEVEL ? `, as ${levelName(m.level)}` : '';
  return m.reason === 'computer'
    ? `the computer's seat (player ${playerId})${as}`
    : m.reason === 'missed'
      ? `${playerId}'s planes, who missed the turn${as}`
      : `${playerId}'s planes${as}`;
}

/** One turn of the debrief: for whom the stand-in flew, and each choice with its reason. */
export interface DebriefTurn {
  turn: number;
  flights: { who: string; choices: { text: string; why: string }[] }[];
}

/**
 * The stand-in's debrief of a game that is over (docs/standin.md "The debrief"): every turn it flew
 * anyone's planes, what it chose and why, as it told the side it flew for while the game ran.
 * `byTurn`: the accepted orders of each turn (OrdersRepo latestAcceptedOf).
 */
export function debriefOf(
  byTurn: ReadonlyMap<number, ReadonlyMap<string, { playerId: string; standin: StandinMark | null }>>,
): DebriefTurn[] {
  const out: DebriefTurn[] = [];
  for (const turn of [...byTurn.keys()].sort((a, b) => a - b)) {
    const flights = [...(byTurn.get(turn)?.values() ?? [])]
      .flatMap((o) => (o.standin ? [{ playerId: o.playerId, m: o.standin }] : []))
      .sort((a, b) => a.playerId.localeCompare(b.playerId))
      .map(({ playerId, m }) => ({
        who: flewFor(playerId, m),
        choices: m.choices.map((c) => ({ text: c.text, why: c.why })),
      }));
    if (flights.length) out.push({ turn, flights });
  }
  return out;
}

/** The debrief as text for mail: a turn a paragraph, each choice's line and its reason under it. */
export function debriefText(turns: readonly DebriefTurn[]): string {
  const out: string[] = [];
  for (const t of turns) {
    for (const f of t.flights) {
      out.push(wrap(`Turn ${t.turn}, flying ${f.who}:`, 0));
      for (const c of f.choices) out.push(`  ${c.text || '(left to its default)'}`, wrap(`      ${c.why}`, 6));
      if (!f.choices.length) out.push('  nothing: none of the planes could take orders');
    }
    out.push('');
  }
  return out.join('\n').trimEnd();
}
