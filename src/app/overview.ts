/**
 * The games at a glance for the game master (tallyho game list, game status): each game's clock,
 * who is missing, misses, holds and sign-up requests. Addresses appear here: this is the GM's view.
 */
import { currentDeadline, holdReason, missingPlayers } from './deadlines.ts';
import type { AppDeps } from './deps.ts';
import { requireGame } from './games.ts';
import type { JoinRequestRow } from './ports-control.ts';
import type { GameRow, StoreTx } from './ports.ts';
import type { GameSettings } from './settings.ts';

export interface GameClockView {
  zone: string;
  /** The current turn's deadline (ms), or null. */
  deadline: number | null;
  paused: boolean;
  pauseReason: string | null;
  /** Why a turn whose orders are all in waits, or null. */
  hold: string | null;
  missing: string[];
  /** Missed turns by player. */
  misses: Record<string, number>;
  extensions: { turn: number; total: number };
  gmEmail: string | null;
  settings: GameSettings;
  joinRequests: JoinRequestRow[];
  terminated: boolean;
}

export function clockView(deps: AppDeps, tx: StoreTx, game: GameRow): GameClockView {
  const control = tx.control.get(game.id);
  const running = game.status === 'running';
  const missing = running ? missingPlayers(tx, game).map((p) => p.id) : [];
  const misses: Record<string, number> = {};
  for (const p of tx.players.listAll(game.id)) misses[p.id] = tx.control.misses(game.id, p.id);
  return {
    zone: control.settings.zone,
    deadline: running ? currentDeadline(tx, game) : null,
    paused: control.pausedAt !== null,
    pauseReason: control.pauseReason,
    hold: running && !missing.length ? holdReason(tx, game, deps.clock.now()) : null,
    missing,
    misses,
    extensions: { turn: running ? tx.control.clock(game.id, game.turn)?.extensions ?? 0 : 0, total: control.extensions },
    gmEmail: control.gmEmail,
    settings: control.settings,
    joinRequests: tx.control.joinRequests(game.id),
    terminated: control.terminatedAt !== null,
  };
}

export function gameClock(deps: AppDeps, gameId: string): GameClockView {
  return deps.store.tx((tx) => clockView(deps, tx, requireGame(tx, gameId)));
}

export interface GameListEntry {
  id: string;
  name: string;
  status: GameRow['status'];
  turn: number;
  players: number;
  /** ISO time of the current deadline, or null. */
  deadline: string | null;
  zone: string;
  paused: boolean;
  missing: string[];
}

/** Every game with its clock, oldest first. */
export function listGames(deps: AppDeps): GameListEntry[] {
  return deps.store.tx((tx) => tx.games.list().map((g) => {
    const c = clockView(deps, tx, g);
    return {
      id: g.id, name: g.name, status: g.status, turn: g.turn, players: tx.players.list(g.id).length,
      deadline: c.deadline === null ? null : new Date(c.deadline).toISOString(), zone: c.zone, paused: c.paused, missing: c.missing,
    };
  }));
}
