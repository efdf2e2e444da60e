/**
 * `tallyho backup` (src/shell/backup.ts, src/shell/cli/backup.ts): a checked copy made while the
 * database is open, the old backups removed, a copy that fails its check removed and named, and a
 * backup restored by copying it back.
 */
import { copyFileSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyGame } from '../../src/app/history/verify.ts';
import { backupName, backupTime, makeBackup } from '../../src/shell/backup.ts';
import { configFrom } from '../../src/shell/config.ts';
import { envelope, noWarningHold, post, startedDuel, testReferee, type TestReferee } from '../support/app.ts';
import { tempDirs } from '../support/temp-dirs.ts';

const temp = tempDirs('tallyho-backup-');

/** A duel played `turns` turns in a database file; the referee is left open, as a running server's. */
function duelIn(path: string, turns: number): { t: TestReferee; next: () => void } {
  const t = testReferee({ path });
  const s = startedDuel(t);
  noWarningHold(t);
  const next = () => {
    post(t, 'red@example.test', envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1\nFIRE R1 ALL AT B1'));
    post(t, 'blue@example.test', envelope('duel', 'blue', s.blue, 'B1: 1 1 1 1 1\nFIRE B1 ALL AT R1'));
  };
  for (let i = 0; i < turns; i++) next();
  return { t, next };
}

const DAY = 86_400_000;

describe('tallyho backup', () => {
  it('names backups by their time in UTC and reads the time back', () => {
    const at = Date.UTC(2026, 11, 7, 9, 30, 5, 123);
    expect(backupName(at)).toBe('tallyho-20261207T093005Z.sqlite');
    expect(backupTime(backupName(at))).toBe(Date.UTC(2026, 11, 7, 9, 30, 5));
    expect(backupTime('tallyho.sqlite')).toBeNull();
    expect(backupTime('tallyho-20261207T093005Z.sqlite.partial')).toBeNull();
  });

  it('copies the open database, checks every game, removes the backups older than the days kept, and restores', async () => {
    const dir = temp();
    const path = join(dir, 'tallyho.sqlite');
    const { t, next } = duelIn(path, 2);
    const config = configFrom({ DATABASE_PATH: path }, dir);
    expect(config.backupDir).toBe(join(dir, 'backups'));
    const now = Date.UTC(2026, 11, 7, 12, 0, 0);
    // Two old backups (one just within 14 days), and a file that is not a backup.
    const old = backupName(now - 15 * DAY);
    const recent = backupName(now - 13 * DAY);
    await makeBackup(config, { dir: config.backupDir, keepDays: 0, now: now - 15 * DAY });
    await makeBackup(config, { dir: config.backupDir, keepDays: 0, now: now - 13 * DAY });
    writeFileSync(join(config.backupDir, 'notes.txt'), 'mine');

    const r = await makeBackup(config, { dir: config.backupDir, keepDays: 14, now });
    expect(r).toMatchObject({ path: join(config.backupDir, backupName(now)), games: 1, turns: 2, removed: [old] });
    expect(r.bytes).toBeGreaterThan(10_000);
    expect(readdirSync(config.backupDir).sort()).toEqual([recent, backupName(now), 'notes.txt'].sort());

    // The game goes on after the backup; the backup, copied back, is the game as it was then.
    next();
    expect(t.store.tx((tx) => tx.games.get('duel')!.turn)).toBe(4);
    t.store.db.close();
    const restored = join(dir, 'restored.sqlite');
    copyFileSync(r.path, restored);
    const u = testReferee({ path: restored });
    expect(u.store.tx((tx) => tx.games.get('duel')!.turn)).toBe(3);
    expect(verifyGame(u.deps, 'duel')).toMatchObject({ turns: 2, differences: [] });
    u.store.db.close();
  });

  it('removes a copy that fails its check, names each problem, and leaves the backups before it', async () => {
    const dir = temp();
    const path = join(dir, 'tallyho.sqlite');
    const { t } = duelIn(path, 2);
    const config = configFrom({ DATABASE_PATH: path }, dir);
    const now = Date.UTC(2026, 11, 7, 12, 0, 0);
    const good = await makeBackup(config, { dir: config.backupDir, keepDays: 14, now });
    // A stored state edited by hand: the turn re-resolved no longer gives it.
    const text = t.store.db
      .prepare("SELECT state FROM turns WHERE game_id = 'duel' AND turn = 2")
      .pluck()
      .get() as string;
    const edited = text.replace(/"altitude":(\d+)/, (_, a: string) => `"altitude":${Number(a) + 1000}`);
    expect(edited).not.toBe(text);
    t.store.db.prepare("UPDATE turns SET state = ? WHERE game_id = 'duel' AND turn = 2").run(edited);
    const failed = makeBackup(config, { dir: config.backupDir, keepDays: 14, now: now + 1000 });
    await expect(failed).rejects.toMatchObject({ code: 'E_VERIFY' });
    const details = ((await failed.catch((e: unknown) => e)) as { details: string[] }).details;
    expect(details[0]).toBe(
      'game duel turn 1: state after the turn: planes[0].altitude is 11000 as stored, 10000 re-resolved',
    );
    expect(readdirSync(config.backupDir)).toEqual([backupName(now)]);
    expect(existsSync(good.path)).toBe(true);
    t.store.db.close();
  });

  it('says there is no database to back up, and makes nothing', async () => {
    const dir = temp();
    const config = configFrom({ DATABASE_PATH: join(dir, 'none.sqlite') }, dir);
    await expect(makeBackup(config, { dir: config.backupDir, keepDays: 14, now: Date.now() })).rejects.toMatchObject({
      code: 'E_NO_DATABASE',
    });
    expect(existsSync(config.backupDir)).toBe(false);
  });
});
