/** The menus of plans kept once worked out (migrations/015_menus.sql, app/game/menus.ts). */
import type Database from 'better-sqlite3';
import type { MenuRepo } from '../../app/ports/store.ts';
import { packText, unpackText } from './packed.ts';

export function menuRepo(db: Database.Database): MenuRepo {
  const get = db.prepare('SELECT menu FROM menus WHERE game_id = ? AND turn = ? AND view = ? AND plane_id = ?');
  const put = db.prepare(`INSERT INTO menus (game_id, turn, view, plane_id, menu) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (game_id, turn, view, plane_id) DO UPDATE SET menu = excluded.menu`);
  const prune = db.prepare('DELETE FROM menus WHERE game_id = ? AND turn < ?');
  return {
    get: (gameId, turn, view, planeId) => {
      const r = get.get(gameId, turn, view, planeId) as { menu: unknown } | undefined;
      return r && unpackText(r.menu);
    },
    put: (gameId, turn, view, planeId, json) => {
      put.run(gameId, turn, view, planeId, packText(json));
    },
    prune: (gameId, turn) => prune.run(gameId, turn).changes,
  };
}
