/**
 * The games at a glance for the game master (tallyho game list, game status): each game's clock,
 * who is missing, misses, holds, sign-up requests, replies held back and wrong secrets. Addresses appear here: this is the GM's view.
 */
import { lastResolvedTurn } from '../archive/games.ts';
import { currentDeadline, turnReadiness } from '../game/deadlines.ts';
import type { AppDeps } from '../ports/deps.ts';
import { requireGame } from '../setup/games.ts';
import type { JoinRequestRow } from '../ports/control.ts';
import type { SuppressReason } from '../ports/replies.ts';
import type { GameRow, StoreTx } from '../ports/store.ts';
import type { GameSettings } from '../ports/control.ts';
import { openStall, stallLine } from '../turn/stalls.ts';

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
  /** Replies held back (mail/budget.ts), by reason: about the game or to its players' addresses. */
  heldBack: Record<SuppressReason, number>;
  /** Orders or GM commands with a wrong secret, and how many of them notices told (wrong-secrets.ts). */
  wrongSecrets: { attempts: number; noticed: number };
  /** The current turn cannot be resolved (app/turn/stalls.ts): since when, tries, every problem. */
  stall: { since: number; attempts: number; problems: string[] } | null;
}

export function clockView(deps: AppDeps, tx: StoreTx, game: GameRow): GameClockView {
  const control = tx.control.get(game.id);
  const running = game.status === 'running';
  const ready = running ? turnReadiness(tx, game, deps.clock.now()) : undefined;
  const missing = ready ? ready.missing.map((p) => p.id) : [];
  const misses: Record<string, number> = {};
  for (const p of tx.players.listAll(game.id)) misses[p.id] = tx.control.misses(game.id, p.id);
  return {
    zone: control.settings.zone,
    deadline: running ? currentDeadline(tx, game) : null,
    paused: control.pausedAt !== null,
    pauseReason: control.pauseReason,
    hold: ready && !missing.length ? ready.hold : null,
    missing,
    misses,
    extensions: {
      turn: running ? (tx.control.clock(game.id, game.turn)?.extensions ?? 0) : 0,
      total: control.extensions,
    },
    gmEmail: control.gmEmail,
    settings: control.settings,
    joinRequests: tx.control.joinRequests(game.id),
    terminated: control.terminatedAt !== null,
    heldBack: tx.replies.suppressedCounts(game.id, [...new Set(tx.players.listAll(game.id).map((p) => p.email))]),
    wrongSecrets: tx.replies.authFailureCounts(game.id),
    stall: stallView(tx, game),
  };
}

function stallView(tx: StoreTx, game: GameRow): GameClockView['stall'] {
  const s = game.status === 'running' ? openStall(tx, game) : undefined;
  return s ? { since: s.firstAt, attempts: s.attempts, problems: s.problems.map(stallLine) } : null;
}

/** Replies held back by the limits on replies, and wrong secrets (docs/gm-guide.md "Limits on replies"). */
export function heldBackLines(c: Pick<GameClockView, 'heldBack' | 'wrongSecrets'>): string[] {
  const held = Object.entries(c.heldBack).filter(([, n]) => n > 0);
  const total = held.reduce((a, [, n]) => a + n, 0);
  return [
    `  replies held back: ${total ? `${total} (${held.map(([r, n]) => `${r} ${n}`).join(', ')})` : 'none'}`,
    `  wrong secrets: ${c.wrongSecrets.attempts ? `${c.wrongSecrets.attempts} refused, ${c.wrongSecrets.noticed} of them told in notices` : 'none'}`,
  ];
}

export function gameClock(deps: AppDeps, gameId: string): GameClockView {
  return deps.store.tx((tx) => clockView(deps, tx, requireGame(tx, gameId)));
}

export interface GameListEntry {
  id: string;
  name: string;
  status: GameRow['status'];
  /** The current turn; of a game over, the last turn played (0: none). */
  turn: number;
  players: number;
  /** ISO time of the current deadline, or null. */
  deadline: string | null;
  zone: string;
  paused: boolean;
  missing: string[];
  /** The current turn cannot be resolved (app/turn/stalls.ts). */
  stalled: boolean;
}

/** Every game with its clock, oldest first. */
export function listGames(deps: AppDeps): GameListEntry[] {
  return deps.store.tx((tx) =>
    tx.games.list().map((g) => {
      const c = clockView(deps, tx, g);
      return {
        // A game over: the last turn played, not the one after it the state stands at.
        id: g.id,
        name: g.name,
        status: g.status,
        turn: g.status === 'over' ? lastResolvedTurn(tx, g) : g.turn,
        players: tx.players.list(g.id).length,
        deadline: c.deadline === null ? null : new Date(c.deadline).toISOString(),
        zone: c.zone,
        paused: c.paused,
        missing: c.missing,
        stalled: c.stall !== null,
      };
    }),
  );
}
