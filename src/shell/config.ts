/**
 * Configuration from the environment and a .env file (the environment wins); .env.example lists
 * every key. With neither IMAP_HOST nor SMTP_HOST set the server runs in local mode (an embedded
 * SMTP listener, outgoing mail kept in the store). Every problem names its key. Every command,
 * serve included, reads it through loadConfig, from the same directory (configDir).
 */
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TallyhoError } from './errors.ts';
import { readEnvFile } from './env-file.ts';
import { unknownKeys } from './config-keys.ts';
import { endpointProblem, isProviderName, PROVIDER_NAMES, PROVIDERS, type ProviderName } from './oauth/providers.ts';

export type SmtpSecurity = 'tls' | 'starttls' | 'none';

/** How a connection logs in: a password, or an OAuth2 access token (XOAUTH2; Config.oauth). */
export type AuthMethod = 'password' | 'xoauth2';

export interface ImapConfig {
  host: string;
  port: number;
  user: string;
  auth: AuthMethod;
  /** Empty with auth xoauth2. */
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
  auth: AuthMethod;
  password: string;
  security: SmtpSecurity;
}

/** Where the XOAUTH2 access tokens come from (docs/gm-guide.md); set when a connection uses it. */
export interface OauthConfig {
  /** A named provider's presets, or 'custom' (OAUTH_TOKEN_URL given, no OAUTH_PROVIDER). */
  provider: ProviderName | 'custom';
  tokenUrl: string;
  clientId: string;
  /** Null for a public client (Microsoft without a secret). */
  clientSecret: string | null;
  refreshToken: string;
  /** Sent with each refresh; null: none (the grant's own scope). */
  scope: string | null;
}

export interface Config {
  mode: 'mail' | 'local';
  imap: ImapConfig | null;
  smtp: SmtpConfig | null;
  /** Set when IMAP_AUTH or SMTP_AUTH is xoauth2. */
  oauth: OauthConfig | null;
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
  /** Where the web archive is published (PUBLIC_URL, no trailing slash): report mails link to it. */
  publicUrl: string | null;
  /** Where `tallyho backup` writes its copies of the database (BACKUP_DIR). */
  backupDir: string;
  /** Backups older than this many days are removed by the next backup; 0 keeps them all. */
  backupKeepDays: number;
  /** Where DATABASE_PATH came from, in words for messages (loadConfig sets it). */
  databaseFrom?: string;
  /** Keys of .env (and ours in the environment) that are not settings, each in a line (loadConfig sets it). */
  unknownKeys?: string[];
}

export const CONFIG_KEYS = [
  'IMAP_HOST',
  'IMAP_PORT',
  'IMAP_USER',
  'IMAP_PASSWORD',
  'IMAP_TLS',
  'IMAP_MAILBOX',
  'IMAP_PROCESSED_FOLDER',
  'IMAP_REJECTED_FOLDER',
  'IMAP_POLL_SECONDS',
  'SMTP_HOST',
  'SMTP_PORT',
  'SMTP_USER',
  'SMTP_PASSWORD',
  'SMTP_TLS',
  'MAIL_FROM',
  'DATABASE_PATH',
  'HTTP_HOST',
  'HTTP_PORT',
  'TOKEN_KEY',
  'LOCAL_SMTP_PORT',
  'RATE_LIMIT_PER_HOUR',
  'MAX_MAIL_BYTES',
  'OUTBOX_RETRY_SECONDS',
  'OUTBOX_MAX_ATTEMPTS',
  'LOG_LEVEL',
  'GM_EMAIL',
  'GM_SECRET',
  'TICK_SECONDS',
  'ADMIN_PASSWORD',
  'IMAP_AUTH',
  'SMTP_AUTH',
  'OAUTH_PROVIDER',
  'OAUTH_TOKEN_URL',
  'OAUTH_CLIENT_ID',
  'OAUTH_CLIENT_SECRET',
  'OAUTH_REFRESH_TOKEN',
  'OAUTH_SCOPE',
  'PUBLIC_URL',
  'BACKUP_DIR',
  'BACKUP_KEEP_DAYS',
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

function authMethod(r: Reader, key: 'IMAP_AUTH' | 'SMTP_AUTH'): AuthMethod {
  const raw = r.str(key, 'password').toLowerCase();
  if (raw === 'password' || raw === 'xoauth2') return raw;
  r.problems.push(`${key}: '${raw}' is not password or xoauth2`);
  return 'password';
}

/** The OAUTH_ keys, read when a connection logs in with xoauth2 (`users` names which ones). */
function oauthConfig(r: Reader, users: string): OauthConfig {
  const rawProvider = r.str('OAUTH_PROVIDER').toLowerCase();
  const tokenUrlSet = r.str('OAUTH_TOKEN_URL');
  let provider: OauthConfig['provider'] = 'custom';
  if (rawProvider && isProviderName(rawProvider)) provider = rawProvider;
  else if (rawProvider)
    r.problems.push(
      `OAUTH_PROVIDER: '${rawProvider}' is not one of ${PROVIDER_NAMES.join(', ')} (leave it empty and set OAUTH_TOKEN_URL for another provider)`,
    );
  else if (!tokenUrlSet)
    r.problems.push(
      `OAUTH_PROVIDER is not set (${users} xoauth2: ${PROVIDER_NAMES.join(' or ')}, or OAUTH_TOKEN_URL for another provider)`,
    );
  const preset = provider === 'custom' ? null : PROVIDERS[provider];
  const tokenUrl = tokenUrlSet || preset?.tokenUrl || '';
  const urlProblem = tokenUrl ? endpointProblem(tokenUrl) : null;
  if (urlProblem) r.problems.push(`OAUTH_TOKEN_URL: ${urlProblem}`);
  const why = `${users} xoauth2; tallyho oauth prints it`;
  const clientId = r.need('OAUTH_CLIENT_ID', why);
  const clientSecret = r.str('OAUTH_CLIENT_SECRET') || null;
  if (provider === 'google' && !clientSecret)
    r.problems.push('OAUTH_CLIENT_SECRET is not set (Google clients have one: see the client in the Cloud console)');
  const refreshToken = r.need('OAUTH_REFRESH_TOKEN', `${users} xoauth2; run tallyho oauth to get one`);
  const scope = r.str('OAUTH_SCOPE') || (provider === 'microsoft' ? PROVIDERS.microsoft.scope : null);
  return { provider, tokenUrl, clientId, clientSecret, refreshToken, scope };
}

function parseFrom(r: Reader, local: boolean): { address: string; name: string } {
  const raw = local
    ? r.str('MAIL_FROM', 'Tallyho Referee <referee@localhost>')
    : r.need('MAIL_FROM', 'the address the referee sends from');
  const m = /^\s*(?:"?([^"<]*?)"?\s*)?<([^>]+)>\s*$/.exec(raw);
  const address = (m ? (m[2] as string) : raw).trim().toLowerCase();
  const name = (m?.[1] ?? '').trim() || 'Tallyho Referee';
  if (raw && !ADDRESS.test(address))
    r.problems.push(
      `MAIL_FROM: '${raw}' is not an address like referee@example.org or "Tallyho <referee@example.org>"`,
    );
  return { address, name };
}

/** The mail servers of a mail setup: IMAP, SMTP, and the OAUTH_ keys when either logs in with xoauth2. */
function mailServers(
  r: Reader,
  imapHost: string,
  smtpHost: string,
): { imap: ImapConfig; smtp: SmtpConfig; oauth: OauthConfig | null } {
  const tls = r.bool('IMAP_TLS', true);
  const imapAuth = authMethod(r, 'IMAP_AUTH');
  const smtpAuth = authMethod(r, 'SMTP_AUTH');
  const orOauth = r.str('OAUTH_REFRESH_TOKEN') ? ', or IMAP_AUTH=xoauth2 to log in with the OAUTH_ keys' : '';
  const imap: ImapConfig = {
    host: imapHost,
    port: r.port('IMAP_PORT', tls ? 993 : 143),
    user: r.need('IMAP_USER', 'the login of the referee mailbox'),
    auth: imapAuth,
    password: imapAuth === 'password' ? r.need('IMAP_PASSWORD', `use an app password${orOauth}`) : '',
    tls,
    mailbox: r.str('IMAP_MAILBOX', 'INBOX'),
    processedFolder: r.str('IMAP_PROCESSED_FOLDER', 'Processed'),
    rejectedFolder: r.str('IMAP_REJECTED_FOLDER', 'Rejected'),
    pollSeconds: r.int('IMAP_POLL_SECONDS', 60, 1, 3600),
  };
  const security = smtpSecurity(r);
  const smtp: SmtpConfig = {
    host: smtpHost,
    port: r.port('SMTP_PORT', security === 'tls' ? 465 : security === 'starttls' ? 587 : 25),
    user:
      smtpAuth === 'xoauth2'
        ? r.need('SMTP_USER', 'SMTP_AUTH is xoauth2: the account the token is for')
        : r.str('SMTP_USER'),
    auth: smtpAuth,
    password: smtpAuth === 'password' ? r.str('SMTP_PASSWORD') : '',
    security,
  };
  if (smtpAuth === 'password' && smtp.user && !smtp.password)
    r.problems.push('SMTP_PASSWORD is not set (SMTP_USER is)');
  const users = [imapAuth === 'xoauth2' ? 'IMAP_AUTH' : '', smtpAuth === 'xoauth2' ? 'SMTP_AUTH' : ''].filter(Boolean);
  let oauth: OauthConfig | null = null;
  if (users.length) oauth = oauthConfig(r, `${users.join(' and ')} ${users.length === 1 ? 'is' : 'are'}`);
  return { imap, smtp, oauth };
}

/** Builds the configuration from variables; throws E_CONFIG listing every problem by key. */
export function configFrom(env: Env, baseDir = process.cwd()): Config {
  const r = new Reader(env);
  const imapHost = r.str('IMAP_HOST');
  const smtpHost = r.str('SMTP_HOST');
  const local = !imapHost && !smtpHost;
  if (!local && !imapHost)
    r.problems.push('IMAP_HOST is not set (SMTP_HOST is: a mail setup needs both; leave both empty for local mode)');
  if (!local && !smtpHost)
    r.problems.push('SMTP_HOST is not set (IMAP_HOST is: a mail setup needs both; leave both empty for local mode)');
  let imap: ImapConfig | null = null;
  let smtp: SmtpConfig | null = null;
  let oauth: OauthConfig | null = null;
  if (!local) ({ imap, smtp, oauth } = mailServers(r, imapHost, smtpHost));
  const from = parseFrom(r, local);
  const tokenKey = r.str('TOKEN_KEY') || null;
  if (tokenKey !== null && tokenKey.length < 16)
    r.problems.push('TOKEN_KEY: use at least 16 random characters (e.g. openssl rand -hex 32)');
  const gmEmail = r.str('GM_EMAIL').toLowerCase() || null;
  const gmSecret = r.str('GM_SECRET') || null;
  if (gmEmail && !ADDRESS.test(gmEmail)) r.problems.push(`GM_EMAIL: '${gmEmail}' is not an address`);
  if (gmSecret && gmSecret.length < 12)
    r.problems.push('GM_SECRET: use at least 12 characters (e.g. openssl rand -hex 16)');
  if (gmSecret && !gmEmail)
    r.problems.push('GM_EMAIL is not set (GM_SECRET is: the answers to GM commands go to GM_EMAIL)');
  const adminPassword = r.str('ADMIN_PASSWORD') || null;
  if (adminPassword !== null && adminPassword.length < 12)
    r.problems.push('ADMIN_PASSWORD: use at least 12 characters (e.g. openssl rand -base64 18)');
  const publicUrl = r.str('PUBLIC_URL').replace(/\/+$/, '') || null;
  if (publicUrl !== null && !/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(publicUrl))
    r.problems.push(
      `PUBLIC_URL: '${publicUrl}' is not an address like https://tallyho.example.org (http or https, no query)`,
    );
  const logLevel = r.str('LOG_LEVEL', 'info').toLowerCase();
  if (!LEVELS.includes(logLevel)) r.problems.push(`LOG_LEVEL: '${logLevel}' is not one of ${LEVELS.join(', ')}`);
  const databasePath = resolve(baseDir, r.str('DATABASE_PATH', 'var/tallyho.sqlite'));
  const config: Config = {
    mode: local ? 'local' : 'mail',
    imap,
    smtp,
    oauth,
    mailFrom: from.address,
    mailFromName: from.name,
    databasePath,
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
    publicUrl,
    backupDir: resolve(baseDir, r.str('BACKUP_DIR') || join(dirname(databasePath), 'backups')),
    backupKeepDays: r.int('BACKUP_KEEP_DAYS', 14, 0, 3650, 'a number of days'),
  };
  if (r.problems.length) {
    throw new TallyhoError(
      'E_CONFIG',
      `the configuration is not valid (${r.problems.length} problem${r.problems.length === 1 ? '' : 's'}; see .env.example)`,
      r.problems,
    );
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
  const unknown = unknownKeys(CONFIG_KEYS, Object.keys(file), envFile, env);
  let config: Config;
  try {
    config = configFrom(merged, dir);
  } catch (e) {
    // A setting missing may be a key misspelt: both are said.
    if (e instanceof TallyhoError && e.code === 'E_CONFIG' && unknown.length)
      throw new TallyhoError(e.code, e.message, [...e.details, ...unknown]);
    throw e;
  }
  const fromEnv = (env.DATABASE_PATH ?? '').trim() !== '';
  config.databaseFrom = fromEnv
    ? 'DATABASE_PATH in the environment'
    : (file.DATABASE_PATH ?? '').trim()
      ? `DATABASE_PATH in ${envFile}`
      : `the default var/tallyho.sqlite in ${dir}${existsSync(envFile) ? '' : ' (no .env there)'}`;
  config.unknownKeys = unknown;
  return config;
}

/**
 * Local mode without PUBLIC_URL: the web server on this machine is where the mails' links go (the
 * turn pages, the docs, the plotter), when its port is known before it starts (not 0).
 */
export function localPublicUrl(config: Config): Config {
  if (config.mode !== 'local' || config.publicUrl || !config.httpPort) return config;
  const host = ['0.0.0.0', '::', ''].includes(config.httpHost)
    ? '127.0.0.1'
    : config.httpHost.includes(':')
      ? `[${config.httpHost}]`
      : config.httpHost;
  return { ...config, publicUrl: `http://${host}:${config.httpPort}` };
}
