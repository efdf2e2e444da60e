/**
 * Postfix for the test mail stack: SMTP on loopback, delivering every example.test address to
 * Dovecot over LMTP and refusing to send anything off the box. Configs, queue and logs all live under
 * the stack's directory.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { LOOPBACK, waitForGreeting } from './ports.ts';
import { isLive, readPidFile, readProcStat, requireGid, requireUid, stopGroup, tailFile } from './procs.ts';

export const POSTFIX_MASTER = '/usr/lib/postfix/sbin/master';
export const POSTFIX_CMD = '/usr/sbin/postfix';

export interface PostfixPorts {
  smtp: number;
  lmtp: number;
}

/**
 * With `saslPath` (the stack's XOAUTH2 mode) smtpd offers AUTH through Dovecot's auth service and
 * takes mail only from authenticated clients; mail for the stack's users that needs no login goes
 * in by LMTP.
 */
function saslLines(saslPath: string | undefined): string {
  if (!saslPath) return '';
  return `smtpd_sasl_auth_enable = yes
smtpd_sasl_type = dovecot
smtpd_sasl_path = ${saslPath}
smtpd_sasl_security_options = noanonymous
smtpd_relay_restrictions = permit_sasl_authenticated, reject
smtpd_recipient_restrictions = permit_sasl_authenticated, reject
`;
}

export function postfixMainCf(dir: string, ports: PostfixPorts, saslPath?: string): string {
  return `# test mail stack: Postfix, SMTP on loopback, delivery to Dovecot LMTP only
compatibility_level = 3.6
queue_directory = ${dir}/postfix-queue
data_directory = ${dir}/postfix-data
mail_owner = postfix
setgid_group = postdrop
maillog_file_prefixes = ${dir}
maillog_file = ${dir}/postfix.log
myhostname = mail.example.test
mydomain = example.test
myorigin = example.test
mydestination =
inet_interfaces = loopback-only
inet_protocols = ipv4
mynetworks = 127.0.0.0/8
local_recipient_maps =
alias_maps =
alias_database =
virtual_mailbox_domains = example.test
virtual_mailbox_maps = texthash:${dir}/postfix/vmailbox
virtual_transport = lmtp:inet:[${LOOPBACK}]:${ports.lmtp}
# never try to send anything off the box
default_transport = error:outbound mail disabled in test stack
relay_transport = error:outbound mail disabled in test stack
# no DNS anywhere: no reverse lookup of clients, no MX lookups
smtpd_peername_lookup = no
smtp_host_lookup = native
lmtp_host_lookup = native
smtp_dns_support_level = disabled
# do not throttle fast test senders; retry quickly while Dovecot is down
in_flow_delay = 0
queue_run_delay = 1s
minimal_backoff_time = 1s
maximal_backoff_time = 2s
biff = no
append_dot_mydomain = no
readme_directory = no
smtpd_banner = $myhostname ESMTP
smtpd_tls_security_level = none
smtp_tls_security_level = none
${saslLines(saslPath)}`;
}

export function postfixMasterCf(ports: PostfixPorts): string {
  return `# test mail stack: no chroot, SMTP on loopback only
${LOOPBACK}:${ports.smtp} inet n - n - - smtpd
pickup     unix  n - n 60 1 pickup
cleanup    unix  n - n - 0 cleanup
qmgr       unix  n - n 300 1 qmgr
rewrite    unix  - - n - - trivial-rewrite
bounce     unix  - - n - 0 bounce
defer      unix  - - n - 0 bounce
trace      unix  - - n - 0 bounce
verify     unix  - - n - 1 verify
flush      unix  n - n 1000? 0 flush
proxymap   unix  - - n - - proxymap
proxywrite unix  - - n - 1 proxymap
showq      unix  n - n - - showq
error      unix  - - n - - error
retry      unix  - - n - - error
discard    unix  - - n - - discard
lmtp       unix  - - n - - lmtp
anvil      unix  - - n - 1 anvil
scache     unix  - - n - 1 scache
postlog    unix-dgram n - n - 1 postlogd
`;
}

/**
 * Postfix re-reads a config file younger than about a second every 300 ms while it starts, which
 * costs two seconds per start: every file it reads is dated a minute back.
 */
function writeBackdated(file: string, text: string): void {
  fs.writeFileSync(`${file}.new`, text, { mode: 0o644 });
  const past = new Date(Date.now() - 60_000);
  fs.utimesSync(`${file}.new`, past, past);
  fs.renameSync(`${file}.new`, file);
}

/** One `address ok` line per user. texthash maps are read once per Postfix process. */
export function writePostfixVmailbox(dir: string, users: Iterable<string>): void {
  writeBackdated(`${dir}/postfix/vmailbox`, [...users].map((u) => `${u} ok\n`).join(''));
}

export function writePostfixFiles(dir: string, ports: PostfixPorts, users: Iterable<string>, saslPath?: string): void {
  fs.mkdirSync(`${dir}/postfix`, { recursive: true, mode: 0o755 });
  writeBackdated(`${dir}/postfix/main.cf`, postfixMainCf(dir, ports, saslPath));
  writeBackdated(`${dir}/postfix/master.cf`, postfixMasterCf(ports));
  writePostfixVmailbox(dir, users);
}

/** The queue tree that `postfix start` would create, so that master can be run directly. */
function buildQueueTree(dir: string): void {
  const postfix = requireUid('postfix');
  const postdrop = requireGid('postdrop');
  const postfixGid = requireGid('postfix');
  const queue = `${dir}/postfix-queue`;
  const make = (p: string, mode: number, uid: number, gid: number) => {
    fs.mkdirSync(p, { recursive: true });
    fs.chownSync(p, uid, gid);
    fs.chmodSync(p, mode);
  };
  make(queue, 0o755, 0, 0);
  for (const sub of [
    'active',
    'bounce',
    'corrupt',
    'defer',
    'deferred',
    'flush',
    'hold',
    'incoming',
    'private',
    'saved',
    'trace',
  ]) {
    make(`${queue}/${sub}`, 0o700, postfix, postfixGid);
  }
  make(`${queue}/maildrop`, 0o730, postfix, postdrop);
  make(`${queue}/public`, 0o710, postfix, postdrop);
  make(`${queue}/pid`, 0o755, 0, 0);
  make(`${dir}/postfix-data`, 0o700, postfix, postfixGid);
}

export function postfixPidFile(dir: string): string {
  return `${dir}/postfix-queue/pid/master.pid`;
}

function run(file: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { timeout: 20000 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      resolve({ code, output: `${stdout}${stderr}`.trim() });
    });
  });
}

/** A running Postfix master and its process group. */
export interface PostfixProcess {
  pgid: number;
  /** Which way it was started: `master -w` directly, or `postfix start`. */
  via: 'master' | 'postfix start';
  stop(): Promise<void>;
}

async function afterLaunch(
  dir: string,
  smtpPort: number,
  via: PostfixProcess['via'],
  timeoutMs: number,
): Promise<PostfixProcess> {
  const pid = readPidFile(postfixPidFile(dir));
  const pgid = pid === undefined ? undefined : readProcStat(pid)?.pgrp;
  if (pid === undefined || pgid === undefined) throw new Error(`postfix (${via}) left no running master`);
  const stop = () => stopGroup(pgid);
  try {
    await waitForGreeting(smtpPort, '220', timeoutMs, () =>
      isLive(pid) ? null : `postfix master exited:\n${tailFile(`${dir}/postfix.log`)}`,
    );
  } catch (err) {
    await stop();
    throw err;
  }
  return { pgid, via, stop };
}

/**
 * Starts Postfix and resolves once SMTP greets `220`. The fast way runs master with `-w`, which
 * returns once the daemon has initialised; `postfix start` (slower, it runs postfix-script and its
 * checks) is the fallback.
 */
export async function startPostfix(dir: string, ports: PostfixPorts, timeoutMs = 10000): Promise<PostfixProcess> {
  buildQueueTree(dir);
  const fast = await run(POSTFIX_MASTER, ['-c', `${dir}/postfix`, '-w']);
  if (fast.code === 0) return afterLaunch(dir, ports.smtp, 'master', timeoutMs);
  const slow = await run(POSTFIX_CMD, ['-c', `${dir}/postfix`, 'start']);
  if (slow.code === 0) return afterLaunch(dir, ports.smtp, 'postfix start', timeoutMs);
  const check = await run('/usr/bin/script', ['-qc', `${POSTFIX_CMD} -c ${dir}/postfix check`, '/dev/null']);
  throw new Error(
    `postfix did not start (master -w: code ${fast.code} ${fast.output}; postfix start: code ${slow.code} ${slow.output})\n` +
      `postfix check: ${check.output}\n${tailFile(`${dir}/postfix.log`)}`,
  );
}

/** What `postfix reload` does: master re-reads its config and replaces idle daemons. */
export function reloadPostfix(dir: string): boolean {
  const pid = readPidFile(postfixPidFile(dir));
  if (pid === undefined || !isLive(pid)) return false;
  process.kill(pid, 'SIGHUP');
  return true;
}
