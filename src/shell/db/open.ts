/**
 * Opening the SQLite database: WAL journal, synchronous=FULL (a committed transaction survives a
 * power cut, which the exactly-once ledger relies on), foreign keys on, a busy timeout so a CLI
 * command and the running server can share the file, then the migrations. The migrations are
 * checked before the first pragma that can write (journal_mode), so a database the check refuses
 * is closed exactly as it was found. A database it makes is its owner's alone (mode 0600: it holds
 * the players' addresses and the mail that gave them their secrets; SQLite gives its -wal and -shm
 * files the database's mode); one found is left as its owner set it (tallyho doctor warns when every
 * user of the machine can read it).
 */
import { closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { TallyhoError } from '../errors.ts';
import { applyMigrations, checkMigrations, DEFAULT_MIGRATIONS_DIR } from './migrations.ts';

/** The mode of a database Tallyho makes: read and written by its owner alone. */
const PRIVATE = 0o600;

export interface OpenOptions {
  migrationsDir?: string;
  /** Milliseconds a statement waits for another connection's lock before failing. */
  busyTimeoutMs?: number;
  readonly?: boolean;
}

export function openDatabase(path: string, options: OpenOptions = {}): Database.Database {
  if (path !== ':memory:') {
    try {
      mkdirSync(dirname(path), { recursive: true });
    } catch (e) {
      throw new TallyhoError('E_IO', `cannot create the directory of the database ${path}: ${(e as Error).message}`);
    }
  }
  let db: Database.Database;
  try {
    // Made empty with its mode before SQLite opens it (an empty file is an empty database), so
    // that it is never readable by others, not even for a moment.
    if (path !== ':memory:' && path !== '' && !options.readonly && !existsSync(path))
      closeSync(openSync(path, 'wx', PRIVATE));
    db = new Database(path, { readonly: options.readonly ?? false });
  } catch (e) {
    throw new TallyhoError('E_IO', `cannot open the database ${path}: ${(e as Error).message}`);
  }
  try {
    db.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 5000}`);
    const plan = options.readonly ? undefined : checkMigrations(db, options.migrationsDir ?? DEFAULT_MIGRATIONS_DIR);
    if (!options.readonly) db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    if (plan) applyMigrations(db, plan);
  } catch (e) {
    db.close();
    throw e;
  }
  return db;
}
