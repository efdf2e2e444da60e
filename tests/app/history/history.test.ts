/**
 * Export, import and verify (src/app/history/export.ts, src/app/history/verify.ts): a played game goes out as JSON,
 * comes back into a fresh database, re-resolves die for die, and plays on; tampering is caught.
 */
import { describe, expect, it } from 'vitest';
import { processTurn, setSetting } from '../../../src/app/gm/control.ts';
import { exportGame, importGame, type GameExport } from '../../../src/app/history/export.ts';
import { rollbackTurn } from '../../../src/app/gm/rollback.ts';
import { replacePlayer, setGm, setPlayerZone } from '../../../src/app/setup/roster.ts';
import { tick } from '../../../src/app/turn/tick.ts';
import { receive } from '../../../src/app/intake/intake.ts';
import { verifyGame } from '../../../src/app/history/verify.ts';
import { parseExport } from '../../../src/shell/export-file.ts';
import {
  editStoredEvents,
  envelope,
  mail,
  place,
  startedDuel,
  storedEvents,
  testReferee,
  type TestReferee,
  noWarningHold,
} from '../../support/app.ts';

const RED = 'red@example.test';
const BLUE = 'blue@example.test';
let uid = 0;

/** The duel played head-on with guns firing: shots (and their dice) in turn 1; both off the map in turn 4. */
function playDuel(t: TestReferee, turns: number): { red: string; blue: string } {
  const s = startedDuel(t);
  noWarningHold(t);
  for (let turn = 1; turn <= turns; turn++) {
    receive(t.deps, mail(RED, envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1\nFIRE R1 ALL AT B1')), place(++uid));
    receive(t.deps, mail(BLUE, envelope('duel', 'blue', s.blue, 'B1: 1 1 1 1 1\nFIRE B1 ALL AT R1')), place(++uid));
  }
  return s;
}

/** Through JSON text and the file reader, as `tallyho export` and `tallyho import` do. */
const roundTrip = (data: GameExport): GameExport => parseExport(JSON.stringify(data, null, 1), 'duel.json');

describe('export and import', () => {
  it('exports the whole history, imports it into a fresh database, verifies every turn and plays on', () => {
    const t = testReferee();
    playDuel(t, 2);
    const data = exportGame(t.deps, 'duel');
    expect(data).toMatchObject({
      format: 'tallyho-game',
      version: 1,
      game: { id: 'duel', status: 'running', turn: 3 },
    });
    expect(data.players.map((p) => [p.id, p.email, p.planes])).toEqual([
      ['red', RED, ['R1']],
      ['blue', BLUE, ['B1']],
    ]);
    expect(JSON.stringify(data)).not.toMatch(/scrypt/);
    expect(
      data.turns.map((t) => [
        t.turn,
        t.resolvedAt !== null,
        t.orders.filter((o) => o.flown).length,
        t.dice?.effectiveSeed !== null,
      ]),
    ).toEqual([
      [1, true, 2, true],
      [2, true, 2, true],
      [3, false, 0, false],
    ]);
    expect(data.turns[0]!.events.some((e) => e.type === 'shot')).toBe(true);
    expect(data.turns[2]!.dice?.serverSeed).toBe('feedface03');

    const fresh = testReferee();
    const r = importGame(fresh.deps, roundTrip(data));
    expect(r.game).toMatchObject({ id: 'duel', status: 'running', turn: 3 });
    expect(r.secrets.map((s) => s.player)).toEqual(['red', 'blue']);
    expect(exportGame(fresh.deps, 'duel')).toEqual(data);
    expect(verifyGame(fresh.deps, 'duel')).toEqual({
      game: 'duel',
      turns: 2,
      legacyTurns: 0,
      differences: [],
      explanations: [],
    });

    // The restored game goes on with the new secrets and the commitment already mailed for turn 3.
    const [red, blue] = r.secrets.map((s) => s.secret) as [string, string];
    receive(fresh.deps, mail(RED, envelope('duel', 'red', red, 'R1: 1 1 1 1 1')), place(++uid));
    const done = receive(fresh.deps, mail(BLUE, envelope('duel', 'blue', blue, 'B1: 1 1 1 1 1')), place(++uid));
    expect(done.resolved).toEqual([{ game: 'duel', turn: 3 }]);
    expect(fresh.store.tx((tx) => tx.dice.get('duel', 3))).toMatchObject({
      serverSeed: 'feedface03',
      commitment: data.turns[2]!.dice!.commitment,
    });
    expect(verifyGame(fresh.deps, 'duel').differences).toEqual([]);
  });

  it('keeps correspondence play: settings, deadlines, time zones, a miss, a replacement, a rolled-back turn', () => {
    const t = testReferee();
    const s = startedDuel(t);
    setGm(t.deps, 'duel', { email: 'gm@example.test', newSecret: true });
    setSetting(t.deps, 'duel', 'zone', 'Europe/Berlin');
    setSetting(t.deps, 'duel', 'deadline', 'every 2 days at 20:00');
    setPlayerZone(t.deps, 'duel', 'red', 'America/New_York');
    receive(t.deps, mail(RED, envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1\nFIRE R1 ALL AT B1')), place(++uid));
    t.tick(3 * 24 * 3600_000);
    tick(t.deps); // blue misses turn 1: B1 flies the default
    const blue2 = replacePlayer(t.deps, {
      gameId: 'duel',
      oldId: 'blue',
      newId: 'blue2',
      email: 'blue2@example.test',
    }).secret;
    receive(t.deps, mail(RED, envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1')), place(++uid));
    receive(t.deps, mail('blue2@example.test', envelope('duel', 'blue2', blue2, 'B1: 1 1 1 1 1')), place(++uid));
    rollbackTurn(t.deps, 'duel');
    processTurn(t.deps, 'duel'); // turn 2 again (RERUN), with a fresh seed
    const data = exportGame(t.deps, 'duel');
    expect(data.control).toMatchObject({
      settings: { zone: 'Europe/Berlin', schedule: { kind: 'every', days: 2 } },
      gm: { email: 'gm@example.test', secret: true },
    });
    expect(data.players.map((p) => [p.id, p.status, p.zone, p.planes])).toEqual([
      ['red', 'active', 'America/New_York', ['R1']],
      ['blue', 'replaced', null, []],
      ['blue2', 'active', null, ['B1']],
    ]);
    expect(data.misses).toEqual([{ turn: 1, player: 'blue', at: expect.any(Number) }]);
    expect(data.turns[1]!.clock).toMatchObject({ reruns: 1 });
    expect(data.turns.every((x) => x.deadlineAt !== null)).toBe(true);

    const fresh = testReferee();
    const r = importGame(fresh.deps, roundTrip(data));
    expect(r.secrets.map((x) => x.player)).toEqual(['red', 'blue2']);
    expect(r.gmSecret).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    expect({ ...exportGame(fresh.deps, 'duel'), exportedAt: data.exportedAt }).toEqual(data);
    expect(verifyGame(fresh.deps, 'duel').differences).toEqual([]);
    expect(fresh.store.tx((tx) => [tx.control.misses('duel', 'blue'), tx.archive.deadline('duel', 3)])).toEqual([
      1,
      data.turns[2]!.deadlineAt,
    ]);
  });

  it('refuses a database with games in it (unless --add) and always a game id taken', () => {
    const t = testReferee();
    playDuel(t, 1);
    const data = exportGame(t.deps, 'duel');
    expect(() => importGame(t.deps, data)).toThrow(/a game 'duel' exists already/);
    const other = { ...data, game: { ...data.game, id: 'duel2' } };
    expect(() => importGame(t.deps, other)).toThrow(/holds 1 game already.*--add/);
    expect(importGame(t.deps, other, { add: true }).game.id).toBe('duel2');
    expect(verifyGame(t.deps, 'duel2').differences).toEqual([]);
  });

  it('reads only well-formed exports that fit together, naming the problem', () => {
    const t = testReferee();
    playDuel(t, 1);
    const data = exportGame(t.deps, 'duel');
    const text = (x: unknown) => JSON.stringify(x);
    const problem = (x: string) => {
      try {
        parseExport(x, 'f.json');
        return '';
      } catch (e) {
        return `${(e as Error).message} ${(e as { details: string[] }).details.join(' | ')}`;
      }
    };
    expect(problem('{')).toMatch(/f.json: not JSON/);
    expect(problem(text({ hello: 1 }))).toMatch(/not a Tallyho game export/);
    expect(problem(text({ ...data, version: 2 }))).toMatch(/format version 2; this Tallyho reads version 1/);
    expect(problem(text({ ...data, players: [{ ...data.players[0], email: 7 }] }))).toMatch(/players\.0\.email/);
    expect(problem(text({ ...data, turns: data.turns.slice(1) }))).toMatch(
      /the game is at turn 2 but the export holds 1 turns/,
    );
    expect(problem(text({ ...data, players: data.players.slice(0, 1) }))).toMatch(
      /orders of 'blue', who is not a player/,
    );
    expect(problem(text(data))).toBe('');
  });
});

describe('verify', () => {
  it('re-resolves a finished game die for die', () => {
    const t = testReferee();
    playDuel(t, 4);
    expect(t.store.tx((tx) => tx.games.get('duel')!.status)).toBe('over');
    const seen: number[] = [];
    expect(verifyGame(t.deps, 'duel', (done) => seen.push(done))).toEqual({
      game: 'duel',
      turns: 4,
      legacyTurns: 0,
      differences: [],
      explanations: [],
    });
    expect(seen).toEqual([1, 2, 3, 4]);
  });

  it('catches a tampered stored state, event, orders digest and server seed, naming the turn and what differs', () => {
    const t = testReferee();
    playDuel(t, 3);
    const db = t.store.db;
    db.prepare(
      "UPDATE turns SET state = json_set(state, '$.planes[1].altitude', 12345) WHERE game_id = 'duel' AND turn = 2",
    ).run();
    const d = verifyGame(t.deps, 'duel').differences;
    expect(d[0]).toEqual({
      turn: 1,
      what: expect.stringMatching(/^state after the turn: planes\[1\]\.altitude is 12345 as stored, \d+ re-resolved$/),
    });
    expect(d.every((x) => x.turn <= 2)).toBe(true);

    const u = testReferee();
    playDuel(u, 2);
    editStoredEvents(u.store, 'duel', (events, turn) =>
      events.map((e) => (turn === 1 && e.type === 'shot' ? { ...e, dice: { ...(e.dice as object), white: 7 } } : e)),
    );
    u.store.db
      .prepare("UPDATE turn_dice SET orders_digest = ? WHERE game_id = 'duel' AND turn = 2")
      .run('0'.repeat(64));
    const e = verifyGame(u.deps, 'duel').differences;
    expect(e).toContainEqual({
      turn: 1,
      what: expect.stringMatching(/^events: \[\d+\]\.dice\.white is 7 as stored, [1-6] re-resolved$/),
    });
    expect(e).toContainEqual({
      turn: 2,
      what: expect.stringMatching(
        /^dice: the stored orders give the digest [0-9a-f]{64}, the turn was resolved with 0{64}$/,
      ),
    });

    const w = testReferee();
    playDuel(w, 1);
    w.store.db.prepare("UPDATE turn_dice SET server_seed = 'feedface99' WHERE game_id = 'duel' AND turn = 1").run();
    const f = verifyGame(w.deps, 'duel').differences.map((x) => x.what);
    expect(f[0]).toMatch(/the server seed does not hash to the commitment/);
    expect(f.some((x) => /^events: /.test(x))).toBe(true); // other dice, other shots
  });

  it('compares a turn stored without no-shot events (resolved before them) without them; a stored one is checked apart, as an explanation', () => {
    const t = testReferee();
    playDuel(t, 3);
    const count = () => storedEvents(t.store, 'duel').filter((e) => e.type === 'no-shot').length;
    expect(count()).toBeGreaterThan(0);
    editStoredEvents(t.store, 'duel', (events) => events.map((e) => (e.type === 'no-shot' ? { ...e, range: 99 } : e)));
    const r = verifyGame(t.deps, 'duel');
    // An explanation told otherwise is noted, and fails nothing: the turn's results are as stored.
    expect(r.differences).toEqual([]);
    expect(r.explanations.map((d) => d.what)).toContainEqual(
      expect.stringMatching(/^no-shot events: \[\d+\]\.range is 99 as stored/),
    );
    editStoredEvents(t.store, 'duel', (events) => events.filter((e) => e.type !== 'no-shot'));
    expect(count()).toBe(0);
    expect(verifyGame(t.deps, 'duel')).toMatchObject({ differences: [], explanations: [] });
    // A result changed is a difference still.
    editStoredEvents(t.store, 'duel', (events, turn) =>
      events.map((e) => (e.type === 'move' && turn === 2 ? { ...e, to: '0101' } : e)),
    );
    expect(verifyGame(t.deps, 'duel').differences.map((d) => d.what)).toContainEqual(
      expect.stringMatching(/^events: \[\d+\]\.to is "0101" as stored/),
    );
  });

  it("re-resolves a turn from before verifiable dice with its state's own seed", () => {
    const t = testReferee();
    const s = startedDuel(t);
    receive(t.deps, mail(RED, envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1')), place(++uid));
    receive(t.deps, mail(BLUE, envelope('duel', 'blue', s.blue, 'B1: 1 1 1 1 1')), place(++uid));
    // As before migration 002: no dice row, and every state carries the game's one seed.
    t.store.db.prepare("DELETE FROM turn_dice WHERE game_id = 'duel' AND turn = 1").run();
    t.store.db
      .prepare(
        `UPDATE turns SET state = json_set(state, '$.dice.seed', (SELECT json_extract(state, '$.dice.seed') FROM turns WHERE game_id = 'duel' AND turn = 2))
      WHERE game_id = 'duel' AND turn = 1`,
      )
      .run();
    expect(verifyGame(t.deps, 'duel')).toEqual({
      game: 'duel',
      turns: 1,
      legacyTurns: 1,
      differences: [],
      explanations: [],
    });
  });
});
