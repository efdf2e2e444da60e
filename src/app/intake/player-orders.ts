/**
 * The orders of one envelope for one player, before the core checks them against the rules: which
 * lines are his (his planes, his units, still in the fight), what is wrong with the rest (another's
 * plane, a turn that is not the game's), and a note for each line left aside. Pure: the state and
 * the envelope in, the orders and words out (envelope.ts checkOrders takes it from here).
 */
import type { TurnOrders } from '../../core/turn.ts';
import type { GameState, PlaneState, PlaneStatus } from '../../core/state.ts';
import { flying, myPlanes } from '../../core/outcome.ts';
import type { UnitState } from '../../core/units/types.ts';
import { unitGoneWords } from '../../core/units/plan.ts';
import { sideOfPlayer } from '../../core/spotting/fog.ts';
import { formatFireOrder, formatMoveOrder, type Envelope, type MoveOrder } from '../../orders/index.ts';
import { firesAtPlaneGone } from '../views/sheet.ts';

/** A plane out of the fight, as a player reads it. */
const STATUS_WORDS: Record<PlaneStatus, string> = {
  flying: 'flying',
  'shot-down': 'shot down',
  'bailed-out': 'lost: its crew bailed out',
  crashed: 'lost: it crashed',
  exited: 'off the map',
};

/** The player's planes that are out of the fight, with how. */
export const planesGone = (state: GameState, own: readonly string[]): Map<string, PlaneStatus> => {
  const mine = new Set(own);
  return new Map(state.planes.filter((p) => mine.has(p.id) && p.status !== 'flying').map((p) => [p.id, p.status]));
};

/** A plane out of the fight, as a player reads it: "R1 is shot down". */
export const goneWords = (gone: ReadonlyMap<string, PlaneStatus>, id: string): string =>
  `${id} is ${STATUS_WORDS[gone.get(id) as PlaneStatus]}`;

/** An envelope whose turn token or TURN line names another turn than the game's. */
export function turnProblems(env: Envelope, gameTurn: number, tokenTurn: number | null): string[] {
  const problems: string[] = [];
  if (tokenTurn !== null && tokenTurn !== gameTurn)
    problems.push(
      `this envelope's turn token is for turn ${tokenTurn}; the game is at turn ${gameTurn}. Copy the first line of the envelope in your latest report, or use your secret`,
    );
  if (env.turn !== undefined && env.turn !== gameTurn)
    problems.push(
      `these orders say TURN ${env.turn}; the game is at turn ${gameTurn}. Remove the TURN line or write TURN ${gameTurn}`,
    );
  return problems;
}

export interface PlayerOrders {
  orders: TurnOrders;
  /** The MOVE lines of his units still in the game. */
  moves: MoveOrder[];
  /** Lines for planes and units that are not his, INITIATIVE where nobody rolls for it. */
  problems: string[];
  /** A line for each order left aside: its plane or unit out of the fight, its target gone. */
  notes: string[];
  /** His planes still flying. */
  planes: PlaneState[];
}

/**
 * The envelope's orders that are the player's: `state` the game's, `seen` what his side has
 * identified (fire orders are read against it: docs/spotting.md), `gone` his planes out of the
 * fight (planesGone).
 */
export function ordersForPlayer(
  state: GameState,
  seen: GameState,
  env: Envelope,
  own: readonly string[],
  gone: ReadonlyMap<string, PlaneStatus>,
): PlayerOrders {
  const mine = new Set(own);
  const problems: string[] = [];
  for (const p of env.plots)
    if (!mine.has(p.plane))
      problems.push(`${p.plane} is not one of your planes (${own.join(', ')}); its plot was not taken`);
  for (const f of env.fire)
    if (!mine.has(f.plane))
      problems.push(`${f.plane} is not one of your planes (${own.join(', ')}); its fire order was not taken`);
  for (const m of env.moves ?? [])
    if (!mine.has(m.unit))
      problems.push(`${m.unit} is not one of your units (${own.join(', ')}); its MOVE order was not taken`);
  // A MOVE line for one of the player's units that has left the game is left aside, with a note.
  const unitsGone = new Map(
    (state.units ?? []).filter((u) => mine.has(u.id) && u.status !== 'active').map((u) => [u.id, u]),
  );
  const moves = (env.moves ?? []).filter((m) => mine.has(m.unit) && !unitsGone.has(m.unit));
  const orders: TurnOrders = {
    plots: {},
    fire: env.fire.filter((f) => mine.has(f.plane) && !gone.has(f.plane)),
    ...(moves.length ? { moves } : {}),
  };
  // INITIATIVE FIRST/LAST: the side's standing choice in a two-phase game (seed 003, docs/orders.md).
  if (env.initiative) {
    if (state.options.sequence !== 'two-phase')
      problems.push(
        `INITIATIVE ${env.initiative.toUpperCase()}: this game is played in twelve impulses (seed 000), where nobody rolls for initiative; leave the line out`,
      );
    else {
      const side = sideOfPlayer(state, [...own]);
      if (side) orders.initiative = { [side]: env.initiative };
    }
  }
  for (const p of env.plots) if (mine.has(p.plane) && !gone.has(p.plane)) orders.plots[p.plane] = p;
  // The quick game's moves (seed 004, `S1: 2L1`): the player's own aircraft still flying.
  for (const q of env.quick ?? [])
    if (!mine.has(q.plane))
      problems.push(`${q.plane} is not one of your aircraft (${own.join(', ')}); its move was not taken`);
  const quickMoves = (env.quick ?? []).filter((q) => mine.has(q.plane) && !gone.has(q.plane));
  if (quickMoves.length) orders.quick = Object.fromEntries(quickMoves.map((q) => [q.plane, q.steps]));
  const goneNote = (id: string, what: string) => `${goneWords(gone, id)}: its ${what} was left aside`;
  const notes = [
    ...env.plots.filter((p) => gone.has(p.plane)).map((p) => goneNote(p.plane, 'plot')),
    ...env.fire.filter((f) => gone.has(f.plane)).map((f) => goneNote(f.plane, `fire order ${formatFireOrder(f)}`)),
    ...(env.moves ?? [])
      .filter((m) => unitsGone.has(m.unit))
      .map(
        (m) =>
          `${m.unit} ${unitGoneWords(unitsGone.get(m.unit) as UnitState)}: its ${formatMoveOrder(m)} was left aside`,
      ),
    // Fire orders are read against what the player's side has identified (docs/spotting.md).
    ...orders.fire
      .filter((f) => firesAtPlaneGone(seen, f))
      .map((f) => `${formatFireOrder(f)}: ${f.target.toUpperCase()} is out of the fight, so this order cannot fire`),
  ];
  return { orders, moves, problems, notes, planes: flying(myPlanes(state, own)) };
}

/**
 * A plot (or a quick game's move) that could not be read is not checked against the rules either:
 * said, so that a corrected plot refused for a bank or a turn mode next time is no surprise.
 */
export function unreadPlotNotes(env: Envelope, own: readonly string[], quick: boolean): string[] {
  const mine = new Set(own);
  const ids = new Set(
    (env.unread ?? []).flatMap((u) => {
      const m = /^\s*(?:PLOT\s+)?([A-Za-z0-9_-]{1,16})\s*:/i.exec(u.text);
      return m && mine.has((m[1] as string).toUpperCase()) ? [(m[1] as string).toUpperCase()] : [];
    }),
  );
  return [...ids].map((id) =>
    quick
      ? `${id}'s move could not be read, so it was not checked against the rules (SPEED, turns) yet: correct it, and the next acknowledgement checks it whole`
      : `${id}'s plot could not be read, so it was not checked against the rules (banks, turn modes, climb and dive, power) yet: correct it, and the next acknowledgement checks it whole`,
  );
}
