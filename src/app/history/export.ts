/**
 * The whole history of a game as one JSON document (docs/cli.md, "tallyho export"), and its
 * restoration into a store. An export is the game master's backup: it holds the players' addresses
 * and the current turn's still-secret dice seed (so a restored game goes on with the commitment its
 * players were mailed), the game's settings and deadlines, but never a secret hash: the import
 * issues every active player (and the game's own game master) a new secret.
 * Mail (the inbound ledger and the outbox) is not part of a game's history and is not exported.
 */
import type { GameEvent } from '../../core/events.ts';
import type { GameState } from '../../core/state.ts';
import type { TurnOrders } from '../../core/turn.ts';
import { AppError, type AppDeps } from '../ports/deps.ts';
import { requireGame } from '../setup/games.ts';
import type { TurnClockRow } from '../ports/control.ts';
import type { GameRow, GameStatus, OrdersRow, StandinMark } from '../ports/store.ts';
import type { GameSettings } from '../ports/control.ts';

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
  /** Orders the stand-in pilot gave (app/game/standin.ts); absent: the player's own. */
  standin?: StandinMark;
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
  /** The deadline in force, and the turn's clock (deadlines, reminders, extensions, reruns). */
  deadlineAt: number | null;
  clock: ExportedClock | null;
}

export interface ExportedPlayer {
  id: string;
  email: string;
  planes: string[];
  createdAt: number;
  threadRoot: string | null;
  /** IANA zone for deadlines in mail; null: the game's. */
  zone: string | null;
  /** 'replaced': the player's planes went to a replacement. */
  status: 'active' | 'replaced';
  waitTurn: number | null;
  /** 'computer': the stand-in flies the seat (absent in older exports: 'human'). */
  pilot?: 'human' | 'computer';
  /** LEAVE: until when, and the minutes of leave taken. */
  leaveUntil?: number | null;
  leaveUsed?: number;
}

/** Correspondence play (src/app/game/settings.ts, docs/gm-guide.md): settings and the game's state of play. */
export interface ExportedControl {
  settings: GameSettings;
  /** The game's own game master; `secret`: whether one was set (its hash is not exported). */
  gm: { email: string | null; secret: boolean };
  pausedAt: number | null;
  pauseReason: string | null;
  extensions: number;
  terminatedAt: number | null;
  terminateReason: string | null;
}

export type ExportedClock = Omit<TurnClockRow, 'gameId' | 'turn'>;

export interface GameExport {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  exportedAt: number;
  game: {
    id: string;
    name: string;
    status: GameStatus;
    turn: number;
    seed: string;
    createdAt: number;
    startedAt: number | null;
    endedAt: number | null;
    /** The scenario the game was created from. */
    scenario: unknown;
  };
  control: ExportedControl;
  players: ExportedPlayer[];
  /** Turn 1 to the game's current turn. */
  turns: ExportedTurn[];
  misses: { turn: number; player: string; at: number }[];
  joinRequests: { player: string; email: string; note: string; requestedAt: number }[];
}

const clockOf = (c: TurnClockRow | undefined): ExportedClock | null => {
  if (!c) return null;
  const { gameId: _g, turn: _t, ...rest } = c;
  return rest;
};

export function exportGame(deps: AppDeps, gameId: string): GameExport {
  return deps.store.tx((tx) => {
    const g = requireGame(tx, gameId);
    const players = tx.players.listAll(g.id);
    const turns: ExportedTurn[] = [];
    for (let t = 1; t <= g.turn; t++) {
      const row = tx.turns.get(g.id, t);
      if (!row) throw new AppError('E_STATE', `game '${g.id}' has no stored state for turn ${t}: the store is damaged`);
      const latest = tx.orders.latestAccepted(g.id, t);
      const all: OrdersRow[] = players.flatMap((p) => tx.orders.history(g.id, p.id, t)).sort((a, b) => a.id - b.id);
      const dice = tx.dice.get(g.id, t);
      turns.push({
        turn: t,
        openedAt: row.openedAt,
        resolvedAt: row.resolvedAt,
        state: row.state,
        dice: dice
          ? {
              serverSeed: dice.serverSeed,
              commitment: dice.commitment,
              drawnAt: dice.drawnAt,
              ordersDigest: dice.ordersDigest,
              effectiveSeed: dice.effectiveSeed,
              resolvedAt: dice.resolvedAt,
            }
          : null,
        orders: all.map((o) => ({
          player: o.playerId,
          submittedAt: o.submittedAt,
          accepted: o.accepted,
          flown: row.resolvedAt !== null && latest.get(o.playerId)?.id === o.id,
          canonical: o.canonical,
          orders: o.orders,
          problems: o.problems,
          ...(o.standin ? { standin: o.standin } : {}),
        })),
        events: row.resolvedAt === null ? [] : tx.events.list(g.id, t),
        deadlineAt: tx.archive.deadline(g.id, t),
        clock: clockOf(tx.control.clock(g.id, t)),
      });
    }
    let scenario: unknown;
    try {
      scenario = JSON.parse(g.scenario);
    } catch {
      scenario = g.scenario;
    }
    const c = tx.control.get(g.id);
    return {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exportedAt: deps.clock.now(),
      game: {
        id: g.id,
        name: g.name,
        status: g.status,
        turn: g.turn,
        seed: g.seed,
        createdAt: g.createdAt,
        startedAt: g.startedAt,
        endedAt: g.endedAt,
        scenario,
      },
      control: {
        settings: c.settings,
        gm: { email: c.gmEmail, secret: c.gmSecretHash !== null },
        pausedAt: c.pausedAt,
        pauseReason: c.pauseReason,
        extensions: c.extensions,
        terminatedAt: c.terminatedAt,
        terminateReason: c.terminateReason,
      },
      players: players.map((p) => ({
        id: p.id,
        email: p.email,
        planes: p.planes,
        createdAt: p.createdAt,
        threadRoot: p.threadRoot,
        zone: p.zone,
        status: p.status,
        waitTurn: p.waitTurn,
        pilot: p.pilot,
        leaveUntil: p.leaveUntil,
        leaveUsed: p.leaveUsed,
      })),
      turns,
      misses: tx.control.listMisses(g.id).map((m) => ({ turn: m.turn, player: m.playerId, at: m.at })),
      joinRequests: tx.control
        .joinRequests(g.id)
        .map((j) => ({ player: j.playerId, email: j.email, note: j.note, requestedAt: j.requestedAt })),
    };
  });
}

export interface ImportResult {
  game: GameRow;
  /** The new secret of every player, shown once (the export holds none). */
  secrets: { player: string; email: string; secret: string }[];
  /** The game's own game master's new secret, when the game had one. */
  gmSecret: string | null;
}

/**
 * Restores an export (checked by the caller: docs/cli.md) into the store, in one transaction. The
 * store must hold no game, unless `add` is given; a game with the same id is always refused.
 */
export function importGame(deps: AppDeps, data: GameExport, options: { add?: boolean } = {}): ImportResult {
  const secrets = data.players
    .filter((p) => p.status === 'active')
    .map((p) => ({ player: p.id, email: p.email, secret: deps.keys.newSecret() }));
  const hashes = new Map(secrets.map((s) => [s.player, deps.keys.hashSecret(s.secret)]));
  // A replaced player can no longer send orders: their secret is one nobody knows.
  const unknown = deps.keys.hashSecret(deps.keys.newSecret());
  const gmSecret = data.control.gm.secret ? deps.keys.newSecret() : null;
  const gmSecretHash = gmSecret === null ? null : deps.keys.hashSecret(gmSecret);
  return deps.store.tx((tx) => {
    const g = data.game;
    const existing = tx.games.list();
    if (existing.some((x) => x.id === g.id))
      throw new AppError('E_STATE', `a game '${g.id}' exists already in this database; nothing was imported`);
    if (existing.length && !options.add) {
      throw new AppError(
        'E_STATE',
        `this database holds ${existing.length} game${existing.length === 1 ? '' : 's'} already; import restores into an empty database (set DATABASE_PATH to a new file), or give --add to put it next to them. Nothing was imported`,
      );
    }
    const scenario = typeof g.scenario === 'string' ? g.scenario : JSON.stringify(g.scenario);
    tx.games.insert({
      id: g.id,
      name: g.name,
      scenario,
      status: g.status,
      turn: g.turn,
      seed: g.seed,
      createdAt: g.createdAt,
    });
    tx.games.update(g.id, { startedAt: g.startedAt, endedAt: g.endedAt });
    const { gm, ...control } = data.control;
    tx.control.save({ gameId: g.id, ...control, gmEmail: gm.email, gmSecretHash });
    for (const p of data.players) {
      tx.players.insert({
        gameId: g.id,
        id: p.id,
        email: p.email,
        secretHash: hashes.get(p.id) ?? unknown,
        createdAt: p.createdAt,
        planes: p.planes,
        zone: p.zone,
        pilot: p.pilot ?? 'human',
      });
      if (p.leaveUntil || p.leaveUsed) tx.players.setLeave(g.id, p.id, p.leaveUntil ?? null, p.leaveUsed ?? 0);
      if (p.threadRoot) tx.players.setThreadRoot(g.id, p.id, p.threadRoot);
      // Handing a replaced player's planes (none left) to themselves marks them replaced.
      if (p.status === 'replaced') tx.control.transferPlanes(g.id, p.id, p.id);
      if (p.waitTurn !== null) tx.control.setWait(g.id, p.id, p.waitTurn);
    }
    for (const t of data.turns) {
      tx.turns.insert(g.id, t.turn, t.state, t.openedAt);
      if (t.resolvedAt !== null) tx.turns.markResolved(g.id, t.turn, t.resolvedAt);
      if (t.clock) tx.control.saveClock({ gameId: g.id, turn: t.turn, ...t.clock }, t.deadlineAt);
      if (t.events.length) tx.events.insertAll(g.id, t.turn, t.events);
      if (t.dice) tx.dice.restore({ gameId: g.id, turn: t.turn, ...t.dice });
      for (const o of t.orders) {
        tx.orders.insert({
          gameId: g.id,
          playerId: o.player,
          turn: t.turn,
          inboundId: null,
          submittedAt: o.submittedAt,
          accepted: o.accepted,
          canonical: o.canonical,
          orders: o.orders,
          problems: o.problems,
          standin: o.standin ?? null,
        });
      }
    }
    for (const m of data.misses) tx.control.addMiss(g.id, m.turn, m.player, m.at);
    for (const j of data.joinRequests)
      tx.control.addJoinRequest({
        gameId: g.id,
        playerId: j.player,
        email: j.email,
        note: j.note,
        requestedAt: j.requestedAt,
      });
    return { game: requireGame(tx, g.id), secrets, gmSecret };
  });
}
