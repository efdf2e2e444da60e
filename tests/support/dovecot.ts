/**
 * Dovecot for the test mail stack: IMAP for the clients, LMTP for Postfix to deliver into Maildirs,
 * every file under the stack's directory and nothing under /etc.
 */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { LOOPBACK, waitForGreeting } from './ports.ts';
import { isLive, requireGid, requireUid, stopGroup, tailFile } from './procs.ts';

export const DOVECOT_BIN = '/usr/sbin/dovecot';
export const DOVEADM_BIN = '/usr/bin/doveadm';

export interface DovecotPorts {
  imap: number;
  lmtp: number;
}

/**
 * XOAUTH2 for the stack (Dovecot 2.3 oauth2 passdb): a bearer token is checked by POSTing it to
 * `introspectionUrl` (RFC 7662), which answers `{"active": true, "username": "<login>"}` for a
 * good token. Passwords keep working beside it (passwd-file passdb, PLAIN and LOGIN only).
 */
export interface StackOauth2 {
  introspectionUrl: string;
}

/** The socket Postfix's smtpd asks Dovecot's auth service through (SMTP AUTH via Dovecot SASL). */
export const dovecotSaslSocket = (dir: string): string => `${dir}/dovecot/run/auth-smtpd`;

/** The oauth2 passdb's settings file (Dovecot 2.3 syntax). */
export function dovecotOauth2Conf(oauth2: StackOauth2): string {
  return `# test mail stack: bearer tokens checked by the test's introspection endpoint
introspection_mode = post
introspection_url = ${oauth2.introspectionUrl}
force_introspection = yes
username_attribute = username
active_attribute = active
active_value = true
`;
}

function oauth2Blocks(dir: string, oauth2: StackOauth2 | undefined): string {
  if (!oauth2) return '';
  return `passdb {
  driver = oauth2
  mechanisms = xoauth2
  args = ${dir}/dovecot/oauth2.conf
}
service auth {
  unix_listener ${dovecotSaslSocket(dir)} {
    mode = 0666
  }
}
`;
}

export function dovecotConfig(dir: string, ports: DovecotPorts, oauth2?: StackOauth2): string {
  return `# test mail stack: Dovecot, IMAP and LMTP on loopback
instance_name = tallyho-test-${path.basename(dir)}
base_dir = ${dir}/dovecot/run
state_dir = ${dir}/dovecot/state
log_path = ${dir}/dovecot.log
hostname = mail.example.test
protocols = imap lmtp
listen = ${LOOPBACK}
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login${oauth2 ? ' xoauth2' : ''}
auth_failure_delay = 0
# virtual users all map to the system user "mail"; Dovecot refuses uids below first_valid_uid
first_valid_uid = ${requireUid('mail')}
mail_uid = mail
mail_gid = mail
mail_location = maildir:~/Maildir
mail_fsync = optimized
# fallback poll interval if inotify does not fire (default 30 secs)
mailbox_idle_check_interval = 1 secs
imap_idle_notify_interval = 2 mins
passdb {
  driver = passwd-file
  ${oauth2 ? 'mechanisms = plain login\n  ' : ''}args = scheme=PLAIN username_format=%u ${dir}/dovecot/passwd
}
${oauth2Blocks(dir, oauth2)}userdb {
  driver = passwd-file
  args = username_format=%u ${dir}/dovecot/passwd
  default_fields = home=${dir}/mail/%d/%n
}
protocol imap {
  # tests open many sessions per user from the same address (default 10)
  mail_max_userip_connections = 200
}
# no auth penalty: after a failed login (a test of a bad password) Dovecot would otherwise delay
# every later login from 127.0.0.1 by seconds
service anvil {
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
service imap-login {
  inet_listener imap {
    address = ${LOOPBACK}
    port = ${ports.imap}
  }
  inet_listener imaps {
    port = 0
  }
}
service lmtp {
  inet_listener lmtp {
    address = ${LOOPBACK}
    port = ${ports.lmtp}
  }
}
`;
}

/** One passwd-file line per user; Dovecot re-reads the file when it changes. */
export function writeDovecotPasswd(dir: string, users: ReadonlyMap<string, string>): void {
  const lines = [...users].map(([user, password]) => `${user}:{PLAIN}${password}::::::\n`);
  const file = `${dir}/dovecot/passwd`;
  // A fresh inode, so a lookup never reads a half-written file.
  fs.writeFileSync(`${file}.new`, lines.join(''), { mode: 0o644 });
  fs.renameSync(`${file}.new`, file);
}

export function writeDovecotFiles(
  dir: string,
  ports: DovecotPorts,
  users: ReadonlyMap<string, string>,
  oauth2?: StackOauth2,
): void {
  fs.mkdirSync(`${dir}/dovecot`, { recursive: true, mode: 0o755 });
  fs.writeFileSync(`${dir}/dovecot/dovecot.conf`, dovecotConfig(dir, ports, oauth2), { mode: 0o644 });
  if (oauth2) fs.writeFileSync(`${dir}/dovecot/oauth2.conf`, dovecotOauth2Conf(oauth2), { mode: 0o644 });
  writeDovecotPasswd(dir, users);
  const mailRoot = `${dir}/mail`;
  fs.mkdirSync(mailRoot, { recursive: true, mode: 0o755 });
  fs.chownSync(mailRoot, requireUid('mail'), requireGid('mail'));
}

export function dovecotPidFile(dir: string): string {
  return `${dir}/dovecot/run/master.pid`;
}

/** A running Dovecot: its master leads its own process group. */
export interface DovecotProcess {
  pgid: number;
  stop(): Promise<void>;
}

/** Starts Dovecot in the foreground of its own process group; resolves once IMAP greets `* OK`. */
export async function startDovecot(dir: string, ports: DovecotPorts, timeoutMs = 10000): Promise<DovecotProcess> {
  const stderrFile = `${dir}/dovecot.stderr`;
  const stderr = fs.openSync(stderrFile, 'a');
  const child = spawn(DOVECOT_BIN, ['-F', '-c', `${dir}/dovecot/dovecot.conf`], {
    detached: true,
    stdio: ['ignore', 'ignore', stderr],
  });
  fs.closeSync(stderr);
  let exited: string | null = null;
  child.on('exit', (code, signal) => {
    exited = `dovecot exited (${signal ?? `code ${code}`})`;
  });
  const spawnError = new Promise<never>((_, reject) => child.once('error', reject));
  child.unref();
  const pgid = child.pid;
  if (pgid === undefined) return spawnError;
  const stop = () => stopGroup(pgid);
  try {
    await waitForGreeting(ports.imap, '* OK', timeoutMs, () => {
      if (exited === null && isLive(pgid)) return null;
      return `${exited ?? 'dovecot died'}:\n${tailFile(stderrFile)}\n${tailFile(`${dir}/dovecot.log`)}`;
    });
  } catch (err) {
    await stop();
    throw err;
  }
  return { pgid, stop };
}

/** Whether Dovecot's userdb (which shares the passwd file with the passdb) knows `user` now. */
export function dovecotKnowsUser(dir: string, user: string): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(DOVEADM_BIN, ['-c', `${dir}/dovecot/dovecot.conf`, 'user', user], { timeout: 5000 }, (err) =>
      resolve(!err),
    );
  });
}
