/**
 * `tallyho backup` on the command line (src/shell/cli/backup.ts; docs/cli.md), in process on a
 * fresh database: a backup into BACKUP_DIR's default and into a folder named, its JSON, and a bad
 * --keep-days refused as a usage error.
 */
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, useCliDatabase } from '../../support/cli-in-process.ts';

const ROOT = resolve('.');
const { dir } = useCliDatabase('tallyho-backup-cli-', 'club.sqlite');

describe('tallyho backup', () => {
  it('says there is no database before one is made', async () => {
    const r = await cli('backup');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/there is no database at .*club\.sqlite to back up/);
  });

  it('backs up a database with a started game, beside it by default and where it is told', async () => {
    await cli('game', 'create', join(ROOT, 'scenarios/duel.yaml'), '--id', 'club');
    const r = await cli('backup');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      /^Backup .*\/backups\/tallyho-\d{8}T\d{6}Z\.sqlite \(\d+\.\d MB\): integrity ok, 1 game re-resolved \(0 turns\), no difference\.\n$/,
    );
    expect(readdirSync(join(dir, 'backups'))).toHaveLength(1);
    const named = await cli('backup', join(dir, 'elsewhere'), '--keep-days', '0', '--json');
    expect(named.code).toBe(0);
    expect(JSON.parse(named.out)).toMatchObject({ games: 1, turns: 0, removed: [] });
    expect(JSON.parse(named.out).path).toMatch(/\/elsewhere\/tallyho-\d{8}T\d{6}Z\.sqlite$/);
  });

  it('refuses a --keep-days that is not a number of days, as a usage error', async () => {
    const r = await cli('backup', '--keep-days', 'soon');
    expect(r.code).toBe(2);
    expect(r.err).toContain("--keep-days 'soon' is not a number of days from 0 to 3650");
  });
});
