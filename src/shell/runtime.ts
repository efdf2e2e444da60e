/**
 * Opening an installation: configuration, the store (migrations checked), keys, templates and the
 * use cases' dependencies, as the CLI commands and the server need them.
 */
import { existsSync } from 'node:fs';
import type { Logger } from 'pino';
import { AppError, silentLog, type AppDeps } from '../app/ports/deps.ts';
import { loadConfig, localPublicUrl, type Config } from './config.ts';
import { SqliteStore } from './db/store.ts';
import { TallyhoError } from './errors.ts';
import { createKeys, domainOf, tokenKeyFor } from './keys.ts';
import { appLog } from './log.ts';
import { createRenderer } from './render/handlebars.ts';
import { scenarioSource } from './scenario-source.ts';

/** The ids of local mode's solo games (local/demo.ts): solo, solo-2, solo-3, ... */
export const SOLO_GAMES = /^solo(-[1-9]\d*)?$/;
import { campaignSource } from './campaign-source.ts';

export interface Runtime {
  config: Config;
  store: SqliteStore;
  deps: AppDeps;
  close(): void;
}

export interface RuntimeOptions {
  config?: Config;
  logger?: Logger;
  templatesDir?: string;
  /** false: refuse to make a database that does not exist yet (E_NO_DATABASE). Default true. */
  create?: boolean;
}

/** The error of a command that needs a database where there is none; names the path and its origin. */
export function noDatabase(config: Config): TallyhoError {
  return new TallyhoError('E_NO_DATABASE', `there is no database at ${config.databasePath}`, [
    `the path is ${config.databaseFrom ?? 'DATABASE_PATH'}`,
    'tallyho game create or tallyho serve makes one there; tallyho import restores a game into one; DATABASE_PATH names another',
  ]);
}

export function openRuntime(options: RuntimeOptions = {}): Runtime {
  // Local mode's links go to the web server on this machine, from every command (game start's welcomes too).
  const config = localPublicUrl(options.config ?? loadConfig());
  if (options.create === false && config.databasePath !== ':memory:' && !existsSync(config.databasePath))
    throw noDatabase(config);
  const store = SqliteStore.open(config.databasePath);
  try {
    const keys = createKeys({ tokenKey: tokenKeyFor(store, config.tokenKey), domain: domainOf(config.mailFrom) });
    const deps: AppDeps = {
      store,
      keys,
      clock: { now: () => Date.now() },
      renderer: createRenderer(options.templatesDir),
      referee: {
        address: config.mailFrom,
        rateLimitPerHour: config.rateLimitPerHour,
        publicUrl: config.publicUrl,
        // Local mode: whoever plays is at the machine, and a solo game is one command away (docs/local-mode.md).
        ...(config.mode === 'local'
          ? {
              playAgain: {
                games: SOLO_GAMES,
                text: 'To fly against the stand-in pilot again, start the referee with npm start -- --solo: a new solo game starts when the last one is over (docs/local-mode.md "Playing alone").',
              },
            }
          : {}),
        gm: config.gmEmail
          ? { email: config.gmEmail, secretHash: config.gmSecret ? keys.hashSecret(config.gmSecret) : null }
          : null,
      },
      scenarios: scenarioSource(),
      campaigns: campaignSource(),
      log: options.logger ? appLog(options.logger) : silentLog,
    };
    return { config, store, deps, close: () => store.close() };
  } catch (e) {
    store.close();
    throw e;
  }
}

/** A use case's AppError as the CLI's TallyhoError, with the same code. */
export const toCliError = (e: unknown): unknown =>
  e instanceof AppError ? new TallyhoError(e.code, e.message, e.details) : e;

/**
 * Opens the runtime for one CLI command and closes it afterwards. Only a command given
 * `{ create: true }` (game create, import) may make the database; every other one fails with
 * E_NO_DATABASE where there is none, rather than silently making an empty one. The database
 * opened is named on standard error, so that standard output stays the command's (--json).
 */
export async function withRuntime<T>(
  fn: (rt: Runtime) => T | Promise<T>,
  options: { create?: boolean } = {},
): Promise<T> {
  const config = loadConfig();
  const made = !existsSync(config.databasePath);
  const rt = openRuntime({ config, create: options.create ?? false });
  process.stderr.write(`tallyho: database ${config.databasePath}${made ? ' (made now)' : ''}\n`);
  try {
    return await fn(rt);
  } catch (e) {
    throw toCliError(e);
  } finally {
    rt.close();
  }
}
