/**
 * The systemd units of an installation (deploy/systemd/*.in, docs/gm-guide.md "Running it for a
 * club"): the referee's service, and a daily checked backup (a service and its timer), filled in
 * with the installation's directory, its user, the node that runs it and the folders it writes.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, isAbsolute } from 'node:path';
import type { Config } from './config.ts';

export interface ServiceSetup {
  /** The installation's directory (the package root). */
  dir: string;
  user: string;
  group: string;
  /** The node binary (process.execPath). */
  node: string;
}

export const UNIT_NAMES = ['tallyho.service', 'tallyho-backup.service', 'tallyho-backup.timer'] as const;

const inside = (path: string, parent: string): boolean => {
  const rel = relative(parent, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

/** The folders the service writes: the database's and the backups' (each once; '-' if missing at start). */
export function writableDirs(config: Pick<Config, 'databasePath' | 'backupDir'>): string[] {
  const dirs = [dirname(config.databasePath), config.backupDir];
  return dirs.filter((d, i) => !dirs.slice(0, i).some((e) => inside(d, e)));
}

/** systemd quotes a path with spaces; none of ours may hold a character it would read otherwise. */
function checkPath(what: string, path: string): string {
  if (!isAbsolute(path) || /[\s"'\\%$;]/.test(path))
    throw new Error(`${what} ${JSON.stringify(path)} must be an absolute path without spaces, quotes, \\, %, $ or ;`);
  return path;
}

/** The units, named, filled in for this installation. */
export function renderUnits(
  setup: ServiceSetup,
  config: Pick<Config, 'databasePath' | 'backupDir'>,
  templates = join(setup.dir, 'deploy/systemd'),
): { name: (typeof UNIT_NAMES)[number]; text: string }[] {
  const dir = checkPath('the installation directory', setup.dir);
  const node = checkPath('node', setup.node);
  if (!/^[a-z_][a-z0-9_-]*$/.test(setup.user) || !/^[a-z_][a-z0-9_-]*$/.test(setup.group))
    throw new Error(
      `the user and group must be system names (letters, digits, - and _), not ${setup.user}:${setup.group}`,
    );
  const writable = writableDirs(config).map((d) => `-${checkPath('a data folder', d)}`);
  // A home directory is hidden from the service unless the installation or its data live there.
  const inHome = [dir, ...writableDirs(config)].some((d) => inside(d, '/home') || inside(d, '/root'));
  const hardening = readFileSync(join(templates, 'hardening.in'), 'utf8')
    .replace('@WRITABLE@', writable.join(' '))
    .replace('@PROTECT_HOME@', inHome ? 'read-only' : 'yes');
  const fill = (text: string) =>
    text
      .replace('@HARDENING@\n', `${hardening}\n`)
      .replaceAll('@DIR@', dir)
      .replaceAll('@USER@', setup.user)
      .replaceAll('@GROUP@', setup.group)
      .replaceAll('@NODE@', node);
  return UNIT_NAMES.map((name) => ({ name, text: fill(readFileSync(join(templates, `${name}.in`), 'utf8')) }));
}
