/** The limits on replies in the SQLite store (migrations/005_reply_budget.sql, app/ports/replies.ts). */
import type Database from 'better-sqlite3';
import {
  SUPPRESS_REASONS,
  type AuthFailureRow,
  type JoinPendingRow,
  type ReplyRepo,
  type ReplyRow,
  type SuppressReason,
} from '../../app/ports/replies.ts';

type Row = Record<string, unknown>;

const replyOf = (r: Row): ReplyRow => ({
  recipient: r.recipient as string,
  kind: r.kind as ReplyRow['kind'],
  gameId: (r.game_id as string | null) ?? null,
  title: r.title as string,
  repeatKey: r.repeat_key as string,
  messageId: r.message_id as string,
  budgeted: r.budgeted === 1,
  at: r.at as number,
});

const failureOf = (r: Row): AuthFailureRow => ({
  id: r.id as number,
  gameId: r.game_id as string,
  playerId: r.player_id as string,
  recipient: r.recipient as string,
  sender: r.sender as string,
  at: r.at as number,
  noticedAt: (r.noticed_at as number | null) ?? null,
});

const joinOf = (r: Row): JoinPendingRow => ({
  token: r.token as string,
  gameId: r.game_id as string,
  playerId: r.player_id as string,
  email: r.email as string,
  note: r.note as string,
  requestedAt: r.requested_at as number,
  expiresAt: r.expires_at as number,
});

export function replyRepo(db: Database.Database): ReplyRepo {
  const record = db.prepare(`INSERT INTO replies (recipient, kind, game_id, title, repeat_key, message_id, budgeted, at)
    VALUES (@recipient, @kind, @gameId, @title, @repeatKey, @messageId, @budgeted, @at)`);
  const recent = db.prepare('SELECT * FROM replies WHERE recipient = ? AND at >= ? ORDER BY at, id');
  const ours = db.prepare('SELECT 1 FROM replies WHERE message_id = ? LIMIT 1');
  const kindSince = db.prepare('SELECT COUNT(*) AS n FROM replies WHERE kind = ? AND at >= ?');
  const suppress = db.prepare(`INSERT INTO suppressed (recipient, game_id, reason, title, inbound_id, at)
    VALUES (@recipient, @gameId, @reason, @title, @inboundId, @at)`);
  const suppressedSince = db.prepare(
    "SELECT COUNT(*) AS n FROM suppressed WHERE recipient = ? AND at >= ? AND reason <> 'wrong-secret-collected'",
  );
  const preauth = db.prepare('INSERT INTO preauth (sender, game_id, at) VALUES (?, ?, ?)');
  const preauthSender = db.prepare('SELECT COUNT(*) AS n FROM preauth WHERE sender = ? AND at >= ?');
  const preauthGame = db.prepare('SELECT COUNT(*) AS n FROM preauth WHERE game_id = ? AND at >= ?');
  // A mail naming several games has a row for each, and counts once for each in all.
  const preauthAll = db.prepare('SELECT COUNT(*) AS n FROM preauth WHERE at >= ?');
  const purgePreauth = db.prepare('DELETE FROM preauth WHERE at < ?');
  const failure = db.prepare(
    'INSERT INTO auth_failures (game_id, player_id, recipient, sender, at) VALUES (@gameId, @playerId, @recipient, @sender, @at)',
  );
  const openFor = db.prepare(
    `SELECT * FROM auth_failures WHERE recipient = ? AND game_id = ? AND player_id = ? AND noticed_at IS NULL ORDER BY at, id`,
  );
  const openAll = db.prepare('SELECT * FROM auth_failures WHERE noticed_at IS NULL ORDER BY at, id');
  const lastNotice = db.prepare(
    'SELECT MAX(noticed_at) AS t FROM auth_failures WHERE recipient = ? AND game_id = ? AND player_id = ?',
  );
  const noticed = db.prepare('UPDATE auth_failures SET noticed_at = ? WHERE id = ?');
  const failureCounts = db.prepare(
    'SELECT COUNT(*) AS n, COUNT(noticed_at) AS told FROM auth_failures WHERE game_id = ?',
  );
  const addJoin =
    db.prepare(`INSERT INTO join_pending (token, game_id, player_id, email, note, requested_at, expires_at)
    VALUES (@token, @gameId, @playerId, @email, @note, @requestedAt, @expiresAt)`);
  const getJoin = db.prepare('SELECT * FROM join_pending WHERE token = ?');
  const joinFor = db.prepare(
    'SELECT * FROM join_pending WHERE email = ? AND game_id = ? AND expires_at > ? ORDER BY requested_at',
  );
  const deleteJoin = db.prepare('DELETE FROM join_pending WHERE token = ?');
  const purgeJoin = db.prepare('DELETE FROM join_pending WHERE expires_at <= ?');
  const count = (stmt: Database.Statement, ...args: unknown[]): number => (stmt.get(...args) as { n: number }).n;
  return {
    record: (row) => {
      record.run({ ...row, budgeted: row.budgeted ? 1 : 0 });
    },
    recent: (recipient, since) => (recent.all(recipient, since) as Row[]).map(replyOf),
    anyOurs: (ids) => ids.some((id) => ours.get(id) !== undefined),
    countKind: (kind, since) => count(kindSince, kind, since),
    suppress: (row) => {
      suppress.run(row);
    },
    suppressedSince: (recipient, since) => count(suppressedSince, recipient, since),
    suppressedCounts(gameId, recipients) {
      const out = Object.fromEntries(SUPPRESS_REASONS.map((r) => [r, 0])) as Record<SuppressReason, number>;
      const marks = recipients.map(() => '?').join(', ');
      const sql = `SELECT reason, COUNT(*) AS n FROM suppressed WHERE game_id = ?${recipients.length ? ` OR (game_id IS NULL AND recipient IN (${marks}))` : ''} GROUP BY reason`;
      for (const r of db.prepare(sql).all(gameId, ...recipients) as Row[])
        out[r.reason as SuppressReason] = r.n as number;
      return out;
    },
    addPreauth(sender, games, at) {
      for (const g of games.length ? games : [null]) preauth.run(sender, g, at);
    },
    countPreauth(filter, since) {
      if (filter.sender !== undefined) return count(preauthSender, filter.sender, since);
      if (filter.gameId !== undefined) return count(preauthGame, filter.gameId, since);
      return count(preauthAll, since);
    },
    purgePreauth: (before) => {
      purgePreauth.run(before);
    },
    addAuthFailure: (row) => {
      failure.run(row);
    },
    openAuthFailures: (key) =>
      ((key ? openFor.all(key.recipient, key.gameId, key.playerId) : openAll.all()) as Row[]).map(failureOf),
    lastAuthNotice: (key) =>
      (lastNotice.get(key.recipient, key.gameId, key.playerId) as { t: number | null }).t ?? null,
    markNoticed(ids, at) {
      for (const id of ids) noticed.run(at, id);
    },
    authFailureCounts(gameId) {
      const r = failureCounts.get(gameId) as { n: number; told: number };
      return { attempts: r.n, noticed: r.told };
    },
    addJoinPending: (row) => {
      addJoin.run(row);
    },
    getJoinPending: (token) => {
      const r = getJoin.get(token) as Row | undefined;
      return r && joinOf(r);
    },
    joinPendingFor: (email, gameId, now) => (joinFor.all(email, gameId, now) as Row[]).map(joinOf),
    deleteJoinPending: (token) => {
      deleteJoin.run(token);
    },
    purgeJoinPending: (now) => purgeJoin.run(now).changes,
  };
}
