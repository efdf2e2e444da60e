/**
 * The Store's side of correspondence play (migrations/003_correspondence.sql): a game's settings
 * and game master, each turn's clock, missed turns, sign-up requests, replacements and rollback, and
 * turns that could not be resolved (009_turn_stalls.sql).
 */
import type { StandinLevel } from '../../core/standin/levels.ts';

export interface GameControlRow {
  gameId: string;
  settings: GameSettings;
  gmEmail: string | null;
  gmSecretHash: string | null;
  pausedAt: number | null;
  pauseReason: string | null;
  /** Extensions granted in all. */
  extensions: number;
  terminatedAt: number | null;
  terminateReason: string | null;
}

export interface TurnClockRow {
  gameId: string;
  turn: number;
  /** The schedule counts from here. */
  anchorAt: number;
  extensions: number;
  extendedMs: number;
  pausedMs: number;
  remindedAt: number | null;
  lateAt: number | null;
  /** No early resolution: the turn waits for its deadline or PROCESS. */
  hold: boolean;
  reruns: number;
}

/** One problem that keeps a turn from resolving: the plane it concerns (null: the referee itself). */
export interface StallProblem {
  plane: string | null;
  message: string;
}

/** A turn that could not be resolved (migrations/009_turn_stalls.sql, app/turn/stalls.ts). */
export interface TurnStallRow {
  gameId: string;
  turn: number;
  problems: StallProblem[];
  firstAt: number;
  lastAt: number;
  attempts: number;
  /** The turn resolved after all. */
  clearedAt: number | null;
}

export interface JoinRequestRow {
  gameId: string;
  playerId: string;
  email: string;
  note: string;
  requestedAt: number;
}

export interface ControlRepo {
  /** The game's control row; the defaults when it has none yet. */
  get(gameId: string): GameControlRow;
  save(row: GameControlRow): void;
  clock(gameId: string, turn: number): TurnClockRow | undefined;
  /** Inserts or replaces a turn's clock and writes its deadline to turns.deadline_at. */
  saveClock(row: TurnClockRow, deadlineAt: number | null): void;
  setZone(gameId: string, playerId: string, zone: string | null): void;
  setWait(gameId: string, playerId: string, turn: number | null): void;
  addMiss(gameId: string, turn: number, playerId: string, at: number): void;
  /** Turns the player missed, in all. */
  misses(gameId: string, playerId: string): number;
  /** Every miss of the game, by turn (tallyho export). */
  listMisses(gameId: string): { turn: number; playerId: string; at: number }[];
  joinRequests(gameId: string): JoinRequestRow[];
  addJoinRequest(row: JoinRequestRow): void;
  removeJoinRequest(gameId: string, playerId: string): void;
  /** Hands every plane of `from` to `to` (a player already inserted) and marks `from` replaced. */
  transferPlanes(gameId: string, from: string, to: string): void;
  /** Withdraws accepted orders of a turn (all players, or one): they no longer fly it. */
  withdrawOrders(gameId: string, turn: number, reason: string, playerId?: string): void;
  stall(gameId: string, turn: number): TurnStallRow | undefined;
  saveStall(row: TurnStallRow): void;
  /**
   * Undoes the resolution of `turn`: its events, the misses counted at it, the next turn's row,
   * clock and dice; the turn is open again (unresolved).
   */
  unresolve(gameId: string, turn: number): void;
}

export type Schedule =
  | { kind: 'none' }
  /** Every `days` days (weekdays only: counting Monday to Friday) at `at` (HH:MM) in the game's zone. */
  | { kind: 'every'; days: number; at: string; weekdays: boolean }
  /** One deadline per turn, `YYYY-MM-DD HH:MM` in the game's zone; later turns have none. */
  | { kind: 'dates'; dates: string[] };

export interface GameSettings {
  zone: string;
  schedule: Schedule;
  /** After the deadline, orders are still taken this long before the turn resolves. */
  graceMinutes: number;
  /** Reminders this long before the deadline; 0: none. */
  remindMinutes: number;
  /** A turn never resolves sooner than this after it opened. */
  minimumMinutes: number;
  /** The game master is alerted when a player has missed this many turns; 0: never. */
  maxMisses: number;
  maxExtensionsPerTurn: number;
  maxExtensionsTotal: number;
  /** How long EXTEND adds when no time is given. */
  extendMinutes: number;
  /** Open to sign-up by mail (JOIN) while the game is being set up. */
  signup: boolean;
  /**
   * Orders that carry a WARNING hold the turn they complete this long for the player's CONFIRM or
   * new orders (docs/players.md "The acknowledgement"); 0: never.
   */
  confirmMinutes: number;
  /** Who flies the planes of a player who missed a turn: the missed-orders default, or the stand-in (docs/standin.md). */
  missed: 'default' | 'standin';
  /** How well the stand-in flies in this game, wherever it flies (core/standin/levels.ts): an ace unless the GM or `--solo --level` says otherwise. */
  standinLevel: StandinLevel;
  /** Each player's leave in this game (LEAVE n DAYS), in minutes; 0: none. */
  leaveMinutes: number;
  /** Whether the players see each other's records of reliability (docs/gm-guide.md "A player's record"). */
  records: 'private' | 'public';
}
