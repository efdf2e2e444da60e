/**
 * The menus of plans worked out once per turn and view, and kept (src/app/game/menus.ts): the
 * welcome works them out, the reminder (after a restart: memory emptied), the intake of a pick and
 * the acknowledgement read them from the store, the report of the turn works out the next turn's
 * (which a pick of that turn reads), and the resolved turn's rows go.
 */
import { describe, expect, it, vi } from 'vitest';
import type { GameState } from '../../../src/core/state.ts';
import { forgetMenus, viewDigest } from '../../../src/app/game/menus.ts';
import { queueReminder } from '../../../src/app/mail/notify.ts';
import { envelope, lastMail, realDuel, send, testReferee } from '../../support/app.ts';

const calls = vi.hoisted(() => ({ planMenu: [] as string[] }));

vi.mock('../../../src/core/plans/menu.ts', async (original) => {
  const m = await original<typeof import('../../../src/core/plans/menu.ts')>();
  return {
    ...m,
    planMenu: (state: GameState, planeId: string) => {
      calls.planMenu.push(`${state.turn} ${planeId}`);
      return m.planMenu(state, planeId);
    },
  };
});

/** The WAYS TO FLY section of a mail, up to its closing words. */
const waysOf = (text: string): string => {
  const at = text.indexOf('WAYS TO FLY TURN');
  expect(at).toBeGreaterThanOrEqual(0);
  return text.slice(at, text.indexOf('\nends: ', at));
};

describe('the menus of plans', () => {
  it('are worked out once per turn and view, and read back by the reminder, the pick and its acknowledgement', async () => {
    const t = testReferee();
    calls.planMenu.length = 0;
    forgetMenus();
    const s = await realDuel(t);
    // The welcomes: each side's plane once.
    expect(calls.planMenu.sort()).toEqual(['1 G1', '1 R1']);
    const welcome = waysOf(lastMail(t, 'red@example.test', 'welcome').text);

    // As after a restart: nothing in memory, the store has them.
    forgetMenus();
    calls.planMenu.length = 0;
    t.store.tx((tx) => {
      const game = tx.games.get('duel')!;
      const red = tx.players.list('duel').find((p) => p.id === 'red')!;
      queueReminder(t.deps, tx, game, red, ['R1']);
    });
    expect(waysOf(lastMail(t, 'red@example.test', 'reminder').text)).toBe(welcome);
    send(t, 'red@example.test', envelope('duel', 'red', s.red, 'TURN 1\nR1 PLAN B'));
    expect(lastMail(t, 'red@example.test', 'ack').subject).toMatch(/Turn 1 orders accepted/);
    expect(calls.planMenu).toEqual([]);

    // The turn resolved: its reports work out turn 2's menus, once a plane; turn 1's rows go.
    send(t, 'blue@example.test', envelope('duel', 'blue', s.blue, 'TURN 1\nG1 PLAN A'));
    expect(lastMail(t, 'red@example.test', 'report').text).toContain('WAYS TO FLY TURN 2');
    expect(calls.planMenu.sort()).toEqual(['2 G1', '2 R1']);
    const turns = t.store.db.prepare('SELECT DISTINCT turn FROM menus ORDER BY turn').all();
    expect(turns).toEqual([{ turn: 2 }]);
    // The report's menu is the one a pick of turn 2 is read against, as stored (memory emptied).
    forgetMenus();
    calls.planMenu.length = 0;
    send(t, 'red@example.test', envelope('duel', 'red', s.red, 'TURN 2\nR1 PLAN A'));
    expect(lastMail(t, 'red@example.test', 'ack').subject).toMatch(/Turn 2 orders accepted/);
    expect(calls.planMenu).toEqual([]);
  });

  it('names a view by all of it: the same state the same digest, any change another', async () => {
    const t = testReferee();
    await realDuel(t);
    const state = t.store.tx((tx) => tx.turns.get('duel', 1)!.state);
    const digest = viewDigest(state);
    expect(digest).toMatch(/^[0-9a-f]{16}$/);
    expect(viewDigest(structuredClone(state))).toBe(digest);
    const moved = {
      ...state,
      planes: state.planes.map((p, i) => (i === 0 ? { ...p, altitude: p.altitude + 100 } : p)),
    };
    expect(viewDigest(moved)).not.toBe(digest);
    expect(viewDigest({ ...state, turn: 2 })).not.toBe(digest);
  });
});
