/**
 * The directories of test mail stacks, /tmp/thmail-XXXXXX: creating one, and clearing away the
 * daemons and files of stacks whose test process died without stopping them.
 */
import fs from 'node:fs';
import { dovecotPidFile } from './dovecot.ts';
import { postfixPidFile } from './postfix.ts';
import { identityAlive, isLive, killGroupNow, readPidFile, readProcStat, selfIdentity, stopGroup } from './procs.ts';

/** Short on purpose: unix socket paths under it are limited to 108 bytes. */
export const STACK_PARENT = '/tmp';
export const STACK_PREFIX = 'thmail-';
const OWNER_FILE = 'owner';

/** Makes a stack directory (0755, so the mail user can enter it) owned by this process. */
export function makeStackDir(): string {
  const dir = fs.mkdtempSync(`${STACK_PARENT}/${STACK_PREFIX}`);
  fs.chmodSync(dir, 0o755);
  fs.writeFileSync(`${dir}/${OWNER_FILE}`, `${selfIdentity()}\n`);
  return dir;
}

export function removeStackDir(dir: string): void {
  if (process.env.TALLYHO_MAILSTACK_KEEP === '1') return;
  fs.rmSync(dir, { recursive: true, force: true });
}

/** True when the process `pid` was started for the stack in `dir` (its command line or MAIL_CONFIG names dir). */
function belongsTo(pid: number, dir: string): boolean {
  for (const file of ['cmdline', 'environ']) {
    try {
      const text = fs.readFileSync(`/proc/${pid}/${file}`, 'utf8');
      if (text.split('\0').some((arg) => arg.includes(`${dir}/`))) return true;
    } catch {
      // gone, or not readable
    }
  }
  return false;
}

/** Process groups of the daemons of the stack in `dir` that are still running. */
export function daemonGroups(dir: string): number[] {
  const groups: number[] = [];
  for (const pidFile of [dovecotPidFile(dir), postfixPidFile(dir)]) {
    const pid = readPidFile(pidFile);
    if (pid === undefined || !isLive(pid) || !belongsTo(pid, dir)) continue;
    const pgrp = readProcStat(pid)?.pgrp;
    if (pgrp !== undefined && pgrp > 1) groups.push(pgrp);
  }
  return groups;
}

/**
 * Stops the daemons of stacks whose owner process is gone and removes their directories. A
 * directory without an owner file yet is left alone for a minute: it may be starting right now.
 */
export async function reapLeftoverStacks(): Promise<string[]> {
  const reaped: string[] = [];
  let names: string[];
  try {
    names = fs.readdirSync(STACK_PARENT).filter((n) => n.startsWith(STACK_PREFIX));
  } catch {
    return reaped;
  }
  for (const name of names) {
    const dir = `${STACK_PARENT}/${name}`;
    let owner: string | undefined;
    try {
      owner = fs.readFileSync(`${dir}/${OWNER_FILE}`, 'utf8');
    } catch {
      try {
        if (Date.now() - fs.statSync(dir).mtimeMs < 60_000) continue;
      } catch {
        continue;
      }
    }
    if (owner !== undefined && identityAlive(owner)) continue;
    await Promise.all(daemonGroups(dir).map((pgid) => stopGroup(pgid, 2000)));
    fs.rmSync(dir, { recursive: true, force: true });
    reaped.push(dir);
  }
  return reaped;
}

/** Stacks this process has running, killed outright if the process exits without stopping them. */
const running = new Map<string, () => number[]>();
let exitHookInstalled = false;

export function trackStack(dir: string, groups: () => number[]): void {
  running.set(dir, groups);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const [stackDir, stackGroups] of running) {
      try {
        for (const pgid of stackGroups()) killGroupNow(pgid);
        removeStackDir(stackDir);
      } catch {
        // the next stack started on this machine reaps whatever is left
      }
    }
  });
}

export function untrackStack(dir: string): void {
  running.delete(dir);
}
