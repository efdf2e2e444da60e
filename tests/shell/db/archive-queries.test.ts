import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MIGRATIONS_DIR, readMigrations } from '../../../src/shell/db/migrations.ts';
import { openDatabase } from '../../../src/shell/db/open.ts';
import { ARCHIVE_SQL } from '../../../src/shell/db/repos-archive.ts';
import { SqliteStore } from '../../../src/shell/db/store.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tallyho-archive-q-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const plan = (db: Database.Database, sql: string): string[] => {
  const params = Array.from({ length: sql.split('?').length - 1 }, (_, i) => (i === 0 ? 'g' : 1));
  return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((r) => r.detail);
};

const insertGame = (db: Database.Database, id: string, createdAt: number) =>
  db
    .prepare(
      "INSERT INTO games (id, name, scenario, status, turn, seed, created_at) VALUES (?, ?, '{}', 'setup', 1, 'x', ?)",
    )
    .run(id, id, createdAt);
const activity = (db: Database.Database, id: string) =>
  (db.prepare('SELECT activity_at AS a FROM games WHERE id = ?').get(id) as { a: number }).a;

describe('the archive queries', () => {
  it('are answered from indexes: no table scan, no sort, never a turn row with its state for the list or a stamp', () => {
    const store = SqliteStore.open(join(dir, 'q.sqlite'));
    try {
      const plans = Object.fromEntries(Object.entries(ARCHIVE_SQL).map(([k, sql]) => [k, plan(store.db, sql)]));
      for (const [k, lines] of Object.entries(plans)) {
        for (const l of lines) {
          expect(l, k).not.toMatch(/TEMP B-TREE/);
          if (l.startsWith('SCAN')) expect(l, k).toMatch(/USING (COVERING )?INDEX/);
        }
      }
      expect(plans.page?.[0]).toBe('SCAN g USING INDEX games_activity');
      for (const k of ['page', 'stamp', 'resolved'] as const) {
        const turns = (plans[k] ?? []).filter((l) => /^SEARCH (t|n|a|turns) /.test(l));
        expect(turns.length, k).toBeGreaterThan(0);
        for (const l of turns) expect(l, k).toMatch(/USING COVERING INDEX/);
      }
    } finally {
      store.close();
    }
  });
});

describe('the latest activity of a game', () => {
  it('follows creation, start, turns opened and resolved, a turn clock set again, and the end', () => {
    const store = SqliteStore.open(join(dir, 'a.sqlite'));
    const db = store.db;
    try {
      insertGame(db, 'g', 1000);
      expect(activity(db, 'g')).toBe(1000);
      db.prepare("UPDATE games SET status = 'running', started_at = 2000 WHERE id = 'g'").run();
      expect(activity(db, 'g')).toBe(2000);
      db.prepare("INSERT INTO turns (game_id, turn, state, opened_at) VALUES ('g', 1, '{}', 2500)").run();
      expect(activity(db, 'g')).toBe(2500);
      db.prepare("UPDATE turns SET resolved_at = 3000 WHERE game_id = 'g' AND turn = 1").run();
      expect(activity(db, 'g')).toBe(3000);
      db.prepare("UPDATE turns SET resolved_at = NULL WHERE game_id = 'g' AND turn = 1").run();
      expect(activity(db, 'g')).toBe(3000);
      db.prepare("INSERT INTO turn_clock (game_id, turn, anchor_at) VALUES ('g', 1, 3500)").run();
      expect(activity(db, 'g')).toBe(3500);
      db.prepare("UPDATE turn_clock SET anchor_at = 4000 WHERE game_id = 'g' AND turn = 1").run();
      expect(activity(db, 'g')).toBe(4000);
      db.prepare("UPDATE games SET status = 'over', ended_at = 5000 WHERE id = 'g'").run();
      expect(activity(db, 'g')).toBe(5000);
      db.prepare("UPDATE games SET turn = 2 WHERE id = 'g'").run();
      expect(activity(db, 'g')).toBe(5000);
    } finally {
      store.close();
    }
  });

  it('is filled in for the games already stored when the migration runs', () => {
    const migrations = join(dir, 'migrations');
    mkdirSync(migrations);
    const files = readMigrations(DEFAULT_MIGRATIONS_DIR);
    const paging = files.findIndex((f) => f.name === '004_archive_paging.sql');
    for (const f of files.slice(0, paging)) writeFileSync(join(migrations, f.name), f.sql);
    const path = join(dir, 'old.sqlite');
    const old = openDatabase(path, { migrationsDir: migrations });
    insertGame(old, 'quiet', 1000);
    insertGame(old, 'busy', 1000);
    old
      .prepare(
        "INSERT INTO turns (game_id, turn, state, opened_at, resolved_at) VALUES ('busy', 1, '{}', 1500, 7000), ('busy', 2, '{}', 7000, NULL)",
      )
      .run();
    old.close();
    for (const f of files.slice(paging)) writeFileSync(join(migrations, f.name), f.sql);
    const db = openDatabase(path, { migrationsDir: migrations });
    expect([activity(db, 'quiet'), activity(db, 'busy')]).toEqual([1000, 7000]);
    db.close();
  });
});
