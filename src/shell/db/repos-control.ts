/** Correspondence play in SQLite (migrations/003_correspondence.sql): the ControlRepo. */
import type Database from 'better-sqlite3';
import type {
  ControlRepo,
  GameControlRow,
  JoinRequestRow,
  StallProblem,
  TurnClockRow,
} from '../../app/ports/control.ts';
import { DEFAULT_SETTINGS } from '../../app/game/settings.ts';
import { type GameSettings } from '../../app/ports/control.ts';

type Row = Record<string, unknown>;

const controlOf = (gameId: string, r: Row | undefined): GameControlRow => ({
  gameId,
  settings: { ...DEFAULT_SETTINGS, ...(r ? (JSON.parse(r.settings as string) as Partial<GameSettings>) : {}) },
  gmEmail: (r?.gm_email as string | null) ?? null,
  gmSecretHash: (r?.gm_secret_hash as string | null) ?? null,
  pausedAt: (r?.paused_at as number | null) ?? null,
  pauseReason: (r?.pause_reason as string | null) ?? null,
  extensions: (r?.extensions as number | undefined) ?? 0,
  terminatedAt: (r?.terminated_at as number | null) ?? null,
  terminateReason: (r?.terminate_reason as string | null) ?? null,
});

const clockOf = (r: Row): TurnClockRow => ({
  gameId: r.game_id as string,
  turn: r.turn as number,
  anchorAt: r.anchor_at as number,
  extensions: r.extensions as number,
  extendedMs: r.extended_ms as number,
  pausedMs: r.paused_ms as number,
  remindedAt: (r.reminded_at as number | null) ?? null,
  lateAt: (r.late_at as number | null) ?? null,
  hold: r.hold === 1,
  reruns: r.reruns as number,
});

export function controlRepo(db: Database.Database): ControlRepo {
  const get = db.prepare('SELECT * FROM game_control WHERE game_id = ?');
  const save =
    db.prepare(`INSERT INTO game_control (game_id, settings, gm_email, gm_secret_hash, paused_at, pause_reason, extensions, terminated_at, terminate_reason)
    VALUES (@gameId, @settings, @gmEmail, @gmSecretHash, @pausedAt, @pauseReason, @extensions, @terminatedAt, @terminateReason)
    ON CONFLICT (game_id) DO UPDATE SET settings = excluded.settings, gm_email = excluded.gm_email, gm_secret_hash = excluded.gm_secret_hash,
      paused_at = excluded.paused_at, pause_reason = excluded.pause_reason, extensions = excluded.extensions,
      terminated_at = excluded.terminated_at, terminate_reason = excluded.terminate_reason`);
  const clock = db.prepare('SELECT * FROM turn_clock WHERE game_id = ? AND turn = ?');
  const saveClock =
    db.prepare(`INSERT INTO turn_clock (game_id, turn, anchor_at, extensions, extended_ms, paused_ms, reminded_at, late_at, hold, reruns)
    VALUES (@gameId, @turn, @anchorAt, @extensions, @extendedMs, @pausedMs, @remindedAt, @lateAt, @hold, @reruns)
    ON CONFLICT (game_id, turn) DO UPDATE SET anchor_at = excluded.anchor_at, extensions = excluded.extensions,
      extended_ms = excluded.extended_ms, paused_ms = excluded.paused_ms, reminded_at = excluded.reminded_at,
      late_at = excluded.late_at, hold = excluded.hold, reruns = excluded.reruns`);
  const setDeadline = db.prepare('UPDATE turns SET deadline_at = ? WHERE game_id = ? AND turn = ?');
  const setZone = db.prepare('UPDATE players SET zone = ? WHERE game_id = ? AND id = ?');
  const setWait = db.prepare('UPDATE players SET wait_turn = ? WHERE game_id = ? AND id = ?');
  const addMiss = db.prepare('INSERT OR IGNORE INTO misses (game_id, turn, player_id, at) VALUES (?, ?, ?, ?)');
  const misses = db.prepare('SELECT COUNT(*) AS n FROM misses WHERE game_id = ? AND player_id = ?');
  const listMisses = db.prepare('SELECT turn, player_id, at FROM misses WHERE game_id = ? ORDER BY turn, player_id');
  const joins = db.prepare('SELECT * FROM join_requests WHERE game_id = ? ORDER BY requested_at, player_id');
  const addJoin = db.prepare(`INSERT INTO join_requests (game_id, player_id, email, note, requested_at)
    VALUES (@gameId, @playerId, @email, @note, @requestedAt)
    ON CONFLICT (game_id, player_id) DO UPDATE SET email = excluded.email, note = excluded.note, requested_at = excluded.requested_at`);
  const removeJoin = db.prepare('DELETE FROM join_requests WHERE game_id = ? AND player_id = ?');
  const movePlanes = db.prepare('UPDATE planes SET player_id = ? WHERE game_id = ? AND player_id = ?');
  const markReplaced = db.prepare(
    "UPDATE players SET status = 'replaced', wait_turn = NULL WHERE game_id = ? AND id = ?",
  );
  const withdraw = db.prepare(`UPDATE orders SET accepted = 0, problems = json_insert(problems, '$[#]', ?)
    WHERE game_id = ? AND turn = ? AND accepted = 1 AND (? IS NULL OR player_id = ?)`);
  const stall = db.prepare('SELECT * FROM turn_stalls WHERE game_id = ? AND turn = ?');
  const saveStall =
    db.prepare(`INSERT INTO turn_stalls (game_id, turn, problems, first_at, last_at, attempts, cleared_at)
    VALUES (@gameId, @turn, @problems, @firstAt, @lastAt, @attempts, @clearedAt)
    ON CONFLICT (game_id, turn) DO UPDATE SET problems = excluded.problems, first_at = excluded.first_at, last_at = excluded.last_at,
      attempts = excluded.attempts, cleared_at = excluded.cleared_at`);
  const unresolve = db.transaction((gameId: string, turn: number) => {
    db.prepare('DELETE FROM turn_stalls WHERE game_id = ? AND turn > ?').run(gameId, turn);
    db.prepare('DELETE FROM misses WHERE game_id = ? AND turn = ?').run(gameId, turn);
    db.prepare('DELETE FROM turn_clock WHERE game_id = ? AND turn > ?').run(gameId, turn);
    db.prepare('DELETE FROM turn_dice WHERE game_id = ? AND turn > ?').run(gameId, turn);
    db.prepare('DELETE FROM menus WHERE game_id = ? AND turn > ?').run(gameId, turn);
    db.prepare('DELETE FROM turns WHERE game_id = ? AND turn > ?').run(gameId, turn);
    db.prepare('UPDATE turns SET resolved_at = NULL, events = NULL WHERE game_id = ? AND turn = ?').run(gameId, turn);
  });
  return {
    get: (gameId) => controlOf(gameId, get.get(gameId) as Row | undefined),
    save: (row) => {
      save.run({ ...row, settings: JSON.stringify(row.settings) });
    },
    clock: (gameId, turn) => {
      const r = clock.get(gameId, turn) as Row | undefined;
      return r && clockOf(r);
    },
    saveClock(row, deadlineAt) {
      saveClock.run({ ...row, hold: row.hold ? 1 : 0 });
      setDeadline.run(deadlineAt, row.gameId, row.turn);
    },
    setZone: (gameId, playerId, zone) => {
      setZone.run(zone, gameId, playerId);
    },
    setWait: (gameId, playerId, turn) => {
      setWait.run(turn, gameId, playerId);
    },
    addMiss: (gameId, turn, playerId, at) => {
      addMiss.run(gameId, turn, playerId, at);
    },
    misses: (gameId, playerId) => (misses.get(gameId, playerId) as { n: number }).n,
    listMisses: (gameId) =>
      (listMisses.all(gameId) as Row[]).map((r) => ({
        turn: r.turn as number,
        playerId: r.player_id as string,
        at: r.at as number,
      })),
    joinRequests: (gameId) =>
      (joins.all(gameId) as Row[]).map(
        (r): JoinRequestRow => ({
          gameId,
          playerId: r.player_id as string,
          email: r.email as string,
          note: r.note as string,
          requestedAt: r.requested_at as number,
        }),
      ),
    addJoinRequest: (row) => {
      addJoin.run(row);
    },
    removeJoinRequest: (gameId, playerId) => {
      removeJoin.run(gameId, playerId);
    },
    transferPlanes(gameId, from, to) {
      movePlanes.run(to, gameId, from);
      markReplaced.run(gameId, from);
    },
    withdrawOrders: (gameId, turn, reason, playerId) => {
      withdraw.run(reason, gameId, turn, playerId ?? null, playerId ?? null);
    },
    stall(gameId, turn) {
      const r = stall.get(gameId, turn) as Row | undefined;
      return (
        r && {
          gameId,
          turn,
          problems: JSON.parse(r.problems as string) as StallProblem[],
          firstAt: r.first_at as number,
          lastAt: r.last_at as number,
          attempts: r.attempts as number,
          clearedAt: (r.cleared_at as number | null) ?? null,
        }
      );
    },
    saveStall: (row) => {
      saveStall.run({ ...row, problems: JSON.stringify(row.problems) });
    },
    unresolve: (gameId, turn) => {
      unresolve(gameId, turn);
    },
  };
}
