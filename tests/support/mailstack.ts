/**
 * A real mail stack on loopback for integration tests: Postfix takes SMTP and delivers over LMTP to
 * Dovecot, which serves the mailboxes over IMAP. Each stack has its own directory and free ports, so
 * test files can run side by side; each server can be stopped and started on its own.
 *
 *   nodemailer → Postfix smtpd → Postfix lmtp → Dovecot LMTP → Maildir ← Dovecot IMAP ← imapflow
 *
 * Good to know when writing tests with it:
 * - Starting takes well under a second. Give all users to startMailStack when possible: addUser
 *   can take up to a second, as Dovecot looks at its passwd file at most once a second.
 * - Mail sent while Dovecot is stopped waits in Postfix's queue and arrives about a second after
 *   startDovecot(). While Postfix is stopped, SMTP connections are refused.
 * - A stopped server's ports are free in the meantime; another stack picking one of them exactly
 *   then would make the restart fail (ports are drawn at random from 12,000, so this is rare).
 * - A failed IMAP login is answered after about half a second; there is no penalty on later logins.
 * - Logs are DIR/dovecot.log and DIR/postfix.log. The directory is removed by stop(), unless
 *   TALLYHO_MAILSTACK_KEEP=1. Daemons of a test process that was killed are stopped by the next
 *   startMailStack on the machine.
 */
import fs from 'node:fs';
import {
  DOVEADM_BIN,
  DOVECOT_BIN,
  dovecotKnowsUser,
  dovecotSaslSocket,
  startDovecot,
  writeDovecotFiles,
  writeDovecotPasswd,
  type DovecotProcess,
  type StackOauth2,
} from './dovecot.ts';
import { LOOPBACK, pickFreePorts, sleep, smtpRecipientCode } from './ports.ts';
import {
  POSTFIX_MASTER,
  reloadPostfix,
  startPostfix,
  writePostfixFiles,
  writePostfixVmailbox,
  type PostfixProcess,
} from './postfix.ts';
import { systemId } from './procs.ts';
import { makeStackDir, reapLeftoverStacks, removeStackDir, trackStack, untrackStack } from './stackdirs.ts';

export interface Endpoint {
  host: string;
  port: number;
}

export interface MailStack {
  /** The stack's directory: configs, Maildirs under mail/, dovecot.log and postfix.log. */
  dir: string;
  imap: Endpoint;
  smtp: Endpoint;
  lmtp: Endpoint;
  /** Milliseconds the first start of each server took, and how Postfix was started. */
  startup: { dovecotMs: number; postfixMs: number; totalMs: number; postfixVia: string };
  users(): string[];
  /** The IMAP password of a user of this stack. */
  password(user: string): string;
  /** Adds a mailbox and waits until both servers know it (Postfix is reloaded for that). */
  addUser(address: string): Promise<void>;
  stopDovecot(): Promise<void>;
  startDovecot(): Promise<void>;
  stopPostfix(): Promise<void>;
  startPostfix(): Promise<void>;
  /** Stops both servers and removes the directory. */
  stop(): Promise<void>;
}

export type Availability = { ok: true } | { ok: false; reason: string };

/**
 * Whether this machine can run the stack: both servers installed, and root to run them.
 * TALLYHO_MAILSTACK=off declares it unavailable (to skip the mail suites locally).
 */
export function mailStackAvailability(): Availability {
  if (process.env.TALLYHO_MAILSTACK === 'off') return { ok: false, reason: 'TALLYHO_MAILSTACK=off' };
  const install = 'apt-get install dovecot-imapd dovecot-lmtpd postfix';
  if (process.platform !== 'linux')
    return { ok: false, reason: `the mail stack needs Linux (this is ${process.platform})` };
  if (!fs.existsSync(DOVECOT_BIN)) return { ok: false, reason: `${DOVECOT_BIN} is missing (${install})` };
  if (!fs.existsSync(DOVEADM_BIN)) return { ok: false, reason: `${DOVEADM_BIN} is missing (${install})` };
  if (!fs.existsSync(POSTFIX_MASTER)) return { ok: false, reason: `${POSTFIX_MASTER} is missing (${install})` };
  if (process.getuid?.() !== 0)
    return {
      ok: false,
      reason: 'the mail stack must run as root (Postfix master and Dovecot drop privileges themselves)',
    };
  for (const user of ['mail', 'postfix', 'dovecot', 'dovenull']) {
    if (systemId('/etc/passwd', user) === undefined)
      return { ok: false, reason: `system user "${user}" is missing (${install})` };
  }
  if (systemId('/etc/group', 'postdrop') === undefined)
    return { ok: false, reason: `system group "postdrop" is missing (${install})` };
  return { ok: true };
}

const ADDRESS = /^[a-z0-9][a-z0-9._+-]*@example\.test$/;

function normalise(address: string): string {
  const user = address.trim().toLowerCase();
  if (!ADDRESS.test(user))
    throw new Error(`mail stack users are plain addresses at example.test, not ${JSON.stringify(address)}`);
  return user;
}

const passwordOf = (user: string): string => `${user.split('@')[0]}-pass`;

const START_ATTEMPTS = 3;

/** Polls `check` until it holds or `timeoutMs` has passed. */
async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() >= deadline) return false;
    await sleep(25);
  }
}

export interface MailStackOptions {
  users: string[];
  /**
   * XOAUTH2 mode: Dovecot also takes bearer tokens (checked at the given introspection endpoint),
   * and Postfix authenticates SMTP clients through Dovecot and takes mail only after a login.
   */
  oauth2?: StackOauth2;
}

export async function startMailStack(opts: MailStackOptions): Promise<MailStack> {
  const availability = mailStackAvailability();
  if (!availability.ok) throw new Error(`mail stack unavailable: ${availability.reason}`);
  const began = Date.now();
  await reapLeftoverStacks();
  const users = new Map<string, string>(opts.users.map((u) => [normalise(u), passwordOf(normalise(u))]));
  const dir = makeStackDir();
  let dovecot: DovecotProcess | null = null;
  let postfix: PostfixProcess | null = null;
  trackStack(dir, () => [dovecot?.pgid, postfix?.pgid].filter((g): g is number => g !== undefined));

  const timed = async <T>(start: () => Promise<T>): Promise<[T, number]> => {
    const t0 = Date.now();
    return [await start(), Date.now() - t0];
  };
  let ports = { imap: 0, lmtp: 0, smtp: 0 };
  let startup: MailStack['startup'] | undefined;
  for (let attempt = 1; !startup; attempt++) {
    const [imap, lmtp, smtp] = await pickFreePorts(3);
    ports = { imap: imap!, lmtp: lmtp!, smtp: smtp! };
    writeDovecotFiles(dir, ports, users, opts.oauth2);
    writePostfixFiles(dir, ports, users.keys(), opts.oauth2 ? dovecotSaslSocket(dir) : undefined);
    const [d, p] = await Promise.allSettled([
      timed(() => startDovecot(dir, ports)),
      timed(() => startPostfix(dir, ports)),
    ]);
    if (d.status === 'fulfilled' && p.status === 'fulfilled') {
      [dovecot, postfix] = [d.value[0], p.value[0]];
      startup = { dovecotMs: d.value[1], postfixMs: p.value[1], totalMs: Date.now() - began, postfixVia: postfix.via };
      break;
    }
    // Most likely another stack took one of the ports in the meantime: pick new ones.
    if (d.status === 'fulfilled') await d.value[0].stop();
    if (p.status === 'fulfilled') await p.value[0].stop();
    if (attempt >= START_ATTEMPTS) {
      untrackStack(dir);
      removeStackDir(dir);
      const reasons = [d, p].flatMap((r) =>
        r.status === 'rejected' ? [String((r.reason as Error).message ?? r.reason)] : [],
      );
      throw new Error(`mail stack did not start after ${attempt} attempts:\n${reasons.join('\n')}`);
    }
  }

  const stopDovecot = async () => {
    const running = dovecot;
    dovecot = null;
    await running?.stop();
  };
  const stopPostfix = async () => {
    const running = postfix;
    postfix = null;
    await running?.stop();
  };
  /**
   * Dovecot looks at its passwd file at most once a second, so a user added right after a lookup
   * is unknown for up to a second; a reload (SIGHUP) is the fallback.
   */
  const dovecotLearns = async (user: string) => {
    const known = () => dovecotKnowsUser(dir, user);
    if (!dovecot || (await until(known, 1500))) return;
    process.kill(dovecot.pgid, 'SIGHUP');
    if (!(await until(known, 5000))) throw new Error(`Dovecot does not accept ${user} (see ${dir}/dovecot.log)`);
  };
  /** texthash maps are read once per Postfix process: reload, then wait until smtpd knows the user. */
  const postfixLearns = async (user: string) => {
    if (!postfix || !reloadPostfix(dir)) return;
    const known = async () => (await smtpRecipientCode(ports.smtp, user).catch(() => 0)) === 250;
    if (await until(known, 5000)) return;
    await stopPostfix();
    await stack.startPostfix();
  };
  const stack: MailStack = {
    dir,
    imap: { host: LOOPBACK, port: ports.imap },
    smtp: { host: LOOPBACK, port: ports.smtp },
    lmtp: { host: LOOPBACK, port: ports.lmtp },
    startup,
    users: () => [...users.keys()],
    password(user) {
      const password = users.get(user.trim().toLowerCase());
      if (password === undefined) throw new Error(`${user} is not a user of this mail stack`);
      return password;
    },
    async addUser(address) {
      const user = normalise(address);
      users.set(user, passwordOf(user));
      writeDovecotPasswd(dir, users);
      writePostfixVmailbox(dir, users.keys());
      await Promise.all([dovecotLearns(user), postfixLearns(user)]);
    },
    stopDovecot,
    async startDovecot() {
      dovecot ??= await startDovecot(dir, ports);
    },
    stopPostfix,
    async startPostfix() {
      postfix ??= await startPostfix(dir, ports);
    },
    async stop() {
      await Promise.all([stopDovecot(), stopPostfix()]);
      untrackStack(dir);
      removeStackDir(dir);
    },
  };
  return stack;
}
