/** The turns' dice: server seeds, commitments and what threw each resolved turn (docs/fair-dice.md). */
import type Database from 'better-sqlite3';
import type { DiceRepo, TurnDiceRow } from '../../app/ports/store.ts';

type Row = Record<string, unknown>;

const diceOf = (r: Row): TurnDiceRow => ({
  gameId: r.game_id as string,
  turn: r.turn as number,
  serverSeed: r.server_seed as string,
  commitment: r.commitment as string,
  drawnAt: r.drawn_at as number,
  ordersDigest: (r.orders_digest as string | null) ?? null,
  effectiveSeed: (r.effective_seed as string | null) ?? null,
  resolvedAt: (r.resolved_at as number | null) ?? null,
});

export function diceRepo(db: Database.Database): DiceRepo {
  const get = db.prepare('SELECT * FROM turn_dice WHERE game_id = ? AND turn = ?');
  const range = db.prepare('SELECT * FROM turn_dice WHERE game_id = ? AND turn BETWEEN ? AND ?');
  const open = db.prepare(`INSERT INTO turn_dice (game_id, turn, server_seed, commitment, drawn_at)
    VALUES (@gameId, @turn, @serverSeed, @commitment, @drawnAt)
    ON CONFLICT (game_id, turn) DO UPDATE SET server_seed = excluded.server_seed, commitment = excluded.commitment,
      drawn_at = excluded.drawn_at, orders_digest = NULL, effective_seed = NULL, resolved_at = NULL`);
  const seal = db.prepare(
    'UPDATE turn_dice SET orders_digest = ?, effective_seed = ?, resolved_at = ? WHERE game_id = ? AND turn = ?',
  );
  const restore =
    db.prepare(`INSERT INTO turn_dice (game_id, turn, server_seed, commitment, drawn_at, orders_digest, effective_seed, resolved_at)
    VALUES (@gameId, @turn, @serverSeed, @commitment, @drawnAt, @ordersDigest, @effectiveSeed, @resolvedAt)`);
  return {
    get: (gameId, turn) => {
      const r = get.get(gameId, turn) as Row | undefined;
      return r && diceOf(r);
    },
    range: (gameId, from, to) =>
      new Map((range.all(gameId, from, to) as Row[]).map((r) => [r.turn as number, diceOf(r)])),
    open: (row) => {
      open.run(row);
    },
    seal: (gameId, turn, digest, effective, at) => {
      seal.run(digest, effective, at, gameId, turn);
    },
    restore: (row) => {
      restore.run(row);
    },
  };
}
