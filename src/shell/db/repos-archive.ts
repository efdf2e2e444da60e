/**
 * The web archive's reads (ArchiveRepo): the game list a page at a time, resolved turns, deadlines
 * and the stamps of turn pages; nothing of turns in play. Every query is answered from an index
 * (migrations/004_archive_paging.sql; tests/shell/db/archive-queries.test.ts checks the plans): the
 * turns' rows carry whole game states, which these reads never touch.
 */
import type Database from 'better-sqlite3';
import type { ArchiveGameRow, ArchiveRepo, GameRow } from '../../app/ports/store.ts';

type Row = Record<string, unknown>;

/** SQL of the archive's queries, by name, for the query-plan test. */
export const ARCHIVE_SQL = {
  resolved: 'SELECT turn, resolved_at FROM turns WHERE game_id = ? AND resolved_at IS NOT NULL ORDER BY turn',
  deadline: 'SELECT deadline_at FROM turns WHERE game_id = ? AND turn = ?',
  count: 'SELECT COUNT(*) AS n FROM games',
  page: `SELECT g.id, g.name, g.status, g.turn, g.started_at, g.activity_at,
      (SELECT COUNT(*) FROM turns t WHERE t.game_id = g.id AND t.resolved_at IS NOT NULL) AS resolved,
      (SELECT COUNT(*) FROM players p WHERE p.game_id = g.id AND p.status = 'active') AS players
    FROM games g ORDER BY g.activity_at DESC, g.id LIMIT ? OFFSET ?`,
  stamp: `SELECT t.resolved_at, coalesce(d.effective_seed, '') AS dice,
      (SELECT n.resolved_at IS NOT NULL FROM turns n INDEXED BY turns_resolved WHERE n.game_id = t.game_id AND n.turn = t.turn + 1) AS next_resolved,
      EXISTS (SELECT 1 FROM turns a WHERE a.game_id = t.game_id AND a.turn = t.turn + 2) AS after_next
    FROM turns t LEFT JOIN turn_dice d ON d.game_id = t.game_id AND d.turn = t.turn
    WHERE t.game_id = ? AND t.turn = ? AND t.resolved_at IS NOT NULL`,
} as const;

export function archiveRepo(db: Database.Database): ArchiveRepo {
  const q = Object.fromEntries(Object.entries(ARCHIVE_SQL).map(([k, sql]) => [k, db.prepare(sql)])) as Record<
    keyof typeof ARCHIVE_SQL,
    Database.Statement
  >;
  return {
    resolvedTurns: (gameId) =>
      (q.resolved.all(gameId) as Row[]).map((r) => ({ turn: r.turn as number, resolvedAt: r.resolved_at as number })),
    deadline: (gameId, turn) =>
      ((q.deadline.get(gameId, turn) as Row | undefined)?.deadline_at as number | null | undefined) ?? null,
    gameCount: () => (q.count.get() as { n: number }).n,
    gamePage: (limit, offset) =>
      (q.page.all(limit, offset) as Row[]).map(
        (r): ArchiveGameRow => ({
          id: r.id as string,
          name: r.name as string,
          status: r.status as GameRow['status'],
          turn: r.turn as number,
          startedAt: (r.started_at as number | null) ?? null,
          activityAt: r.activity_at as number,
          resolved: r.resolved as number,
          players: r.players as number,
        }),
      ),
    turnStamp(gameId, turn) {
      const r = q.stamp.get(gameId, turn) as Row | undefined;
      if (!r || r.next_resolved === null) return undefined;
      return {
        resolvedAt: r.resolved_at as number,
        dice: r.dice as string,
        hasNext: r.next_resolved === 1 && r.after_next === 1,
      };
    },
  };
}
