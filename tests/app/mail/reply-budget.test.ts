/**
 * The limits on replies (src/app/mail/budget.ts, rate-limits.ts, wrong-secrets.ts; docs/gm-guide.md
 * "Limits on replies"): at most two replies nobody asked for with a secret per address a day, the
 * same reply not twice running, no notice to a mail that answers one of ours, acknowledgements
 * always; rate limits that a forger cannot use to lock a player out; wrong-secret notices at most
 * once an hour per player.
 */
import { describe, expect, it } from 'vitest';
import { gameClock, heldBackLines } from '../../../src/app/gm/overview.ts';
import { tick } from '../../../src/app/turn/tick.ts';
import type { OutboxRow } from '../../../src/app/ports/store.ts';
import { envelope, startedDuel, outbox, post, testReferee, type TestReferee } from '../../support/app.ts';

const RED = 'red@example.test';
const DAY = 86_400_000;
const HOUR = 3600_000;

const held = (t: TestReferee) => gameClock(t.deps, 'duel').heldBack;
const heldLogs = (t: TestReferee) => t.logs.filter((l) => l.message === 'reply held back');

describe('the reply budget', () => {
  it('answers an address at most twice a day without a secret, says so in the second, and counts the rest', () => {
    const t = testReferee();
    startedDuel(t);
    const first = post(t, RED, 'Is it my turn?');
    // In the thread of the sender's only game, ending with his orders ready to send.
    expect(first.mails.map((m) => m.subject)).toEqual(['[duel] No orders found in your mail']);
    expect(first.mails[0]!.text).toContain('YOUR ORDERS FOR TURN 1, READY TO SEND');
    expect(first.mails[0]!.text).not.toMatch(/at most 2/);
    t.tick(60_000);
    // A command without an envelope draws on an allowance of its own: the notices stay.
    expect(post(t, RED, 'STATUS').mails).toHaveLength(1);
    const second = post(t, RED, envelope('dule', 'red', 'x', 'R1: 1 1 1 1 1'));
    expect(second.mails).toHaveLength(1);
    expect(second.mails[0]!.text.replace(/\s+/g, ' ')).toContain(
      'This is the last answer to such a mail from this address until 2026-01-11 09:00 UTC: the referee answers at most 2 mails a day that bring no orders it can take, from one address. Orders with your secret or turn token are always taken and acknowledged, and commands without an envelope (STATUS in a subject) are answered apart, up to 6 a day.',
    );
    for (const text of ['Hello?', envelope('dule', 'red', 'y', 'R1: 1 1 1 1 1')]) {
      expect(post(t, RED, text).mails).toEqual([]);
    }
    expect(held(t)).toMatchObject({ budget: 1, repeat: 1 });
    expect(heldLogs(t)).toHaveLength(2);
    expect(heldLogs(t)[0]!.fields).toMatchObject({ recipient: RED, reason: 'budget' });
    expect(heldBackLines(gameClock(t.deps, 'duel'))[0]).toMatch(
      /^ {2}replies held back: 2 \((budget 1, repeat 1|repeat 1, budget 1)\)$/,
    );
    // Commands without an envelope: six a day, the sixth saying so and what is still answered.
    const commands = ['MAP', 'HELP', 'CARD', 'HISTORY', 'STATUS'].map((c) => post(t, RED, c).mails);
    expect(commands.map((m) => m.length)).toEqual([1, 1, 1, 1, 1]);
    expect(commands[4]![0]!.text.replace(/\s+/g, ' ')).toContain(
      'This is the last answer to a command without an envelope from this address until 2026-01-11 09:01 UTC: the referee answers at most 6 a day. Commands inside an envelope with your secret or turn token (STATUS, MAP, ...) are always answered, and orders always taken and acknowledged.',
    );
    expect(post(t, RED, 'MAP').mails).toEqual([]);
    // A day after the first, one more: it says how many went unanswered.
    t.tick(DAY - 60_000);
    const later = post(t, RED, 'When is the next turn?');
    expect(later.mails).toHaveLength(1);
    expect(later.mails[0]!.text.replace(/\s+/g, ' ')).toContain(
      'Since 2026-01-10 09:01 UTC, 3 other mails from this address went unanswered: the referee answers at most 2 mails a day that bring no orders it can take, and 6 commands without an envelope',
    );
  });

  it('never sends the same reply twice running to an address', () => {
    const t = testReferee();
    startedDuel(t);
    expect(post(t, RED, 'Is it my turn?').mails).toHaveLength(1);
    expect(post(t, RED, 'Is it my turn now?').mails).toEqual([]);
    expect(held(t)).toMatchObject({ repeat: 1, budget: 0 });
    // Another reply in between: the same one may follow it.
    expect(post(t, RED, 'STATUS').mails).toHaveLength(1);
    t.tick(DAY);
    expect(post(t, RED, 'Still nothing?').mails).toHaveLength(1);
  });

  it('always acknowledges orders with the secret or token, whatever the budget', () => {
    const t = testReferee();
    const s = startedDuel(t);
    for (const text of ['a', 'STATUS', 'MAP', 'b']) post(t, RED, text);
    const ack = post(t, 'someone@example.org', envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1\nSTATUS'));
    expect(ack.mails.map((m) => [m.kind, m.recipient])).toEqual([
      ['ack', RED],
      ['answer', RED],
    ]);
    const token = t.deps.keys.turnToken('duel', 'red', 1);
    expect(post(t, RED, envelope('duel', 'red', token, 'R1: 1 1 1 1 1')).mails.map((m) => m.kind)).toEqual(['ack']);
  });

  it('gives no notice to a mail that names or quotes one of its notices: an auto-responder without headers', () => {
    const t = testReferee();
    const s = startedDuel(t);
    const notice = post(t, RED, 'Is it my turn?').mails[0]!;
    // The robot's answer names the notice in In-Reply-To.
    const named = post(t, RED, 'I am away until Monday.', {
      subject: `Re: ${notice.subject}`,
      headers: { 'in-reply-to': [notice.messageId] },
    });
    expect(named.mails).toEqual([]);
    // Or only quotes it.
    const quoted = post(
      t,
      RED,
      `I am away.\n\n${notice.text
        .split('\n')
        .map((l) => `> ${l}`)
        .join('\n')}`,
      { subject: 'Away' },
    );
    expect(quoted.mails).toEqual([]);
    expect(held(t)).toMatchObject({ 'answers-notice': 2 });
    // A reply to the acknowledgement is no answer to a notice (a day later: not a repeat either).
    t.tick(DAY);
    const ack = post(t, RED, envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1')).mails[0]!;
    expect(post(t, RED, 'thanks', { headers: { 'in-reply-to': [ack.messageId] } }).mails).toHaveLength(1);
  });

  it("sends at most 2 replies in 10 minutes into a loop with an auto-responder, and takes the player's orders after it", () => {
    const t = testReferee();
    const s = startedDuel(t);
    // The robot answers every mail the referee sends it, at once, with a new subject and no
    // RFC 3834 header; it quotes nothing and names nothing. One mail a second for 10 minutes.
    let sent = 0;
    const queue: OutboxRow[] = post(t, RED, 'Out of office: back on Monday').mails;
    for (let i = 0; i < 600; i++) {
      t.tick(1000);
      const m = queue.shift();
      sent += m ? 1 : 0;
      queue.push(...post(t, RED, `Out of office ${i}: back on Monday`, { subject: `Away ${i}` }).mails);
    }
    sent += queue.length;
    expect(sent).toBeLessThanOrEqual(2);
    const ack = post(t, RED, envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1'));
    expect(ack.r.outcome).toBe('orders');
    expect(ack.mails.map((m) => m.subject)).toEqual(['[duel] Turn 1 orders accepted']);
  });
});

describe('rate limits cannot lock a player out', () => {
  it("takes a player's orders after 60 forged mails with his From address", () => {
    const t = testReferee();
    const s = startedDuel(t);
    for (let i = 0; i < 60; i++)
      post(t, RED, i % 2 ? `junk ${i}` : envelope('duel', 'red', `guess-${i}`, 'R1: 1 1 1 1 1'));
    expect(post(t, RED, 'more junk').r.outcome).toBe('rate-limited');
    const secret = post(t, RED, envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1'));
    expect(secret.r.outcome).toBe('orders');
    expect(secret.mails.map((m) => m.subject)).toEqual(['[duel] Turn 1 orders accepted']);
    const token = post(
      t,
      RED,
      envelope('duel', 'red', t.deps.keys.turnToken('duel', 'red', 1), 'R1: 1 1 1 1 1\nSTATUS'),
    );
    expect(token.mails.map((m) => m.kind)).toEqual(['ack', 'answer']);
  });

  it('limits the work for a game and in all, never an authenticated envelope', () => {
    const t = testReferee({ rateLimitPerHour: 100 });
    t.deps.referee.rateLimitGamePerHour = 3;
    t.deps.referee.rateLimitAllPerHour = 5;
    const s = startedDuel(t);
    for (let i = 0; i < 3; i++) post(t, `x${i}@example.org`, envelope('duel', 'red', 'wrong', 'R1: 1 1 1 1 1'));
    const over = post(t, 'y@example.org', envelope('duel', 'red', 'wrong', 'R1: 1 1 1 1 1'));
    expect(over.r).toMatchObject({ outcome: 'rate-limited' });
    expect(over.r.detail).toMatch(/^3 mails without a valid secret for game duel in the last hour \(limit 3\)/);
    expect(post(t, 'z@example.org', envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1')).mails.map((m) => m.kind)).toEqual([
      'ack',
    ]);
    post(t, 'a@example.org', 'hello');
    const all = post(t, RED, 'Is it my turn?');
    expect(all.r.detail).toMatch(/^5 mails without a valid secret in the last hour \(limit 5\)/);
    expect(all.mails).toEqual([]);
    expect(held(t)).toMatchObject({ 'rate-limit': 1 });
    expect(
      post(t, 'b@example.org', envelope('duel', 'blue', s.blue, 'B1: 1 1 1 1 1')).mails.some((m) => m.kind === 'ack'),
    ).toBe(true);
  });
});

describe('wrong-secret notices', () => {
  it('asks no "which envelope" question for two envelopes with wrong secrets: they are an attempt like any other', () => {
    const t = testReferee();
    startedDuel(t);
    const r = post(
      t,
      'forger@evil.example',
      `${envelope('duel', 'red', 'guess-1', 'R1: 1 1 1 1 1')}\n${envelope('duel', 'red', 'guess-2', 'R1: 1 1 1 1 1\nHOLD R1 ALL')}`,
    );
    expect(r.r.outcome).toBe('auth-failed');
    expect(r.mails.map((m) => m.subject)).toEqual(['[duel] Orders with a wrong secret were refused']);
  });

  it("forgets the rate limits' counts after a day", () => {
    const t = testReferee();
    startedDuel(t);
    post(t, 'x@example.org', 'hello');
    const count = () => t.store.tx((tx) => tx.replies.countPreauth({}, 0));
    expect(count()).toBe(1);
    tick(t.deps, t.now() + DAY + 1);
    expect(count()).toBe(0);
  });

  it('tells the player of 50 forged mails from 50 senders in one notice at once and one an hour later', () => {
    const t = testReferee({ rateLimitPerHour: 1000 });
    startedDuel(t);
    const notices: OutboxRow[] = [];
    for (let i = 1; i <= 50; i++) {
      notices.push(...post(t, `forger${i}@evil.example`, envelope('duel', 'red', `guess-${i}`, 'R1: 1 1 1 1 1')).mails);
      t.tick(1000);
    }
    expect(notices.map((m) => [m.recipient, m.subject])).toEqual([
      [RED, '[duel] Orders with a wrong secret were refused'],
    ]);
    expect(notices[0]!.text).toContain('A mail from forger1@evil.example carried orders');
    expect(held(t)).toMatchObject({ 'wrong-secret-collected': 49 });
    const before = outbox(t).length;
    tick(t.deps, t.now() + 30 * 60_000);
    expect(outbox(t)).toHaveLength(before);
    tick(t.deps, t.now() + HOUR);
    const collected = outbox(t).slice(before);
    expect(collected).toHaveLength(1);
    const text = collected[0]!.text.replace(/\s+/g, ' ');
    expect(text).toContain(
      "49 mails carried orders for player 'red' in game 'duel' with a wrong secret or turn token, from 2026-01-10 09:00 UTC to 2026-01-10 09:00 UTC.",
    );
    expect(text).toContain('They came from: forger2@evil.example, forger3@evil.example,');
    expect(text).toContain('forger11@evil.example, and 39 other addresses.');
    expect(gameClock(t.deps, 'duel').wrongSecrets).toEqual({ attempts: 50, noticed: 50 });
    tick(t.deps, t.now() + 3 * HOUR);
    expect(outbox(t)).toHaveLength(before + 1);
  });
});
