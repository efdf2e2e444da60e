/**
 * A referee for unit tests: the real SQLite store in memory, a clock the test moves, fast secret
 * hashing, the real templates, a log that keeps its lines, and the test aircraft cards.
 */
import { createHash } from 'node:crypto';
import type { AircraftCard } from '../../src/core/aircraft/types.ts';
import { parseScenario, type Scenario } from '../../src/core/scenario.ts';
import type { AppDeps, AppLog } from '../../src/app/ports/deps.ts';
import { addPlayer, createGame, startGame } from '../../src/app/setup/games.ts';
import type { IncomingMail } from '../../src/app/ports/mail.ts';
import { receive } from '../../src/app/intake/intake.ts';
import { SqliteStore } from '../../src/shell/db/store.ts';
import { createKeys } from '../../src/shell/keys.ts';
import { createRenderer } from '../../src/shell/render/handlebars.ts';
import { loadTestCards } from './golden-movement.ts';

export const REFEREE = 'referee@example.test';
export const START = Date.UTC(2026, 0, 10, 9, 0, 0);

export const testCards = (): Map<string, AircraftCard> => loadTestCards('tests/golden/movement/aircraft.yaml');

/** Two test fighters a few hexes apart, one per side. */
export const DUEL: Scenario = {
  name: 'Test duel',
  description: 'Two test fighters meet head-on.',
  map: { width: 30, height: 24 },
  options: { combat: 'standard', sequence: 'impulse12', oddsDie: 6, ammunition: false },
  sides: { red: { name: 'Red' }, blue: { name: 'Blue' } },
  planes: [
    {
      id: 'R1',
      side: 'red',
      type: 'tf',
      hex: '1216',
      facing: 0,
      altitude: 10000,
      speed: 5,
      bank: 'N',
      loaded: false,
      rockets: false,
    },
    {
      id: 'B1',
      side: 'blue',
      type: 'tf',
      hex: '1408',
      facing: 6,
      altitude: 10500,
      speed: 5,
      bank: 'N',
      loaded: false,
      rockets: false,
    },
  ],
};

export interface LogLine {
  level: string;
  fields: object;
  message: string;
}

export interface TestReferee {
  deps: AppDeps;
  store: SqliteStore;
  logs: LogLine[];
  tick(ms: number): void;
  now(): number;
}

export function testReferee(opts: { rateLimitPerHour?: number; path?: string } = {}): TestReferee {
  const store = SqliteStore.open(opts.path ?? ':memory:');
  let now = START;
  let n = 0;
  const keys = createKeys({ tokenKey: 'test-token-key-0123456789', domain: 'example.test', scryptCost: 1024 });
  // Message-IDs and seeds are counted, not random, so golden files stay put.
  keys.newMessageId = (hint) => `<${hint}.${++n}@example.test>`;
  let seeds = 0;
  keys.newSeed = () => `feedface${String(++seeds).padStart(2, '0')}`;
  const logs: LogLine[] = [];
  const log: AppLog = {
    debug: (fields, message) => logs.push({ level: 'debug', fields, message }),
    info: (fields, message) => logs.push({ level: 'info', fields, message }),
    warn: (fields, message) => logs.push({ level: 'warn', fields, message }),
    error: (fields, message) => logs.push({ level: 'error', fields, message }),
  };
  const deps: AppDeps = {
    store,
    keys,
    log,
    clock: { now: () => now },
    renderer: createRenderer(),
    referee: { address: REFEREE, rateLimitPerHour: opts.rateLimitPerHour ?? 60 },
  };
  return {
    deps,
    store,
    logs,
    tick: (ms) => {
      now += ms;
    },
    now: () => now,
  };
}

/** A started duel: players red (R1) and blue (B1); returns their secrets. */
export function startedDuel(
  t: TestReferee,
  id = 'duel',
  description = DUEL.description,
): { red: string; blue: string } {
  const cards = testCards();
  const r = parseScenario({ ...DUEL, description }, 'duel', cards);
  if (!r.ok) throw new Error(r.error.map((p) => p.message).join('\n'));
  createGame(t.deps, { id, scenario: r.value, catalog: cards });
  const red = addPlayer(t.deps, { gameId: id, playerId: 'red', email: 'red@example.test', planes: ['R1'] }).secret;
  const blue = addPlayer(t.deps, { gameId: id, playerId: 'blue', email: 'blue@example.test', planes: ['B1'] }).secret;
  startGame(t.deps, id);
  return { red, blue };
}

/** The test duel with R1 changed (by default three hexes from the map's top edge, flying at it). */
export function startedDuelWith(
  t: TestReferee,
  r1: Partial<(typeof DUEL.planes)[number]> = { hex: '1203' },
): { red: string; blue: string } {
  const cards = testCards();
  const r = parseScenario({ ...DUEL, planes: [{ ...DUEL.planes[0]!, ...r1 }, DUEL.planes[1]!] }, 'duel', cards);
  if (!r.ok) throw new Error(r.error.map((p) => p.message).join('\n'));
  createGame(t.deps, { id: 'duel', scenario: r.value, catalog: cards });
  const red = addPlayer(t.deps, { gameId: 'duel', playerId: 'red', email: 'red@example.test', planes: ['R1'] }).secret;
  const blue = addPlayer(t.deps, {
    gameId: 'duel',
    playerId: 'blue',
    email: 'blue@example.test',
    planes: ['B1'],
  }).secret;
  startGame(t.deps, 'duel');
  return { red, blue };
}

/**
 * The game's `confirm` setting at 0, without the announcement SET makes: for tests of other things
 * whose planes fly off the map on purpose, so that a WARNING holds no turn (docs/players.md "Warnings").
 */
export function noWarningHold(t: TestReferee, game = 'duel'): void {
  t.store.tx((tx) => {
    const c = tx.control.get(game);
    tx.control.save({ ...c, settings: { ...c.settings, confirmMinutes: 0 } });
  });
}

let counter = 0;

/** An incoming mail as the shell would read it. */
export function mail(from: string, text: string, extra: Partial<IncomingMail> = {}): IncomingMail {
  const messageId = extra.messageId ?? `<m${++counter}@players.example.test>`;
  return {
    messageId,
    contentSha256: createHash('sha256').update(`${messageId}\n${text}`).digest('hex'),
    from,
    returnPath: from,
    subject: 'orders',
    headers: {},
    contentType: 'text/plain',
    text,
    unreadable: null,
    notes: [],
    ...extra,
  };
}

export const place = (uid: number | null = null) => ({
  mailbox: 'test:INBOX',
  uidValidity: uid === null ? null : 1,
  uid,
});

/** Every mail in the outbox, in order. */
export const outbox = (t: TestReferee) => t.store.tx((tx) => tx.outbox.list());

let uid = 0;

/** Receives a mail (at a new place in the mailbox) and returns the result with the mails it queued. */
export function post(t: TestReferee, from: string, text: string, extra: Partial<IncomingMail> = {}) {
  const before = outbox(t).length;
  const r = receive(t.deps, mail(from, text, extra), place(++uid));
  return { r, mails: outbox(t).slice(before) };
}

/** Receives a mail, as post does, and returns what the intake answered. */
export const send = (t: TestReferee, from: string, text: string) => post(t, from, text).r;

/** The latest mail of a kind to an address. */
/** The ready-to-send envelope a mail ends with: its last #TALLYHO line to the #END after it. */
export function lastEnvelope(text: string): string {
  const at = text.lastIndexOf('\n#TALLYHO') + 1;
  return text.slice(at, text.indexOf('\n#END', at) + 5);
}

/** The text of the latest mail to `to` that carries an envelope. */
export const lastWithEnvelope = (t: TestReferee, to: string): string =>
  outbox(t)
    .filter((m) => m.recipient === to && m.text.includes('\n#TALLYHO '))
    .at(-1)!.text;

export const lastMail = (t: TestReferee, to: string, kind: string) =>
  outbox(t)
    .filter((m) => m.recipient === to && m.kind === kind)
    .at(-1)!;

export const envelope = (game: string, player: string, secret: string, body: string): string =>
  `#TALLYHO ${game} ${player} "${secret}"\n${body}\n#END\n`;

/** The real duel scenario (scenarios/duel.yaml, real cards): red flies R1, blue flies G1. */
export async function realDuel(t: TestReferee, id = 'duel'): Promise<{ red: string; blue: string }> {
  const { loadAircraftDir } = await import('../../src/shell/aircraft/catalog.ts');
  const { loadScenarioFile } = await import('../../src/shell/scenario-file.ts');
  const catalog = loadAircraftDir();
  createGame(t.deps, { id, scenario: loadScenarioFile('scenarios/duel.yaml', catalog), catalog });
  const red = addPlayer(t.deps, { gameId: id, playerId: 'red', email: 'red@example.test', planes: ['R1'] }).secret;
  const blue = addPlayer(t.deps, { gameId: id, playerId: 'blue', email: 'blue@example.test', planes: ['G1'] }).secret;
  startGame(t.deps, id);
  return { red, blue };
}

type StoredEvent = Record<string, unknown> & { type: string };

/**
 * Changes a game's stored events as an older or tampered database would hold them (one JSON array
 * a turn kept with it, migrations/012): `edit` gets each turn's events and returns the ones to store.
 */
export function editStoredEvents(
  store: SqliteStore,
  gameId: string,
  edit: (events: StoredEvent[], turn: number) => StoredEvent[],
): void {
  const rows = store.db
    .prepare('SELECT turn, events FROM turns WHERE game_id = ? AND events IS NOT NULL')
    .all(gameId) as { turn: number; events: string }[];
  const put = store.db.prepare('UPDATE turns SET events = ? WHERE game_id = ? AND turn = ?');
  for (const r of rows) put.run(JSON.stringify(edit(JSON.parse(r.events) as StoredEvent[], r.turn)), gameId, r.turn);
}

/** A game's stored events of every turn, in order (what `editStoredEvents` edits). */
export function storedEvents(store: SqliteStore, gameId: string): StoredEvent[] {
  return (
    store.db
      .prepare('SELECT events FROM turns WHERE game_id = ? AND events IS NOT NULL ORDER BY turn')
      .pluck()
      .all(gameId) as string[]
  ).flatMap((t) => JSON.parse(t) as StoredEvent[]);
}

/**
 * The sample duel (scenarios/duel.yaml) as game `duel`, `red` (red@example.test) flying R1 and a
 * seat of the computer's flying `side`, not started.
 */
export async function computerDuel(side: string): Promise<{ t: TestReferee; seat: { id: string; planes: string[] } }> {
  const t = testReferee();
  const { loadAircraftDir } = await import('../../src/shell/aircraft/catalog.ts');
  const { loadScenarioFile } = await import('../../src/shell/scenario-file.ts');
  const { addComputerSeat } = await import('../../src/app/setup/roster.ts');
  const catalog = loadAircraftDir();
  createGame(t.deps, { id: 'duel', scenario: loadScenarioFile('scenarios/duel.yaml', catalog), catalog });
  addPlayer(t.deps, { gameId: 'duel', playerId: 'red', email: 'red@example.test', planes: ['R1'] });
  const seat = t.store.tx((tx) => addComputerSeat(t.deps, tx, 'duel', side));
  return { t, seat };
}
