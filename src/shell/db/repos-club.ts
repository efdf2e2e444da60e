/** Club life in SQLite (migrations/014_club.sql): the ClubRepo of hooks, deliveries, calendars, musters. */
import type Database from 'better-sqlite3';
import type { ClubRepo, DeliveryRow, DeliveryStatus, HookMessage, HookRow, MusterRow } from '../../app/ports/club.ts';

type Row = Record<string, unknown>;

const hookOf = (r: Row): HookRow => ({
  id: r.id as number,
  gameId: r.game_id as string,
  playerId: (r.player_id as string | null) ?? null,
  format: r.format as HookRow['format'],
  url: r.url as string,
  status: r.status as HookRow['status'],
  createdAt: r.created_at as number,
  endedAt: (r.ended_at as number | null) ?? null,
  deadReason: (r.dead_reason as string | null) ?? null,
});

const deliveryOf = (r: Row): DeliveryRow => ({
  id: r.id as number,
  hookId: r.hook_id as number,
  gameId: r.game_id as string,
  event: r.event as DeliveryRow['event'],
  turn: (r.turn as number | null) ?? null,
  message: JSON.parse(r.message as string) as HookMessage,
  status: r.status as DeliveryStatus,
  attempts: r.attempts as number,
  nextAttemptAt: r.next_attempt_at as number,
  leaseOwner: (r.lease_owner as string | null) ?? null,
  leaseUntil: (r.lease_until as number | null) ?? null,
  lastError: (r.last_error as string | null) ?? null,
  response: (r.response as string | null) ?? null,
  createdAt: r.created_at as number,
  sentAt: (r.sent_at as number | null) ?? null,
});

const musterOf = (r: Row): MusterRow => ({
  gameId: r.game_id as string,
  openedAt: r.opened_at as number,
  until: r.until as number,
  remindedAt: (r.reminded_at as number | null) ?? null,
  toldAt: (r.told_at as number | null) ?? null,
});

/** The methods of the calendar tokens of the players' addresses. */
function calendarMethods(
  db: Database.Database,
): Pick<ClubRepo, 'calendarToken' | 'calendarOwner' | 'setCalendarToken'> {
  const calToken = db.prepare('SELECT token FROM calendars WHERE email = ?');
  const calOwner = db.prepare('SELECT email FROM calendars WHERE token = ?');
  const setCal = db.prepare(`INSERT INTO calendars (email, token, created_at) VALUES (?, ?, ?)
    ON CONFLICT (email) DO UPDATE SET token = excluded.token, created_at = excluded.created_at`);
  return {
    calendarToken: (email) => (calToken.get(email) as { token: string } | undefined)?.token,
    calendarOwner: (token) => (calOwner.get(token) as { email: string } | undefined)?.email,
    setCalendarToken: (email, token, now) => {
      setCal.run(email, token, now);
    },
  };
}

/** The methods of the games' musters and of when each player said READY. */
function musterMethods(
  db: Database.Database,
): Pick<
  ClubRepo,
  'muster' | 'musters' | 'openMuster' | 'musterReminded' | 'musterTold' | 'closeMuster' | 'ready' | 'setReady'
> {
  const muster = db.prepare('SELECT * FROM musters WHERE game_id = ?');
  const musters = db.prepare('SELECT * FROM musters ORDER BY until, game_id');
  const openMuster = db.prepare(`INSERT INTO musters (game_id, opened_at, until) VALUES (?, ?, ?)
    ON CONFLICT (game_id) DO UPDATE SET opened_at = excluded.opened_at, until = excluded.until, reminded_at = NULL, told_at = NULL`);
  const reminded = db.prepare('UPDATE musters SET reminded_at = ? WHERE game_id = ?');
  const told = db.prepare('UPDATE musters SET told_at = ? WHERE game_id = ?');
  const close = db.prepare('DELETE FROM musters WHERE game_id = ?');
  const ready = db.prepare('SELECT id, ready_at FROM players WHERE game_id = ? AND ready_at IS NOT NULL');
  const setReady = db.prepare('UPDATE players SET ready_at = ? WHERE game_id = ? AND id = ?');
  return {
    muster: (gameId) => {
      const r = muster.get(gameId) as Row | undefined;
      return r && musterOf(r);
    },
    musters: () => (musters.all() as Row[]).map(musterOf),
    openMuster: (row) => {
      openMuster.run(row.gameId, row.openedAt, row.until);
    },
    musterReminded: (gameId, at) => {
      reminded.run(at, gameId);
    },
    musterTold: (gameId, at) => {
      told.run(at, gameId);
    },
    closeMuster: (gameId) => {
      close.run(gameId);
    },
    ready: (gameId) =>
      new Map((ready.all(gameId) as { id: string; ready_at: number }[]).map((r) => [r.id, r.ready_at])),
    setReady: (gameId, playerId, at) => {
      setReady.run(at, gameId, playerId);
    },
  };
}

export function clubRepo(db: Database.Database): ClubRepo {
  const hook = db.prepare('SELECT * FROM hooks WHERE id = ?');
  const active = db.prepare(
    "SELECT * FROM hooks WHERE game_id = ? AND player_id IS ? AND status = 'active' ORDER BY id DESC LIMIT 1",
  );
  const actives = db.prepare(
    "SELECT * FROM hooks WHERE game_id = ? AND status = 'active' ORDER BY player_id IS NOT NULL, player_id, id",
  );
  const hooks = db.prepare('SELECT * FROM hooks WHERE game_id = ? ORDER BY id');
  const offOwner = db.prepare(
    "UPDATE hooks SET status = 'off', ended_at = ? WHERE game_id = ? AND player_id IS ? AND status = 'active'",
  );
  const addHook = db.prepare('INSERT INTO hooks (game_id, player_id, format, url, created_at) VALUES (?, ?, ?, ?, ?)');
  const endHook = db.prepare(
    "UPDATE hooks SET status = ?, ended_at = ?, dead_reason = ? WHERE id = ? AND status = 'active'",
  );
  const dropPending = db.prepare(
    "UPDATE deliveries SET status = 'dead', last_error = ?, lease_owner = NULL, lease_until = NULL WHERE hook_id = ? AND status = 'pending'",
  );
  const queue = db.prepare(`INSERT INTO deliveries (hook_id, game_id, event, turn, message, next_attempt_at, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?)`);
  const delivery = db.prepare('SELECT * FROM deliveries WHERE id = ?');
  // The oldest pending delivery of each hook, when it is due and not leased by a live lease.
  const due = db.prepare(`SELECT d.* FROM deliveries d
    WHERE d.id IN (SELECT MIN(id) FROM deliveries WHERE status = 'pending' GROUP BY hook_id)
      AND d.next_attempt_at <= @now AND (d.lease_until IS NULL OR d.lease_until <= @now)
      AND d.hook_id NOT IN (SELECT value FROM json_each(@skip))
    ORDER BY d.next_attempt_at, d.id LIMIT @limit`);
  const lease = db.prepare('UPDATE deliveries SET lease_owner = ?, lease_until = ? WHERE id = ?');
  const sent =
    db.prepare(`UPDATE deliveries SET status = 'sent', attempts = attempts + 1, sent_at = ?, response = ?, lease_owner = NULL, lease_until = NULL, last_error = NULL
    WHERE id = ? AND status = 'pending' AND lease_owner IS ?`);
  const retry =
    db.prepare(`UPDATE deliveries SET attempts = attempts + 1, next_attempt_at = ?, last_error = ?, lease_owner = NULL, lease_until = NULL
    WHERE id = ? AND status = 'pending' AND lease_owner IS ?`);
  const dead =
    db.prepare(`UPDATE deliveries SET status = 'dead', attempts = attempts + 1, last_error = ?, lease_owner = NULL, lease_until = NULL
    WHERE id = ? AND status = 'pending' AND lease_owner IS ?`);
  const owners = db
    .prepare("SELECT DISTINCT lease_owner FROM deliveries WHERE status = 'pending' AND lease_owner IS NOT NULL")
    .pluck();
  const release = db.prepare(
    "UPDATE deliveries SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = ? AND status = 'pending'",
  );
  const counts = db.prepare(
    'SELECT status, COUNT(*) AS n FROM deliveries WHERE (@game IS NULL OR game_id = @game) GROUP BY status',
  );
  return {
    hook: (id) => {
      const r = hook.get(id) as Row | undefined;
      return r && hookOf(r);
    },
    activeHook: (gameId, playerId) => {
      const r = active.get(gameId, playerId) as Row | undefined;
      return r && hookOf(r);
    },
    activeHooks: (gameId) => (actives.all(gameId) as Row[]).map(hookOf),
    hooks: (gameId) => (hooks.all(gameId) as Row[]).map(hookOf),
    addHook(row, now) {
      for (const r of active.all(row.gameId, row.playerId) as Row[])
        dropPending.run('the hook was replaced by a new one', r.id);
      offOwner.run(now, row.gameId, row.playerId);
      return Number(addHook.run(row.gameId, row.playerId, row.format, row.url, now).lastInsertRowid);
    },
    endHook(id, status, now, reason) {
      if (endHook.run(status, now, reason ?? null, id).changes)
        dropPending.run(status === 'off' ? 'the hook was turned off' : `the hook was given up: ${reason ?? ''}`, id);
    },
    queueDelivery: (hookId, gameId, message, now) =>
      Number(queue.run(hookId, gameId, message.event, message.turn, JSON.stringify(message), now, now).lastInsertRowid),
    delivery: (id) => {
      const r = delivery.get(id) as Row | undefined;
      return r && deliveryOf(r);
    },
    deliveries(filter = {}) {
      const where: string[] = [];
      const args: unknown[] = [];
      if (filter.gameId !== undefined) {
        where.push('game_id = ?');
        args.push(filter.gameId);
      }
      if (filter.hookId !== undefined) {
        where.push('hook_id = ?');
        args.push(filter.hookId);
      }
      if (filter.status !== undefined) {
        where.push('status = ?');
        args.push(filter.status);
      }
      return (
        db
          .prepare(`SELECT * FROM deliveries${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY id`)
          .all(...args) as Row[]
      ).map(deliveryOf);
    },
    leaseDeliveries(owner, now, until, limit, skipHooks = []) {
      const rows = due.all({ now, limit, skip: JSON.stringify(skipHooks) }) as Row[];
      for (const r of rows) lease.run(owner, until, r.id);
      return rows.map((r) => ({ ...deliveryOf(r), leaseOwner: owner, leaseUntil: until }));
    },
    markDelivered: (id, owner, at, response) => {
      sent.run(at, response, id, owner);
    },
    markDeliveryRetry: (id, owner, next, error) => {
      retry.run(next, error, id, owner);
    },
    markDeliveryDead: (id, owner, error) => {
      dead.run(error, id, owner);
    },
    deliveryLeaseOwners: () => owners.all() as string[],
    releaseDeliveries: (owner) => release.run(owner).changes,
    deliveryCounts(gameId) {
      const out: Record<DeliveryStatus, number> = { pending: 0, sent: 0, dead: 0 };
      for (const r of counts.all({ game: gameId ?? null }) as { status: DeliveryStatus; n: number }[])
        out[r.status] = r.n;
      return out;
    },
    ...calendarMethods(db),
    ...musterMethods(db),
  };
}
