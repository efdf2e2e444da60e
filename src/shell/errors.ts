/**
 * Errors raised in the shell: Error objects carrying a `.code` from this one table, so callers,
 * logs and tests match on codes rather than wording.
 */
export const ERROR_CODES = {
  E_BAD_SPEED: 'bad speed argument',
  E_USAGE: 'bad command-line usage',
  E_AIRCRAFT_DATA: 'invalid aircraft data file',
  E_SHIP_DATA: 'invalid ship data file',
  E_ORDNANCE_DATA: 'invalid ordnance data file',
  E_SCENARIO: 'invalid scenario file',
  E_CAMPAIGN: 'invalid campaign file',
  E_ORDERS: 'orders could not be parsed or are illegal',
  E_CONFIG: 'invalid configuration',
  E_MIGRATIONS: 'database and migration files disagree',
  E_NOT_FOUND: 'no such game, player or turn',
  E_STATE: 'the game is not in a state that allows this',
  E_IO: 'file could not be read or written',
  E_EXPORT_FORMAT: 'not a Tallyho game export this version can read',
  E_NO_DATABASE: 'no database at the configured path (only game create, import and serve make one)',
  E_PORT: 'a port the server listens on is taken or not allowed',
  E_OAUTH: 'an OAuth2 provider refused or did not answer (XOAUTH2 access token, tallyho oauth)',
  E_VERIFY: "a check failed: a re-resolved turn or a turn's dice differ from what was stored or mailed",
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export class TallyhoError extends Error {
  readonly code: ErrorCode;
  readonly details: string[];
  constructor(code: ErrorCode, message: string, details: string[] = []) {
    super(message);
    this.name = 'TallyhoError';
    this.code = code;
    this.details = details;
  }
}

export const cliError = (code: ErrorCode, message: string, details: string[] = []): TallyhoError =>
  new TallyhoError(code, message, details);

export const isTallyhoError = (e: unknown): e is TallyhoError => e instanceof TallyhoError;
