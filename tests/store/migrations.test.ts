import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MIGRATIONS_DIR, migrate, readMigrations } from '../../src/shell/db/migrations.ts';
import { openDatabase } from '../../src/shell/db/open.ts';
import { TallyhoError } from '../../src/shell/errors.ts';

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
  (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((r) => r.name);

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
    expect(tables(db)).toEqual(expect.arrayContaining(['games', 'players', 'planes', 'turns', 'orders', 'inbound', 'events', 'outbox', 'schema_migrations']));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    expect(Number(db.pragma('busy_timeout', { simple: true }))).toBeGreaterThan(0);
    expect(migrate(db, migrations).applied).toEqual([]);
    db.close();
    const again = openDatabase(dbPath(), { migrationsDir: migrations });
    expect((again.prepare('SELECT COUNT(*) AS n FROM schema_migrations').get() as { n: number }).n).toBe(readMigrations(migrations).length);
    again.close();
  });

  it('applies a new migration and records its checksum', () => {
    openDatabase(dbPath(), { migrationsDir: migrations }).close();
    const n = readMigrations(migrations).length + 1;
    const name = `${String(n).padStart(3, '0')}_extra.sql`;
    writeFileSync(join(migrations, name), 'CREATE TABLE extra (x INTEGER);\n');
    const db = openDatabase(dbPath(), { migrationsDir: migrations });
    expect(tables(db)).toContain('extra');
    const row = db.prepare('SELECT name, checksum FROM schema_migrations WHERE version = ?').get(n) as { name: string; checksum: string };
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
    expect(refusal(() => openDatabase(dbPath(), { migrationsDir: migrations })).details.join('\n')).toMatch(/now 001_renamed.sql/);
    renameSync(join(migrations, '001_renamed.sql'), join(migrations, first.name));
    rmSync(join(migrations, readMigrations(migrations).at(-1)!.name));
    expect(refusal(() => openDatabase(dbPath(), { migrationsDir: migrations })).details.join('\n')).toMatch(/newer than this program/);
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
    writeFileSync(join(migrations, `${String(n).padStart(3, '0')}_broken.sql`), 'CREATE TABLE half (x INTEGER);\nTHIS IS NOT SQL;\n');
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
