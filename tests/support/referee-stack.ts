/**
 * A Tallyho referee on the real test mail stack: its configuration (IMAP and SMTP of the stack, a
 * database in a temp directory), a game set up in that database, and the players' side: sending
 * orders by SMTP and reading the referee's answers by IMAP.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addPlayer, createGame, createQuickGame, startGame } from '../../src/app/setup/games.ts';
import { setGm } from '../../src/app/setup/roster.ts';
import { quickScenarioData } from '../../src/shell/cli/resolve.ts';
import { loadQuickCards } from '../../src/shell/quick.ts';
import { loadAircraftDir } from '../../src/shell/aircraft/catalog.ts';
import { configFrom } from '../../src/shell/config.ts';
import { openRuntime } from '../../src/shell/runtime.ts';
import { loadScenarioFile } from '../../src/shell/scenario-file.ts';
import { loadShipDir } from '../../src/shell/ships/catalog.ts';
import { loadBombingTable, loadTorpedoTable } from '../../src/shell/ordnance/table.ts';
import { sendMail, waitForMessages, type ReceivedMessage } from './mail.ts';
import type { MailStack } from './mailstack.ts';
import { ROOT, startServe, type ServeProcess } from './serve-process.ts';

export const REFEREE = 'referee@example.test';

export function refereeEnv(stack: MailStack, dir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    IMAP_HOST: stack.imap.host,
    IMAP_PORT: String(stack.imap.port),
    IMAP_USER: REFEREE,
    IMAP_PASSWORD: stack.password(REFEREE),
    IMAP_TLS: 'false',
    IMAP_POLL_SECONDS: '2',
    SMTP_HOST: stack.smtp.host,
    SMTP_PORT: String(stack.smtp.port),
    SMTP_TLS: 'false',
    MAIL_FROM: `Tallyho Referee <${REFEREE}>`,
    DATABASE_PATH: join(dir, 'tallyho.sqlite'),
    HTTP_PORT: '0',
    TOKEN_KEY: 'integration-test-token-key',
    ...extra,
  };
}

export interface Seat {
  player: string;
  email: string;
  plane: string;
  secret: string;
}

/** The duel scenario with one player per side; returns the players and their secrets. */
export function setUpGame(env: Record<string, string>, game: string, players: { red: string; blue: string }): Seat[] {
  const rt = openRuntime({ config: configFrom(env) });
  try {
    const catalog = loadAircraftDir();
    createGame(rt.deps, { id: game, scenario: loadScenarioFile(join(ROOT, 'scenarios/duel.yaml'), catalog), catalog });
    const seats: Seat[] = [];
    for (const [email, plane, player] of [
      [players.red, 'R1', 'red'],
      [players.blue, 'G1', 'blue'],
    ] as const) {
      const { secret } = addPlayer(rt.deps, { gameId: game, playerId: player, email, planes: [plane] });
      seats.push({ player, email, plane, secret });
    }
    startGame(rt.deps, game);
    return seats;
  } finally {
    rt.close();
  }
}

/**
 * Any scenario of scenarios/, with its players and their pieces, started; returns the secrets by
 * player, and with `gm` (the game master's address) his GM secret as `gm`.
 */
export function setUpScenario(
  env: Record<string, string>,
  game: string,
  scenario: string,
  players: { id: string; email: string; pieces: string[] }[],
  opts: { gm?: string } = {},
): Record<string, string> {
  const rt = openRuntime({ config: configFrom(env) });
  try {
    const catalog = loadAircraftDir();
    const ships = loadShipDir();
    const path = join(ROOT, 'scenarios', `${scenario}.yaml`);
    // A quick-game scenario (seed 004) makes a quick game.
    const quick = quickScenarioData(path);
    if (quick !== undefined)
      createQuickGame(rt.deps, { id: game, data: quick, file: `${scenario}.yaml`, cards: loadQuickCards() });
    else {
      createGame(rt.deps, {
        id: game,
        scenario: loadScenarioFile(path, catalog, ships),
        catalog,
        ships,
        bombing: loadBombingTable(),
        torpedoes: loadTorpedoTable(),
      });
    }
    const secrets: Record<string, string> = {};
    for (const p of players)
      secrets[p.id] = addPlayer(rt.deps, { gameId: game, playerId: p.id, email: p.email, planes: p.pieces }).secret;
    if (opts.gm) secrets.gm = setGm(rt.deps, game, { email: opts.gm, newSecret: true }).secret as string;
    startGame(rt.deps, game);
    return secrets;
  } finally {
    rt.close();
  }
}

export const tempDir = (): string => mkdtempSync(join(tmpdir(), 'tallyho-it-'));

export function startReferee(stack: MailStack, dir: string, extra: Record<string, string> = {}): ServeProcess {
  return startServe(refereeEnv(stack, dir, extra), dir);
}

/** The ready-to-send orders at the end of a welcome mail or report. */
export function templateOf(text: string): string {
  const start = text.indexOf('\n#TALLYHO ');
  const end = text.indexOf('\n#END', start);
  if (start < 0 || end < 0) throw new Error(`no orders template in:\n${text}`);
  return `${text.slice(start + 1, end)}\n#END\n`;
}

/** Orders with CONFIRM added: flown as they are, whatever their acknowledgement warns of (docs/players.md "Warnings"). */
export const confirmed = (orders: string): string => orders.replace(/#END\n?$/, 'CONFIRM\n#END\n');

export function sendOrders(
  stack: MailStack,
  from: string,
  text: string,
  extra: { subject?: string; headers?: Record<string, string> } = {},
) {
  return sendMail(stack, { from, to: REFEREE, subject: extra.subject ?? 'orders', text, headers: extra.headers ?? {} });
}

/** Waits for the mail to `user` whose subject matches, and returns every such mail. */
export function mailTo(
  stack: MailStack,
  user: string,
  subject: RegExp,
  opts: { min?: number; timeoutMs?: number } = {},
): Promise<ReceivedMessage[]> {
  return waitForMessages(stack, user, 'INBOX', (m) => subject.test(m.subject), opts.timeoutMs ?? 20000, {
    min: opts.min ?? 1,
  });
}

/** Puts a mail straight into a mailbox over LMTP (Dovecot), bypassing Postfix. */
export async function deliverByLmtp(
  stack: MailStack,
  from: string,
  to: string,
  subject: string,
  text: string,
): Promise<void> {
  const nodemailer = (await import('nodemailer')).default;
  const t = nodemailer.createTransport({
    host: stack.lmtp.host,
    port: stack.lmtp.port,
    lmtp: true,
    secure: false,
    ignoreTLS: true,
    name: 'client.example.test',
  } as never);
  try {
    await t.sendMail({ from, to, subject, text });
  } finally {
    t.close();
  }
}

/** Rows of the referee's database, read without disturbing the running server. */
export async function dbCount(env: Record<string, string>, sql: string, ...args: unknown[]): Promise<number> {
  return (await dbRows<{ n: number }>(env, sql, ...args))[0]!.n;
}

/** The rows of a query on the referee's database (read only). */
export async function dbRows<T = Record<string, unknown>>(
  env: Record<string, string>,
  sql: string,
  ...args: unknown[]
): Promise<T[]> {
  const Database = (await import('better-sqlite3')).default;
  const db = new Database(env.DATABASE_PATH as string, { readonly: true });
  try {
    return db.prepare(sql).all(...args) as T[];
  } finally {
    db.close();
  }
}

export const envelope = (game: string, player: string, secret: string, plot: string): string =>
  `#TALLYHO ${game} ${player} "${secret}"\n${plot}\n#END\n`;

/**
 * A scenario game played by mail over the suite's mail stack: before the tests the game is set up
 * (players and their pieces) and `tallyho serve` started on it, after them stopped and its files
 * removed. Call inside a describe body; the returned functions give the running referee and the
 * base URL of its web archive.
 */
export function useScenarioGame(
  stack: () => MailStack,
  game: string,
  scenario: string,
  players: { id: string; email: string; pieces: string[] }[],
): { server: () => ServeProcess; httpUrl: () => string } {
  const dir = tempDir();
  let server: ServeProcess | undefined;
  let url = '';
  beforeAll(async () => {
    setUpScenario(refereeEnv(stack(), dir), game, scenario, players);
    server = startReferee(stack(), dir);
    await server.waitFor(/IMAP inbox connected/, 20000, 'stderr');
    url = `http://127.0.0.1:${(await server.waitFor(/"http":(\d+)[^\n]*tallyho serving/, 20000, 'stderr'))[1]}`;
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    server: () => {
      if (!server) throw new Error('the referee is not running');
      return server;
    },
    httpUrl: () => url,
  };
}
