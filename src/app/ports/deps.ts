/** What every use case is given: the ports, the referee's own settings and a log. */
import type { AircraftCard } from '../../core/aircraft/types.ts';
import type { ShipCard } from '../../core/units/types.ts';
import type { BombingTable } from '../../core/ordnance/bombing-table.ts';
import type { TorpedoTable } from '../../core/ordnance/torpedo-table.ts';
import type { FlakTable } from '../../core/flak/table.ts';
import type { SpottingTable } from '../../core/spotting/table.ts';
import type { RocketTable } from '../../core/ordnance/rocket-table.ts';
import type { Scenario } from '../../core/scenario.ts';
import type { CampaignSpec } from '../../core/campaign/spec.ts';
import type { Clock, Keys, Renderer, Store } from './store.ts';

export interface AppLog {
  debug(fields: object, message: string): void;
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export const silentLog: AppLog = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

export interface RefereeSettings {
  /** The referee's address (lower case). */
  address: string;
  /**
   * Mails without an authenticated envelope from one sender per hour (RATE_LIMIT_PER_HOUR); past
   * it they get no work but the check of their secrets and tokens (src/app/mail/rate-limits.ts).
   */
  rateLimitPerHour: number;
  /** The same per game the mails name, and in all; by default 4 and 20 times rateLimitPerHour. */
  rateLimitGamePerHour?: number;
  rateLimitAllPerHour?: number;
  /** The installation's game master (GM_EMAIL, GM_SECRET): answers GM commands for every game. */
  gm?: { email: string | null; secretHash: string | null } | null;
  /** Where the web archive is published (PUBLIC_URL): report mails link to their turn's page. */
  publicUrl?: string | null;
  /**
   * How a player whose game is over starts another here, in words, and the games it is said of
   * (local mode: `npm start -- --solo`, of the solo games); for any other game, or absent: he asks
   * his game master (app/intake/over.ts).
   */
  playAgain?: { text: string; games: RegExp } | null;
}

/** The scenario files a game master may create a game from by mail (scenarios/<name>.yaml). */
export interface ScenarioSource {
  names(): string[];
  /** Throws an AppError (E_NOT_FOUND, E_USAGE) when there is no such scenario or it is not valid. */
  load(name: string): {
    scenario: Scenario;
    catalog: ReadonlyMap<string, AircraftCard>;
    ships?: ReadonlyMap<string, ShipCard>;
    bombing?: BombingTable;
    torpedoes?: TorpedoTable;
    flak?: FlakTable;
    spotting?: SpottingTable;
    rockets?: RocketTable;
  };
}

/** The campaign files a game master may create a campaign from (campaigns/<name>.yaml). */
export interface CampaignSource {
  names(): string[];
  /** Throws an AppError (E_NOT_FOUND, E_USAGE) when there is no such campaign or it is not valid. */
  load(name: string): CampaignSpec;
  /** Names for recruits by nation (data/pilots/names.yaml). */
  recruitNames(): Readonly<Record<string, readonly string[]>>;
}

export interface AppDeps {
  store: Store;
  clock: Clock;
  keys: Keys;
  renderer: Renderer;
  referee: RefereeSettings;
  log: AppLog;
  scenarios?: ScenarioSource;
  campaigns?: CampaignSource;
}

/** Errors a use case reports to its caller (the CLI prints them); codes from src/shell/errors.ts. */
export class AppError extends Error {
  readonly code: 'E_NOT_FOUND' | 'E_STATE' | 'E_USAGE';
  readonly details: string[];
  constructor(code: AppError['code'], message: string, details: string[] = []) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }
}
