/**
 * `tallyho install-service` (docs/gm-guide.md "Running it for a club"): writes the systemd units of
 * this installation (shell/service-units.ts: the referee's service and a daily checked backup) and
 * says what to run next, as root.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { INSTALL_DIR, loadConfig } from '../config.ts';
import { TallyhoError } from '../errors.ts';
import { renderUnits, writableDirs } from '../service-units.ts';

/** Whether a user of that name exists on this machine (/etc/passwd). */
function userExists(name: string): boolean {
  try {
    return readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .some((l) => l.split(':')[0] === name);
  } catch {
    return false;
  }
}

function nextSteps(user: string, config: ReturnType<typeof loadConfig>, to: string): string[] {
  const dirs = writableDirs(config);
  // The backups' folder made now, the user's: one a `tallyho backup` run as root made would be
  // root's, and the timer's backups (run as the user) would fail in it.
  const made = [...new Set([...dirs, config.backupDir])];
  return [
    'Next, as root:',
    ...(userExists(user)
      ? []
      : [`  useradd --system --user-group --home-dir ${INSTALL_DIR} --shell /usr/sbin/nologin ${user}`]),
    `  mkdir -p ${made.join(' ')} && chown -R ${user}:${user} ${dirs.join(' ')}`,
    `  chown ${user}:${user} ${join(INSTALL_DIR, '.env')} && chmod 600 ${join(INSTALL_DIR, '.env')}`,
    '  systemctl daemon-reload',
    '  systemctl enable --now tallyho.service tallyho-backup.timer',
    '  systemctl status tallyho.service         (journalctl -u tallyho -f follows its log)',
    ...(to === '/etc/systemd/system' ? [] : [`(the units were written to ${to}: copy them to /etc/systemd/system)`]),
  ];
}

export function registerServiceCommand(program: Command): void {
  program
    .command('install-service')
    .description(
      'write the systemd units of this installation: the referee as a service (restart on failure, its own user, hardened) and a daily checked backup',
    )
    .option('--user <name>', 'the system user the service runs as', 'tallyho')
    .option('--to <dir>', 'where to write the units', '/etc/systemd/system')
    .option('--print', 'print the units instead of writing them')
    .action((opts: { user: string; to: string; print?: boolean }) => {
      const config = loadConfig();
      let units: ReturnType<typeof renderUnits>;
      try {
        units = renderUnits({ dir: INSTALL_DIR, user: opts.user, group: opts.user, node: process.execPath }, config);
      } catch (e) {
        throw new TallyhoError('E_USAGE', (e as Error).message);
      }
      if (opts.print) {
        process.stdout.write(units.map((u) => `### ${u.name}\n${u.text}`).join('\n'));
        return;
      }
      try {
        mkdirSync(opts.to, { recursive: true });
        for (const u of units) writeFileSync(join(opts.to, u.name), u.text, { mode: 0o644 });
      } catch (e) {
        const denied =
          (e as NodeJS.ErrnoException).code === 'EACCES'
            ? ' (run it as root, from the installation: node bin/tallyho.js install-service)'
            : '';
        throw new TallyhoError('E_IO', `cannot write the units in ${opts.to}: ${(e as Error).message}${denied}`);
      }
      const lines = [
        `Wrote ${units.map((u) => join(opts.to, u.name)).join(', ')}.`,
        ...nextSteps(opts.user, config, opts.to),
      ];
      process.stdout.write(`${lines.join('\n')}\n`);
    });
}
