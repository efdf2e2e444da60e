/** The web archive's reads (ArchiveRepo): resolved turns and deadlines, nothing of turns in play. */
import type Database from 'better-sqlite3';
import type { ArchiveRepo } from '../../app/ports.ts';

type Row = Record<string, unknown>;

export function archiveRepo(db: Database.Database): ArchiveRepo {
  const resolved = db.prepare('SELECT turn, resolved_at FROM turns WHERE game_id = ? AND resolved_at IS NOT NULL ORDER BY turn');
  const deadline = db.prepare('SELECT deadline_at FROM turns WHERE game_id = ? AND turn = ?');
  return {
    resolvedTurns: (gameId) => (resolved.all(gameId) as Row[]).map((r) => ({ turn: r.turn as number, resolvedAt: r.resolved_at as number })),
    deadline: (gameId, turn) => ((deadline.get(gameId, turn) as Row | undefined)?.deadline_at as number | null | undefined) ?? null,
  };
}
