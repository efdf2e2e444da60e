/** The mail side of the SQLite store: the inbound ledger and the outbox. */
import type Database from 'better-sqlite3';
import type {
  OutboxKind,
  Folder,
  InboundOutcome,
  InboundRepo,
  InboundRow,
  OutboxRepo,
  OutboxRow,
  OutboxStatus,
  PictureModel,
} from '../../app/ports/store.ts';
import { packText, unpackNullable, unpackText } from './packed.ts';

type Row = Record<string, unknown>;

const inboundOf = (r: Row): InboundRow => ({
  id: r.id as number,
  mailbox: r.mailbox as string,
  uidValidity: (r.uid_validity as number | null) ?? null,
  uid: (r.uid as number | null) ?? null,
  messageId: r.message_id as string,
  contentSha256: r.content_sha256 as string,
  sender: r.sender as string,
  subject: r.subject as string,
  receivedAt: r.received_at as number,
  outcome: r.outcome as InboundOutcome,
  folder: r.folder as Folder,
  detail: r.detail as string,
  movedAt: (r.moved_at as number | null) ?? null,
});

export function inboundRepo(db: Database.Database): InboundRepo {
  const byPlace = db.prepare('SELECT * FROM inbound WHERE mailbox = ? AND uid_validity IS ? AND uid = ?');
  const byContent = db.prepare('SELECT * FROM inbound WHERE message_id = ? AND content_sha256 = ?');
  const insert =
    db.prepare(`INSERT INTO inbound (mailbox, uid_validity, uid, message_id, content_sha256, sender, subject, received_at, outcome, folder, detail)
    VALUES (@mailbox, @uidValidity, @uid, @messageId, @contentSha256, @sender, @subject, @receivedAt, @outcome, @folder, @detail)`);
  const finish = db.prepare('UPDATE inbound SET outcome = ?, folder = ?, detail = ? WHERE id = ?');
  const moved = db.prepare('UPDATE inbound SET moved_at = ? WHERE id = ?');
  return {
    findByPlace(key) {
      if (key.uid === null) return undefined;
      const r = byPlace.get(key.mailbox, key.uidValidity, key.uid) as Row | undefined;
      return r && inboundOf(r);
    },
    findByContent(messageId, sha) {
      const r = byContent.get(messageId, sha) as Row | undefined;
      return r && inboundOf(r);
    },
    insert: (row) => Number(insert.run(row).lastInsertRowid),
    finish: (id, outcome, folder, detail) => {
      finish.run(outcome, folder, detail, id);
    },
    markMoved: (id, at) => {
      moved.run(at, id);
    },
  };
}

/** A stored picture: its view model (JSON, deflated), or the SVG an earlier version kept. */
function pictureOf(v: unknown): PictureModel | null {
  const text = unpackNullable(v);
  if (text === null) return null;
  return text.startsWith('<') ? { svg: text } : (JSON.parse(text) as PictureModel);
}

const outboxOf = (r: Row): OutboxRow => ({
  id: r.id as number,
  gameId: (r.game_id as string | null) ?? null,
  playerId: (r.player_id as string | null) ?? null,
  kind: r.kind as OutboxRow['kind'],
  turn: (r.turn as number | null) ?? null,
  inboundId: (r.inbound_id as number | null) ?? null,
  recipient: r.recipient as string,
  subject: r.subject as string,
  messageId: r.message_id as string,
  inReplyTo: (r.in_reply_to as string | null) ?? null,
  references: (r.refs as string).split(' ').filter(Boolean),
  text: unpackText(r.text_body),
  html: unpackNullable(r.html_body),
  picture: pictureOf(r.picture),
  status: r.status as OutboxStatus,
  attempts: r.attempts as number,
  nextAttemptAt: r.next_attempt_at as number,
  leaseOwner: (r.lease_owner as string | null) ?? null,
  leaseUntil: (r.lease_until as number | null) ?? null,
  lastError: (r.last_error as string | null) ?? null,
  response: (r.response as string | null) ?? null,
  rejected: r.rejected ? (JSON.parse(r.rejected as string) as string[]) : [],
  createdAt: r.created_at as number,
  sentAt: (r.sent_at as number | null) ?? null,
});

/** Answers to a player's mail (0) before the rest (1): the outbox's two classes of mail. */
const CLASS = "CASE kind WHEN 'ack' THEN 0 WHEN 'answer' THEN 0 ELSE 1 END";
/** How long the mail sent to a recipient counts against his turn in the outbox (`dueIds`). */
const FAIR_MS = 60_000;

type DueRow = { id: number; first: number; who: string };
type ServedRow = { first: number; who: string; n: number };

/**
 * The first `limit` of the due rows (in the order of their time, then id): answers first, then by
 * each row's turn (its place among its recipient's due rows of its class, after the `served`
 * ones), then time and id.
 */
function dueIds(rows: DueRow[], served: ServedRow[], limit: number): number[] {
  const counts = new Map<string, number>();
  for (const s of served) counts.set(`${s.first}\n${s.who}`, s.n);
  const ranked = rows.map((r, i) => {
    const key = `${r.first}\n${r.who}`;
    const turn = (counts.get(key) ?? 0) + 1;
    counts.set(key, turn);
    return { id: r.id, first: r.first, turn, i };
  });
  ranked.sort((a, b) => a.first - b.first || a.turn - b.turn || a.i - b.i);
  return (limit < 0 ? ranked : ranked.slice(0, limit)).map((r) => r.id);
}

export function outboxRepo(db: Database.Database): OutboxRepo {
  const insert =
    db.prepare(`INSERT INTO outbox (game_id, player_id, kind, turn, inbound_id, recipient, subject, message_id, in_reply_to, refs, text_body, html_body, picture, next_attempt_at, created_at)
    VALUES (@gameId, @playerId, @kind, @turn, @inboundId, @recipient, @subject, @messageId, @inReplyTo, @refs, @text, @html, @picture, @now, @now)`);
  const get = db.prepare('SELECT * FROM outbox WHERE id = ?');
  // Answers to a player's mail first (acknowledgements, answers to commands), then the rest
  // (reports, reminders, notices, welcomes): a burst of reports never holds an acknowledgement back.
  // Within each, the recipients take turns: a row's turn is its place among its recipient's due
  // rows after the ones he was sent in the last minute or is being sent, so that a flood of mail
  // to one address never holds back another player's acknowledgement (FAIR_MS). The due rows come
  // in the order of their time and `dueIds` ranks them; the mail sent lately is read through the
  // index of sent rows, however many were sent before. Both are read from their indexes alone
  // (outbox_due_to, outbox_sent_to: migrations/017), never from the rows and their texts.
  const pending = db.prepare(`SELECT id, ${CLASS} AS first, lower(recipient) AS who FROM outbox INDEXED BY outbox_due_to
    WHERE status = 'pending' AND next_attempt_at <= @now AND (lease_until IS NULL OR lease_until <= @now)
    ORDER BY next_attempt_at, id`);
  const served = db.prepare(`SELECT ${CLASS} AS first, lower(recipient) AS who, count(*) AS n FROM (
      SELECT kind, recipient FROM outbox INDEXED BY outbox_sent_to WHERE status = 'sent' AND sent_at >= @now - ${FAIR_MS}
      UNION ALL SELECT kind, recipient FROM outbox WHERE status = 'pending' AND lease_until > @now)
    GROUP BY 1, 2`);
  const take = db.prepare('UPDATE outbox SET lease_owner = ?, lease_until = ?, attempts = attempts + 1 WHERE id = ?');
  const sent =
    db.prepare(`UPDATE outbox SET status = 'sent', sent_at = ?, response = ?, rejected = ?, lease_owner = NULL, lease_until = NULL
    WHERE id = ? AND lease_owner = ? AND status = 'pending'`);
  const recorded =
    db.prepare(`UPDATE outbox SET status = 'sent', sent_at = ?, response = ?, rejected = ?, lease_owner = NULL, lease_until = NULL
    WHERE id = ? AND status = 'pending'`);
  const owners = db.prepare(
    "SELECT DISTINCT lease_owner AS owner FROM outbox WHERE status = 'pending' AND lease_owner IS NOT NULL",
  );
  const release = db.prepare(
    "UPDATE outbox SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = ? AND status = 'pending'",
  );
  const retry =
    db.prepare(`UPDATE outbox SET next_attempt_at = ?, last_error = ?, lease_owner = NULL, lease_until = NULL
    WHERE id = ? AND lease_owner = ? AND status = 'pending'`);
  const dead = db.prepare(`UPDATE outbox SET status = 'dead', last_error = ?, lease_owner = NULL, lease_until = NULL
    WHERE id = ? AND lease_owner = ? AND status = 'pending'`);
  const counts = db.prepare(
    'SELECT status, COUNT(*) AS n FROM outbox WHERE (@gameId IS NULL OR game_id = @gameId) GROUP BY status',
  );
  // The text only of the rows not parsed yet: the others are read in their parsed form alone.
  const copies =
    db.prepare(`SELECT id, kind, orders_copies, CASE WHEN orders_copies IS NULL THEN text_body END AS text_body FROM outbox
    WHERE game_id = ? AND player_id = ? AND turn >= ? ORDER BY id`);
  const saveCopies = db.prepare('UPDATE outbox SET orders_copies = ? WHERE id = ?');
  return {
    insert: (row, now) =>
      Number(
        insert.run({
          ...row,
          text: packText(row.text),
          html: row.html === null ? null : packText(row.html),
          picture: row.picture ? packText('svg' in row.picture ? row.picture.svg : JSON.stringify(row.picture)) : null,
          refs: row.references.join(' '),
          now,
        }).lastInsertRowid,
      ),
    get: (id) => {
      const r = get.get(id) as Row | undefined;
      return r && outboxOf(r);
    },
    list(filter = {}) {
      const where: string[] = [];
      const args: Record<string, unknown> = {};
      if (filter.gameId !== undefined) {
        where.push('game_id = @gameId');
        args.gameId = filter.gameId;
      }
      if (filter.status !== undefined) {
        where.push('status = @status');
        args.status = filter.status;
      }
      if (filter.recipient !== undefined) {
        where.push('recipient = @recipient');
        args.recipient = filter.recipient;
      }
      if (filter.playerId !== undefined) {
        where.push('player_id = @playerId');
        args.playerId = filter.playerId;
      }
      if (filter.sinceTurn !== undefined) {
        where.push('turn >= @sinceTurn');
        args.sinceTurn = filter.sinceTurn;
      }
      const sql = `SELECT * FROM outbox ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id LIMIT ${Math.max(1, Math.floor(filter.limit ?? 1e9))}`;
      return (db.prepare(sql).all(args) as Row[]).map(outboxOf);
    },
    lease(owner, now, until, limit) {
      const ids = dueIds(pending.all({ now }) as DueRow[], served.all({ now }) as ServedRow[], limit);
      for (const id of ids) take.run(owner, until, id);
      return ids.map((id) => outboxOf(get.get(id) as Row));
    },
    markSent: (id, owner, at, response, rejected) => {
      sent.run(at, response, rejected.length ? JSON.stringify(rejected) : null, id, owner);
    },
    recordSent: (id, at, response, rejected) =>
      recorded.run(at, response, rejected.length ? JSON.stringify(rejected) : null, id).changes > 0,
    leaseOwners: () => (owners.all() as { owner: string }[]).map((r) => r.owner),
    release: (owner) => release.run(owner).changes,
    markRetry: (id, owner, next, error) => {
      retry.run(next, error, id, owner);
    },
    markDead: (id, owner, error) => {
      dead.run(error, id, owner);
    },
    orderCopies: (gameId, playerId, sinceTurn) =>
      (copies.all(gameId, playerId, sinceTurn) as Row[]).map((r) => ({
        id: r.id as number,
        kind: r.kind as OutboxKind,
        copies: r.orders_copies === null ? null : (JSON.parse(r.orders_copies as string) as string[]),
        text: unpackNullable(r.text_body),
      })),
    saveOrderCopies: (id, list) => {
      saveCopies.run(JSON.stringify(list), id);
    },
    counts(gameId) {
      const out: Record<OutboxStatus, number> = { pending: 0, sent: 0, dead: 0 };
      for (const r of counts.all({ gameId: gameId ?? null }) as Row[]) out[r.status as OutboxStatus] = r.n as number;
      return out;
    },
  };
}
