/**
 * Configuration from the environment and a .env file (the environment wins); .env.example lists
 * every key. With neither IMAP_HOST nor SMTP_HOST set the server runs in local mode (an embedded
 * SMTP listener, outgoing mail kept in the store). Every problem names its key. Every command,
 * serve included, reads it through loadConfig, from the same directory (configDir).
 */
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TallyhoError } from './errors.ts';
import { readEnvFile } from './env-file.ts';

export type SmtpSecurity = 'tls' | 'starttls' | 'none';

export interface ImapConfig {
  host: string;
  port: number;
  user: string;
  password: string;
  tls: boolean;
  mailbox: string;
  processedFolder: string;
  rejectedFolder: string;
  pollSeconds: number;
}

export interface SmtpConfig {
  host: string;
  port: number;
  user: string;
  password: string;
  security: SmtpSecurity;
}

export interface Config {
  mode: 'mail' | 'local';
  imap: ImapConfig | null;
  smtp: SmtpConfig | null;
  /** The referee's address (MAIL_FROM may be `Name <address>`; this is the address). */
  mailFrom: string;
  mailFromName: string;
  databasePath: string;
  httpHost: string;
  httpPort: number;
  /** Key of the orders templates' turn tokens; null: one kept in the database is used. */
  tokenKey: string | null;
  localSmtpPort: number;
  rateLimitPerHour: number;
  maxMailBytes: number;
  /** First retry delay of a mail the SMTP server did not take; it doubles on each attempt. */
  outboxRetrySeconds: number;
  outboxMaxAttempts: number;
  logLevel: string;
  /** The installation's game master: GM commands for every game (GM_SECRET) answered to GM_EMAIL. */
  gmEmail: string | null;
  gmSecret: string | null;
  /** How often the clock runs (deadlines, reminders), seconds. */
  tickSeconds: number;
  /** The password of the administration pages; null: they are off. */
  adminPassword: string | null;
  /** Where DATABASE_PATH came from, in words for messages (loadConfig sets it). */
  databaseFrom?: string;
}

export const CONFIG_KEYS = [
  'IMAP_HOST', 'IMAP_PORT', 'IMAP_USER', 'IMAP_PASSWORD', 'IMAP_TLS', 'IMAP_MAILBOX', 'IMAP_PROCESSED_FOLDER',
  'IMAP_REJECTED_FOLDER', 'IMAP_POLL_SECONDS', 'SMTP_HOST', 'SMTP_PORT', 'SMTP_USER', 'SMTP_PASSWORD', 'SMTP_TLS',
  'MAIL_FROM', 'DATABASE_PATH', 'HTTP_HOST', 'HTTP_PORT', 'TOKEN_KEY', 'LOCAL_SMTP_PORT', 'RATE_LIMIT_PER_HOUR',
  'MAX_MAIL_BYTES', 'OUTBOX_RETRY_SECONDS', 'OUTBOX_MAX_ATTEMPTS', 'LOG_LEVEL', 'GM_EMAIL', 'GM_SECRET', 'TICK_SECONDS',
  'ADMIN_PASSWORD',
] as const;

type Key = (typeof CONFIG_KEYS)[number];
type Env = Record<string, string | undefined>;

const ADDRESS = /^[^\s@<>"]+@[^\s@<>"]+$/;
const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

class Reader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  str(key: Key, fallback = ''): string {
    return (this.env[key] ?? '').trim() || fallback;
  }

  int(key: Key, fallback: number, min: number, max: number, what = 'a whole number'): number {
    const raw = this.str(key);
    if (!raw) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      this.problems.push(`${key}: '${raw}' is not ${what} from ${min} to ${max}`);
      return fallback;
    }
    return Number(raw);
  }

  port(key: Key, fallback: number): number {
    return this.int(key, fallback, 1, 65535, 'a port number');
  }

  bool(key: Key, fallback: boolean): boolean {
    const raw = this.str(key).toLowerCase();
    if (!raw) return fallback;
    if (['true', 'yes', '1', 'on'].includes(raw)) return true;
    if (['false', 'no', '0', 'off'].includes(raw)) return false;
    this.problems.push(`${key}: '${raw}' is not true or false`);
    return fallback;
  }

  need(key: Key, why: string): string {
    const v = this.str(key);
    if (!v) this.problems.push(`${key} is not set (${why})`);
    return v;
  }
}

function smtpSecurity(r: Reader): SmtpSecurity {
  const raw = r.str('SMTP_TLS', 'starttls').toLowerCase();
  if (['true', 'tls', 'ssl', 'yes', '1'].includes(raw)) return 'tls';
  if (raw === 'starttls') return 'starttls';
  if (['false', 'none', 'no', '0'].includes(raw)) return 'none';
  r.problems.push(`SMTP_TLS: '${raw}' is not one of true (TLS from the start, port 465), starttls (port 587) or false`);
  return 'starttls';
}

function parseFrom(r: Reader, local: boolean): { address: string; name: string } {
  const raw = local ? r.str('MAIL_FROM', 'Tallyho Referee <referee@localhost>') : r.need('MAIL_FROM', 'the address the referee sends from');
  const m = /^\s*(?:"?([^"<]*?)"?\s*)?<([^>]+)>\s*$/.exec(raw);
  const address = (m ? (m[2] as string) : raw).trim().toLowerCase();
  const name = (m?.[1] ?? '').trim() || 'Tallyho Referee';
  if (raw && !ADDRESS.test(address)) r.problems.push(`MAIL_FROM: '${raw}' is not an address like referee@example.org or "Tallyho <referee@example.org>"`);
  return { address, name };
}

/** Builds the configuration from variables; throws E_CONFIG listing every problem by key. */
export function configFrom(env: Env, baseDir = process.cwd()): Config {
  const r = new Reader(env);
  const imapHost = r.str('IMAP_HOST');
  const smtpHost = r.str('SMTP_HOST');
  const local = !imapHost && !smtpHost;
  if (!local && !imapHost) r.problems.push('IMAP_HOST is not set (SMTP_HOST is: a mail setup needs both; leave both empty for local mode)');
  if (!local && !smtpHost) r.problems.push('SMTP_HOST is not set (IMAP_HOST is: a mail setup needs both; leave both empty for local mode)');
  let imap: ImapConfig | null = null;
  let smtp: SmtpConfig | null = null;
  if (!local) {
    const tls = r.bool('IMAP_TLS', true);
    imap = {
      host: imapHost, port: r.port('IMAP_PORT', tls ? 993 : 143), user: r.need('IMAP_USER', 'the login of the referee mailbox'),
      password: r.need('IMAP_PASSWORD', 'use an app password'), tls, mailbox: r.str('IMAP_MAILBOX', 'INBOX'),
      processedFolder: r.str('IMAP_PROCESSED_FOLDER', 'Processed'), rejectedFolder: r.str('IMAP_REJECTED_FOLDER', 'Rejected'),
      pollSeconds: r.int('IMAP_POLL_SECONDS', 60, 1, 3600),
    };
    const security = smtpSecurity(r);
    smtp = {
      host: smtpHost, port: r.port('SMTP_PORT', security === 'tls' ? 465 : security === 'starttls' ? 587 : 25),
      user: r.str('SMTP_USER'), password: r.str('SMTP_PASSWORD'), security,
    };
    if (smtp.user && !smtp.password) r.problems.push('SMTP_PASSWORD is not set (SMTP_USER is)');
  }
  const from = parseFrom(r, local);
  const tokenKey = r.str('TOKEN_KEY') || null;
  if (tokenKey !== null && tokenKey.length < 16) r.problems.push('TOKEN_KEY: use at least 16 random characters (e.g. openssl rand -hex 32)');
  const gmEmail = r.str('GM_EMAIL').toLowerCase() || null;
  const gmSecret = r.str('GM_SECRET') || null;
  if (gmEmail && !ADDRESS.test(gmEmail)) r.problems.push(`GM_EMAIL: '${gmEmail}' is not an address`);
  if (gmSecret && gmSecret.length < 12) r.problems.push('GM_SECRET: use at least 12 characters (e.g. openssl rand -hex 16)');
  if (gmSecret && !gmEmail) r.problems.push('GM_EMAIL is not set (GM_SECRET is: the answers to GM commands go to GM_EMAIL)');
  const adminPassword = r.str('ADMIN_PASSWORD') || null;
  if (adminPassword !== null && adminPassword.length < 12) r.problems.push('ADMIN_PASSWORD: use at least 12 characters (e.g. openssl rand -base64 18)');
  const logLevel = r.str('LOG_LEVEL', 'info').toLowerCase();
  if (!LEVELS.includes(logLevel)) r.problems.push(`LOG_LEVEL: '${logLevel}' is not one of ${LEVELS.join(', ')}`);
  const config: Config = {
    mode: local ? 'local' : 'mail',
    imap,
    smtp,
    mailFrom: from.address,
    mailFromName: from.name,
    databasePath: resolve(baseDir, r.str('DATABASE_PATH', 'var/tallyho.sqlite')),
    httpHost: r.str('HTTP_HOST', '127.0.0.1'),
    httpPort: r.int('HTTP_PORT', 8025, 0, 65535, 'a port number'),
    tokenKey,
    localSmtpPort: r.int('LOCAL_SMTP_PORT', 2525, 0, 65535, 'a port number'),
    rateLimitPerHour: r.int('RATE_LIMIT_PER_HOUR', 60, 1, 1_000_000),
    maxMailBytes: r.int('MAX_MAIL_BYTES', 1024 * 1024, 1024, 50 * 1024 * 1024, 'a size in bytes'),
    outboxRetrySeconds: r.int('OUTBOX_RETRY_SECONDS', 30, 1, 86400),
    outboxMaxAttempts: r.int('OUTBOX_MAX_ATTEMPTS', 15, 1, 100),
    logLevel,
    gmEmail,
    gmSecret,
    tickSeconds: r.int('TICK_SECONDS', 30, 1, 3600),
    adminPassword,
  };
  if (r.problems.length) {
    throw new TallyhoError('E_CONFIG', `the configuration is not valid (${r.problems.length} problem${r.problems.length === 1 ? '' : 's'}; see .env.example)`, r.problems);
  }
  return config;
}

/** The installation's directory (the package root): two levels above src/shell and dist/shell. */
export const INSTALL_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const inside = (dir: string, parent: string): boolean => {
  const r = relative(parent, dir);
  return r === '' || (r !== '..' && !r.startsWith(`..${sep}`) && !isAbsolute(r));
};

/**
 * The directory whose .env is read and against which relative paths (DATABASE_PATH) are taken:
 * the working directory, or, when the working directory lies inside the installation, the nearest
 * directory from it up to the installation's that holds a .env, else the installation's. So
 * `npm start` (which npm runs in the installation's directory) and `npx tallyho ...` from any
 * directory of the installation read the same .env and open the same database, and a directory
 * outside it (a second installation's data, a test) has its own.
 */
export function configDir(cwd = process.cwd(), installDir = INSTALL_DIR): string {
  if (!inside(cwd, installDir) || existsSync(resolve(cwd, '.env'))) return cwd;
  for (let d = cwd; d !== installDir; d = dirname(d)) if (existsSync(resolve(d, '.env'))) return d;
  return installDir;
}

export interface LoadOptions {
  /** The .env file; default: the .env of configDir(). */
  envFile?: string;
  env?: Env;
  /** The working directory configDir starts from (default process.cwd()). */
  cwd?: string;
}

/**
 * The configuration from the .env file and the environment (which wins): the one way every
 * command reads it. Relative paths are taken from the .env's directory (configDir).
 */
export function loadConfig(options: LoadOptions = {}): Config {
  const dir = options.envFile ? dirname(resolve(options.envFile)) : configDir(options.cwd);
  const envFile = options.envFile ? resolve(options.envFile) : resolve(dir, '.env');
  const file = readEnvFile(envFile);
  const env = options.env ?? process.env;
  const merged: Env = { ...file };
  for (const k of CONFIG_KEYS) if (env[k] !== undefined) merged[k] = env[k];
  const config = configFrom(merged, dir);
  const fromEnv = (env.DATABASE_PATH ?? '').trim() !== '';
  config.databaseFrom = fromEnv ? 'DATABASE_PATH in the environment'
    : (file.DATABASE_PATH ?? '').trim() ? `DATABASE_PATH in ${envFile}`
    : `the default var/tallyho.sqlite in ${dir}${existsSync(envFile) ? '' : ' (no .env there)'}`;
  return config;
}
