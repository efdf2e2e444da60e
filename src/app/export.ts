/**
 * The whole history of a game as one JSON document (docs/cli.md, "tallyho export"), and its
 * restoration into a store. An export is the game master's backup: it holds the players' addresses
 * and the current turn's still-secret dice seed (so a restored game goes on with the commitment its
 * players were mailed), but never a secret hash; the import issues every player a new secret.
 * Mail (the inbound ledger and the outbox) is not part of a game's history and is not exported.
 */
import type { GameEvent } from '../core/events.ts';
import type { GameState } from '../core/state.ts';
import type { TurnOrders } from '../core/turn.ts';
import { AppError, type AppDeps } from './deps.ts';
import { requireGame } from './games.ts';
import type { GameRow, GameStatus, OrdersRow } from './ports.ts';

export const EXPORT_FORMAT = 'tallyho-game';
export const EXPORT_VERSION = 1;

export interface ExportedOrders {
  player: string;
  submittedAt: number;
  accepted: boolean;
  /** The submission the turn was resolved with (the player's latest accepted one). */
  flown: boolean;
  canonical: string;
  orders: TurnOrders;
  problems: string[];
}

export interface ExportedDice {
  serverSeed: string;
  commitment: string;
  drawnAt: number;
  ordersDigest: string | null;
  effectiveSeed: string | null;
  resolvedAt: number | null;
}

export interface ExportedTurn {
  turn: number;
  openedAt: number;
  resolvedAt: number | null;
  /** The state at the start of the turn. */
  state: GameState;
  /** Null for a turn resolved before verifiable dice (its state's own seed threw the dice). */
  dice: ExportedDice | null;
  /** Every submission for the turn, oldest first. */
  orders: ExportedOrders[];
  /** What happened, when the turn is resolved. */
  events: GameEvent[];
}

export interface ExportedPlayer {
  id: string;
  email: string;
  planes: string[];
  createdAt: number;
  threadRoot: string | null;
}

export interface GameExport {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  exportedAt: number;
  game: {
    id: string; name: string; status: GameStatus; turn: number; seed: string;
    createdAt: number; startedAt: number | null; endedAt: number | null;
    /** The scenario the game was created from. */
    scenario: unknown;
  };
  players: ExportedPlayer[];
  /** Turn 1 to the game's current turn. */
  turns: ExportedTurn[];
}

export function exportGame(deps: AppDeps, gameId: string): GameExport {
  return deps.store.tx((tx) => {
    const g = requireGame(tx, gameId);
    const players = tx.players.list(g.id);
    const turns: ExportedTurn[] = [];
    for (let t = 1; t <= g.turn; t++) {
      const row = tx.turns.get(g.id, t);
      if (!row) throw new AppError('E_STATE', `game '${g.id}' has no stored state for turn ${t}: the store is damaged`);
      const latest = tx.orders.latestAccepted(g.id, t);
      const all: OrdersRow[] = players.flatMap((p) => tx.orders.history(g.id, p.id, t)).sort((a, b) => a.id - b.id);
      const dice = tx.dice.get(g.id, t);
      turns.push({
        turn: t, openedAt: row.openedAt, resolvedAt: row.resolvedAt, state: row.state,
        dice: dice ? { serverSeed: dice.serverSeed, commitment: dice.commitment, drawnAt: dice.drawnAt, ordersDigest: dice.ordersDigest, effectiveSeed: dice.effectiveSeed, resolvedAt: dice.resolvedAt } : null,
        orders: all.map((o) => ({
          player: o.playerId, submittedAt: o.submittedAt, accepted: o.accepted,
          flown: row.resolvedAt !== null && latest.get(o.playerId)?.id === o.id,
          canonical: o.canonical, orders: o.orders, problems: o.problems,
        })),
        events: row.resolvedAt === null ? [] : tx.events.list(g.id, t),
      });
    }
    let scenario: unknown;
    try { scenario = JSON.parse(g.scenario); } catch { scenario = g.scenario; }
    return {
      format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: deps.clock.now(),
      game: { id: g.id, name: g.name, status: g.status, turn: g.turn, seed: g.seed, createdAt: g.createdAt, startedAt: g.startedAt, endedAt: g.endedAt, scenario },
      players: players.map((p) => ({ id: p.id, email: p.email, planes: p.planes, createdAt: p.createdAt, threadRoot: p.threadRoot })),
      turns,
    };
  });
}

export interface ImportResult {
  game: GameRow;
  /** The new secret of every player, shown once (the export holds none). */
  secrets: { player: string; email: string; secret: string }[];
}

/**
 * Restores an export (checked by the caller: docs/cli.md) into the store, in one transaction. The
 * store must hold no game, unless `add` is given; a game with the same id is always refused.
 */
export function importGame(deps: AppDeps, data: GameExport, options: { add?: boolean } = {}): ImportResult {
  const secrets = data.players.map((p) => ({ player: p.id, email: p.email, secret: deps.keys.newSecret() }));
  const hashes = secrets.map((s) => deps.keys.hashSecret(s.secret));
  return deps.store.tx((tx) => {
    const g = data.game;
    const existing = tx.games.list();
    if (existing.some((x) => x.id === g.id)) throw new AppError('E_STATE', `a game '${g.id}' exists already in this database; nothing was imported`);
    if (existing.length && !options.add) {
      throw new AppError('E_STATE', `this database holds ${existing.length} game${existing.length === 1 ? '' : 's'} already; import restores into an empty database (set DATABASE_PATH to a new file), or give --add to put it next to them. Nothing was imported`);
    }
    const scenario = typeof g.scenario === 'string' ? g.scenario : JSON.stringify(g.scenario);
    tx.games.insert({ id: g.id, name: g.name, scenario, status: g.status, turn: g.turn, seed: g.seed, createdAt: g.createdAt });
    tx.games.update(g.id, { startedAt: g.startedAt, endedAt: g.endedAt });
    data.players.forEach((p, i) => {
      tx.players.insert({ gameId: g.id, id: p.id, email: p.email, secretHash: hashes[i] as string, createdAt: p.createdAt, planes: p.planes });
      if (p.threadRoot) tx.players.setThreadRoot(g.id, p.id, p.threadRoot);
    });
    for (const t of data.turns) {
      tx.turns.insert(g.id, t.turn, t.state, t.openedAt);
      if (t.resolvedAt !== null) tx.turns.markResolved(g.id, t.turn, t.resolvedAt);
      if (t.events.length) tx.events.insertAll(g.id, t.turn, t.events);
      if (t.dice) tx.dice.restore({ gameId: g.id, turn: t.turn, ...t.dice });
      for (const o of t.orders) {
        tx.orders.insert({
          gameId: g.id, playerId: o.player, turn: t.turn, inboundId: null, submittedAt: o.submittedAt, accepted: o.accepted,
          canonical: o.canonical, orders: o.orders, problems: o.problems,
        });
      }
    }
    return { game: requireGame(tx, g.id), secrets };
  });
}
