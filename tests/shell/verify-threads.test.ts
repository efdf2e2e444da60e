/**
 * `tallyho verify` on several threads (src/shell/history/verify-threads.ts): a long game cut into
 * stretches, each re-resolved on a worker thread, gives exactly what one thread finds, on a clean
 * game and on one tampered in several places, from the sources and from the compiled tree; a
 * thread's failure fails the verify.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { addPlayer, createGame, startGame } from '../../src/app/setup/games.ts';
import { resolveReady } from '../../src/app/turn/resolve.ts';
import { verifyGame } from '../../src/app/history/verify.ts';
import { movementPoints } from '../../src/core/impulse/schedule.ts';
import { parseScenario } from '../../src/core/scenario.ts';
import type { GameState, PlaneState } from '../../src/core/state.ts';
import type { Box } from '../../src/orders/ast.ts';
import { formatOrders, type Plot } from '../../src/orders/index.ts';
import { verifyGameThreaded } from '../../src/shell/history/verify-threads.ts';
import { testCards, testReferee, type TestReferee } from '../support/app.ts';
import { DIST } from '../../bin/compiled.js';

const dir = mkdtempSync(join(tmpdir(), 'tallyho-verify-threads-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** S S S TR over and over (power when slower than 5): each plane circles its own patch of sky. */
function orbit(plane: PlaneState): Plot {
  const need = Math.max(0, movementPoints(plane.speed).length - (plane.carry?.boxes.length ?? 0));
  const boxes: Box[] = [];
  while (boxes.length < need || boxes.length % 4 !== 0) boxes.push({ man: boxes.length % 4 === 3 ? 'TR' : 'S', alt: 0, power: 0, brake: 0 });
  if (boxes[0] && plane.speed < 50) boxes[0] = { ...boxes[0], power: 1 };
  return { plane: plane.id, bomb: false, boxes };
}

/** A game of `turns` resolved turns in a database file, its planes firing at anything in range. */
function longGame(path: string, turns: number): TestReferee {
  const t = testReferee({ path });
  const cards = testCards();
  const s = parseScenario({
    name: 'Circles', description: 'Four fighters circling.', map: { width: 60, height: 60 }, options: { combat: 'standard', sequence: 'impulse12' },
    sides: { a: { name: 'A' }, b: { name: 'B' } },
    planes: [['A1', 'a', '2020'], ['A2', 'a', '2040'], ['B1', 'b', '2420'], ['B2', 'b', '2440']].map(([id, side, hex]) => ({ id, side, type: 'tf', hex, facing: 0, altitude: 12000, speed: 5, bank: 'RB' })),
  } as never, 'circles', cards);
  if (!s.ok) throw new Error(s.error.map((p) => p.message).join('\n'));
  createGame(t.deps, { id: 'long', scenario: s.value, catalog: cards });
  addPlayer(t.deps, { gameId: 'long', playerId: 'a', email: 'a@example.test', planes: ['A1', 'A2'] });
  addPlayer(t.deps, { gameId: 'long', playerId: 'b', email: 'b@example.test', planes: ['B1', 'B2'] });
  startGame(t.deps, 'long');
  for (let turn = 1; turn <= turns; turn++) {
    t.store.tx((tx) => {
      const game = tx.games.get('long');
      if (game?.status !== 'running') throw new Error(`the game stopped at turn ${turn}`);
      const state = (tx.turns.get('long', game.turn) as { state: GameState }).state;
      for (const player of tx.players.list('long')) {
        const mine = state.planes.filter((p) => player.planes.includes(p.id) && p.status === 'flying');
        const plots = mine.map(orbit);
        // Guns free in the first turns (shots and dice to verify), held after, so the game goes on.
        const fire = mine.map((p) => ({ plane: p.id, guns: 'ALL', hold: turn > 4, target: 'ANY' }));
        const env = { game: 'long', player: player.id, secret: '(secret)', turn: game.turn, plots, fire, commands: [], line: 1 };
        tx.orders.insert({ gameId: 'long', playerId: player.id, turn: game.turn, inboundId: null, submittedAt: 1, accepted: true, canonical: formatOrders([env]), orders: { plots: Object.fromEntries(plots.map((p) => [p.plane, p])), fire }, problems: [] });
      }
      if (!resolveReady(t.deps, 'long')) throw new Error(`turn ${turn} did not resolve`);
    });
  }
  return t;
}

describe('verify on several threads', () => {
  const path = join(dir, 'long.sqlite');
  const t = longGame(path, 24);

  it('finds a clean game clean, in stretches on worker threads, telling its progress to the end', async () => {
    const seen: number[] = [];
    const r = await verifyGameThreaded(t.store, path, 'long', { threads: 3, perThread: 4, progress: (done) => seen.push(done) });
    expect(r).toEqual({ game: 'long', turns: 24, legacyTurns: 0, differences: [], explanations: [], threads: 3 });
    expect(seen.at(-1)).toBe(24);
    expect(verifyGame(t.deps, 'long').differences).toEqual([]);
  });

  it('finds what one thread finds in a tampered game, in turn order', async () => {
    t.store.db.prepare("UPDATE events SET data = json_set(data, '$.to', '0101') WHERE game_id = 'long' AND turn = 3 AND type = 'move' AND seq = 2").run();
    t.store.db.prepare("UPDATE turns SET state = json_set(state, '$.planes[1].altitude', 99) WHERE game_id = 'long' AND turn = 13").run();
    t.store.db.prepare("UPDATE turn_dice SET orders_digest = 'x' WHERE game_id = 'long' AND turn = 21").run();
    const one = verifyGame(t.deps, 'long');
    expect(one.differences.map((d) => d.turn)).toEqual(expect.arrayContaining([3, 12, 13, 21]));
    for (const threads of [2, 3, 5]) {
      const r = await verifyGameThreaded(t.store, path, 'long', { threads, perThread: 4 });
      expect(r.threads).toBe(threads);
      expect({ ...r, threads: undefined }).toEqual({ ...one, threads: undefined });
    }
    expect((await verifyGameThreaded(t.store, path, 'long', { threads: 4, perThread: 100 })).threads).toBe(1);
  });

  it('runs its threads from the compiled tree as the command does (dist/shell/history/verify-worker.js, no tsx)', async () => {
    const compiled = await import(pathToFileURL(join(DIST, 'shell/history/verify-threads.js')).href) as typeof import('../../src/shell/history/verify-threads.ts');
    const r = await compiled.verifyGameThreaded(t.store, path, 'long', { threads: 2, perThread: 4 });
    expect(r.threads).toBe(2);
    expect({ ...r, threads: undefined }).toEqual({ ...verifyGame(t.deps, 'long'), threads: undefined });
  });

  it('fails when a stretch cannot be read', async () => {
    t.store.db.prepare("UPDATE turns SET state = 'not json' WHERE game_id = 'long' AND turn = 17").run();
    await expect(verifyGameThreaded(t.store, path, 'long', { threads: 3, perThread: 4 })).rejects.toThrow(/JSON/);
  });
});
