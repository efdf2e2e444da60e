/**
 * Opening an installation: configuration, the store (migrations checked), keys, templates and the
 * use cases' dependencies, as the CLI commands and the server need them.
 */
import type { Logger } from 'pino';
import { AppError, silentLog, type AppDeps } from '../app/deps.ts';
import { loadConfig, type Config } from './config.ts';
import { SqliteStore } from './db/store.ts';
import { TallyhoError } from './errors.ts';
import { createKeys, domainOf, tokenKeyFor } from './keys.ts';
import { appLog } from './log.ts';
import { createRenderer } from './render/handlebars.ts';
import { scenarioSource } from './scenario-source.ts';

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
}

export function openRuntime(options: RuntimeOptions = {}): Runtime {
  const config = options.config ?? loadConfig();
  const store = SqliteStore.open(config.databasePath);
  try {
    const keys = createKeys({ tokenKey: tokenKeyFor(store, config.tokenKey), domain: domainOf(config.mailFrom) });
    const deps: AppDeps = {
      store,
      keys,
      clock: { now: () => Date.now() },
      renderer: createRenderer(options.templatesDir),
      referee: {
        address: config.mailFrom, rateLimitPerHour: config.rateLimitPerHour,
        gm: config.gmEmail ? { email: config.gmEmail, secretHash: config.gmSecret ? keys.hashSecret(config.gmSecret) : null } : null,
      },
      scenarios: scenarioSource(),
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

/** Opens the runtime for one CLI command and closes it afterwards. */
export async function withRuntime<T>(fn: (rt: Runtime) => T | Promise<T>): Promise<T> {
  const rt = openRuntime();
  try {
    return await fn(rt);
  } catch (e) {
    throw toCliError(e);
  } finally {
    rt.close();
  }
}
