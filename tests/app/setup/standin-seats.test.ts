/**
 * The stand-in pilot in games (docs/standin.md, docs/gm-guide.md "The stand-in", docs/players.md
 * "Away for a while"): a missed turn flown by it with `missed standin`, a LEAVE and a BACK, and a
 * seat of the computer's; its orders stored as the player's, marked as its own, told in the
 * reports, re-derived by verify, chosen again after a ROLLBACK.
 */
import { describe, expect, it } from 'vitest';
import { verifyGame } from '../../../src/app/history/verify.ts';
import { exportGame, importGame } from '../../../src/app/history/export.ts';
import { parseExport } from '../../../src/shell/export-file.ts';
import { processTurn, setSetting } from '../../../src/app/gm/control.ts';
import { rollbackTurn } from '../../../src/app/gm/rollback.ts';
import { addComputerSeat, computerTakesOver, replacePlayer, setGm } from '../../../src/app/setup/roster.ts';
import { addPlayer, startGame } from '../../../src/app/setup/games.ts';
import { resolveReady } from '../../../src/app/turn/resolve.ts';
import { tick } from '../../../src/app/turn/tick.ts';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { createQuickGame } from '../../../src/app/setup/games.ts';
import { loadQuickCards } from '../../../src/shell/quick.ts';
import {
  computerDuel,
  envelope,
  lastEnvelope,
  lastMail,
  lastWithEnvelope,
  outbox,
  realDuel,
  send,
  type TestReferee,
  testReferee,
} from '../../support/app.ts';

const RED = 'red@example.test';
const BLUE = 'blue@example.test';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const rows = (t: TestReferee, turn: number) => t.store.tx((tx) => tx.orders.latestAccepted('duel', turn));
const turnOf = (t: TestReferee) => t.store.tx((tx) => tx.games.get('duel')!.turn);
const plotOf = (text: string, plane: string): string =>
  new RegExp(`^${plane}: .*$`, 'm').exec(text.slice(text.lastIndexOf('#TALLYHO')))?.[0] ?? '';

/** A player's reply with the ready-to-send orders of his last mail. */
function reply(t: TestReferee, to: string, plane: string): void {
  const last = lastWithEnvelope(t, to);
  const env = lastEnvelope(last);
  if (!plotOf(env, plane)) throw new Error(`no plot of ${plane} in:\n${last}`);
  send(t, to, env);
}

describe('the stand-in pilot in a game', () => {
  it('flies a missed turn when the game says so, tells the player what it chose, and verify re-derives it', async () => {
    const t = testReferee();
    await realDuel(t);
    setSetting(t.deps, 'duel', 'deadline', 'every day at 20:00');
    setSetting(t.deps, 'duel', 'missed', 'standin');
    setSetting(t.deps, 'duel', 'misses', '1');
    setGm(t.deps, 'duel', { email: 'gm@example.test' });
    reply(t, RED, 'R1');
    expect(turnOf(t)).toBe(1);
    t.tick(3 * DAY);
    tick(t.deps);
    expect(turnOf(t)).toBe(2);
    // The game master's alert advises only what is not set already.
    const alert = lastMail(t, 'gm@example.test', 'notice').text.replace(/\s+/g, ' ');
    expect(alert).toContain("It flies their missed turns already (the game's missed setting is standin).");
    expect(alert).not.toContain('SET missed standin');
    const blue = rows(t, 1).get('blue')!;
    expect(blue.standin?.reason).toBe('missed');
    expect(blue.standin?.choices.map((c) => c.plane)).toEqual(['G1']);
    expect(blue.orders.plots.G1).toBeDefined();
    expect(rows(t, 1).get('red')!.standin).toBeNull();
    const report = lastMail(t, BLUE, 'report').text;
    expect(report).toContain('THE STAND-IN PILOT');
    expect(report).toContain(`It flew your planes this turn (no orders from you were in by the deadline`);
    expect(report).toContain(blue.standin!.choices[0]!.text);
    // Red is told it flew blue's planes, not what it chose.
    const red = lastMail(t, RED, 'report').text;
    expect(red).toContain("It flew blue's planes this turn: no orders from them were in by the deadline.");
    expect(red).not.toContain(blue.standin!.choices[0]!.why);
    expect(lastMail(t, BLUE, 'notice').text.replace(/\s+/g, ' ')).toContain('The stand-in pilot flew G1');
    expect(verifyGame(t.deps, 'duel').differences).toEqual([]);
  });

  it('flies for a player the game master did not wait for (PROCESS), and tells him so in words that fit one plane', async () => {
    const t = testReferee();
    await realDuel(t);
    setSetting(t.deps, 'duel', 'missed', 'standin');
    reply(t, RED, 'R1');
    expect(processTurn(t.deps, 'duel').lines[0]).toBe(
      'turn 1 resolved; without orders from blue (their planes were flown by the stand-in pilot; each was told)',
    );
    expect(rows(t, 1).get('blue')!.standin?.reason).toBe('missed');
    expect(lastMail(t, BLUE, 'notice').text.replace(/\s+/g, ' ')).toContain('G1 was flown by the stand-in pilot');
  });

  it('flies the default on a missed turn unless the game says otherwise', async () => {
    const t = testReferee();
    await realDuel(t);
    setSetting(t.deps, 'duel', 'deadline', 'every day at 20:00');
    reply(t, RED, 'R1');
    t.tick(3 * DAY);
    tick(t.deps);
    expect(turnOf(t)).toBe(2);
    expect(rows(t, 1).has('blue')).toBe(false);
  });

  it('verify finds stand-in orders that are not what it gives', async () => {
    const t = testReferee();
    await realDuel(t);
    setSetting(t.deps, 'duel', 'missed', 'standin');
    reply(t, RED, 'R1');
    resolveReady(t.deps, 'duel', { withDefaults: true });
    expect(turnOf(t)).toBe(2);
    expect(verifyGame(t.deps, 'duel').differences).toEqual([]);
    const id = rows(t, 1).get('blue')!.id;
    const canonical = rows(t, 1).get('blue')!.canonical;
    const other = canonical.replace(/^G1: .*$/m, 'G1: 2 2 2 2');
    expect(other).not.toBe(canonical);
    t.store.db.prepare('UPDATE orders SET canonical = ? WHERE id = ?').run(other, id);
    const d = verifyGame(t.deps, 'duel')
      .differences.map((x) => x.what)
      .join('\n');
    expect(d).toContain("blue's orders, marked as the stand-in's, are not what it gives");
  });

  it('LEAVE beside orders: the others are told the first turn the stand-in really flies', async () => {
    const t = testReferee();
    const { blue } = await realDuel(t);
    setSetting(t.deps, 'duel', 'leave', '10d');
    send(t, BLUE, lastEnvelope(lastWithEnvelope(t, BLUE)).replace(/#END$/, 'LEAVE 2 DAYS\n#END\n'));
    expect(rows(t, 1).get('blue')!.standin).toBeNull();
    expect(lastMail(t, BLUE, 'answer').text.replace(/\s+/g, ' ')).toContain('Your orders for turn 1 are in and stand.');
    expect(lastMail(t, RED, 'notice').text.replace(/\s+/g, ' ')).toContain(
      "From turn 2 on, the stand-in pilot flies blue's planes (G1).",
    );
    // Without orders in, it flies this turn already.
    const t2 = testReferee();
    const two = await realDuel(t2);
    setSetting(t2.deps, 'duel', 'leave', '10d');
    send(t2, BLUE, envelope('duel', 'blue', two.blue, 'LEAVE 2 DAYS'));
    expect(lastMail(t2, RED, 'notice').text.replace(/\s+/g, ' ')).toContain(
      "From turn 1 on, the stand-in pilot flies blue's planes (G1).",
    );
    expect(blue).not.toBe(two.blue);
    // Orders beside LEAVE that complete the turn: the notice to the others carries no orders for
    // it (it is resolved when they read it), and says so.
    const t3 = testReferee();
    await realDuel(t3);
    setSetting(t3.deps, 'duel', 'leave', '10d');
    reply(t3, RED, 'R1');
    send(t3, BLUE, lastEnvelope(lastWithEnvelope(t3, BLUE)).replace(/#END$/, 'LEAVE 2 DAYS\n#END\n'));
    expect(turnOf(t3)).toBe(2);
    // Blue's report: what comes next is the stand-in's turn, not a call for orders.
    const next = lastMail(t3, BLUE, 'report').text.replace(/\s+/g, ' ');
    expect(next).toMatch(
      /You are on leave until .*: the stand-in pilot flies turn 2 for you unless you send orders for it; BACK ends the leave\./,
    );
    expect(next).not.toContain('Turn 2: send your orders for it.');
    const told = t3.store
      .tx((tx) => tx.outbox.list())
      .filter((m) => m.recipient === RED && m.kind === 'notice')
      .at(-1)!.text;
    expect(told).not.toContain('#TALLYHO');
    expect(told.replace(/\s+/g, ' ')).toContain(
      'Every order for turn 1 is in: it is resolved now, and its report follows.',
    );
  });

  it("REPLACE ... COMPUTER completing the turn: the others' notice says it is resolved and carries no orders for it", async () => {
    const t = testReferee();
    await realDuel(t);
    reply(t, RED, 'R1');
    expect(turnOf(t)).toBe(1);
    const n = outbox(t).length;
    t.store.tx((tx) => computerTakesOver(t.deps, tx, 'duel', 'blue'));
    const told = outbox(t)
      .slice(n)
      .find((m) => m.recipient === RED && m.kind === 'notice')!;
    expect(told.text.replace(/\s+/g, ' ')).toContain(
      "Every other player's orders for turn 1 are in: it is resolved with that, and its report follows.",
    );
    expect(told.text).not.toContain('#TALLYHO');
    resolveReady(t.deps, 'duel');
    expect(turnOf(t)).toBe(2);
  });

  it('REPLACE ... COMPUTER while the other player is on leave: the turn waits for PROCESS, and the words say so', async () => {
    const t = testReferee();
    const { red } = await realDuel(t);
    setSetting(t.deps, 'duel', 'leave', '10d');
    send(t, RED, envelope('duel', 'red', red, 'LEAVE 3 DAYS'));
    const n = outbox(t).length;
    const { lines } = t.store.tx((tx) => computerTakesOver(t.deps, tx, 'duel', 'blue'));
    const waits =
      "with no player's own orders to wait for, the turn waits for the game master's PROCESS (the turn has no deadline).";
    expect(lines.join(' ').replace(/\s+/g, ' ')).toContain(waits);
    const told = outbox(t)
      .slice(n)
      .find((m) => m.recipient === RED && m.kind === 'notice')!
      .text.replace(/\s+/g, ' ');
    expect(told).toContain(waits);
    expect(told).not.toContain('its report follows');
    expect(told).not.toContain('Turns are resolved as soon as');
    resolveReady(t.deps, 'duel');
    expect(turnOf(t)).toBe(1);
    processTurn(t.deps, 'duel');
    expect(turnOf(t)).toBe(2);
  });

  it('LEAVE hands the planes to the stand-in within the budget, the others told only that it flies; BACK ends it', async () => {
    const t = testReferee();
    const { blue } = await realDuel(t);
    setSetting(t.deps, 'duel', 'leave', '10d');
    send(t, BLUE, envelope('duel', 'blue', blue, 'LEAVE 11 DAYS'));
    expect(lastMail(t, BLUE, 'answer').text).toContain('you have 10 days of leave left');
    send(t, BLUE, envelope('duel', 'blue', blue, 'LEAVE 3 DAYS'));
    expect(lastMail(t, BLUE, 'answer').text).toContain('You are on leave until');
    const told = lastMail(t, RED, 'notice').text;
    expect(told).toContain("the stand-in pilot flies blue's planes");
    expect(told).not.toMatch(/leave/i);
    // Red's orders alone resolve the turn now: blue is not waited for.
    reply(t, RED, 'R1');
    expect(turnOf(t)).toBe(2);
    expect(rows(t, 1).get('blue')!.standin?.reason).toBe('leave');
    expect(lastMail(t, BLUE, 'report').text).toContain('you are on leave until');
    expect(lastMail(t, RED, 'report').text).not.toMatch(/on leave/);
    reply(t, RED, 'R1');
    expect(turnOf(t)).toBe(3);
    t.tick(25 * HOUR);
    send(t, BLUE, envelope('duel', 'blue', blue, 'BACK'));
    expect(lastMail(t, BLUE, 'answer').text).toContain('Welcome back');
    expect(lastMail(t, BLUE, 'answer').text).toContain('Leave left: 8 days');
    expect(lastMail(t, RED, 'notice').text).toContain('blue flies their own planes again from turn 3 on');
    reply(t, RED, 'R1');
    expect(turnOf(t)).toBe(3); // waits for blue again
    reply(t, BLUE, 'G1');
    expect(turnOf(t)).toBe(4);
    expect(rows(t, 3).get('blue')!.standin).toBeNull();
    expect(verifyGame(t.deps, 'duel').differences).toEqual([]);
  });

  it('a leave that runs out gives the planes back and the player is told', async () => {
    const t = testReferee();
    const { blue } = await realDuel(t);
    send(t, BLUE, envelope('duel', 'blue', blue, 'LEAVE 1 DAY'));
    t.tick(DAY + HOUR);
    tick(t.deps);
    expect(lastMail(t, BLUE, 'notice').text).toContain('Your leave in game duel is over');
    reply(t, RED, 'R1');
    expect(turnOf(t)).toBe(1);
    const p = t.store.tx((tx) => tx.players.get('duel', 'blue')!);
    expect(p.leaveUntil).toBeNull();
    expect(p.leaveUsed).toBe(1440);
  });

  it('a seat of the computer: no mail to it, turns resolved as soon as the human is in, to the end; ROLLBACK has it choose again', async () => {
    const { t, seat } = await computerDuel('lw');
    expect(seat.id).toBe('computer');
    expect(seat.planes).toEqual(['G1']);
    startGame(t.deps, 'duel');
    for (let i = 0; i < 40 && t.store.tx((tx) => tx.games.get('duel')!.status) === 'running'; i++) reply(t, RED, 'R1');
    expect(t.store.tx((tx) => tx.games.get('duel')!.status)).toBe('over');
    expect(outbox(t).filter((m) => m.playerId === 'computer')).toEqual([]);
    expect(rows(t, 1).get('computer')!.standin?.reason).toBe('computer');
    expect(verifyGame(t.deps, 'duel').differences).toEqual([]);
    if (t.store.tx((tx) => tx.games.get('duel')!.status) === 'running') {
      const before = turnOf(t);
      rollbackTurn(t.deps, 'duel');
      expect(rows(t, before - 1).has('computer')).toBe(false);
      resolveReady(t.deps, 'duel', { withDefaults: true });
      expect(rows(t, before - 1).get('computer')!.standin?.reason).toBe('computer');
      expect(verifyGame(t.deps, 'duel').differences).toEqual([]);
    }
  });

  it('flies the quick game: a seat of the computer plays it to its end, the export and import keep its marks, verify passes', async () => {
    const t = testReferee();
    const file = 'scenarios/quick-duel.yaml';
    createQuickGame(t.deps, { id: 'duel', data: parse(readFileSync(file, 'utf8')), file, cards: loadQuickCards() });
    addPlayer(t.deps, { gameId: 'duel', playerId: 'raf', email: RED, planes: ['S1'] });
    t.store.tx((tx) => addComputerSeat(t.deps, tx, 'duel', 'lw'));
    startGame(t.deps, 'duel');
    for (let i = 0; i < 40 && t.store.tx((tx) => tx.games.get('duel')!.status) === 'running'; i++) reply(t, RED, 'S1');
    const first = rows(t, 1).get('computer')!;
    expect(first.standin?.reason).toBe('computer');
    expect(first.orders.quick?.M1).toBeDefined();
    expect(first.canonical).toMatch(/^M1: \S+$/m);
    expect(t.store.tx((tx) => tx.games.get('duel')!.status)).toBe('over');
    expect(verifyGame(t.deps, 'duel').differences).toEqual([]);
    const data = exportGame(t.deps, 'duel');
    const fresh = testReferee();
    importGame(fresh.deps, parseExport(JSON.stringify(data), 'duel.json'));
    expect(exportGame(fresh.deps, 'duel')).toEqual(data);
    expect(fresh.store.tx((tx) => tx.players.get('duel', 'computer')!.pilot)).toBe('computer');
    expect(fresh.store.tx((tx) => tx.orders.latestAccepted('duel', 1).get('computer')!.standin)).toEqual(first.standin);
    expect(verifyGame(fresh.deps, 'duel').differences).toEqual([]);
  });

  it('a human takes a seat of the computer over with REPLACE, and the turn waits for him', async () => {
    const { t } = await computerDuel('Luftwaffe');
    startGame(t.deps, 'duel');
    reply(t, RED, 'R1');
    expect(turnOf(t)).toBe(2);
    expect(lastMail(t, RED, 'welcome').text.replace(/\s+/g, ' ')).toContain(
      "The stand-in pilot, the referee's computer pilot, flies G1 (player computer).",
    );
    const r = replacePlayer(t.deps, { gameId: 'duel', oldId: 'computer', newId: 'blue', email: BLUE });
    expect(r.player.planes).toEqual(['G1']);
    expect(lastMail(t, BLUE, 'welcome').text).toContain('You take over G1 from computer at turn 2');
    reply(t, RED, 'R1');
    expect(turnOf(t)).toBe(2);
    reply(t, BLUE, 'G1');
    expect(turnOf(t)).toBe(3);
    expect(rows(t, 2).get('blue')!.standin).toBeNull();
  });
});
