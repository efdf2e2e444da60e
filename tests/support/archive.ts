/**
 * A game for the web archive's tests, in a real SQLite file: the test duel flown head-on so that
 * both planes fire in turn 1 (resolved), and red's orders for turn 2 in (not resolved, so nothing of
 * them may show). Optionally with hostile text in every field a game master or player can fill in:
 * the scenario's name and description, the sides' names, and player ids written straight into the
 * store (the CLI would refuse them); or with Unicode bidi controls in the same fields. And the real HTTP server of `tallyho serve` on 127.0.0.1.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addPlayer, createGame, startGame } from '../../src/app/setup/games.ts';
import { receive } from '../../src/app/intake/intake.ts';
import { parseScenario, type Scenario } from '../../src/core/scenario.ts';
import { startHttp } from '../../src/shell/web/http.ts';
import { DUEL, envelope, mail, place, testCards, testReferee, type TestReferee } from './app.ts';

export const HOSTILE = {
  name: '<script>alert("name")</script> javascript:alert(1)',
  description:
    '<img src=x onerror=alert(2)><a href="javascript:alert(3)">click</a> <svg onload=alert(4)> javascript:alert(5)',
  red: '<script>alert(6)</script>',
  blue: 'javascript:alert(7)',
  players: ['<script>alert(8)</script>', '"><a href="javascript:alert(9)">x</a>'],
};

/**
 * Text with every kind of Unicode bidi control in it (overrides, embeddings, isolates, marks): a
 * page that shows it raw reads the rest of its line backwards.
 */
export const BIDI = {
  name: 'Duel \u202Eelttab\u202C at \u202Bdawn\u202A\u202D',
  description: 'Two \u2066fighters\u2069 \u2067meet\u2068 \u200Ehead-on\u200F\u061C.',
  red: 'Red \u202Eside',
  player: 'gm\u202Etxt.exe',
};
export const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/** A marker in red's unresolved turn-2 orders that must never appear on a page. */
export const SECRET_ORDERS = 'FIRE R1 ALL FROM 7 WITHIN 3';

export interface ArchiveGame {
  t: TestReferee;
  dir: string;
  secrets: { red: string; blue: string };
  cleanup(): void;
}

export function archiveGame(opts: { hostile?: boolean; bidi?: boolean } = {}): ArchiveGame {
  const dir = mkdtempSync(join(tmpdir(), 'tallyho-archive-'));
  const t = testReferee({ path: join(dir, 'tallyho.sqlite') });
  const cards = testCards();
  const [r1, b1] = DUEL.planes as [Scenario['planes'][number], Scenario['planes'][number]];
  const scenario: Scenario = {
    ...DUEL,
    ...(opts.hostile
      ? {
          name: HOSTILE.name,
          description: HOSTILE.description,
          sides: { red: { name: HOSTILE.red }, blue: { name: HOSTILE.blue } },
        }
      : {}),
    ...(opts.bidi
      ? { name: BIDI.name, description: BIDI.description, sides: { red: { name: BIDI.red }, blue: { name: 'Blue' } } }
      : {}),
    planes: [
      { ...r1, hex: '1216' },
      { ...b1, hex: '1210', altitude: 10000 },
    ],
  };
  const parsed = parseScenario(scenario, 'archive', cards);
  if (!parsed.ok) throw new Error(parsed.error.map((p) => p.message).join('\n'));
  createGame(t.deps, { id: 'duel', scenario: parsed.value, catalog: cards });
  const red = addPlayer(t.deps, { gameId: 'duel', playerId: 'red', email: 'red@example.test', planes: ['R1'] }).secret;
  const blue = addPlayer(t.deps, {
    gameId: 'duel',
    playerId: 'blue',
    email: 'blue@example.test',
    planes: ['B1'],
  }).secret;
  if (opts.hostile) {
    const insert = t.store.db.prepare(
      "INSERT INTO players (game_id, id, email, secret_hash, created_at) VALUES ('duel', ?, ?, 'hash', 0)",
    );
    HOSTILE.players.forEach((id, i) => insert.run(id, `hostile${i}@example.test`));
  }
  if (opts.bidi) {
    t.store.db
      .prepare(
        "INSERT INTO players (game_id, id, email, secret_hash, created_at) VALUES ('duel', ?, 'bidi@example.test', 'hash', 0)",
      )
      .run(BIDI.player);
  }
  startGame(t.deps, 'duel');
  receive(t.deps, mail('red@example.test', envelope('duel', 'red', red, 'R1: 1 1 1 1 1\nFIRE R1 ALL')), place(1));
  receive(t.deps, mail('blue@example.test', envelope('duel', 'blue', blue, 'B1: 1 1 1 1 1\nFIRE B1 ALL')), place(2));
  receive(t.deps, mail('red@example.test', envelope('duel', 'red', red, `R1: 1 1 1 1 1\n${SECRET_ORDERS}`)), place(3));
  return {
    t,
    dir,
    secrets: { red, blue },
    cleanup: () => {
      t.store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface RunningArchive {
  url: string;
  close(): Promise<void>;
}

export async function serveArchive(
  t: TestReferee,
  mode: 'mail' | 'local' = 'mail',
  opts: { turnCacheBytes?: number; adminPassword?: string } = {},
): Promise<RunningArchive> {
  const { adminPassword, ...rest } = opts;
  const admin = adminPassword ? { admin: { password: adminPassword, deps: t.deps } } : {};
  const http = await startHttp({
    host: '127.0.0.1',
    port: 0,
    store: t.store,
    mode,
    health: () => ({}),
    deps: t.deps,
    ...rest,
    ...admin,
  });
  return { url: `http://127.0.0.1:${http.port}`, close: () => http.close() };
}
