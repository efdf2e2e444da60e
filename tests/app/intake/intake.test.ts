import { describe, expect, it } from 'vitest';
import { refereeCopies } from '../../../src/app/intake/duplicates.ts';
import { intake, receive } from '../../../src/app/intake/intake.ts';
import { envelope, mail, place, REFEREE, startedDuel, testReferee, type TestReferee } from '../../support/app.ts';

const RED = 'red@example.test';
const BLUE = 'blue@example.test';
const outbox = (t: TestReferee) => t.store.tx((tx) => tx.outbox.list());
const newMail = (t: TestReferee, before: number) => outbox(t).slice(before);
const orders = (t: TestReferee, player: string, turn = 1) =>
  t.store.tx((tx) => tx.orders.history('duel', player, turn));

describe('intake: who may send orders', () => {
  it('accepts orders with the secret and acknowledges them to the registered address', () => {
    const t = testReferee();
    const s = startedDuel(t);
    const n = outbox(t).length;
    const r = intake(
      t.deps,
      mail(RED, `Here are my orders.\n${envelope('duel', 'red', s.red, 'R1: RB S TR 1 1')}`),
      place(1),
    );
    expect(r).toMatchObject({ duplicate: false, outcome: 'orders', folder: 'Processed', games: ['duel'] });
    const [ack] = newMail(t, n);
    expect(ack).toMatchObject({ kind: 'ack', recipient: RED, subject: '[duel] Turn 1 orders accepted' });
    expect(ack!.text).toContain('R1: RB S TR 1 1');
    expect(ack!.text).toContain('PATH OF R1');
    expect(ack!.text).not.toContain(s.red);
    expect(orders(t, 'red')).toHaveLength(1);
  });

  it('answers only the registered address, whoever sent the orders', () => {
    const t = testReferee();
    const s = startedDuel(t);
    const n = outbox(t).length;
    intake(
      t.deps,
      mail('someone.else@example.org', envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1'), {
        headers: { 'reply-to': ['x@evil.example'] },
      }),
      place(1),
    );
    expect(newMail(t, n).map((m) => m.recipient)).toEqual([RED]);
  });

  it('refuses a wrong secret: no state change, a notice to the player only, logged', () => {
    const t = testReferee();
    startedDuel(t);
    const n = outbox(t).length;
    const r = intake(
      t.deps,
      mail('forger@evil.example', envelope('duel', 'red', 'not-the-secret', 'R1: 1 1 1 1 1')),
      place(1),
    );
    expect(r.outcome).toBe('auth-failed');
    expect(orders(t, 'red')).toEqual([]);
    const sent = newMail(t, n);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ kind: 'notice', recipient: RED });
    expect(sent[0]!.text).toMatch(/wrong secret/);
    expect(t.logs.some((l) => l.level === 'warn' && /wrong secret/.test(l.message))).toBe(true);
  });

  it('takes the turn token of the orders template, for that turn only', () => {
    const t = testReferee();
    const s = startedDuel(t);
    const token = t.deps.keys.turnToken('duel', 'red', 1);
    expect(intake(t.deps, mail(RED, envelope('duel', 'red', token, 'R1: 1 1 1 1 1')), place(1)).outcome).toBe('orders');
    expect(orders(t, 'red')[0]!.accepted).toBe(true);
    // Another player's token does not open red's orders.
    const blueToken = t.deps.keys.turnToken('duel', 'blue', 1);
    expect(intake(t.deps, mail(RED, envelope('duel', 'red', blueToken, 'R1: 1 1 1 1 1')), place(2)).outcome).toBe(
      'auth-failed',
    );
    // After the turn, the old token is refused with a clear reason.
    receive(t.deps, mail(BLUE, envelope('duel', 'blue', s.blue, 'B1: 1 1 1 1 1')), place(3));
    const n = outbox(t).length;
    intake(t.deps, mail(RED, envelope('duel', 'red', token, 'R1: 1 1 1 1 1')), place(4));
    const [ack] = newMail(t, n);
    expect(ack!.subject).toBe('[duel] Turn 2 orders NOT accepted');
    expect(ack!.text).toMatch(/turn token is for turn 1; the game is at turn 2/);
  });

  it('reports every error with its line, and keeps earlier orders standing', () => {
    const t = testReferee();
    const s = startedDuel(t);
    intake(t.deps, mail(RED, envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1')), place(1));
    const n = outbox(t).length;
    intake(t.deps, mail(RED, envelope('duel', 'red', s.red, 'R1: 1 1 TR 1 1\nFIRE B1 FIXED AT R1\nBOGUS')), place(2));
    const [ack] = newMail(t, n);
    expect(ack!.subject).toBe('[duel] Turn 1 orders NOT accepted');
    expect(ack!.text).toMatch(/line 4: 'BOGUS' is not an order/);
    expect(ack!.text).toMatch(/R1, box 3: TR/);
    expect(ack!.text).toMatch(/B1 is not one of your planes/);
    expect(ack!.text).toMatch(/Your orders sent at 2026-01-10 09:00 UTC still stand/);
    const h = orders(t, 'red');
    expect(h.map((o) => o.accepted)).toEqual([true, false]);
    expect(t.store.tx((tx) => tx.orders.latestAccepted('duel', 1)).get('red')!.id).toBe(h[0]!.id);
  });

  it('lets a resubmission replace the earlier orders, and says so', () => {
    const t = testReferee();
    const s = startedDuel(t);
    intake(t.deps, mail(RED, envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1')), place(1));
    t.tick(60_000);
    const n = outbox(t).length;
    intake(t.deps, mail(RED, envelope('duel', 'red', s.red, 'R1: RB S TR 1 1')), place(2));
    const [ack] = newMail(t, n);
    expect(ack!.text).toContain('They replace the orders you sent at 2026-01-10 09:00 UTC.');
    const latest = t.store.tx((tx) => tx.orders.latestAccepted('duel', 1)).get('red')!;
    expect(latest.orders.plots.R1!.boxes.map((b) => b.man)).toEqual(['RB', 'S', 'TR', '1', '1']);
    expect(orders(t, 'red')).toHaveLength(2);
  });

  it('handles several envelopes of several games in one mail, each answered', () => {
    const t = testReferee();
    const a = startedDuel(t, 'duel');
    const b = startedDuel(t, 'duel2');
    const n = outbox(t).length;
    const text = `${envelope('duel', 'red', a.red, 'R1: 1 1 1 1 1')}\nand the other game:\n${envelope('duel2', 'red', b.red, 'R1: 1 1 1 1 1')}`;
    const r = intake(t.deps, mail(RED, text), place(1));
    expect(r.games).toEqual(['duel', 'duel2']);
    expect(newMail(t, n).map((m) => m.subject)).toEqual([
      '[duel] Turn 1 orders accepted',
      '[duel2] Turn 1 orders accepted',
    ]);
  });

  it('parses each mail of the referee once for the comparison, and keeps its envelopes (migrations/006)', () => {
    const t = testReferee();
    startedDuel(t);
    const welcome = outbox(t).find((m) => m.kind === 'welcome' && m.recipient === RED)!;
    const stored = () =>
      t.store.db.prepare('SELECT orders_copies FROM outbox WHERE id = ?').pluck().get(welcome.id) as string | null;
    expect(stored()).toBeNull();
    const copies = () => t.store.tx((tx) => refereeCopies(tx, 'duel', 'red', 1));
    const first = copies();
    expect(first.size).toBe(1);
    expect(JSON.parse(stored()!)).toEqual([...first]);
    // Read back in the stored form: the text is not parsed again (here it no longer holds the envelope).
    t.store.db.prepare("UPDATE outbox SET text_body = 'gone' WHERE id = ?").run(welcome.id);
    expect(copies()).toEqual(first);
    // A row of before the migration (nothing stored) is parsed on first use.
    t.store.db
      .prepare('UPDATE outbox SET orders_copies = NULL, text_body = ? WHERE id = ?')
      .run(welcome.text, welcome.id);
    expect(copies()).toEqual(first);
    expect(stored()).not.toBeNull();
  });

  it('takes the edited envelope over the unchanged template of an unquoted reply', () => {
    const t = testReferee();
    const s = startedDuel(t);
    const welcome = outbox(t).find((m) => m.kind === 'welcome' && m.recipient === RED)!;
    const text = `${envelope('duel', 'red', s.red, 'R1: RB S TR 1 1')}\n-----Original Message-----\n${welcome.text}`;
    intake(t.deps, mail(RED, text), place(1));
    expect(orders(t, 'red')).toHaveLength(1);
    expect(orders(t, 'red')[0]!.orders.plots.R1!.boxes[0]!.man).toBe('RB');
    expect(outbox(t).at(-1)!.text).toMatch(/unchanged copy of orders the referee sent you/);
  });

  it('answers a player whose mail holds no envelope; sets aside a stranger without an answer', () => {
    const t = testReferee();
    startedDuel(t);
    const n = outbox(t).length;
    expect(intake(t.deps, mail(RED, 'When is the next turn?'), place(1))).toMatchObject({
      outcome: 'no-orders',
      folder: 'Processed',
    });
    expect(newMail(t, n)).toHaveLength(1);
    expect(newMail(t, n)[0]!.text).toMatch(/holds no orders envelope/);
    expect(intake(t.deps, mail('spam@example.org', 'Buy now!'), place(2))).toMatchObject({
      outcome: 'not-for-us',
      folder: 'Rejected',
    });
    expect(intake(t.deps, mail('spam@example.org', envelope('nogame', 'x', 'y', 'A1: 1')), place(3))).toMatchObject({
      outcome: 'not-for-us',
      folder: 'Rejected',
    });
    expect(newMail(t, n)).toHaveLength(1);
  });

  it('tells a player about an unreadable mail; a stranger gets nothing', () => {
    const t = testReferee();
    startedDuel(t);
    const n = outbox(t).length;
    expect(intake(t.deps, mail(RED, '', { unreadable: 'it is larger than 1 MiB' }), place(1))).toMatchObject({
      outcome: 'unreadable',
      folder: 'Processed',
    });
    expect(newMail(t, n)[0]!.text).toMatch(/could not be read: it is larger than 1 MiB/);
    expect(intake(t.deps, mail('x@example.org', '', { unreadable: 'too many parts' }), place(2))).toMatchObject({
      outcome: 'unreadable',
      folder: 'Rejected',
    });
    expect(newMail(t, n)).toHaveLength(1);
  });
});

describe('intake: exactly once', () => {
  it('handles a mail once, whether it comes back in the same place or another', () => {
    const t = testReferee();
    const s = startedDuel(t);
    const m = mail(RED, envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1'));
    const first = intake(t.deps, m, place(7));
    const n = outbox(t).length;
    expect(intake(t.deps, m, place(7))).toMatchObject({
      duplicate: true,
      inboundId: first.inboundId,
      folder: 'Processed',
    });
    expect(intake(t.deps, m, place(8))).toMatchObject({ duplicate: true, inboundId: first.inboundId });
    expect(intake(t.deps, m, { mailbox: 'test:INBOX', uidValidity: 99, uid: 7 })).toMatchObject({ duplicate: true });
    expect(outbox(t)).toHaveLength(n);
    expect(orders(t, 'red')).toHaveLength(1);
  });

  it('leaves nothing behind when the transaction fails', () => {
    const t = testReferee();
    const s = startedDuel(t);
    const n = outbox(t).length;
    const broken = {
      ...t.deps,
      renderer: {
        render: () => {
          throw new Error('template exploded');
        },
      },
    };
    expect(() => intake(broken, mail(RED, envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1')), place(1))).toThrow(
      'template exploded',
    );
    expect(orders(t, 'red')).toEqual([]);
    expect(outbox(t)).toHaveLength(n);
    expect(t.store.tx((tx) => tx.inbound.findByPlace(place(1)))).toBeUndefined();
  });
});

describe('intake: the loop guard (RFC 3834)', () => {
  const cases: [string, Parameters<typeof mail>[2]][] = [
    ['Auto-Submitted: auto-replied', { headers: { 'auto-submitted': ['auto-replied'] } }],
    ['Precedence: bulk', { headers: { precedence: ['bulk'] } }],
    ['Precedence: auto_reply', { headers: { precedence: ['auto_reply'] } }],
    ['List-Id', { headers: { 'list-id': ['<games.example.org>'] } }],
    ['null sender', { returnPath: '' }],
    ['MAILER-DAEMON', { from: 'mailer-daemon@example.test', returnPath: 'MAILER-DAEMON@example.test' }],
    ['postmaster', { from: 'postmaster@example.test' }],
    ['multipart/report', { contentType: 'multipart/report' }],
    ['our own address', { from: REFEREE }],
    ['our loop header', { headers: { 'x-tallyho-loop': [REFEREE] } }],
  ];
  for (const [name, extra] of cases) {
    it(`never answers: ${name}`, () => {
      const t = testReferee();
      startedDuel(t);
      const n = outbox(t).length;
      const r = intake(t.deps, mail(RED, 'I am out of the office until Monday.', extra), place(1));
      expect(r).toMatchObject({ outcome: 'loop-guard', folder: 'Rejected' });
      expect(outbox(t)).toHaveLength(n);
    });
  }

  it("takes a player's orders through a mailing list when the secret is right, answering his registered address only", () => {
    const t = testReferee();
    const s = startedDuel(t);
    const list = { headers: { 'list-id': ['<club.lists.example.test>'], precedence: ['list'] } };
    const n = outbox(t).length;
    // The list rewrote From to itself (DMARC): the secret, not the address, says who it is.
    const r = intake(
      t.deps,
      mail('club@lists.example.test', envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1'), list),
      place(1),
    );
    expect(r.outcome).toBe('orders');
    expect(
      outbox(t)
        .slice(n)
        .map((m) => [m.kind, m.recipient]),
    ).toEqual([['ack', RED]]);
    // A wrong secret, no envelope, or anything else automatic about it: not answered at all.
    const cases: [string, Parameters<typeof mail>[2]][] = [
      [envelope('duel', 'red', 'wrong-secret', 'R1: 1 1 1 1 1'), list],
      ['Who is in for the next game?', list],
      [
        envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1'),
        { headers: { ...list.headers, 'auto-submitted': ['auto-replied'] } },
      ],
    ];
    for (const [text, extra] of cases) {
      const m = outbox(t).length;
      expect(intake(t.deps, mail(RED, text, extra), place(m + 10))).toMatchObject({
        outcome: 'loop-guard',
        folder: 'Rejected',
      });
      expect(outbox(t)).toHaveLength(m);
    }
  });

  it('answers Auto-Submitted: no', () => {
    const t = testReferee();
    startedDuel(t);
    expect(intake(t.deps, mail(RED, 'hello', { headers: { 'auto-submitted': ['no'] } }), place(1)).outcome).toBe(
      'no-orders',
    );
  });
});

describe('intake: rate limit', () => {
  it('does no work but the secret check for a sender beyond the hourly limit, and takes them again an hour later', () => {
    const t = testReferee({ rateLimitPerHour: 3 });
    startedDuel(t);
    const n = outbox(t).length;
    expect(intake(t.deps, mail(RED, 'question 1'), place(1)).outcome).toBe('no-orders');
    expect(intake(t.deps, mail(RED, 'STATUS'), place(2)).outcome).toBe('orders');
    expect(intake(t.deps, mail(RED, envelope('dule', 'red', 'x', 'R1: 1 1 1 1 1')), place(3)).outcome).toBe('orders');
    // Two notices and an answer to a command without an envelope (an allowance of its own).
    expect(outbox(t)).toHaveLength(n + 3);
    const r = intake(t.deps, mail(RED, 'question 4'), place(4));
    expect(r).toMatchObject({ outcome: 'rate-limited', folder: 'Processed' });
    expect(r.detail).toMatch(
      /^3 mails without a valid secret from red@example.test in the last hour \(limit 3\); no-orders/,
    );
    expect(outbox(t)).toHaveLength(n + 3);
    // A command without an envelope is not even worked out past the limit.
    expect(intake(t.deps, mail(RED, 'MAP'), place(6)).outcome).toBe('rate-limited');
    expect(outbox(t)).toHaveLength(n + 3);
    expect(t.logs.at(-2)).toMatchObject({
      message: 'reply held back',
      fields: { reason: 'rate-limit', title: 'answer to MAP' },
    });
    t.tick(3600_001);
    expect(intake(t.deps, mail(RED, 'question 5'), place(5)).outcome).toBe('no-orders');
  });
});
