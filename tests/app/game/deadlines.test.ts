/**
 * The clock (src/app/turn/tick.ts) and the game master's controls (control.ts, rollback.ts, roster.ts),
 * driven by the test clock on the real SQLite store: reminders, the deadline, grace, defaults and
 * misses, holds, pause, extensions, PROCESS, PREVIEW, ROLLBACK, REPLACE and TERMINATE.
 */
import { describe, expect, it } from 'vitest';
import {
  extendTurn,
  pauseGame,
  previewTurn,
  processTurn,
  resumeGame,
  setSetting,
  terminateGame,
} from '../../../src/app/gm/control.ts';
import { receive } from '../../../src/app/intake/intake.ts';
import { rollbackTurn } from '../../../src/app/gm/rollback.ts';
import { replacePlayer, setGm, setPlayerZone } from '../../../src/app/setup/roster.ts';
import { tick } from '../../../src/app/turn/tick.ts';
import { envelope, mail, place, startedDuel, testReferee, type TestReferee } from '../../support/app.ts';

const HOUR = 3600_000;
const RED = 'red@example.test';
const BLUE = 'blue@example.test';
const GM = 'gm@example.test';

const outbox = (t: TestReferee) => t.store.tx((tx) => tx.outbox.list());
const game = (t: TestReferee) => t.store.tx((tx) => tx.games.get('duel')!);
const deadline = (t: TestReferee) => t.store.tx((tx) => tx.archive.deadline('duel', tx.games.get('duel')!.turn));
let uid = 0;
const send = (t: TestReferee, who: string, player: string, secret: string, body: string) =>
  receive(t.deps, mail(who, envelope('duel', player, secret, body)), place(++uid));

/** A running duel with a deadline every 2 days at 20:00 Berlin time; blue lives in New York. */
function scheduled() {
  const t = testReferee();
  const s = startedDuel(t);
  setGm(t.deps, 'duel', { email: GM });
  setSetting(t.deps, 'duel', 'zone', 'Europe/Berlin');
  setSetting(t.deps, 'duel', 'deadline', 'every 2 days at 20:00');
  setPlayerZone(t.deps, 'duel', 'blue', 'America/New_York');
  return { t, s, from: outbox(t).length };
}

describe('the clock', () => {
  it('reminds the missing player in both zones, tells the others who is missing, then resolves with the default', () => {
    const { t, s, from } = scheduled();
    // Started Saturday 10 Jan 09:00 UTC: the deadline is Monday 12 Jan 20:00 Berlin = 19:00 UTC.
    expect(deadline(t)).toBe(Date.UTC(2026, 0, 12, 19));
    send(t, RED, 'red', s.red, 'R1: 1 1 1 1 1');
    t.tick(24 * HOUR);
    expect(tick(t.deps)).toEqual([]);
    t.tick(11 * HOUR); // Monday 20:00 UTC-ish minus: Sunday 09:00 + 11h = Sunday 20:00 UTC, 23h before the deadline
    expect(tick(t.deps)).toEqual([{ game: 'duel', turn: 1, what: 'reminded', players: ['blue'] }]);
    expect(tick(t.deps)).toEqual([]);
    const sent = outbox(t).slice(from);
    const reminder = sent.find((m) => m.kind === 'reminder')!;
    expect(reminder).toMatchObject({ recipient: BLUE, subject: '[duel] Turn 1: your orders are due' });
    expect(reminder.text).toContain('Mon 12 Jan 2026 20:00 Europe/Berlin (UTC+01:00)');
    expect(reminder.text).toContain('Mon 12 Jan 2026 14:00 America/New_York (UTC-05:00), your time');
    expect(reminder.text).toMatch(/#TALLYHO duel blue "T1-/);
    const others = sent.filter((m) => m.recipient === RED && m.subject.includes('still waiting'));
    expect(others).toHaveLength(1);
    expect(others[0]!.text).toContain('Still missing: blue');
    // Red's own orders, ready to send, end the mail; never blue's.
    expect(others[0]!.text).not.toMatch(/B1:|#TALLYHO duel blue/);
    expect(others[0]!.text).toMatch(/#TALLYHO duel red "T1-/);
    t.tick(24 * HOUR);
    expect(tick(t.deps)).toEqual([{ game: 'duel', turn: 1, what: 'defaulted', players: ['blue'] }]);
    expect(game(t).turn).toBe(2);
    const events = t.store.tx((tx) => tx.events.list('duel', 1));
    expect(events.some((e) => e.type === 'default-orders' && e.plane === 'B1')).toBe(true);
    const told = outbox(t).find((m) => m.recipient === BLUE && m.subject === '[duel] Turn 1: no orders from you')!;
    expect(told.text).toMatch(/B1 flew the default/);
    expect(told.text).toMatch(/You have missed one turn/);
    expect(t.store.tx((tx) => tx.control.misses('duel', 'blue'))).toBe(1);
    // The next deadline: turn 2 opened Monday 12 Jan 19:00 UTC (20:00 Berlin): Wednesday 14 Jan 20:00 Berlin.
    expect(deadline(t)).toBe(Date.UTC(2026, 0, 14, 19));
    const report = outbox(t).find((m) => m.recipient === BLUE && m.kind === 'report')!;
    expect(report.text).toContain('Deadline for turn 2:');
    expect(report.text).toContain('Wed 14 Jan 2026 14:00 America/New_York (UTC-05:00), your time');
  });

  it('gives the late a grace period with a notice, and alerts the GM at the misses limit', () => {
    const { t, s } = scheduled();
    setSetting(t.deps, 'duel', 'grace', '6h');
    setSetting(t.deps, 'duel', 'misses', '1');
    send(t, RED, 'red', s.red, 'R1: 1 1 1 1 1');
    t.tick(58 * HOUR + 30 * 60_000); // Monday 19:30 UTC: past the deadline, within grace
    expect(tick(t.deps).map((e) => e.what)).toEqual(['late']); // too late for the reminder
    const late = outbox(t).find((m) => m.subject === '[duel] Turn 1: the deadline has passed')!;
    expect(late.recipient).toBe(BLUE);
    expect(late.text).toContain(
      'still taken until:\n    Tue 13 Jan 2026 02:00 Europe/Berlin (UTC+01:00)\n    Mon 12 Jan 2026 20:00 America/New_York (UTC-05:00), your time\n',
    );
    t.tick(5 * HOUR);
    expect(tick(t.deps)).toEqual([]);
    t.tick(HOUR);
    expect(tick(t.deps).map((e) => e.what)).toEqual(['defaulted']);
    const alert = outbox(t).find((m) => m.recipient === GM && m.subject.includes('GM: Players missing turns'))!;
    expect(alert.text).toMatch(/blue \(blue@example.test\): 1 missed turn/);
    expect(alert.text).toMatch(/REPLACE blue <new-player-id> <address>/);
  });

  it('tells a player who asked to WAIT, among those told who is still missing, that the turn waits for the deadline', () => {
    const { t, s, from } = scheduled();
    t.store.tx((tx) => tx.control.setWait('duel', 'red', 1));
    send(t, RED, 'red', s.red, 'R1: 1 1 1 1 1');
    t.tick(35 * HOUR);
    expect(tick(t.deps)).toEqual([{ game: 'duel', turn: 1, what: 'reminded', players: ['blue'] }]);
    const waiting = outbox(t)
      .slice(from)
      .filter((m) => m.recipient === RED && m.subject.includes('still waiting'));
    expect(waiting).toHaveLength(1);
    const text = waiting[0]!.text.replace(/\s+/g, ' ');
    expect(text).toContain(
      "You asked to WAIT, so the turn is resolved at the deadline, even when every player's orders are in before it (NOWAIT takes that back):",
    );
    expect(text).not.toContain("The turn is resolved when every player's orders are in");
  });

  it('holds an early resolution for the minimum and for a WAIT, resolving at the end of the hold', () => {
    const { t, s } = scheduled();
    setSetting(t.deps, 'duel', 'minimum', '12h');
    send(t, RED, 'red', s.red, 'R1: 1 1 1 1 1');
    expect(send(t, BLUE, 'blue', s.blue, 'B1: 1 1 1 1 1').resolved).toEqual([]);
    t.tick(11 * HOUR);
    expect(tick(t.deps)).toEqual([]);
    t.tick(HOUR);
    expect(tick(t.deps)).toEqual([{ game: 'duel', turn: 1, what: 'resolved', players: [] }]);
    // Turn 2: red asks to wait for the deadline.
    t.store.tx((tx) => tx.control.setWait('duel', 'red', 2));
    send(t, RED, 'red', s.red, 'R1: 1 1 1 1 1');
    send(t, BLUE, 'blue', s.blue, 'B1: 1 1 1 1 1');
    t.tick(13 * HOUR);
    expect(tick(t.deps)).toEqual([]);
    t.tick(deadline(t)! - t.now());
    expect(tick(t.deps).map((e) => e.what)).toEqual(['resolved']);
    expect(t.store.tx((tx) => tx.control.misses('duel', 'red') + tx.control.misses('duel', 'blue'))).toBe(0);
  });

  it('stops while paused and moves the deadline on by the pause; extends within the limits', () => {
    const { t } = scheduled();
    const before = deadline(t)!;
    pauseGame(t.deps, 'duel', 'holidays');
    t.tick(5 * 24 * HOUR);
    expect(tick(t.deps)).toEqual([]);
    expect(resumeGame(t.deps, 'duel').lines[0]).toBe('game duel resumed after 5d');
    expect(deadline(t)).toBe(before + 5 * 24 * HOUR);
    expect(() => extendTurn(t.deps, 'duel', '24')).toThrow(
      "'24' has no unit: write 24m for minutes, 24h for hours or 24d for days (1d12h and 90m work too)",
    );
    extendTurn(t.deps, 'duel', '1d');
    expect(deadline(t)).toBe(before + 6 * 24 * HOUR);
    expect(() => extendTurn(t.deps, 'duel')).toThrow(/extended 1 time\(s\) already/);
    setSetting(t.deps, 'duel', 'extensions', '3 1');
    expect(() => extendTurn(t.deps, 'duel')).toThrow(/has had 1 extensions/);
    const notices = outbox(t)
      .filter((m) => m.recipient === RED && m.kind === 'notice')
      .map((m) => m.subject);
    expect(notices).toEqual([
      '[duel] The game settings changed',
      '[duel] The game settings changed',
      '[duel] The game is paused',
      '[duel] The game goes on',
      '[duel] Turn 1 is extended',
      '[duel] The game settings changed',
    ]);
    expect(outbox(t).filter((m) => m.recipient === GM).length).toBe(notices.length);
  });
});

describe('resuming', () => {
  it('says how long the pause lasted, and leaves out a pause of no time', () => {
    const { t } = scheduled();
    pauseGame(t.deps, 'duel', '');
    expect(resumeGame(t.deps, 'duel').lines[0]).toBe('game duel resumed');
    pauseGame(t.deps, 'duel', '');
    t.tick(42_000);
    expect(resumeGame(t.deps, 'duel').lines[0]).toBe('game duel resumed after 42s');
    pauseGame(t.deps, 'duel', '');
    t.tick(90 * 60_000);
    expect(resumeGame(t.deps, 'duel').lines[0]).toBe('game duel resumed after 1h30m');
  });
});

describe('the game master', () => {
  it('counts a pause only from the opening of a turn resolved during it', () => {
    const { t } = scheduled();
    pauseGame(t.deps, 'duel');
    t.tick(2 * 24 * HOUR);
    processTurn(t.deps, 'duel');
    const opened = t.now();
    t.tick(24 * HOUR);
    resumeGame(t.deps, 'duel');
    // Turn 2 opened Mon 12 Jan 09:00 UTC: scheduled Wed 14 Jan 20:00 Berlin, plus the day it stood paused.
    expect(new Date(opened).toISOString()).toBe('2026-01-12T09:00:00.000Z');
    expect(deadline(t)).toBe(Date.UTC(2026, 0, 14, 19) + 24 * HOUR);
  });

  it('previews without saving, processes, rolls back (RERUN) and terminates', () => {
    const { t, s } = scheduled();
    send(t, RED, 'red', s.red, 'R1: 1 1 1 1 1');
    const count = outbox(t).length;
    const preview = previewTurn(t.deps, 'duel');
    expect(preview.lines.join('\n')).toMatch(/Without orders .*: blue/);
    expect(preview.sections!.map((x) => x.heading)).toEqual(['The map after turn 1', 'Impulse by impulse']);
    expect(outbox(t)).toHaveLength(count);
    expect(game(t).turn).toBe(1);
    expect(t.store.tx((tx) => tx.turns.get('duel', 2))).toBeUndefined();
    expect(processTurn(t.deps, 'duel').lines[0]).toBe(
      'turn 1 resolved; without orders from blue (their planes flew the default; each was told)',
    );
    expect(t.store.tx((tx) => tx.control.misses('duel', 'blue'))).toBe(0);
    // The player the game master did not wait for is told so, with his next orders ready to send.
    const told = outbox(t).find(
      (m) => m.recipient === BLUE && m.subject === '[duel] Turn 1: resolved by the game master without your orders',
    )!;
    expect(told.text.replace(/\s+/g, ' ')).toContain(
      'The game master resolved turn 1 (PROCESS) before your orders for it were in. B1 flew the default',
    );
    expect(told.text).toMatch(/YOUR ORDERS FOR TURN 2, READY TO SEND[\s\S]*#TALLYHO duel blue "T2-/);
    expect(outbox(t).some((m) => m.recipient === RED && /resolved by the game master/.test(m.subject))).toBe(false);
    send(t, RED, 'red', s.red, 'R1: 1 1 1 1 1');
    rollbackTurn(t.deps, 'duel');
    expect(game(t).turn).toBe(1);
    expect(t.store.tx((tx) => tx.orders.latestAccepted('duel', 2).size)).toBe(0);
    const rolled = outbox(t).find((m) => m.recipient === BLUE && m.subject === '[duel] Turn 1 was rolled back')!;
    expect(rolled.text).toMatch(/#TALLYHO duel blue "T1-/);
    // The game master gets a copy, as of every other notice, without the players' orders.
    const copy = outbox(t).find(
      (m) => m.recipient === GM && m.subject === '[duel] Turn 1 was rolled back (sent to every player)',
    )!;
    expect(copy.kind).toBe('notice');
    expect(copy.text).toMatch(/Accepted orders for turn 1 stand for: red; none are in from: blue\./);
    expect(copy.text).not.toMatch(/#TALLYHO/);
    send(t, BLUE, 'blue', s.blue, 'B1: 1 1 1 1 1');
    expect(game(t).turn).toBe(1); // held: a rolled-back turn waits for the deadline or PROCESS
    processTurn(t.deps, 'duel');
    const reports = outbox(t)
      .filter((m) => m.recipient === BLUE && m.kind === 'report')
      .map((m) => m.subject);
    expect(reports).toEqual(['[duel] Turn 1 report', '[duel] Turn 1 report (RERUN)']);
    expect(outbox(t).at(-1)!.text).toMatch(/^RERUN: the game master rolled turn 1 back/m);
    terminateGame(t.deps, 'duel', 'both pilots went home');
    expect(game(t).status).toBe('over');
    expect(() => rollbackTurn(t.deps, 'duel')).toThrow(/terminated/);
  });

  it("hands a player's planes to a replacement with a briefing", () => {
    const { t, s } = scheduled();
    send(t, BLUE, 'blue', s.blue, 'B1: 1 1 1 1 1');
    const r = replacePlayer(t.deps, { gameId: 'duel', oldId: 'blue', newId: 'cyan', email: 'cyan@example.test' });
    expect(r.player.planes).toEqual(['B1']);
    const briefing = outbox(t).find((m) => m.recipient === 'cyan@example.test')!;
    expect(briefing.kind).toBe('welcome');
    expect(briefing.text).toMatch(/You take over B1 from blue at turn 1/);
    expect(briefing.text).toMatch(/#TALLYHO duel cyan "T1-/);
    expect(outbox(t).some((m) => m.recipient === BLUE && m.subject === '[duel] You were replaced')).toBe(true);
    expect(outbox(t).some((m) => m.recipient === RED && m.subject === '[duel] Cyan takes over from blue')).toBe(true);
    // blue's orders were withdrawn; blue's secret no longer counts.
    const old = send(t, BLUE, 'blue', s.blue, 'B1: 1 1 1 1 1');
    expect(old.games).toEqual([]);
    expect(() => replacePlayer(t.deps, { gameId: 'duel', oldId: 'blue', newId: 'x', email: 'x@example.test' })).toThrow(
      /no active player/,
    );
  });
});
