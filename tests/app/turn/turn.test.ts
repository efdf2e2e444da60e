import { describe, expect, it } from 'vitest';
import { gamePage } from '../../../src/app/archive/games.ts';
import { addPlayer, createGame, gameStatus, startGame } from '../../../src/app/setup/games.ts';
import { intake, receive } from '../../../src/app/intake/intake.ts';
import { resolveAllReady, resolveReady } from '../../../src/app/turn/resolve.ts';
import { parseScenario } from '../../../src/core/scenario.ts';
import { parseOrders } from '../../../src/orders/index.ts';
import {
  DUEL,
  envelope,
  mail,
  place,
  startedDuel,
  testCards,
  testReferee,
  type TestReferee,
} from '../../support/app.ts';

const RED = 'red@example.test';
const BLUE = 'blue@example.test';
const outbox = (t: TestReferee) => t.store.tx((tx) => tx.outbox.list());

/** The orders template at the end of the latest mail to `to`, exactly as mailed. */
function latestTemplate(t: TestReferee, to: string): string {
  const m = outbox(t)
    .filter((r) => r.recipient === to && (r.kind === 'report' || r.kind === 'welcome'))
    .at(-1)!;
  return m.text.slice(m.text.indexOf('\n#TALLYHO') + 1);
}

describe('the turn', () => {
  it('waits for every player, then resolves once: events, new state and reports in one go', () => {
    const t = testReferee();
    const s = startedDuel(t);
    let uid = 0;
    const r1 = receive(t.deps, mail(RED, envelope('duel', 'red', s.red, 'R1: RB S TR 1 1')), place(++uid));
    expect(r1.resolved).toEqual([]);
    expect(gameStatus(t.deps, 'duel').players.map((p) => [p.id, p.ordersIn])).toEqual([
      ['red', true],
      ['blue', false],
    ]);
    const r2 = receive(t.deps, mail(BLUE, envelope('duel', 'blue', s.blue, 'B1: 1 1 1 1 1')), place(++uid));
    expect(r2.resolved).toEqual([{ game: 'duel', turn: 1 }]);
    const after = t.store.tx((tx) => ({
      game: tx.games.get('duel')!,
      t1: tx.turns.get('duel', 1)!,
      t2: tx.turns.get('duel', 2)!,
      events: tx.events.list('duel', 1),
    }));
    expect(after.game.turn).toBe(2);
    expect(after.t1.resolvedAt).not.toBeNull();
    expect(after.t2.state.turn).toBe(2);
    expect(after.events.some((e) => e.type === 'move' && e.plane === 'R1')).toBe(true);
    const reports = outbox(t).filter((m) => m.kind === 'report');
    expect(reports.map((m) => [m.recipient, m.subject])).toEqual([
      [RED, '[duel] Turn 1 report'],
      [BLUE, '[duel] Turn 1 report'],
    ]);
    expect(resolveReady(t.deps, 'duel')).toBeNull();
    expect(resolveAllReady(t.deps)).toEqual([]);
    expect(outbox(t).filter((m) => m.kind === 'report')).toHaveLength(2);
  });

  it('plays three turns with the ready-to-send templates mailed back unchanged', () => {
    const t = testReferee();
    startedDuel(t);
    let uid = 0;
    for (let turn = 1; turn <= 3; turn++) {
      for (const who of [RED, BLUE]) {
        const template = latestTemplate(t, who);
        expect(parseOrders(template).errors).toEqual([]);
        const r = receive(t.deps, mail(who, `Unchanged:\n\n${template}`), place(++uid));
        expect(r.outcome).toBe('orders');
      }
      expect(t.store.tx((tx) => tx.games.get('duel')!.turn)).toBe(turn + 1);
    }
    const reports = outbox(t).filter((m) => m.kind === 'report' && m.recipient === RED);
    expect(reports.map((m) => m.subject)).toEqual([
      '[duel] Turn 1 report',
      '[duel] Turn 2 report',
      '[duel] Turn 3 report',
    ]);
    expect(
      outbox(t)
        .filter((m) => m.kind === 'ack')
        .every((m) => m.subject.endsWith('accepted')),
    ).toBe(true);
  });

  it('repeats the obligations of the log sheet as comment lines of the template, which is accepted as sent', () => {
    const t = testReferee();
    const s = startedDuel(t);
    let uid = 0;
    receive(t.deps, mail(RED, envelope('duel', 'red', s.red, 'R1: SD 1 1 1 1 1')), place(++uid));
    receive(t.deps, mail(BLUE, envelope('duel', 'blue', s.blue, 'B1: 1 1 1 LB S TL')), place(++uid));
    const red = latestTemplate(t, RED);
    expect(red).toMatch(
      /^#TALLYHO duel red "[^"]+"\n# R1: must pull out of last turn's steep dive \(rule \(23\)\): dive at least 300\n# {5}ft and no climb, or dive steeply or vertically again\nTURN 2\nR1: /,
    );
    const blue = latestTemplate(t, BLUE);
    expect(blue).toMatch(/\n# B1: the manoeuvre carried over, TL, takes the first box\nTURN 2\n/);
    for (const line of [...red.split('\n'), ...blue.split('\n')]) expect(line.length).toBeLessThanOrEqual(78);
    const report = outbox(t)
      .filter((m) => m.kind === 'report' && m.recipient === RED)
      .at(-1)!;
    expect(report.text).toContain("  must pull out of last turn's steep dive (rule (23)): dive at least 300 ft");
    for (const [who, template] of [
      [RED, red],
      [BLUE, blue],
    ] as const) {
      expect(parseOrders(template).errors).toEqual([]);
      expect(receive(t.deps, mail(who, template), place(++uid)).outcome).toBe('orders');
    }
    expect(
      outbox(t)
        .filter((m) => m.kind === 'ack')
        .map((m) => m.subject),
    ).toEqual(
      Array(4)
        .fill('[duel] Turn 1 orders accepted')
        .map((x, i) => (i < 2 ? x : x.replace('1', '2'))),
    );
    expect(t.store.tx((tx) => tx.games.get('duel')!.turn)).toBe(3);
  });

  it('threads every mail of a player on the welcome mail', () => {
    const t = testReferee();
    const s = startedDuel(t);
    const incoming = mail(RED, envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1'));
    receive(t.deps, incoming, place(1));
    receive(t.deps, mail(BLUE, envelope('duel', 'blue', s.blue, 'B1: 1 1 1 1 1')), place(2));
    const mine = outbox(t).filter((m) => m.recipient === RED);
    const [welcome, ack, report] = mine;
    expect(welcome!.kind).toBe('welcome');
    expect(ack).toMatchObject({
      kind: 'ack',
      inReplyTo: incoming.messageId,
      references: [welcome!.messageId, incoming.messageId],
    });
    expect(report).toMatchObject({ kind: 'report', inReplyTo: welcome!.messageId, references: [welcome!.messageId] });
    expect(new Set(outbox(t).map((m) => m.messageId)).size).toBe(outbox(t).length);
  });

  it('ends the game when one side has nothing left flying', () => {
    const t = testReferee();
    const s = startedDuel(t);
    // Both planes at the map edge heading off it (no hold for the warning: CONFIRM beside the orders).
    t.store.db
      .prepare(
        "UPDATE turns SET state = json_set(state, '$.planes[0].hex', json_object('q', 12, 'r', -5)) WHERE game_id = 'duel'",
      )
      .run();
    intake(t.deps, mail(RED, envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1\nCONFIRM')), place(1));
    receive(t.deps, mail(BLUE, envelope('duel', 'blue', s.blue, 'B1: 1 1 1 1 1')), place(2));
    const game = t.store.tx((tx) => tx.games.get('duel')!);
    expect(game.status).toBe('over');
    const report = outbox(t)
      .filter((m) => m.kind === 'report')
      .at(-1)!;
    expect(report.text).toContain('THE GAME IS OVER');
    // R1 flew off the map: blue has the last plane in the fight.
    // The end explained in the first lines: what happened, who wins; the subject says so too.
    expect(report.text.split('\n').slice(0, 6).join(' ').replace(/\s+/g, ' ')).toMatch(
      /^Turn 1 of game duel \(Test duel\) is resolved\. THE GAME IS OVER R1 left the map in impulse \d+: the game is over\. Blue has the last planes in the fight, and wins\. Thank you for playing\./,
    );
    expect(report.subject).toBe('[duel] Turn 1 report: the game is over');
    expect(gamePage(t.store, 'duel')?.result).toMatch(
      /^R1 left the map in impulse \d+: the game is over\. Blue has the last planes in the fight, and wins\.$/,
    );
    expect(report.text).not.toMatch(/^#TALLYHO/m); // no orders template (its own orders are quoted with '|')
    // The game's web page gives the last turn played, not the turn after it.
    expect(gamePage(t.store, 'duel')?.turn).toBe(1);
    const n = outbox(t).length;
    intake(t.deps, mail(RED, envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1')), place(3));
    const late = outbox(t).slice(n)[0]!;
    expect(late.subject).toBe('[duel] Game duel is over');
    expect(late.text.replace(/\s+/g, ' ')).toMatch(
      /Game 'duel' \(Test duel\) ended on [\d-]+ [\d:]+ UTC\. R1 left the map in impulse \d+: the game is over\. Blue has the last planes in the fight, and wins\. No orders are taken for it any more; nothing in your mail was changed\./,
    );
  });
});

describe('setting a game up', () => {
  const scenario = () => {
    const r = parseScenario(DUEL, 'duel', testCards());
    if (!r.ok) throw new Error('bad test scenario');
    return r.value;
  };

  it('checks ids, addresses and planes, and needs every plane flown before the start', () => {
    const t = testReferee();
    expect(() => createGame(t.deps, { id: 'Bad Id', scenario: scenario(), catalog: testCards() })).toThrow(
      /not a game id/,
    );
    createGame(t.deps, { id: 'g', scenario: scenario(), catalog: testCards() });
    expect(() => createGame(t.deps, { id: 'g', scenario: scenario(), catalog: testCards() })).toThrow(/exists already/);
    expect(() => addPlayer(t.deps, { gameId: 'nope', playerId: 'a', email: 'a@example.org', planes: ['R1'] })).toThrow(
      /no game 'nope'/,
    );
    expect(() => addPlayer(t.deps, { gameId: 'g', playerId: 'a', email: 'not-an-address', planes: ['R1'] })).toThrow(
      /not a mail address/,
    );
    expect(() => addPlayer(t.deps, { gameId: 'g', playerId: 'a', email: 'a@example.org', planes: ['X9'] })).toThrow(
      /cannot add player/,
    );
    const { secret, player } = addPlayer(t.deps, {
      gameId: 'g',
      playerId: 'A',
      email: 'A@Example.org',
      planes: ['r1'],
    });
    expect(player).toMatchObject({ id: 'a', email: 'a@example.org', planes: ['R1'] });
    expect(secret).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    expect(player.secretHash).not.toContain(secret);
    expect(() => addPlayer(t.deps, { gameId: 'g', playerId: 'b', email: 'b@example.org', planes: ['R1'] })).toThrow(
      /cannot add player/,
    );
    expect(() => startGame(t.deps, 'g')).toThrow(/nobody flies B1/);
    addPlayer(t.deps, { gameId: 'g', playerId: 'b', email: 'b@example.org', planes: ['B1'] });
    expect(startGame(t.deps, 'g').welcomes).toBe(2);
    expect(() => startGame(t.deps, 'g')).toThrow(/started already/);
    expect(() => addPlayer(t.deps, { gameId: 'g', playerId: 'c', email: 'c@example.org', planes: ['B1'] })).toThrow(
      /has started/,
    );
    const status = gameStatus(t.deps, 'g');
    expect(status.game.status).toBe('running');
    expect(status.outbox.pending).toBe(2);
    expect(status.deadLetters).toEqual([]);
  });
});
