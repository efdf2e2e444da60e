import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MIGRATIONS_DIR, footprints, migrate, readMigrations } from '../../../src/shell/db/migrations.ts';
import { openDatabase } from '../../../src/shell/db/open.ts';
import { TallyhoError } from '../../../src/shell/errors.ts';

let dir: string;
let migrations: string;
const dbPath = () => join(dir, 'test.sqlite');

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tallyho-mig-'));
  migrations = join(dir, 'migrations');
  mkdirSync(migrations);
  for (const f of readMigrations(DEFAULT_MIGRATIONS_DIR)) writeFileSync(join(migrations, f.name), f.sql);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const tables = (db: Database.Database) =>
  (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map(
    (r) => r.name,
  );

function refusal(fn: () => unknown): TallyhoError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(TallyhoError);
    expect((e as TallyhoError).code).toBe('E_MIGRATIONS');
    return e as TallyhoError;
  }
  throw new Error('expected a refusal');
}

describe('migrations', () => {
  it('applies every file once, in a fresh database, with the pragmas set', () => {
    const db = openDatabase(dbPath(), { migrationsDir: migrations });
    expect(tables(db)).toEqual(
      expect.arrayContaining([
        'games',
        'players',
        'planes',
        'turns',
        'orders',
        'inbound',
        'outbox',
        'schema_migrations',
      ]),
    );
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    expect(Number(db.pragma('busy_timeout', { simple: true }))).toBeGreaterThan(0);
    expect(migrate(db, migrations).applied).toEqual([]);
    db.close();
    const again = openDatabase(dbPath(), { migrationsDir: migrations });
    expect((again.prepare('SELECT COUNT(*) AS n FROM schema_migrations').get() as { n: number }).n).toBe(
      readMigrations(migrations).length,
    );
    again.close();
  });

  it('applies a new migration and records its checksum', () => {
    openDatabase(dbPath(), { migrationsDir: migrations }).close();
    const n = readMigrations(migrations).length + 1;
    const name = `${String(n).padStart(3, '0')}_extra.sql`;
    writeFileSync(join(migrations, name), 'CREATE TABLE extra (x INTEGER);\n');
    const db = openDatabase(dbPath(), { migrationsDir: migrations });
    expect(tables(db)).toContain('extra');
    const row = db.prepare('SELECT name, checksum FROM schema_migrations WHERE version = ?').get(n) as {
      name: string;
      checksum: string;
    };
    expect(row.name).toBe(name);
    expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
    db.close();
  });

  it('refuses to start when an applied migration was edited', () => {
    openDatabase(dbPath(), { migrationsDir: migrations }).close();
    const first = readMigrations(migrations)[0]!;
    writeFileSync(join(migrations, first.name), `${first.sql}\n-- an edit\n`);
    const e = refusal(() => openDatabase(dbPath(), { migrationsDir: migrations }));
    expect(e.details.join('\n')).toMatch(/was changed after it was applied/);
  });

  it('refuses a database newer than the files, and a renamed file', () => {
    openDatabase(dbPath(), { migrationsDir: migrations }).close();
    const first = readMigrations(migrations)[0]!;
    renameSync(join(migrations, first.name), join(migrations, '001_renamed.sql'));
    expect(refusal(() => openDatabase(dbPath(), { migrationsDir: migrations })).details.join('\n')).toMatch(
      /now 001_renamed.sql/,
    );
    renameSync(join(migrations, '001_renamed.sql'), join(migrations, first.name));
    rmSync(join(migrations, readMigrations(migrations).at(-1)!.name));
    expect(refusal(() => openDatabase(dbPath(), { migrationsDir: migrations })).details.join('\n')).toMatch(
      /newer than this program/,
    );
  });

  it('refuses a gap in the numbering and leaves the database untouched', () => {
    const gap = readMigrations(migrations).length + 2;
    writeFileSync(join(migrations, `${String(gap).padStart(3, '0')}_gap.sql`), 'CREATE TABLE gap (x INTEGER);\n');
    refusal(() => openDatabase(dbPath(), { migrationsDir: migrations }));
    const db = new Database(dbPath());
    expect(tables(db)).toEqual([]);
    db.close();
  });

  it('rolls a failing migration back whole', () => {
    openDatabase(dbPath(), { migrationsDir: migrations }).close();
    const n = readMigrations(migrations).length + 1;
    writeFileSync(
      join(migrations, `${String(n).padStart(3, '0')}_broken.sql`),
      'CREATE TABLE half (x INTEGER);\nTHIS IS NOT SQL;\n',
    );
    expect(refusal(() => openDatabase(dbPath(), { migrationsDir: migrations })).message).toMatch(/rolled back/);
    const db = new Database(dbPath());
    expect(tables(db)).not.toContain('half');
    db.close();
  });

  it('ignores line endings in checksums', () => {
    openDatabase(dbPath(), { migrationsDir: migrations }).close();
    const first = readMigrations(migrations)[0]!;
    writeFileSync(join(migrations, first.name), first.sql.replace(/\n/g, '\r\n'));
    openDatabase(dbPath(), { migrationsDir: migrations }).close();
    expect(readFileSync(join(migrations, first.name), 'utf8')).toContain('\r\n');
  });
});

/** The database file's bytes and mtime, and the files next to it (a journal left behind would show). */
const snapshot = () => ({
  bytes: readFileSync(dbPath()).toString('base64'),
  mtime: statSync(dbPath()).mtimeMs,
  files: readdirSync(dir).sort(),
});

/** A migrated database, then `damage` run on it by a plain connection, closed again. */
function damaged(damage: (db: Database.Database) => void): ReturnType<typeof snapshot> {
  openDatabase(dbPath(), { migrationsDir: migrations }).close();
  const db = new Database(dbPath());
  damage(db);
  db.close();
  return snapshot();
}

function refusedUntouched(before: ReturnType<typeof snapshot>): TallyhoError {
  const e = refusal(() => openDatabase(dbPath(), { migrationsDir: migrations }));
  expect(e.message).toMatch(/the database was not changed/);
  expect(e.message).toMatch(
    /restore the database from a backup, or import a game export \(tallyho import\) into a new file, or point DATABASE_PATH at the right file/,
  );
  expect(snapshot()).toEqual(before);
  return e;
}

describe('a schema without its migration records', () => {
  it('refuses a database whose records were deleted, and leaves the file as it was', () => {
    const before = damaged((db) => db.exec('DELETE FROM schema_migrations'));
    const e = refusedUntouched(before);
    expect(e.message).toMatch(/holds a schema its migration records do not account for/);
    const details = e.details.join('\n');
    for (const f of readMigrations(migrations)) expect(details).toContain(`${f.name} is not recorded as applied`);
    expect(details).toMatch(
      /001_initial\.sql is not recorded as applied, yet what it makes is in the database already \(games, players,/,
    );
  });

  it('refuses a database missing its latest records, naming the columns found', () => {
    const before = damaged((db) => db.exec('DELETE FROM schema_migrations WHERE version >= 3'));
    const details = refusedUntouched(before).details.join('\n');
    expect(details).not.toMatch(/00[12]_/);
    expect(details).toMatch(/003_correspondence\.sql is not recorded as applied, yet .*column players\.zone/);
    expect(details).toMatch(
      /004_archive_paging\.sql is not recorded as applied, yet .*games_activity.*column games\.activity_at/,
    );
  });

  it('refuses a database whose record table was dropped, in a rollback journal, and leaves it so', () => {
    const before = damaged((db) => {
      db.exec('DROP TABLE schema_migrations');
      db.pragma('journal_mode = DELETE');
    });
    const e = refusedUntouched(before);
    expect(e.message).toMatch(
      /holds Tallyho's tables but no record of its migrations \(table schema_migrations is missing\)/,
    );
    const db = new Database(dbPath(), { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('delete');
    db.close();
  });

  it('refuses a gap in the records', () => {
    const before = damaged((db) => db.exec('DELETE FROM schema_migrations WHERE version = 2'));
    const details = refusedUntouched(before).details.join('\n');
    expect(details).toMatch(
      /migration 3 \(003_correspondence\.sql\) is recorded but 002_turn_dice\.sql is not: records were deleted or written out of order/,
    );
    expect(details).toMatch(/002_turn_dice\.sql is not recorded as applied, yet .*turn_dice/);
  });

  it('refuses records out of order (two swapped) as renamed files, and leaves the file as it was', () => {
    const before = damaged((db) => {
      const [b, c] = db
        .prepare('SELECT name, checksum FROM schema_migrations WHERE version IN (2, 3) ORDER BY version')
        .all() as { name: string; checksum: string }[];
      const set = db.prepare('UPDATE schema_migrations SET name = ?, checksum = ? WHERE version = ?');
      set.run(c!.name, c!.checksum, 2);
      set.run(b!.name, b!.checksum, 3);
    });
    const e = refusal(() => openDatabase(dbPath(), { migrationsDir: migrations }));
    expect(e.details.join('\n')).toMatch(
      /migration 2 was applied as 003_correspondence\.sql but the file is now 002_turn_dice\.sql/,
    );
    expect(snapshot()).toEqual(before);
  });

  it('still upgrades a database that has the first migrations and their records', () => {
    const all = readMigrations(migrations);
    for (const f of all.slice(2)) rmSync(join(migrations, f.name));
    openDatabase(dbPath(), { migrationsDir: migrations }).close();
    for (const f of all.slice(2)) writeFileSync(join(migrations, f.name), f.sql);
    const db = new Database(dbPath());
    expect(migrate(db, migrations).applied).toEqual(all.slice(2).map((f) => f.name));
    expect(tables(db)).toEqual(expect.arrayContaining(['turn_dice', 'misses', 'join_requests']));
    db.close();
  });

  it('migrates an empty database that has only an empty record table, or tables of its own', () => {
    const db = new Database(dbPath());
    db.exec(
      'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL, applied_at INTEGER NOT NULL); CREATE TABLE notes (x TEXT)',
    );
    db.close();
    const again = openDatabase(dbPath(), { migrationsDir: migrations });
    expect(tables(again)).toEqual(expect.arrayContaining(['games', 'notes']));
    again.close();
  });

  it('counts an object for the file that first creates it, not for one that drops and remakes it', () => {
    const prints = footprints([
      {
        version: 1,
        name: '001_a.sql',
        sql: 'CREATE TABLE a (x INTEGER); -- CREATE TABLE ghost\nCREATE INDEX a_x ON a(x);',
        checksum: '',
      },
      {
        version: 2,
        name: '002_b.sql',
        sql: 'CREATE TABLE IF NOT EXISTS a (x INTEGER);\nDROP INDEX a_x; CREATE INDEX a_x ON a(x DESC);\nALTER TABLE a ADD COLUMN y TEXT;\nCREATE TABLE "b" (z);',
        checksum: '',
      },
    ]);
    expect(prints).toEqual([
      { objects: ['a', 'a_x'], columns: [] },
      { objects: ['b'], columns: [{ table: 'a', column: 'y' }] },
    ]);
  });
});
