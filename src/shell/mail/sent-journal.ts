/**
 * The journal of mails the SMTP server has taken: one line per mail, written by the SMTP thread
 * the moment the server answers 250 and before it starts the next mail. The outbox records each
 * result in the store shortly after (in a group, when the main thread is free); a process killed in
 * between leaves the result here, and the next start marks those rows sent before it leases any.
 * So a crash sends a second copy of at most the one mail whose 250 had not come back yet, however
 * many mails were queued to the thread.
 *
 * The file sits beside the database (`<database>.sent`); it is emptied whenever every result in
 * it is in the store (the outbox idle, at start after recovery), so it stays small.
 */
import { existsSync, readFileSync, truncateSync, writeSync } from 'node:fs';

export interface SentEntry {
  /** The outbox row. */
  id: number;
  at: number;
  response: string;
  rejected: string[];
}

/** Where the journal of the database at `databasePath` lives; none for an in-memory database. */
export function sentJournalPath(databasePath: string): string | null {
  return databasePath === ':memory:' || databasePath === '' ? null : `${databasePath}.sent`;
}

/**
 * Appends one entry to the journal open (for appending) as `fd`, synchronously: it is in the file,
 * as far as the process goes, when this returns.
 */
export function appendSent(fd: number, entry: SentEntry): void {
  writeSync(fd, `${JSON.stringify(entry)}\n`);
}

/**
 * The entries in the journal. A last line cut short by a crash mid-write, or any line that is not an
 * entry, is skipped: its mail is sent again, as it would have been without a journal.
 */
export function readSent(path: string): SentEntry[] {
  if (!existsSync(path)) return [];
  const out: SentEntry[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      const e = JSON.parse(line) as Partial<SentEntry>;
      if (Number.isInteger(e.id) && typeof e.at === 'number' && typeof e.response === 'string') {
        out.push({
          id: e.id!,
          at: e.at,
          response: e.response,
          rejected: Array.isArray(e.rejected) ? e.rejected.map(String) : [],
        });
      }
    } catch {
      // a line cut short
    }
  }
  return out;
}

/** Empties the journal (every entry in it is recorded in the store). */
export function clearSent(path: string): void {
  if (existsSync(path)) truncateSync(path, 0);
}
