/**
 * `tallyho doctor` (docs/gm-guide.md "Before the first game: tallyho doctor"): the checks a game
 * master would otherwise learn of from players' complaints. Each check says ok, warn or fail and
 * exactly what it found; `fail` when the referee would not work, `warn` when it would work less well.
 */
import { existsSync, readdirSync, statfsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import { silentLog } from '../app/ports/deps.ts';
import { backupTime } from './backup.ts';
import type { Config } from './config.ts';
import { checkMigrations } from './db/migrations.ts';
import { smtpPoolOptions } from './mail/transport.ts';
import { accessTokens, OauthError } from './oauth/tokens.ts';

export type Verdict = 'ok' | 'warn' | 'fail';
export interface Check {
  name: string;
  verdict: Verdict;
  detail: string;
}

const MB = 1024 * 1024;
const DAY = 86_400_000;

/** What a network error means, in the words of the settings that lead there. */
function networkWords(
  e: NodeJS.ErrnoException & { responseText?: string },
  host: string,
  port: number,
  keys: string,
): string {
  if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN') return `${host} is not a known host name (${keys})`;
  if (e.code === 'ECONNREFUSED') return `nothing answers at ${host}:${port} (${keys})`;
  if (e.code === 'ETIMEDOUT' || /timeout/i.test(e.message))
    return `${host}:${port} did not answer in time (${keys}; a firewall?)`;
  if (/certificate|SSL|TLS|wrong version number/i.test(e.message))
    return `TLS with ${host}:${port} failed: ${e.message}`;
  return e.responseText ?? e.message;
}

/** Whether a file can be read by every user of the machine. */
const readableByAll = (file: string): boolean => (statSync(file).mode & 0o004) !== 0;

/**
 * The database and its backups (`backups`, their file names in `backupDir`) readable by every user
 * of the machine (a database made before Tallyho made it 0600, or copied so), said with the command
 * that fixes it; '' when none is.
 */
function openToAll(path: string, backupDir: string, backups: readonly string[]): string {
  const open = backups.map((n) => join(backupDir, n)).filter(readableByAll);
  const files = [...(readableByAll(path) ? [path] : []), ...(open.length ? [join(backupDir, 'tallyho-*.sqlite')] : [])];
  if (!files.length) return '';
  const hold = files.length === 1 && !open.length ? 'it holds' : 'they hold';
  return (
    `${files.join(' and ')} can be read by every user of this machine: ${hold} the players' addresses ` +
    `and the mail that gave them their secrets; chmod 600 ${files.join(' ')}`
  );
}

/** The database: its migrations, SQLite's quick check, who can read it, the free disk, the latest backup. */
export function databaseChecks(config: Config, now: number): Check[] {
  const path = config.databasePath;
  if (!existsSync(path))
    return [{ name: 'database', verdict: 'warn', detail: `no database yet at ${path}: tallyho serve makes it` }];
  const out: Check[] = [];
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    checkMigrations(db);
    const quick = (db.pragma('quick_check') as { quick_check: string }[]).map((r) => r.quick_check);
    out.push(
      quick.length === 1 && quick[0] === 'ok'
        ? { name: 'database', verdict: 'ok', detail: `${path}: migrations as the files, quick check ok` }
        : {
            name: 'database',
            verdict: 'fail',
            detail: `${path}: SQLite's quick check found: ${quick.slice(0, 3).join('; ')}`,
          },
    );
  } catch (e) {
    const details = (e as { details?: string[] }).details ?? [];
    out.push({ name: 'database', verdict: 'fail', detail: [(e as Error).message, ...details].join('; ') });
  } finally {
    db.close();
  }
  // The backups, by their names (tallyho-<time>.sqlite): who can read them, and the latest.
  const backups = existsSync(config.backupDir)
    ? readdirSync(config.backupDir).filter((n) => backupTime(n) !== null)
    : [];
  const open = openToAll(path, config.backupDir, backups);
  if (open) out.push({ name: 'database', verdict: 'warn', detail: open });
  const fs = statfsSync(dirname(path));
  const free = fs.bavail * fs.bsize;
  const freeWords = `${Math.round(free / MB)} MB free beside the database`;
  out.push({ name: 'disk', verdict: free < 200 * MB ? 'fail' : free < 1024 * MB ? 'warn' : 'ok', detail: freeWords });
  const times = backups.map(backupTime).filter((t): t is number => t !== null);
  const last = times.length ? Math.max(...times) : null;
  out.push(
    last === null
      ? {
          name: 'backup',
          verdict: 'warn',
          detail: `no backup in ${config.backupDir} yet (tallyho backup; the service's timer makes one a day)`,
        }
      : {
          name: 'backup',
          verdict: now - last > 2 * DAY ? 'warn' : 'ok',
          detail: `the latest backup in ${config.backupDir} is ${((now - last) / 3_600_000).toFixed(0)} hours old`,
        },
  );
  return out;
}

/** The access token of each configuration: the IMAP and SMTP checks share one request to the token endpoint. */
const tokens = new WeakMap<Config, Promise<string>>();

/** An OAuth2 access token for the mailbox's logins, or why there is none (an OauthError naming it). */
function accessToken(config: Config): Promise<string> {
  let token = tokens.get(config);
  if (!token) {
    token = config.oauth
      ? accessTokens(config.oauth, config.databasePath, silentLog)
          .get()
          .then((t) => t.token)
      : Promise.reject(new OauthError('the OAUTH_ settings are missing'));
    tokens.set(config, token);
  }
  return token;
}

/** Logs in to the IMAP server and opens the mailbox. */
export async function imapCheck(config: Config): Promise<Check> {
  const c = config.imap!;
  const keys = 'IMAP_HOST, IMAP_PORT, IMAP_TLS';
  let client: ImapFlow | null = null;
  try {
    const auth =
      c.auth === 'xoauth2'
        ? { user: c.user, accessToken: await accessToken(config) }
        : { user: c.user, pass: c.password };
    client = new ImapFlow({
      host: c.host,
      port: c.port,
      secure: c.tls,
      auth,
      logger: false,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
    });
    client.on('error', () => {});
    await client.connect();
    const box = await client.mailboxOpen(c.mailbox).catch((e: Error) => {
      throw Object.assign(new Error(`logged in, but there is no mailbox ${c.mailbox} (IMAP_MAILBOX): ${e.message}`), {
        opened: true,
      });
    });
    return {
      name: 'imap',
      verdict: 'ok',
      detail: `logged in to ${c.host}:${c.port} as ${c.user}; ${c.mailbox} holds ${box.exists} mails`,
    };
  } catch (e) {
    const err = e as NodeJS.ErrnoException & {
      authenticationFailed?: boolean;
      responseText?: string;
      opened?: boolean;
    };
    const detail =
      err.opened || err instanceof OauthError
        ? err.message
        : err.authenticationFailed
          ? `the IMAP server refused the login of ${c.user}: check IMAP_USER and ${c.auth === 'xoauth2' ? 'the OAUTH_ settings' : 'IMAP_PASSWORD (an app password)'}${err.responseText ? ` (${err.responseText})` : ''}`
          : networkWords(err, c.host, c.port, keys);
    return { name: 'imap', verdict: 'fail', detail };
  } finally {
    await client?.logout().catch(() => undefined);
  }
}

/** Connects to the SMTP server and logs in (nothing is sent). */
export async function smtpCheck(config: Config): Promise<Check> {
  const c = config.smtp!;
  try {
    const extra =
      c.auth === 'xoauth2'
        ? { auth: { type: 'OAuth2' as const, user: c.user, accessToken: await accessToken(config) } }
        : {};
    const options = {
      ...smtpPoolOptions(c, { connectionTimeout: 10_000, greetingTimeout: 10_000 }),
      ...extra,
      pool: false,
    };
    const transport = nodemailer.createTransport(options as never);
    try {
      await transport.verify();
    } finally {
      transport.close();
    }
    return {
      name: 'smtp',
      verdict: 'ok',
      detail: `${c.host}:${c.port} answered${c.user ? ` and took the login of ${c.user}` : ''}`,
    };
  } catch (e) {
    const err = e as NodeJS.ErrnoException & { responseCode?: number; response?: string };
    const detail =
      err instanceof OauthError
        ? err.message
        : err.code === 'EAUTH'
          ? `the SMTP server refused the login of ${c.user}: check SMTP_USER and ${c.auth === 'xoauth2' ? 'the OAUTH_ settings' : 'SMTP_PASSWORD'} (${err.response ?? err.message})`
          : networkWords(err, c.host, c.port, 'SMTP_HOST, SMTP_PORT, SMTP_TLS');
    return { name: 'smtp', verdict: 'fail', detail };
  }
}

/** The archive's address answers /health: the links in every mail lead somewhere. */
export async function publicUrlCheck(config: Config): Promise<Check> {
  if (!config.publicUrl)
    return config.mode === 'mail'
      ? {
          name: 'public url',
          verdict: 'warn',
          detail: 'PUBLIC_URL is not set: the mails carry no links to the web archive',
        }
      : { name: 'public url', verdict: 'ok', detail: 'local mode: the links go to this machine' };
  const url = `${config.publicUrl}/health`;
  try {
    const r = await fetch(url, { signal: AbortSignal.timeout(10_000), redirect: 'follow' });
    const body = (await r.json().catch(() => null)) as { status?: string } | null;
    if (r.ok && body?.status) return { name: 'public url', verdict: 'ok', detail: `${url} answered ${body.status}` };
    return {
      name: 'public url',
      verdict: 'fail',
      detail: `${url} answered HTTP ${r.status}, not Tallyho's health (PUBLIC_URL, the proxy)`,
    };
  } catch (e) {
    const cause = ((e as { cause?: Error }).cause ?? (e as Error)).message;
    return {
      name: 'public url',
      verdict: 'fail',
      detail: `${url} did not answer: ${cause} (is tallyho serve running, and PUBLIC_URL its address?)`,
    };
  }
}
