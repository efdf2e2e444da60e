/**
 * Process groups of the test daemons: who is in a group, stopping a group, and the system accounts
 * the daemons run as.
 */
import fs from 'node:fs';
import { sleep } from './ports.ts';

interface ProcStat {
  pid: number;
  state: string;
  pgrp: number;
  /** Start time in clock ticks since boot; with the pid it names one process for good. */
  startTime: string;
}

/** Parses /proc/PID/stat; undefined when the process is gone. */
export function readProcStat(pid: number): ProcStat | undefined {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name is in parentheses and may itself hold spaces and parentheses.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { pid, state: fields[0] ?? '?', pgrp: Number(fields[2]), startTime: fields[19] ?? '' };
}

/**
 * Live (non-zombie) members of a process group. PID 1 on these machines reaps orphans only every
 * second or two, so a daemon that has exited can linger as a zombie that kill(pid, 0) calls alive.
 */
export function liveGroupMembers(pgid: number): number[] {
  const live: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readProcStat(Number(name));
    if (stat && stat.pgrp === pgid && stat.state !== 'Z' && stat.state !== 'X') live.push(stat.pid);
  }
  return live;
}

export function isLive(pid: number): boolean {
  const stat = readProcStat(pid);
  return stat !== undefined && stat.state !== 'Z' && stat.state !== 'X';
}

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ESRCH') throw err;
  }
}

/** SIGTERM to the group, wait until no live member is left, SIGKILL after `graceMs`. */
export async function stopGroup(pgid: number, graceMs = 5000): Promise<void> {
  signalGroup(pgid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (liveGroupMembers(pgid).length > 0) {
    if (Date.now() >= deadline) {
      signalGroup(pgid, 'SIGKILL');
      const killDeadline = Date.now() + 5000;
      while (liveGroupMembers(pgid).length > 0) {
        if (Date.now() >= killDeadline) throw new Error(`process group ${pgid} survived SIGKILL`);
        await sleep(10);
      }
      return;
    }
    await sleep(10);
  }
}

/** Synchronous last resort, for process exit handlers. */
export function killGroupNow(pgid: number): void {
  signalGroup(pgid, 'SIGKILL');
}

/** Reads a daemon's pid file; undefined when it is missing or empty. */
export function readPidFile(file: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 1 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Identity of this process as written into a stack's owner file. */
export function selfIdentity(): string {
  return `${process.pid} ${readProcStat(process.pid)?.startTime ?? ''}`;
}

/** True when the process named by an owner file line is still running. */
export function identityAlive(line: string): boolean {
  const [pid, start] = line.trim().split(' ');
  const stat = readProcStat(Number(pid));
  return stat !== undefined && stat.state !== 'Z' && stat.startTime === start;
}

/** uid or gid of a system account, from /etc/passwd or /etc/group. */
export function systemId(file: '/etc/passwd' | '/etc/group', name: string): number | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  for (const line of text.split('\n')) {
    const fields = line.split(':');
    if (fields[0] === name && fields[2] !== undefined) return Number(fields[2]);
  }
  return undefined;
}

export function requireUid(name: string): number {
  const id = systemId('/etc/passwd', name);
  if (id === undefined) throw new Error(`system user "${name}" is missing`);
  return id;
}

export function requireGid(name: string): number {
  const id = systemId('/etc/group', name);
  if (id === undefined) throw new Error(`system group "${name}" is missing`);
  return id;
}

/** The last lines of a log file, '' when there is none. */
export function tailFile(file: string, lines = 15): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}
