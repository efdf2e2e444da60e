/**
 * A player's record of reliability (docs/gm-guide.md "A player's record"): over every game of an
 * address, the turns with their own orders in, the turns missed, those the stand-in flew, the games
 * left before their end; RECORD by mail for a game's master, refused for an address not of his game.
 */
import { describe, expect, it } from 'vitest';
import { setGm, replacePlayer } from '../../../src/app/setup/roster.ts';
import { setSetting } from '../../../src/app/gm/control.ts';
import { recordLines, reliabilityRecord } from '../../../src/app/game/record.ts';
import { tick } from '../../../src/app/turn/tick.ts';
import { gamePage } from '../../../src/app/archive/games.ts';
import { envelope, lastEnvelope, lastMail, lastWithEnvelope, realDuel, send, testReferee } from '../../support/app.ts';

const RED = 'red@example.test';
const BLUE = 'blue@example.test';
const GM = 'gm@example.test';

function reply(t: ReturnType<typeof testReferee>, to: string): void {
  send(t, to, lastEnvelope(lastWithEnvelope(t, to)));
}

describe("a player's record", () => {
  it('counts turns on time, missed, flown by the stand-in and games left, and answers RECORD to the game master of his game only', async () => {
    const t = testReferee();
    await realDuel(t);
    const gm = setGm(t.deps, 'duel', { email: GM, newSecret: true }).secret as string;
    setSetting(t.deps, 'duel', 'deadline', 'every day at 20:00');
    setSetting(t.deps, 'duel', 'missed', 'standin');
    // Turn 1: both in. Turn 2: blue misses the deadline and the stand-in flies him.
    reply(t, RED);
    reply(t, BLUE);
    reply(t, RED);
    t.tick(3 * 86_400_000);
    tick(t.deps);
    expect(t.store.tx((tx) => tx.games.get('duel')!.turn)).toBe(3);
    replacePlayer(t.deps, { gameId: 'duel', oldId: 'blue', newId: 'green', email: 'green@example.test' });
    const r = t.store.tx((tx) => reliabilityRecord(tx, 'Blue@Example.test'));
    expect(r.games).toEqual([
      { game: 'duel', player: 'blue', status: 'running', ownOrders: 1, missed: 1, standin: 1, left: true },
    ]);
    expect(r.totals).toEqual({ games: 1, ownOrders: 1, missed: 1, standin: 1, left: 1 });
    expect(recordLines(r)[0]!.replace(/\s+/g, ' ')).toBe(
      'blue@example.test: 1 game on this referee; 1 turn with their own orders in, 1 turn missed (50% on time); 1 turn flown by the stand-in pilot; 1 game left before the end.',
    );
    expect(t.store.tx((tx) => reliabilityRecord(tx, RED)).totals).toEqual({
      games: 1,
      ownOrders: 2,
      missed: 0,
      standin: 0,
      left: 0,
    });
    expect(recordLines(t.store.tx((tx) => reliabilityRecord(tx, 'nobody@example.test')))).toEqual([
      'nobody@example.test has played in no game on this referee.',
    ]);
    expect(() => t.store.tx((tx) => reliabilityRecord(tx, 'not an address'))).toThrow(/not a mail address/);
    send(t, GM, envelope('duel', 'gm', gm, `RECORD ${BLUE}\nRECORD stranger@example.test`));
    const answer = lastMail(t, GM, 'answer').text.replace(/\s+/g, ' ');
    expect(answer).toContain('1 turn missed (50% on time)');
    expect(answer).toContain(
      'RECORD stranger@example.test: NOT DONE: stranger@example.test neither plays in game duel nor asked to join it',
    );
  });

  it('is shown to the players only when the game master publishes it, by player id and without addresses', async () => {
    const t = testReferee();
    const s = await realDuel(t);
    setSetting(t.deps, 'duel', 'deadline', 'every day at 20:00');
    reply(t, RED);
    t.tick(3 * 86_400_000);
    tick(t.deps);
    const status = () => {
      send(t, RED, envelope('duel', 'red', s.red, 'STATUS'));
      return lastMail(t, RED, 'answer').text;
    };
    expect(status()).not.toContain("THE PLAYERS' RECORDS");
    expect(gamePage(t.store, 'duel')!.records).toEqual([]);
    setSetting(t.deps, 'duel', 'records', 'public');
    const text = status().replace(/\s+/g, ' ');
    expect(text).toContain("THE PLAYERS' RECORDS");
    expect(text).toContain(
      '- red: 100% on time (1 of 1 turn with their own orders, 0 missed) over 1 game on this referee; 0 left before the end',
    );
    expect(text).toContain(
      '- blue: 0% on time (0 of 1 turn with their own orders, 1 missed) over 1 game on this referee; 0 left before the end',
    );
    expect(text).toContain("players' records of turns on time and missed: published to every player");
    expect(text).not.toContain(BLUE);
    expect(gamePage(t.store, 'duel')!.records).toHaveLength(2);
    expect(() => setSetting(t.deps, 'duel', 'records', 'sometimes')).toThrow(/records is public .* or private/);
  });
});
