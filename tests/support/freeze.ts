/**
 * Stalling a server of the test mail stack without closing its connections: SIGSTOP to every
 * process of its group (the master and the children serving sessions), SIGCONT to resume. A stopped
 * server's kernel still accepts TCP connections and keeps the open ones, but nothing answers.
 */
import { dovecotPidFile } from './dovecot.ts';
import type { MailStack } from './mailstack.ts';
import { postfixPidFile } from './postfix.ts';
import { liveGroupMembers, readPidFile, readProcStat } from './procs.ts';

/** Sends `signal` to the process group of the stack's Dovecot or Postfix; returns the pids. */
export function signalServer(stack: MailStack, server: 'dovecot' | 'postfix', signal: 'SIGSTOP' | 'SIGCONT'): number[] {
  const pid = readPidFile(server === 'dovecot' ? dovecotPidFile(stack.dir) : postfixPidFile(stack.dir));
  const pgrp = pid === undefined ? undefined : readProcStat(pid)?.pgrp;
  if (pgrp === undefined) throw new Error(`${server} of the stack in ${stack.dir} is not running`);
  if (pgrp === readProcStat(process.pid)?.pgrp) throw new Error(`${server} shares the test's process group`);
  const members = liveGroupMembers(pgrp);
  process.kill(-pgrp, signal);
  return members;
}
