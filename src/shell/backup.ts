/**
 * Backups of the database (docs/gm-guide.md "Keeping the data safe"): an online copy made with
 * SQLite's backup API while the server runs, checked before it is named a backup (SQLite's
 * integrity check, the migrations, every game's turns re-resolved from its orders and dice, as
 * `tallyho verify` does), then the backups older than the days kept removed. A copy that fails a
 * check is removed and the failure named; the backups made before are left as they were. A backup
 * has its database's mode: it is never more readable than the database.
 */
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { verifyGame } from '../app/history/verify.ts';
import type { Config } from './config.ts';
import { TallyhoError } from './errors.ts';
import { openRuntime } from './runtime.ts';

export interface BackupResult {
  path: string;
  bytes: number;
  /** Games whose turns were re-resolved, and their turns. */
  games: number;
  turns: number;
  /** Backups removed as older than the days kept. */
  removed: string[];
}

/** A backup's file name: its time in UTC, so that names sort by age (tallyho-20261207T093000Z.sqlite). */
export const backupName = (at: number): string =>
  `tallyho-${new Date(at)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.sqlite`;
const NAMED = /^tallyho-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.sqlite$/;

/** When a backup was made, by its name; null for any other file. */
export function backupTime(name: string): number | null {
  const m = NAMED.exec(name);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi, s);
}

/** The checks of a copy: every problem found, none when it is a good backup. */
function checkCopy(config: Config, path: string): { problems: string[]; games: number; turns: number } {
  const problems: string[] = [];
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const integrity = db.pragma('integrity_check', { simple: false }) as { integrity_check: string }[];
    const bad = integrity.map((r) => r.integrity_check).filter((t) => t !== 'ok');
    if (bad.length) return { problems: bad.map((t) => `integrity check: ${t}`), games: 0, turns: 0 };
  } finally {
    db.close();
  }
  // Opened as the referee opens a database: the migrations are checked against the files.
  const rt = openRuntime({ config: { ...config, databasePath: path }, create: false });
  let games = 0;
  let turns = 0;
  try {
    for (const g of rt.store.tx((tx) => tx.games.list())) {
      const r = verifyGame(rt.deps, g.id);
      games++;
      turns += r.turns;
      for (const d of r.differences) problems.push(`game ${g.id} turn ${d.turn}: ${d.what}`);
    }
  } finally {
    rt.close();
  }
  return { problems, games, turns };
}

/** Removes the backups in `dir` made more than `keepDays` days before `now`, but never `keep`. */
export function pruneBackups(dir: string, keepDays: number, now: number, keep: string): string[] {
  if (keepDays <= 0) return [];
  const removed: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const at = backupTime(name);
    if (at === null || name === keep || now - at <= keepDays * 86_400_000) continue;
    rmSync(join(dir, name), { force: true });
    removed.push(name);
  }
  return removed;
}

/** Removes a copy that is no backup, with SQLite's -wal and -shm files beside it. */
function removeCopy(partial: string): void {
  for (const f of [partial, `${partial}-wal`, `${partial}-shm`]) rmSync(f, { force: true });
}

/**
 * Makes a backup of the configured database in `dir`, checks it and removes the old ones.
 * Throws E_NO_DATABASE when there is no database, E_IO when the copy cannot be written, and
 * E_VERIFY (the copy removed, each problem in the details) when the copy fails a check.
 */
export async function makeBackup(
  config: Config,
  o: { dir: string; keepDays: number; now: number },
): Promise<BackupResult> {
  if (!existsSync(config.databasePath))
    throw new TallyhoError('E_NO_DATABASE', `there is no database at ${config.databasePath} to back up`);
  const name = backupName(o.now);
  const path = join(o.dir, name);
  const partial = `${path}.partial`;
  try {
    mkdirSync(o.dir, { recursive: true });
    if (existsSync(path)) throw new Error(`${path} exists already (one backup a second)`);
    // A copy left by a backup cut short is no backup: it goes.
    removeCopy(partial);
    // Made empty with the database's mode before the copy fills it: never more readable than the
    // database (SQLite would make it with the umask's mode, often 0644).
    closeSync(openSync(partial, 'wx', statSync(config.databasePath).mode & 0o777));
    const source = new Database(config.databasePath, { readonly: true, fileMustExist: true });
    try {
      await source.backup(partial);
    } finally {
      source.close();
    }
  } catch (e) {
    rmSync(partial, { force: true });
    throw new TallyhoError('E_IO', `the backup could not be written in ${o.dir}: ${(e as Error).message}`);
  }
  let checked: ReturnType<typeof checkCopy>;
  try {
    checked = checkCopy(config, partial);
  } catch (e) {
    checked = { problems: [(e as Error).message], games: 0, turns: 0 };
  }
  if (checked.problems.length) {
    removeCopy(partial);
    throw new TallyhoError(
      'E_VERIFY',
      `the copy of ${config.databasePath} failed its check and was removed`,
      checked.problems,
    );
  }
  renameSync(partial, path);
  for (const f of [`${partial}-wal`, `${partial}-shm`]) rmSync(f, { force: true });
  const removed = pruneBackups(o.dir, o.keepDays, o.now, name);
  return { path, bytes: statSync(path).size, games: checked.games, turns: checked.turns, removed };
}
