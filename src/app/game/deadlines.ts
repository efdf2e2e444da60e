/**
 * A turn's clock (docs/gm-guide.md "Deadlines"): its deadline from the game's schedule, moved by
 * extensions and pauses; who is still missing; and why a turn whose orders are all in may not be
 * resolved yet (a pause, a player's WAIT, the game's minimum, a rolled-back turn).
 */
import { standsIn } from './standin.ts';
import type { GameControlRow, TurnClockRow } from '../ports/control.ts';
import type { GameRow, PlayerRow, StoreTx } from '../ports/store.ts';
import type { GameState } from '../../core/state.ts';
import { deadlineLines, deadlineText, scheduledDeadline } from './settings.ts';
import { inPlay } from '../../core/outcome.ts';
import { wrap } from '../words/text.ts';

const MINUTE = 60_000;

/** The turn's clock, made (anchored where the turn opened, or at the game's start) when first asked for. */
export function turnClock(tx: StoreTx, game: GameRow, turn = game.turn): TurnClockRow {
  const kept = tx.control.clock(game.id, turn);
  if (kept) return kept;
  const row = tx.turns.get(game.id, turn);
  const anchorAt = Math.max(row?.openedAt ?? 0, game.startedAt ?? 0);
  const clock: TurnClockRow = {
    gameId: game.id,
    turn,
    anchorAt,
    extensions: 0,
    extendedMs: 0,
    pausedMs: 0,
    remindedAt: null,
    lateAt: null,
    hold: false,
    reruns: 0,
  };
  saveClock(tx, tx.control.get(game.id), clock);
  return clock;
}

/** The deadline in force for a clock under these settings, or null when the game has no schedule. */
export function deadlineFor(control: GameControlRow, clock: TurnClockRow): number | null {
  const base = scheduledDeadline(control.settings, clock.turn, clock.anchorAt);
  return base === null ? null : base + clock.extendedMs + clock.pausedMs;
}

export function saveClock(tx: StoreTx, control: GameControlRow, clock: TurnClockRow): void {
  tx.control.saveClock(clock, deadlineFor(control, clock));
}

/** The current turn's deadline, or null (no schedule, or the game is not running). */
export function currentDeadline(tx: StoreTx, game: GameRow): number | null {
  if (game.status !== 'running') return null;
  return deadlineFor(tx.control.get(game.id), turnClock(tx, game));
}

/**
 * After a change of schedule or zone: the current turn's deadline again. A deadline that would
 * now lie in the past counts from `now` instead, so a change never resolves a turn by surprise.
 */
export function refreshDeadline(tx: StoreTx, game: GameRow, now: number): number | null {
  if (game.status !== 'running') return null;
  const control = tx.control.get(game.id);
  let clock = turnClock(tx, game);
  const d = deadlineFor(control, clock);
  if (d !== null && d <= now)
    clock = { ...clock, anchorAt: now, extendedMs: 0, pausedMs: 0, remindedAt: null, lateAt: null };
  saveClock(tx, control, clock);
  return deadlineFor(control, clock);
}

/** The turn's state and players; of them, those with something in play who have no orders in (not the stand-in's seats), and whether any player's own orders are in; undefined without the turn's state. */
function seatsIn(
  tx: StoreTx,
  game: GameRow,
  now: number,
): { state: GameState; players: PlayerRow[]; missing: PlayerRow[]; humansIn: boolean } | undefined {
  const state = tx.turns.get(game.id, game.turn)?.state;
  if (!state) return undefined;
  const latest = tx.orders.latestAccepted(game.id, game.turn);
  const players = tx.players.list(game.id);
  // The stand-in's seats and players on leave are not waited for (app/game/standin.ts).
  const playing = players.filter((p) => inPlay(state, p.planes) > 0);
  return {
    state,
    players,
    missing: playing.filter((p) => !latest.has(p.id) && !standsIn(p, now)),
    humansIn: playing.some((p) => latest.has(p.id) && !standsIn(p, now)),
  };
}

/** What turnReadiness tells: `hold` and `ready` are read from the store when first asked, inside the caller's transaction. */
export interface TurnReadiness {
  missing: PlayerRow[];
  standinOnly: boolean;
  readonly hold: string | null;
  readonly ready: boolean;
}

/**
 * Whether the current turn is resolved now that its orders are in, the one reading of it (turn
 * resolution, the acknowledgements, the notices, the GM's status and overview, the reminders all
 * ask this, so that the words about a turn are true of it): the players it waits for; whether any
 * player's own orders are in (a turn that only the stand-in would fly, every seat the
 * computer's or on leave, waits for its deadline or PROCESS); what holds it (holdReason), worked
 * out only for a caller that asks (the clock's reminders and PROCESS need only the missing).
 */
export function turnReadiness(tx: StoreTx, game: GameRow, now: number): TurnReadiness {
  const seats = seatsIn(tx, game, now);
  if (!seats) return { missing: [], standinOnly: false, hold: null, ready: false };
  const { state, players, missing, humansIn } = seats;
  let hold: string | null | undefined;
  const holdOf = (): string | null => (hold === undefined ? (hold = holdReason(tx, game, now, state, players)) : hold);
  // standinOnly: nobody missing and no player's own orders in, every seat the stand-in's.
  return {
    missing,
    standinOnly: !missing.length && !humansIn,
    get hold() {
      return holdOf();
    },
    get ready() {
      return !missing.length && humansIn && holdOf() === null;
    },
  };
}

/**
 * Why the current turn may not be resolved early (every order in), and until when, or null when it
 * may (`state` and `players` the turn's, as turnReadiness read them). Times are in the game's zone.
 */
function holdReason(
  tx: StoreTx,
  game: GameRow,
  now: number,
  state: GameState,
  players: readonly PlayerRow[],
): string | null {
  const control = tx.control.get(game.id);
  const zone = control.settings.zone;
  const d = currentDeadline(tx, game);
  const atDeadline =
    d === null
      ? 'the game master resolves it (the turn has no deadline)'
      : `its deadline, ${deadlineText(d, zone, null)}`;
  if (control.pausedAt !== null)
    return `the game is paused${control.pauseReason ? ` (${control.pauseReason})` : ''}: nothing is resolved until the game master resumes it`;
  const clock = turnClock(tx, game);
  if (clock.hold) return `the turn was rolled back: it waits for ${atDeadline}, or the game master's PROCESS`;
  const waiting = players.filter((p) => p.waitTurn === game.turn && inPlay(state, p.planes) > 0).map((p) => p.id);
  if (waiting.length)
    return `${waiting.join(', ')} asked to WAIT: the turn waits for ${d === null ? `a NOWAIT, or until ${atDeadline}` : atDeadline}`;
  const warned = warnedOrders(tx, game, now, control.settings.confirmMinutes);
  if (warned.length) {
    const until = Math.max(...warned.map((o) => o.until));
    // Named, so that the warned player reads that it waits for him, the others for whom.
    const ids = [...new Set(warned.map((o) => o.playerId))];
    return `${ids.join(' and ')}'s orders carry a warning: the turn waits for ${ids.length === 1 ? `${ids[0]}'s` : "each one's"} CONFIRM or new orders, until ${deadlineText(until, zone, null)} at the latest`;
  }
  const earliest = clock.anchorAt + control.settings.minimumMinutes * MINUTE;
  if (now < earliest) return `the game's minimum time per turn: not before ${deadlineText(earliest, zone, null)}`;
  return null;
}

/**
 * Accepted orders of the current turn that carry a WARNING, not confirmed, sent less than the
 * game's `confirm` time ago: each player's, with the time the hold ends (docs/players.md "The
 * acknowledgement"): the `confirm` time from the mail, but never past the turn's deadline and its
 * grace, when the turn is resolved whatever holds it (turn/tick.ts).
 */
export function warnedOrders(
  tx: StoreTx,
  game: GameRow,
  now: number,
  confirmMinutes = tx.control.get(game.id).settings.confirmMinutes,
): { playerId: string; until: number }[] {
  if (!confirmMinutes) return [];
  const deadline = currentDeadline(tx, game);
  const cap = deadline === null ? Infinity : deadline + tx.control.get(game.id).settings.graceMinutes * MINUTE;
  return [...tx.orders.latestAccepted(game.id, game.turn).values()]
    .map((o) => ({ o, until: Math.min(o.submittedAt + confirmMinutes * MINUTE, cap) }))
    .filter(({ o, until }) => o.warnings.length && o.confirmedAt === null && now < until)
    .map(({ o, until }) => ({ playerId: o.playerId, until }));
}

/** The current turn's deadline for a mail to `player`: indented lines, the game's zone and the player's own; '' when none. */
export function deadlineLine(tx: StoreTx, game: GameRow, player: PlayerRow | null): string {
  const d = currentDeadline(tx, game);
  if (d === null) return '';
  const control = tx.control.get(game.id);
  return deadlineLines(d, control.settings.zone, player?.zone ?? null)
    .map((l) => wrap(`  ${l}`, 6))
    .join('\n');
}

/** The current deadline as a paragraph for mail to `player` (null: the game master), both zones. */
export function deadlineParagraph(tx: StoreTx, game: GameRow, player: PlayerRow | null): string {
  const d = currentDeadline(tx, game);
  if (d === null) return `Turn ${game.turn} has no deadline: it is resolved when every player's orders are in.`;
  const zone = tx.control.get(game.id).settings.zone;
  return [
    `The deadline of turn ${game.turn}:`,
    ...deadlineLines(d, zone, player?.zone ?? null).map((l) => `    ${l}`),
  ].join('\n');
}

/**
 * When a muster's one reminder goes (setup/muster-clock.ts): a day before its limit, but never in
 * the first half of the muster. The calendar's alarm of a muster rings then too.
 */
export const musterRemindAt = (m: { openedAt: number; until: number }): number =>
  Math.max(m.until - 86_400_000, m.openedAt + (m.until - m.openedAt) / 2);
