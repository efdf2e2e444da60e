/**
 * Three weeks of a correspondence game in two time zones, driven by the test clock in half-hour
 * steps: red (Berlin, the game's zone) answers every mail within hours, blue (Los Angeles) late
 * enough to be reminded, misses turn 3 and is replaced by cyan (who takes 30 hours) through the
 * GM's mail; the GM extends turn 5. A turn stays open at least a day. Every mail the referee queued is checked: who got what, when, and what it said.
 */
import { describe, expect, it } from 'vitest';
import { receive } from '../../../src/app/intake/intake.ts';
import type { OutboxRow } from '../../../src/app/ports/store.ts';
import { setGm } from '../../../src/app/setup/roster.ts';
import { setSetting } from '../../../src/app/gm/control.ts';
import { addPlayer, createGame, startGame } from '../../../src/app/setup/games.ts';
import { tick } from '../../../src/app/turn/tick.ts';
import { parseScenario } from '../../../src/core/scenario.ts';
import { DUEL, envelope, mail, place, START, testCards, testReferee } from '../../support/app.ts';

const HOUR = 3600_000;
const RED = 'red@example.test';
const BLUE = 'blue@example.test';
const CYAN = 'cyan@example.test';
const GM = 'umpire@example.test';

/** Two fighters flying north side by side on a long map: ten turns without leaving it or meeting. */
const LONG = {
  ...DUEL,
  map: { width: 40, height: 99 },
  planes: [
    { ...DUEL.planes[0]!, hex: '1095', facing: 0 },
    { ...DUEL.planes[1]!, hex: '3095', facing: 0 },
  ],
};

interface Player {
  email: string;
  id: string;
  secret: string;
  delayH: number;
  seen: number;
  due: { at: number; text: string } | null;
}

describe('three weeks of deadlines in two time zones', () => {
  it('reminds, defaults a miss, replaces the player, extends a turn, and mails only what each may see', () => {
    const t = testReferee();
    const cards = testCards();
    const scenario = parseScenario(LONG, 'long', cards);
    if (!scenario.ok) throw new Error(scenario.error.map((e) => e.message).join('\n'));
    createGame(t.deps, { id: 'duel', scenario: scenario.value, catalog: cards });
    const red = addPlayer(t.deps, { gameId: 'duel', playerId: 'red', email: RED, planes: ['R1'] }).secret;
    const blue = addPlayer(t.deps, {
      gameId: 'duel',
      playerId: 'blue',
      email: BLUE,
      planes: ['B1'],
      zone: 'America/Los_Angeles',
    }).secret;
    const gmSecret = setGm(t.deps, 'duel', { email: GM, newSecret: true }).secret!;
    for (const [k, v] of [
      ['zone', 'Europe/Berlin'],
      ['deadline', 'every 2 days at 20:00'],
      ['remind', '1d'],
      ['grace', '1h'],
      ['misses', '1'],
      ['minimum', '1d'],
    ]) {
      setSetting(t.deps, 'duel', k!, v!);
    }
    startGame(t.deps, 'duel');
    expect(t.store.tx((tx) => tx.archive.deadline('duel', 1))).toBe(Date.UTC(2026, 0, 12, 19)); // Mon 12 Jan 20:00 Berlin

    const out = (): OutboxRow[] => t.store.tx((tx) => tx.outbox.list());
    const game = () => t.store.tx((tx) => tx.games.get('duel')!);
    let uid = 0;
    const send = (from: string, body: string) => receive(t.deps, mail(from, body), place(++uid));
    const players: Player[] = [
      { email: RED, id: 'red', secret: red, delayH: 3, seen: 0, due: null },
      { email: BLUE, id: 'blue', secret: blue, delayH: 40, seen: 0, due: null },
    ];
    let extended = false;
    let replaced = false;
    let alertSeen = 0;
    const end = START + 21 * 24 * HOUR;
    while (t.now() < end && game().status === 'running') {
      t.tick(HOUR / 2);
      tick(t.deps);
      const mails = out();
      for (const p of players) {
        // A new welcome or report: the player sends its ready-made orders back after a while.
        const fresh = mails.filter(
          (m) => m.id > p.seen && m.recipient === p.email && (m.kind === 'welcome' || m.kind === 'report'),
        );
        for (const m of fresh) {
          p.seen = m.id;
          const at = m.text.indexOf('\n#TALLYHO');
          p.due = at < 0 ? null : { at: m.createdAt + p.delayH * HOUR, text: m.text.slice(at + 1) };
        }
        if (p.due && t.now() >= p.due.at) {
          const turn = game().turn;
          if (!(p.id === 'blue' && turn === 3)) send(p.email, `Here you are.\n\n${p.due.text}`); // blue misses turn 3
          p.due = null;
        }
      }
      // The GM replaces a player the referee alerts about, and extends turn 5 when it opens.
      const alert = mails.find(
        (m) => m.id > alertSeen && m.recipient === GM && m.subject.includes('GM: Players missing turns'),
      );
      if (alert && !replaced) {
        alertSeen = alert.id;
        send(GM, envelope('duel', 'gm', gmSecret, 'REPLACE blue cyan cyan@example.test'));
        const newcomer: Player = { email: CYAN, id: 'cyan', secret: '', delayH: 30, seen: 0, due: null };
        players.splice(1, 1, newcomer);
        replaced = true;
      }
      if (game().turn === 5 && !extended) {
        send(GM, envelope('duel', 'gm', gmSecret, 'EXTEND 1d'));
        extended = true;
      }
    }

    const all = out();
    const recipients = new Set(all.map((m) => m.recipient));
    expect([...recipients].sort()).toEqual([BLUE, CYAN, RED, GM]);
    for (const m of all)
      for (const line of m.text.split('\n')) expect(line.length, `${m.subject}: ${line}`).toBeLessThanOrEqual(78);
    expect(game().turn).toBeGreaterThanOrEqual(9);

    // Reminders: blue (Los Angeles) is reminded in both zones, before the deadline; red is told who is missing.
    const reminders = all.filter((m) => m.kind === 'reminder');
    expect(reminders.length).toBeGreaterThanOrEqual(2);
    const first = reminders.find((m) => m.recipient === BLUE)!;
    expect(first.text).toMatch(
      /20:00 Europe\/Berlin \(UTC\+01:00\)\n {2}\w{3} \d+ Jan 2026 11:00 America\/Los_Angeles \(UTC-08:00\), your time/,
    );
    const deadline1 = t.store.tx((tx) => tx.archive.deadline('duel', first.turn!))!;
    expect(first.createdAt).toBeLessThan(deadline1);
    expect(first.createdAt).toBeGreaterThanOrEqual(deadline1 - 24 * HOUR);
    const waiting = all.filter((m) => m.recipient === RED && /still waiting for blue/.test(m.subject));
    expect(waiting.length).toBeGreaterThanOrEqual(1);
    for (const m of waiting) expect(m.text).not.toMatch(/B1:|#TALLYHO duel blue/);

    // Turn 3: blue missed it; B1 flew the default; blue was told; the GM alerted.
    const events3 = t.store.tx((tx) => tx.events.list('duel', 3));
    expect(events3.filter((e) => e.type === 'default-orders').map((e) => e.plane)).toEqual(['B1']);
    const missed = all.find((m) => m.recipient === BLUE && m.subject === '[duel] Turn 3: no orders from you')!;
    expect(missed.text.replace(/\s+/g, ' ')).toMatch(/B1 flew the default/);
    const deadline3 = t.store.tx((tx) => tx.archive.deadline('duel', 3))!;
    expect(missed.createdAt).toBeGreaterThanOrEqual(deadline3 + HOUR);
    const alert = all.find((m) => m.recipient === GM && m.subject === '[duel] GM: Players missing turns')!;
    expect(alert.text.replace(/\s+/g, ' ')).toMatch(/blue \(blue@example.test\): 1 missed turn/);
    expect(t.store.tx((tx) => tx.control.misses('duel', 'blue'))).toBe(1);

    // The replacement: briefed on the situation of turn 4, blue told, everyone else told.
    const briefing = all.find((m) => m.recipient === CYAN && m.kind === 'welcome')!;
    expect(briefing.text.replace(/\s+/g, ' ')).toMatch(/You take over B1 from blue at turn 4/);
    expect(briefing.text).toMatch(/#TALLYHO duel cyan "T4-/);
    expect(all.some((m) => m.recipient === BLUE && m.subject === '[duel] You were replaced')).toBe(true);
    expect(all.some((m) => m.recipient === RED && m.subject === '[duel] Cyan takes over from blue')).toBe(true);
    expect(all.filter((m) => m.recipient === BLUE && m.createdAt > briefing.createdAt && m.kind !== 'notice')).toEqual(
      [],
    );

    // The extension of turn 5, announced to both players with the new deadline.
    const ext = all
      .filter((m) => m.subject === '[duel] Turn 5 is extended')
      .map((m) => m.recipient)
      .sort();
    expect(ext).toEqual([CYAN, RED]);
    const d5 = t.store.tx((tx) => tx.archive.deadline('duel', 5))!;
    expect(all.find((m) => m.subject === '[duel] Turn 5 is extended' && m.recipient === RED)!.text).toContain(
      'The deadline of turn 5:',
    );
    expect(t.store.tx((tx) => tx.control.clock('duel', 5))).toMatchObject({ extensions: 1, extendedMs: 24 * HOUR });
    expect(d5).toBeGreaterThan(t.store.tx((tx) => tx.turns.get('duel', 5)!.openedAt) + 48 * HOUR);

    // One report per turn to each active player; red saw every turn.
    const reds = all.filter((m) => m.recipient === RED && m.kind === 'report').map((m) => m.turn);
    expect(reds).toEqual(Array.from({ length: game().turn - 1 }, (_, i) => i + 1));
  });
});
