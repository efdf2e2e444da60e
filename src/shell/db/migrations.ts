/**
 * The migrations runner. Migrations are numbered SQL files in migrations/ (`001_initial.sql`, ...),
 * append-only. Each is applied in a transaction of its own and recorded with a SHA-256 checksum of
 * its text; the runner refuses to start when the database and the files disagree: a recorded
 * migration whose file is missing, renamed or edited, a database newer than the files, or a gap in
 * the numbering.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type Database from 'better-sqlite3';
import { TallyhoError } from '../errors.ts';

export const DEFAULT_MIGRATIONS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../migrations');

export interface MigrationFile {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

interface Applied {
  version: number;
  name: string;
  checksum: string;
}

const FILE_RE = /^(\d{3,})_([a-z0-9_-]+)\.sql$/;

/** Checksum of a migration's text; line endings do not count. */
export const checksumOf = (sql: string): string => createHash('sha256').update(sql.replace(/\r\n/g, '\n')).digest('hex');

const refuse = (message: string, details: string[] = []): TallyhoError =>
  new TallyhoError('E_MIGRATIONS', `${message}; the database was not changed`, details);

/** The migration files of a directory, in order; numbering must run 1, 2, 3 ... without gaps. */
export function readMigrations(dir: string = DEFAULT_MIGRATIONS_DIR): MigrationFile[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.sql')).sort();
  } catch (e) {
    throw new TallyhoError('E_IO', `cannot read the migrations directory ${dir}: ${(e as Error).message}`);
  }
  const files: MigrationFile[] = [];
  for (const n of names) {
    const m = FILE_RE.exec(n);
    if (!m) throw refuse(`${join(dir, n)}: a migration file is named NNN_name.sql (digits, then lower-case words)`);
    const sql = readFileSync(join(dir, n), 'utf8');
    files.push({ version: Number(m[1]), name: n, sql, checksum: checksumOf(sql) });
  }
  files.forEach((f, i) => {
    if (f.version !== i + 1) throw refuse(`${join(dir, f.name)}: expected migration number ${i + 1} here (numbers run 1, 2, 3 ... without gaps or repeats)`);
  });
  return files;
}

function appliedMigrations(db: Database.Database): Applied[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL, applied_at INTEGER NOT NULL)`);
  return db.prepare('SELECT version, name, checksum FROM schema_migrations ORDER BY version').all() as Applied[];
}

/** Problems between what the database recorded and the files; empty when they agree. */
export function compareMigrations(applied: Applied[], files: MigrationFile[]): string[] {
  const problems: string[] = [];
  for (const a of applied) {
    const f = files.find((x) => x.version === a.version);
    if (!f) problems.push(`migration ${a.version} (${a.name}) is recorded in the database but there is no file for it: the database is newer than this program`);
    else if (f.name !== a.name) problems.push(`migration ${a.version} was applied as ${a.name} but the file is now ${f.name}`);
    else if (f.checksum !== a.checksum) problems.push(`${f.name} was changed after it was applied (checksum ${f.checksum.slice(0, 12)}, recorded ${a.checksum.slice(0, 12)}); add a new migration instead of editing an applied one`);
  }
  return problems;
}

export interface MigrateResult {
  applied: string[];
}

/** Checks the recorded migrations against the files, then applies the missing ones in order. */
export function migrate(db: Database.Database, dir: string = DEFAULT_MIGRATIONS_DIR, now: () => number = Date.now): MigrateResult {
  const files = readMigrations(dir);
  const applied = appliedMigrations(db);
  const problems = compareMigrations(applied, files);
  if (problems.length) throw refuse(`the database and the migration files in ${dir} disagree`, problems);
  const done = new Set(applied.map((a) => a.version));
  const record = db.prepare('INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (?, ?, ?, ?)');
  const out: string[] = [];
  for (const f of files) {
    if (done.has(f.version)) continue;
    const apply = db.transaction(() => {
      db.exec(f.sql);
      record.run(f.version, f.name, f.checksum, now());
    });
    try {
      apply.immediate();
    } catch (e) {
      throw new TallyhoError('E_MIGRATIONS', `${f.name} failed and was rolled back: ${(e as Error).message}`);
    }
    out.push(f.name);
  }
  return { applied: out };
}
