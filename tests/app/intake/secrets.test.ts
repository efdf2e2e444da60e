/**
 * Wrong secrets a player can answer (docs/players.md "Keeping your secret"): the "(secret)"
 * placeholder copied back from WHAT WAS READ is answered as what it is, with the envelope ready to
 * send; a wrong secret from the player's own address is answered each time (two minutes apart at
 * least), while forgers from other addresses are collected into one notice an hour.
 */
import { describe, expect, it } from 'vitest';
import { envelope, post, startedDuel, testReferee, type TestReferee } from '../../support/app.ts';
import { templateOf } from '../../support/referee-stack.ts';
import { tick } from '../../../src/app/turn/tick.ts';
import { flat } from '../../support/text.ts';

const RED = 'red@example.test';
const MINUTE = 60_000;
const accepted = (t: TestReferee) => t.store.tx((tx) => tx.orders.latestAccepted('duel', 1).get('red'));

describe('secrets', () => {
  it('answer the "(secret)" placeholder copied back as a placeholder, with the envelope ready to send', () => {
    const t = testReferee();
    startedDuel(t);
    const { mails } = post(t, RED, envelope('duel', 'red', '(secret)', 'R1: RB S TR 1 1'));
    expect(mails.map((m) => m.subject)).toEqual(['[duel] Turn 1: "(secret)" is a placeholder']);
    expect(flat(mails[0]!.text)).toContain(
      'that is the placeholder the referee prints where it shows your orders back (under WHAT WAS READ), not your secret',
    );
    expect(accepted(t)).toBeUndefined();
    expect(t.store.tx((tx) => tx.replies.authFailureCounts('duel').attempts)).toBe(0);
    const ready = templateOf(mails[0]!.text);
    expect(ready).toMatch(/^#TALLYHO duel red "T1-[0-9a-f]+"\nTURN 1\nR1: RB S TR 1 1\n#END/);
    post(t, RED, ready);
    expect(accepted(t)!.orders.plots.R1!.boxes.map((b) => b.man)).toEqual(['RB', 'S', 'TR', '1', '1']);
  });

  it("answer a wrong secret from the player's own address each time, forgers from elsewhere once an hour", () => {
    const t = testReferee();
    startedDuel(t);
    const told = (to: string) =>
      t.store.tx((tx) => tx.outbox.list()).filter((m) => m.recipient === to && /wrong secret/.test(m.subject)).length;
    post(t, RED, envelope('duel', 'red', 'abcd-wrong', 'R1: 1 1 1 1 1'));
    t.tick(5 * MINUTE);
    post(t, RED, envelope('duel', 'red', 'abcd-wrong-again', 'R1: 1 1 1 1 1'));
    expect(told(RED)).toBe(2);
    t.tick(5 * MINUTE);
    post(t, 'forger@elsewhere.test', envelope('duel', 'red', 'guess-1', 'R1: 1 1 1 1 1'));
    t.tick(5 * MINUTE);
    post(t, 'forger@elsewhere.test', envelope('duel', 'red', 'guess-2', 'R1: 1 1 1 1 1'));
    expect(told(RED)).toBe(2);
    // The hour over, one notice counts the two forged mails.
    t.tick(60 * MINUTE);
    tick(t.deps);
    expect(told(RED)).toBe(3);
    expect(flat(t.store.tx((tx) => tx.outbox.list()).at(-1)!.text)).toContain(
      "2 mails carried orders for player 'red'",
    );
  });
});

describe('a new secret', () => {
  it('SECRET by mail, even without an envelope, mails a new secret to the registered address only; the old one stops working', async () => {
    const t = testReferee();
    const s = startedDuel(t);
    const { mails } = post(t, RED, 'SECRET', { subject: '[duel] SECRET' });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.recipient).toBe(RED);
    const secret = /Your new secret for game duel is: (\S+)/.exec(flat(mails[0]!.text))?.[1];
    expect(secret).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/);
    // From another address: no player there, nothing issued.
    expect(post(t, 'someone@elsewhere.test', 'SECRET', { subject: '[duel] SECRET' }).mails).toEqual([]);
    post(t, RED, envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1'));
    expect(accepted(t)).toBeUndefined();
    post(t, RED, envelope('duel', 'red', secret!, 'R1: 1 1 1 1 1'));
    expect(accepted(t)).toBeDefined();
  });

  it('tallyho player secret gives a new secret on the command line', async () => {
    const { newPlayerSecret } = await import('../../../src/app/setup/roster.ts');
    const t = testReferee();
    startedDuel(t);
    const { secret } = t.store.tx((tx) => newPlayerSecret(t.deps, tx, 'duel', 'blue'));
    post(t, 'blue@example.test', envelope('duel', 'blue', secret, 'B1: 1 1 1 1 1'));
    expect(t.store.tx((tx) => tx.orders.latestAccepted('duel', 1).get('blue'))).toBeDefined();
    expect(() => t.store.tx((tx) => newPlayerSecret(t.deps, tx, 'duel', 'nobody'))).toThrow(/has no player 'nobody'/);
  });
});
