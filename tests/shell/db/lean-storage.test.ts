/**
 * A turn stored in kilobytes (migrations/011, shell/db/packed.ts, docs/gm-guide.md "The
 * database's size"): states without the game's aircraft cards, mail text and HTML deflated, a
 * mail's picture kept as its map view; everything read back exactly as it was written.
 */
import { describe, expect, it } from 'vitest';
import { pictureSvg } from '../../../src/app/views/pictures.ts';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from '../../../src/shell/db/migrations.ts';
import { envelope, noWarningHold, post, startedDuel, testReferee, type TestReferee } from '../../support/app.ts';
import { exportGame } from '../../../src/app/history/export.ts';
import { verifyGame } from '../../../src/app/history/verify.ts';

/** A duel of `turns` turns, both fighters flying on and firing at the other. */
function playDuel(t: TestReferee, turns: number): void {
  const s = startedDuel(t);
  noWarningHold(t);
  for (let turn = 1; turn <= turns; turn++) {
    post(t, 'red@example.test', envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1\nFIRE R1 ALL AT B1'));
    post(t, 'blue@example.test', envelope('duel', 'blue', s.blue, 'B1: 1 1 1 1 1\nFIRE B1 ALL AT R1'));
  }
}

describe('lean storage', () => {
  it('keeps a state without its aircraft cards and reads it back as JSON.stringify wrote it', () => {
    const t = testReferee();
    startedDuel(t);
    const stored = t.store.db
      .prepare("SELECT state FROM turns WHERE game_id = 'duel' AND turn = 1")
      .pluck()
      .get() as string;
    const state = t.store.tx((tx) => tx.turns.get('duel', 1)!.state);
    expect(stored).toContain('"aircraft":"@game"');
    expect(stored.length).toBeLessThan(JSON.stringify(state).length / 2);
    expect(Object.keys(state.aircraft)).toEqual(['tf']);
    expect(t.store.tx((tx) => tx.turns.stateText('duel', 1))).toBe(JSON.stringify(state));
  });

  it("keeps a state whole when its cards are not the game's", () => {
    const t = testReferee();
    startedDuel(t);
    const state = t.store.tx((tx) => tx.turns.get('duel', 1)!.state);
    const other = {
      ...state,
      turn: 2,
      aircraft: { ...state.aircraft, tf: { ...state.aircraft.tf!, name: 'Another fighter' } },
    };
    t.store.tx((tx) => tx.turns.insert('duel', 2, other, 0));
    const stored = t.store.db
      .prepare("SELECT state FROM turns WHERE game_id = 'duel' AND turn = 2")
      .pluck()
      .get() as string;
    expect(stored).toBe(JSON.stringify(other));
    expect(t.store.tx((tx) => tx.turns.stateText('duel', 2))).toBe(JSON.stringify(other));
  });

  it('keeps mail deflated with its picture as a view, and hands both back as written', () => {
    const t = testReferee();
    const s = startedDuel(t);
    post(t, 'red@example.test', envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1'));
    const raw = t.store.db
      .prepare("SELECT text_body, html_body, picture FROM outbox WHERE kind = 'ack'")
      .get() as Record<string, unknown>;
    for (const v of Object.values(raw)) expect(v).toBeInstanceOf(Uint8Array);
    const row = t.store.tx((tx) => tx.outbox.list()).find((m) => m.kind === 'ack')!;
    expect(row.text).toMatch(/^Your orders for turn 1/);
    expect((raw.text_body as Uint8Array).length).toBeLessThan(row.text.length / 2);
    expect(row.picture).toMatchObject({
      title: expect.any(String),
      view: expect.objectContaining({ planes: expect.any(Array) }),
    });
    expect(pictureSvg(row.picture!)).toMatch(/^<svg /);
  });

  it('migrates a database of the version before: the SVG of sent mail dropped, the rest read as it was', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tallyho-lean-'));
    try {
      // The migrations of the version before: 001 to 010.
      const before = join(dir, 'migrations');
      mkdirSync(before);
      for (const f of readdirSync('migrations').filter((f) => f < '011'))
        copyFileSync(join('migrations', f), join(before, f));
      const path = join(dir, 'old.sqlite');
      const old = new Database(path);
      migrate(old, before);
      const svg = '<svg xmlns="http://www.w3.org/2000/svg"></svg>';
      const insert =
        old.prepare(`INSERT INTO outbox (kind, recipient, subject, message_id, refs, text_body, html_body, picture, status, next_attempt_at, created_at)
        VALUES ('notice', 'a@example.test', 's', ?, '', 'plain text', '<p>html</p>', ?, ?, 0, 0)`);
      insert.run('<a@x>', svg, 'sent');
      insert.run('<b@x>', svg, 'pending');
      old.close();
      const t = testReferee({ path });
      const rows = t.store.tx((tx) => tx.outbox.list());
      expect(rows.map((r) => [r.text, r.html, r.picture])).toEqual([
        ['plain text', '<p>html</p>', null],
        ['plain text', '<p>html</p>', { svg }],
      ]);
      t.store.db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('migrates the events of a database of the version before (a row an event) to a row a turn: the same text, verified, exported', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tallyho-events-'));
    try {
      const path = join(dir, 'old.sqlite');
      const t = testReferee({ path });
      playDuel(t, 3);
      const texts = t.store.db
        .prepare("SELECT turn, events FROM turns WHERE game_id = 'duel' AND events IS NOT NULL ORDER BY turn")
        .all() as { turn: number; events: string }[];
      expect(texts.length).toBe(3);
      const exported = JSON.stringify(exportGame(t.deps, 'duel'));
      // The database as the version before kept it (migrations/001's events table, a row an event).
      t.store.db
        .exec(`CREATE TABLE events (game_id TEXT NOT NULL, turn INTEGER NOT NULL, seq INTEGER NOT NULL, impulse INTEGER NOT NULL,
          phase TEXT NOT NULL, plane TEXT NOT NULL, type TEXT NOT NULL, data TEXT NOT NULL,
          PRIMARY KEY (game_id, turn, seq), FOREIGN KEY (game_id, turn) REFERENCES turns(game_id, turn));
        INSERT INTO events SELECT t.game_id, t.turn, CAST(e.key AS INTEGER) + 1, json_extract(e.value, '$.impulse'), json_extract(e.value, '$.phase'),
          json_extract(e.value, '$.plane'), json_extract(e.value, '$.type'), e.value FROM turns t, json_each(t.events) e WHERE t.events IS NOT NULL;
        ALTER TABLE turns DROP COLUMN events;
        ALTER TABLE players DROP COLUMN pilot; ALTER TABLE players DROP COLUMN leave_until; ALTER TABLE players DROP COLUMN leave_used;
        ALTER TABLE orders DROP COLUMN standin;
        DROP TABLE deliveries; DROP TABLE hooks; DROP TABLE calendars; DROP TABLE musters; ALTER TABLE players DROP COLUMN ready_at;
        DROP TABLE menus; DROP INDEX outbox_sent; DROP INDEX outbox_sent_to; DROP INDEX outbox_due_to;
        DELETE FROM schema_migrations WHERE version >= 12;`);
      expect(t.store.db.prepare('SELECT count(*) FROM events').pluck().get()).toBeGreaterThan(6);
      t.store.db.close();
      const u = testReferee({ path });
      expect(
        u.store.db
          .prepare("SELECT turn, events FROM turns WHERE game_id = 'duel' AND events IS NOT NULL ORDER BY turn")
          .all(),
      ).toEqual(texts);
      expect(u.store.db.prepare("SELECT name FROM sqlite_master WHERE name = 'events'").get()).toBeUndefined();
      expect(verifyGame(u.deps, 'duel')).toMatchObject({ turns: 3, differences: [], explanations: [] });
      expect(JSON.stringify(exportGame(u.deps, 'duel'))).toBe(exported);
      u.store.db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
