/**
 * Who can read the database (src/shell/db/open.ts, src/shell/backup.ts, src/shell/doctor.ts): a
 * database Tallyho makes is its owner's alone (0600, its -wal file too), a backup is no more
 * readable than its database, a database found is left as it is, and `tallyho doctor` warns when
 * every user of the machine can read the database or a backup, with the command that fixes it.
 */
import { chmodSync, existsSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeBackup } from '../../../src/shell/backup.ts';
import { configFrom } from '../../../src/shell/config.ts';
import { openDatabase } from '../../../src/shell/db/open.ts';
import { databaseChecks } from '../../../src/shell/doctor.ts';
import { tempDirs } from '../../support/temp-dirs.ts';

const temp = tempDirs('tallyho-private-');
const modeOf = (file: string): number => statSync(file).mode & 0o777;
const NOW = Date.UTC(2026, 11, 7, 12, 0, 0);

/** A database made by Tallyho at `path`, closed. */
function made(path: string): void {
  const db = openDatabase(path);
  db.prepare('SELECT count(*) FROM games').get();
  db.close();
}

describe('who can read the database', () => {
  it('makes a new database, and the directory it needs, readable and writable by its owner alone, the -wal file too', () => {
    const path = join(temp(), 'data', 'tallyho.sqlite');
    // Its migrations are written in WAL mode: the -wal file is there before it is closed.
    const db = openDatabase(path);
    expect(modeOf(path)).toBe(0o600);
    expect(existsSync(`${path}-wal`)).toBe(true);
    expect(modeOf(`${path}-wal`)).toBe(0o600);
    db.close();
  });

  it('leaves the mode of a database it finds as its owner set it', () => {
    const path = join(temp(), 'tallyho.sqlite');
    made(path);
    chmodSync(path, 0o640);
    made(path);
    expect(modeOf(path)).toBe(0o640);
  });

  it('makes each backup no more readable than its database, a copy left by a backup cut short replaced', async () => {
    const dir = temp();
    const path = join(dir, 'tallyho.sqlite');
    made(path);
    const config = configFrom({ DATABASE_PATH: path }, dir);
    const first = await makeBackup(config, { dir: config.backupDir, keepDays: 0, now: NOW });
    expect(modeOf(first.path)).toBe(0o600);
    chmodSync(path, 0o640);
    const cut = join(config.backupDir, 'tallyho-20261207T120100Z.sqlite.partial');
    writeFileSync(cut, 'a copy cut short');
    const second = await makeBackup(config, { dir: config.backupDir, keepDays: 0, now: NOW + 60_000 });
    expect(second.path).toBe(cut.replace(/\.partial$/, ''));
    expect(modeOf(second.path)).toBe(0o640);
    expect(existsSync(cut)).toBe(false);
  });

  it('tallyho doctor warns when every user can read the database or a backup, and says how to fix it', async () => {
    const dir = temp();
    const path = join(dir, 'tallyho.sqlite');
    made(path);
    const config = configFrom({ DATABASE_PATH: path }, dir);
    await makeBackup(config, { dir: config.backupDir, keepDays: 0, now: NOW });
    const warnings = () => databaseChecks(config, NOW).filter((c) => c.name === 'database' && c.verdict === 'warn');
    expect(warnings()).toEqual([]);
    chmodSync(path, 0o644);
    expect(warnings().map((c) => c.detail)).toEqual([
      `${path} can be read by every user of this machine: it holds the players' addresses and the mail that gave them their secrets; chmod 600 ${path}`,
    ]);
    chmodSync(join(config.backupDir, 'tallyho-20261207T120000Z.sqlite'), 0o644);
    const both = `${path} ${join(config.backupDir, 'tallyho-*.sqlite')}`;
    expect(warnings()[0]?.detail).toMatch(/^.* and .*tallyho-\*\.sqlite can be read by every user/);
    expect(warnings()[0]?.detail.endsWith(`chmod 600 ${both}`)).toBe(true);
    chmodSync(path, 0o600);
    chmodSync(join(config.backupDir, 'tallyho-20261207T120000Z.sqlite'), 0o600);
    expect(warnings()).toEqual([]);
  });
});
