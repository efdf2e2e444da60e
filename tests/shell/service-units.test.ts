/**
 * The systemd units of an installation (src/shell/service-units.ts, src/shell/cli/service.ts
 * `tallyho install-service`; docs/gm-guide.md "Running it for a club"): filled in for the
 * installation, checked by `systemd-analyze verify` where systemd is installed (CI installs it).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderUnits, UNIT_NAMES } from '../../src/shell/service-units.ts';
import { cli, useCliDatabase } from '../support/cli-in-process.ts';

const ROOT = resolve('.');
const setup = { dir: ROOT, user: 'tallyho', group: 'tallyho', node: process.execPath };
const data = { databasePath: join(ROOT, 'var/tallyho.sqlite'), backupDir: join(ROOT, 'var/backups') };
const analyze = spawnSync('systemd-analyze', ['--version'], { encoding: 'utf8' });
const haveSystemd = analyze.status === 0;
if (!haveSystemd) {
  if (process.env.CI === 'true') throw new Error('systemd-analyze is not installed: .ci/run installs systemd');
  console.warn(
    'skipping systemd-analyze verify of the units: systemd-analyze is not installed (apt-get install systemd)',
  );
}
const { dir } = useCliDatabase('tallyho-service-', 'club.sqlite');
const out = mkdtempSync(join(tmpdir(), 'tallyho-units-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('the systemd units', () => {
  it('are filled in for the installation: its directory, user, node and data folders, hardened', () => {
    const units = renderUnits(setup, data);
    expect(units.map((u) => u.name)).toEqual([...UNIT_NAMES]);
    for (const u of units) expect(u.text, u.name).not.toMatch(/@[A-Z_]+@/);
    const service = units[0]!.text;
    expect(service).toContain(`ExecStart=${process.execPath} ${ROOT}/bin/tallyho.js serve\n`);
    expect(service).toContain(`WorkingDirectory=${ROOT}\n`);
    expect(service).toContain('User=tallyho\nGroup=tallyho\n');
    expect(service).toContain('Restart=on-failure\n');
    expect(service).toMatch(/\[Unit\][^[]*StartLimitBurst=5\n/);
    expect(service).toContain('EnvironmentFile=-/etc/default/tallyho\n');
    for (const line of ['NoNewPrivileges=yes', 'ProtectSystem=strict', 'PrivateTmp=yes'])
      expect(service).toContain(`${line}\n`);
    // The backups' folder inside the database's: one writable folder.
    expect(service).toContain(`ReadWritePaths=-${ROOT}/var\n`);
    expect(units[1]!.text).toContain(`ExecStart=${process.execPath} ${ROOT}/bin/tallyho.js backup\n`);
    expect(units[2]!.text).toContain('OnCalendar=daily\n');
    // Backups elsewhere: both writable; an installation in a home directory: the home read only.
    const apart = renderUnits(
      { ...setup, dir: '/home/gm/tallyho' },
      { ...data, backupDir: '/mnt/backups/tallyho' },
      join(ROOT, 'deploy/systemd'),
    );
    expect(apart[0]!.text).toContain(`ReadWritePaths=-${ROOT}/var -/mnt/backups/tallyho\n`);
    expect(apart[0]!.text).toContain('ProtectHome=read-only\n');
    expect(service).toContain('ProtectHome=yes\n');
  });

  it('refuses a path systemd would read otherwise, and a user that is not a system name', () => {
    expect(() => renderUnits({ ...setup, dir: '/srv/my tallyho' }, data, join(ROOT, 'deploy/systemd'))).toThrow(
      /without spaces/,
    );
    expect(() => renderUnits({ ...setup, user: 'Game Master' }, data)).toThrow(/system names/);
  });

  it.skipIf(!haveSystemd)('pass systemd-analyze verify', () => {
    const r = spawnSync('node', [join(ROOT, 'bin/tallyho.js'), 'install-service', '--to', out], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, DATABASE_PATH: join(dir, 'club.sqlite') },
    });
    expect(r.status, r.stderr).toBe(0);
    expect(readdirSync(out).sort()).toEqual([...UNIT_NAMES].sort());
    const v = spawnSync('systemd-analyze', ['verify', ...UNIT_NAMES.map((n) => join(out, n))], { encoding: 'utf8' });
    expect(v.stderr).toBe('');
    expect(v.status).toBe(0);
  });

  it('tallyho install-service writes the units and says what to run next; --print prints them; a bad user is a usage error', async () => {
    const to = join(dir, 'units');
    const r = await cli('install-service', '--to', to, '--user', 'referee');
    expect(r.code).toBe(0);
    expect(r.out).toContain(`Wrote ${join(to, 'tallyho.service')}, `);
    expect(r.out).toContain('systemctl enable --now tallyho.service tallyho-backup.timer');
    // The backups' folder is made with the database's, the service user's (not root's at a first backup).
    expect(r.out).toMatch(/ {2}mkdir -p \S+ \S+\/backups && chown -R referee:referee /);
    expect(readFileSync(join(to, 'tallyho.service'), 'utf8')).toContain('User=referee\n');
    const printed = await cli('install-service', '--print');
    expect(printed.out).toMatch(/^### tallyho\.service\n/);
    expect(printed.out).toContain('### tallyho-backup.timer\n');
    const bad = await cli('install-service', '--user', 'Game Master', '--print');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('system names');
  });
});
