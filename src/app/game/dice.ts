/**
 * The dice of a turn, commit and reveal (docs/fair-dice.md): a fresh secret server seed for every
 * turn, drawn when the turn opens and published as its SHA-256; when the turn resolves, the dice
 * are thrown with SHA-256(server seed ':' orders digest) over the accepted orders that fly it.
 * resolveTurn stays pure: the app puts that seed into the state's dice before resolving.
 */
import { commitmentOf, effectiveSeed, ordersDigest, ordersHash, type PlayerOrdersHash } from '../../core/fair-dice.ts';
import type { GameState } from '../../core/state.ts';
import type { TurnOrders } from '../../core/turn.ts';
import { commitmentText, revealSummary, revealText } from '../../report/fair-dice.ts';
import { docUrl } from '../words/doc-links.ts';
import type { AppDeps } from '../ports/deps.ts';
import type { OrdersRow, StoreTx, TurnDiceRow } from '../ports/store.ts';

/** Draws a fresh secret seed for a turn (replacing an unresolved one) and records its commitment. */
export function openTurnDice(
  deps: AppDeps,
  tx: StoreTx,
  gameId: string,
  turn: number,
  serverSeed = deps.keys.newSeed(),
): TurnDiceRow {
  tx.dice.open({ gameId, turn, serverSeed, commitment: commitmentOf(serverSeed), drawnAt: deps.clock.now() });
  return tx.dice.get(gameId, turn) as TurnDiceRow;
}

/** Each player's accepted orders as flown, hashed, sorted by player. */
export function orderHashes(latest: ReadonlyMap<string, OrdersRow>): PlayerOrdersHash[] {
  return [...latest.values()]
    .map((o) => ({ player: o.playerId, hash: ordersHash(o.canonical) }))
    .sort((a, b) => (a.player < b.player ? -1 : a.player > b.player ? 1 : 0));
}

/** The orders that fly a turn: every player's latest accepted submission, merged. */
export function turnOrders(latest: ReadonlyMap<string, OrdersRow>): TurnOrders {
  const orders: TurnOrders = { plots: {}, fire: [] };
  // INITIATIVE lines: the later submission stands when two players of a side disagree.
  for (const o of [...latest.values()].sort((a, b) => a.submittedAt - b.submittedAt)) {
    if (o.orders.initiative) orders.initiative = { ...orders.initiative, ...o.orders.initiative };
  }
  for (const o of latest.values()) {
    Object.assign(orders.plots, o.orders.plots);
    if (o.orders.quick) orders.quick = { ...orders.quick, ...o.orders.quick };
    orders.fire.push(...o.orders.fire);
    if (o.orders.moves?.length) orders.moves = [...(orders.moves ?? []), ...o.orders.moves];
  }
  return orders;
}

export interface TurnDice {
  row: TurnDiceRow;
  orders: PlayerOrdersHash[];
  digest: string;
  /** The seed the turn's dice are thrown with. */
  seed: string;
}

/**
 * What throws a turn's dice with these orders. A turn without a drawn seed (a game from before
 * migration 002) gets one now. Nothing is stored: `sealTurnDice` records it once the turn resolved.
 */
export function turnDice(
  deps: AppDeps,
  tx: StoreTx,
  gameId: string,
  turn: number,
  latest: ReadonlyMap<string, OrdersRow>,
): TurnDice {
  return diceWith(tx.dice.get(gameId, turn) ?? openTurnDice(deps, tx, gameId, turn), latest);
}

/** What a drawn seed and these orders throw. */
export function diceWith(row: TurnDiceRow, latest: ReadonlyMap<string, OrdersRow>): TurnDice {
  const orders = orderHashes(latest);
  const digest = ordersDigest(orders);
  return { row, orders, digest, seed: effectiveSeed(row.serverSeed, digest) };
}

export function sealTurnDice(tx: StoreTx, gameId: string, turn: number, dice: TurnDice, at: number): void {
  tx.dice.seal(gameId, turn, dice.digest, dice.seed, at);
}

/** The state as resolveTurn takes it: the turn's dice seed in place of whatever the state held. */
export const withDiceSeed = (state: GameState, seed: string): GameState =>
  Object.assign({}, state, { dice: Object.assign({}, state.dice, { seed }) });

/** The FAIR DICE block of the mail that opens `turn` (the welcome): its commitment. */
export function commitmentBlock(tx: StoreTx, gameId: string, turn: number): string {
  const row = tx.dice.get(gameId, turn);
  return row ? commitmentText({ turn, commitment: row.commitment }) : '';
}

/** What the store holds of a resolved turn's dice for its reports, read once for all of them. */
export interface RevealFacts {
  turn: number;
  row: { serverSeed: string; commitment: string; ordersDigest: string; effectiveSeed: string } | null;
  latest: ReadonlyMap<string, OrdersRow>;
  next: { turn: number; commitment: string } | null;
}

/**
 * The resolved turn's dice and the next turn's commitment (`nextTurn` null: none), beside `latest`,
 * the orders that flew the turn (read by the caller: the report's facts hold them too).
 */
export function revealFacts(
  tx: StoreTx,
  gameId: string,
  turn: number,
  nextTurn: number | null,
  latest: ReadonlyMap<string, OrdersRow>,
): RevealFacts {
  const row = tx.dice.get(gameId, turn);
  if (!row?.ordersDigest || !row.effectiveSeed) return { turn, row: null, latest, next: null };
  const next = nextTurn === null ? undefined : tx.dice.get(gameId, nextTurn);
  return {
    turn,
    row: {
      serverSeed: row.serverSeed,
      commitment: row.commitment,
      ordersDigest: row.ordersDigest,
      effectiveSeed: row.effectiveSeed,
    },
    latest,
    next: next ? { turn: next.turn, commitment: next.commitment } : null,
  };
}

/**
 * The FAIR DICE blocks of a player's report of a resolved turn, with the next turn's commitment:
 * the short one near the top and the full record for the end of the mail ('' for both when the
 * turn has no sealed dice).
 */
export function revealWords(
  f: RevealFacts,
  playerId: string,
  publicUrl: string | null = null,
): { summary: string; full: string } {
  if (!f.row) return { summary: '', full: '' };
  const view = {
    turn: f.turn,
    serverSeed: f.row.serverSeed,
    commitment: f.row.commitment,
    orders: orderHashes(f.latest),
    digest: f.row.ordersDigest,
    diceSeed: f.row.effectiveSeed,
    own: f.latest.get(playerId)?.canonical ?? null,
  };
  const howTo = publicUrl ? docUrl(publicUrl, { doc: 'fair-dice', section: 'Checking a turn' }) : null;
  return { summary: revealSummary(view, f.next), full: revealText(view, f.next, howTo) };
}
