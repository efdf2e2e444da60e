/**
 * `tallyho backup [dir]` (docs/cli.md): a checked copy of the database made while the server runs,
 * and the backups older than BACKUP_KEEP_DAYS removed (shell/backup.ts).
 */
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { makeBackup } from '../backup.ts';
import { loadConfig } from '../config.ts';
import { TallyhoError } from '../errors.ts';

const megabytes = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function registerBackupCommand(program: Command): void {
  program
    .command('backup [dir]')
    .description(
      'copy the database while the server runs, check the copy (integrity, migrations, every game re-resolved) and remove the backups older than BACKUP_KEEP_DAYS',
    )
    .option(
      '--keep-days <days>',
      'remove the backups older than this many days (0 keeps all; BACKUP_KEEP_DAYS otherwise)',
    )
    .option('--json', 'print the result as JSON')
    .action(async (dir: string | undefined, opts: { keepDays?: string; json?: boolean }) => {
      const config = loadConfig();
      let keepDays = config.backupKeepDays;
      if (opts.keepDays !== undefined) {
        keepDays = Number(opts.keepDays);
        if (!/^\d+$/.test(opts.keepDays) || keepDays > 3650)
          throw new TallyhoError('E_USAGE', `--keep-days '${opts.keepDays}' is not a number of days from 0 to 3650`);
      }
      const r = await makeBackup(config, { dir: dir ? resolve(dir) : config.backupDir, keepDays, now: Date.now() });
      if (opts.json) {
        process.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
        return;
      }
      const lines = [
        `Backup ${r.path} (${megabytes(r.bytes)}): integrity ok, ${r.games} game${r.games === 1 ? '' : 's'} re-resolved (${r.turns} turn${r.turns === 1 ? '' : 's'}), no difference.`,
      ];
      if (r.removed.length)
        lines.push(`Removed ${r.removed.length} older than ${keepDays} days: ${r.removed.join(', ')}`);
      process.stdout.write(`${lines.join('\n')}\n`);
    });
}
