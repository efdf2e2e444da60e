/**
 * The migrations runner. Migrations are numbered SQL files in migrations/ (`001_initial.sql`, ...),
 * append-only. Each is applied in a transaction of its own and recorded with a SHA-256 checksum of
 * its text; the runner refuses to start when the database and the files disagree: a recorded
 * migration whose file is missing, renamed or edited, a database newer than the files, a gap in
 * the numbering of the files or of the records, or a schema without its records (the record table
 * dropped, or records deleted while the tables, indexes, triggers or columns the migrations made
 * are still there). Every check is a read; nothing is written before they all pass, so a refused
 * database file is left as it was.
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
export const checksumOf = (sql: string): string =>
  createHash('sha256').update(sql.replace(/\r\n/g, '\n')).digest('hex');

const refuse = (message: string, details: string[] = []): TallyhoError =>
  new TallyhoError('E_MIGRATIONS', `${message}; the database was not changed`, details);

/** The migration files of a directory, in order; numbering must run 1, 2, 3 ... without gaps. */
export function readMigrations(dir: string = DEFAULT_MIGRATIONS_DIR): MigrationFile[] {
  let names: string[];
  try {
    names = readdirSync(dir)
      .filter((n) => n.endsWith('.sql'))
      .sort();
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
    if (f.version !== i + 1)
      throw refuse(
        `${join(dir, f.name)}: expected migration number ${i + 1} here (numbers run 1, 2, 3 ... without gaps or repeats)`,
      );
  });
  return files;
}

/** What a migration leaves in the schema: objects it is the first file to create, columns it adds. */
export interface Footprint {
  objects: string[];
  columns: { table: string; column: string }[];
}

const NAME = String.raw`["\`\[]?(\w+)["\`\]]?`;
const CREATE_RE = new RegExp(
  String.raw`\bCREATE\s+(?:UNIQUE\s+|TEMP(?:ORARY)?\s+|VIRTUAL\s+)?(?:TABLE|INDEX|VIEW|TRIGGER)\s+(?:IF\s+NOT\s+EXISTS\s+)?${NAME}`,
  'gi',
);
const DROP_RE = new RegExp(String.raw`\bDROP\s+(?:TABLE|INDEX|VIEW|TRIGGER)\s+(?:IF\s+EXISTS\s+)?${NAME}`, 'gi');
const ADD_COLUMN_RE = new RegExp(String.raw`\bALTER\s+TABLE\s+${NAME}\s+ADD\s+(?:COLUMN\s+)?${NAME}`, 'gi');

const withoutComments = (sql: string): string => sql.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/--[^\n]*/g, ' ');

/**
 * The footprint of each file, in order. An object counts for the first file that creates it and
 * not for a file that drops it too (a table rebuilt under its own name is no sign of that file).
 */
export function footprints(files: MigrationFile[]): Footprint[] {
  const seen = new Set<string>();
  return files.map((f) => {
    const sql = withoutComments(f.sql);
    const dropped = new Set([...sql.matchAll(DROP_RE)].map((m) => m[1]!.toLowerCase()));
    const created = [...sql.matchAll(CREATE_RE)].map((m) => m[1]!.toLowerCase());
    const objects = created.filter((n) => !seen.has(n) && !dropped.has(n));
    created.forEach((n) => seen.add(n));
    const columns = [...sql.matchAll(ADD_COLUMN_RE)].map((m) => ({
      table: m[1]!.toLowerCase(),
      column: m[2]!.toLowerCase(),
    }));
    return { objects: [...new Set(objects)], columns };
  });
}

/** The schema as it stands: object names and each table's columns, read without writing. */
function schemaOf(db: Database.Database): { objects: Set<string>; columns: (table: string) => Set<string> } {
  const rows = db.prepare("SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'").all() as {
    name: string;
  }[];
  const columns = db.prepare('SELECT name FROM pragma_table_info(?)');
  return {
    objects: new Set(rows.map((r) => r.name.toLowerCase())),
    columns: (table) => new Set((columns.all(table) as { name: string }[]).map((r) => r.name.toLowerCase())),
  };
}

function appliedMigrations(db: Database.Database, hasRecordTable: boolean): Applied[] {
  if (!hasRecordTable) return [];
  return db.prepare('SELECT version, name, checksum FROM schema_migrations ORDER BY version').all() as Applied[];
}

/** Problems where the records fall short of the schema; empty when every record is there. */
export function missingRecords(db: Database.Database, applied: Applied[], files: MigrationFile[]): string[] {
  const problems: string[] = [];
  applied.forEach((a, i) => {
    if (a.version !== i + 1) {
      const expected = files.find((f) => f.version === i + 1)?.name ?? `migration ${i + 1}`;
      problems.push(
        `migration ${a.version} (${a.name}) is recorded but ${expected} is not: records were deleted or written out of order`,
      );
    }
  });
  const schema = schemaOf(db);
  const done = new Set(applied.map((a) => a.version));
  const prints = footprints(files);
  files.forEach((f, i) => {
    if (done.has(f.version)) return;
    const p = prints[i]!;
    const found = [
      ...p.objects.filter((o) => schema.objects.has(o)),
      ...p.columns
        .filter((c) => schema.objects.has(c.table) && schema.columns(c.table).has(c.column))
        .map((c) => `column ${c.table}.${c.column}`),
    ];
    if (found.length)
      problems.push(
        `${f.name} is not recorded as applied, yet what it makes is in the database already (${found.join(', ')})`,
      );
  });
  return problems;
}

/** Problems between what the database recorded and the files; empty when they agree. */
export function compareMigrations(applied: Applied[], files: MigrationFile[]): string[] {
  const problems: string[] = [];
  for (const a of applied) {
    const f = files.find((x) => x.version === a.version);
    if (!f)
      problems.push(
        `migration ${a.version} (${a.name}) is recorded in the database but there is no file for it: the database is newer than this program`,
      );
    else if (f.name !== a.name)
      problems.push(`migration ${a.version} was applied as ${a.name} but the file is now ${f.name}`);
    else if (f.checksum !== a.checksum)
      problems.push(
        `${f.name} was changed after it was applied (checksum ${f.checksum.slice(0, 12)}, recorded ${a.checksum.slice(0, 12)}); add a new migration instead of editing an applied one`,
      );
  }
  return problems;
}

export interface MigrateResult {
  applied: string[];
}

/** The files still to apply once the database passed every check. */
export interface MigrationPlan {
  pending: MigrationFile[];
}

/**
 * Reads the records and the schema and checks them against the files, writing nothing: a database
 * that fails is refused before any statement changes it. Run this before any pragma that writes.
 */
export function checkMigrations(db: Database.Database, dir: string = DEFAULT_MIGRATIONS_DIR): MigrationPlan {
  const files = readMigrations(dir);
  const hasRecordTable =
    db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get() !== undefined;
  const applied = appliedMigrations(db, hasRecordTable);
  const problems = compareMigrations(applied, files);
  if (problems.length) throw refuse(`the database and the migration files in ${dir} disagree`, problems);
  const missing = missingRecords(db, applied, files);
  if (missing.length) {
    const what = hasRecordTable
      ? `the database ${db.name} holds a schema its migration records do not account for`
      : `the database ${db.name} holds Tallyho's tables but no record of its migrations (table schema_migrations is missing)`;
    throw new TallyhoError(
      'E_MIGRATIONS',
      `${what}; the database was not changed. Applying the migrations again would fail half-way: restore the database from a backup, or import a game export (tallyho import) into a new file, or point DATABASE_PATH at the right file`,
      missing,
    );
  }
  const done = new Set(applied.map((a) => a.version));
  return { pending: files.filter((f) => !done.has(f.version)) };
}

/** Applies the files a check left pending, each in a transaction of its own. */
export function applyMigrations(
  db: Database.Database,
  plan: MigrationPlan,
  now: () => number = Date.now,
): MigrateResult {
  if (!plan.pending.length) return { applied: [] };
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL, applied_at INTEGER NOT NULL)`);
  const record = db.prepare('INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (?, ?, ?, ?)');
  const out: string[] = [];
  for (const f of plan.pending) {
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

/** Checks the recorded migrations against the files and the schema, then applies the missing ones in order. */
export function migrate(
  db: Database.Database,
  dir: string = DEFAULT_MIGRATIONS_DIR,
  now: () => number = Date.now,
): MigrateResult {
  return applyMigrations(db, checkMigrations(db, dir), now);
}
