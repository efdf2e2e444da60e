/**
 * A turn that cannot be resolved is never a silent wait (src/app/turn/stalls.ts, docs/gm-guide.md "A
 * turn that cannot be resolved"): the game master gets every problem and what he can do, each
 * player is told the turn is delayed (his own planes' problems in full, the others' counted only),
 * once; the admin view shows it until the turn resolves.
 */
import { describe, expect, it } from 'vitest';
import { previewTurn, processTurn, setSetting } from '../../../src/app/gm/control.ts';
import { receive } from '../../../src/app/intake/intake.ts';
import { gameClock, listGames } from '../../../src/app/gm/overview.ts';
import { setGm } from '../../../src/app/setup/roster.ts';
import { tick } from '../../../src/app/turn/tick.ts';
import { envelope, mail, place, startedDuel, testReferee, type TestReferee } from '../../support/app.ts';
import { flat } from '../../support/text.ts';

const HOUR = 3600_000;
const RED = 'red@example.test';
const BLUE = 'blue@example.test';
const GM = 'gm@example.test';

const outbox = (t: TestReferee) => t.store.tx((tx) => tx.outbox.list());
/** A mail's text with its lines run together, as a reader reads it. */
const turnOf = (t: TestReferee) => t.store.tx((tx) => tx.games.get('duel')!.turn);
let uid = 0;
const send = (t: TestReferee, who: string, player: string, secret: string, body: string) =>
  receive(t.deps, mail(who, envelope('duel', player, secret, body)), place(++uid));
/** Changes the stored state of turn 1, as a hand-edited database or a changed data file would. */
const breakState = (t: TestReferee, path: string, value: unknown) =>
  t.store.db
    .prepare(`UPDATE turns SET state = json_set(state, '${path}', json(?)) WHERE game_id = 'duel' AND turn = 1`)
    .run(JSON.stringify(value));

function duel() {
  const t = testReferee();
  const s = startedDuel(t);
  setGm(t.deps, 'duel', { email: GM });
  return { t, s };
}

describe('a turn that cannot be resolved', () => {
  it('tells the game master every problem and each player of the delay, once, and resolves when put right', () => {
    const { t, s } = duel();
    send(t, RED, 'red', s.red, 'R1: 1 1 1 1 1');
    // R1's speed changes under its accepted orders: five boxes no longer fill the turn.
    breakState(t, '$.planes[0].speed', 60);
    const from = outbox(t).length;
    send(t, BLUE, 'blue', s.blue, 'B1: 1 1 1 1 1');
    expect(turnOf(t)).toBe(1);
    const sent = outbox(t).slice(from);
    const gm = sent.filter((m) => m.recipient === GM);
    expect(gm.map((m) => m.subject)).toEqual(['[duel] GM: Turn 1 cannot be resolved']);
    expect(flat(gm[0]!.text)).toContain('every order is in, but the referee found the problem below');
    expect(flat(gm[0]!.text)).toMatch(/- R1: R1 is active in 6 impulses .* the plot needs 6 boxes, it has 5/);
    expect(flat(gm[0]!.text)).toContain('PROCESS');
    expect(flat(gm[0]!.text)).toContain('ROLLBACK');
    const red = sent.find((m) => m.recipient === RED && m.subject === '[duel] Turn 1 is delayed')!;
    expect(red.text).toContain('THE PROBLEM WITH YOUR PLANES');
    expect(flat(red.text)).toMatch(/- R1: R1 is active .* the plot needs 6 boxes/);
    const blue = sent.find((m) => m.recipient === BLUE && m.subject === '[duel] Turn 1 is delayed')!;
    expect(flat(blue.text)).toContain('The problem is not with your planes');
    expect(blue.text).not.toContain('R1');
    expect(t.logs.some((l) => l.level === 'error' && l.message.includes('cannot be resolved'))).toBe(true);
    // The admin's views show it.
    const clock = gameClock(t.deps, 'duel');
    expect(clock.stall).toMatchObject({ attempts: 1 });
    expect(clock.stall!.problems.join('\n')).toMatch(/R1: R1 is active .* the plot needs 6 boxes/);
    expect(listGames(t.deps).find((g) => g.id === 'duel')!.stalled).toBe(true);
    // Tried again at every tick: counted, not mailed again.
    const quiet = outbox(t).length;
    for (let i = 0; i < 3; i++) {
      t.tick(HOUR);
      tick(t.deps);
    }
    expect(outbox(t).length).toBe(quiet);
    expect(gameClock(t.deps, 'duel').stall!.attempts).toBeGreaterThanOrEqual(2);
    // Red sends orders that fit: the turn resolves and the stall is cleared.
    send(t, RED, 'red', s.red, 'R1: 1 1 1 1 1 1');
    expect(turnOf(t)).toBe(2);
    expect(gameClock(t.deps, 'duel').stall).toBeNull();
    expect(listGames(t.deps).find((g) => g.id === 'duel')!.stalled).toBe(false);
  });

  it('at the deadline, a failure of the referee itself: PROCESS and PREVIEW answer with it, the turn waits', () => {
    const { t, s } = duel();
    setSetting(t.deps, 'duel', 'deadline', 'every 1 day at 12:00');
    send(t, RED, 'red', s.red, 'R1: 1 1 1 1 1');
    // The aircraft card the game's planes fly is gone from the state.
    breakState(t, '$.aircraft', {});
    const from = outbox(t).length;
    t.tick(2 * 24 * HOUR);
    expect(tick(t.deps).filter((e) => e.what === 'defaulted')).toEqual([]);
    expect(turnOf(t)).toBe(1);
    const sent = outbox(t).slice(from);
    const gm = sent.find((m) => m.recipient === GM && m.subject.includes('cannot be resolved'))!;
    expect(flat(gm.text)).toContain('the deadline has passed');
    expect(flat(gm.text)).toContain(
      "the referee failed while resolving the turn: no aircraft card 'tf' in the game state",
    );
    for (const who of [RED, BLUE]) {
      const notice = sent.find((m) => m.recipient === who && m.subject === '[duel] Turn 1 is delayed')!;
      expect(flat(notice.text)).toContain("The fault is the referee's own, not in anyone's orders.");
    }
    // No miss is counted for a turn that was not flown.
    expect(t.store.tx((tx) => tx.control.misses('duel', 'blue'))).toBe(0);
    const p = processTurn(t.deps, 'duel');
    expect(p.failed).toBe(true);
    expect(p.lines.join('\n')).toContain("no aircraft card 'tf'");
    expect(() => previewTurn(t.deps, 'duel')).toThrow(/could not be resolved/);
    try {
      previewTurn(t.deps, 'duel');
    } catch (e) {
      expect((e as { details: string[] }).details.join('\n')).toContain("no aircraft card 'tf'");
    }
    // The same failure again mails nobody again.
    expect(
      outbox(t).filter((m) => m.subject.includes('cannot be resolved') || m.subject.includes('is delayed')).length,
    ).toBe(3);
  });
});
