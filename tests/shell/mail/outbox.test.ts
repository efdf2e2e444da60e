import { describe, expect, it, vi } from 'vitest';
import { composeMessage } from '../../../src/shell/mail/compose.ts';
import { backoffMs, DEFAULT_RETRY, OutboxWorker } from '../../../src/shell/mail/outbox-worker.ts';
import { classifySendError } from '../../../src/shell/mail/smtp-link.ts';
import type { MailTransport, SendResult } from '../../../src/shell/mail/transport.ts';
import { silentLog } from '../../../src/app/ports/deps.ts';
import { SqliteStore } from '../../../src/shell/db/store.ts';
import { outboxRow } from '../../support/outbox-rows.ts';

const row = (n: number) =>
  outboxRow(n, { inReplyTo: '<root@example.test>', references: ['<root@example.test>'], html: '<p>hello</p>' });

/** A transport that answers from a script: an error to throw, or a result. */
function scripted(script: (msg: { to: string; messageId: string }, n: number) => SendResult | Error) {
  const sent: { to: string; messageId: string }[] = [];
  let n = 0;
  const transport: MailTransport = {
    async send(m) {
      const msg = { to: String(m.to), messageId: String(m.messageId) };
      const r = script(msg, n++);
      if (r instanceof Error) throw r;
      sent.push(msg);
      return r;
    },
    close: () => {},
  };
  return { transport, sent };
}

const smtpError = (code: string, responseCode?: number, response = '') =>
  Object.assign(new Error(response || code), { code, responseCode, response });
const ok = (to: string): SendResult => ({ accepted: [to], rejected: [], response: '250 2.0.0 Ok: queued' });

function setup(transport: MailTransport, opts: { maxAttempts?: number } = {}) {
  const store = SqliteStore.open(':memory:');
  let now = 1_000_000;
  const worker = new OutboxWorker({
    store,
    transport,
    clock: { now: () => now },
    log: silentLog,
    owner: 'w1',
    random: () => 0.5,
    compose: (r) => composeMessage(r, { address: 'referee@example.test', name: 'Referee' }),
    retry: { baseMs: 1000, maxMs: 60_000, maxAttempts: opts.maxAttempts ?? 5 },
  });
  const rows = () => store.tx((tx) => tx.outbox.list());
  return {
    store,
    worker,
    rows,
    advance: (ms: number) => {
      now += ms;
    },
    now: () => now,
  };
}

describe('the outbox worker', () => {
  it('sends every due row once, with its own Message-ID and the automatic-mail headers', async () => {
    const { transport, sent } = scripted((m) => ok(m.to));
    const s = setup(transport);
    s.store.tx((tx) => {
      for (let i = 1; i <= 3; i++) tx.outbox.insert(row(i), s.now());
    });
    expect(await s.worker.runOnce()).toBe(3);
    expect(await s.worker.runOnce()).toBe(0);
    expect(sent.map((m) => m.messageId)).toEqual(['<m1@example.test>', '<m2@example.test>', '<m3@example.test>']);
    expect(
      s.rows().every((r) => r.status === 'sent' && r.response === '250 2.0.0 Ok: queued' && r.attempts === 1),
    ).toBe(true);
    const msg = composeMessage(s.rows()[0]!, { address: 'referee@example.test', name: 'Referee' });
    expect(msg.headers).toMatchObject({ 'Auto-Submitted': 'auto-generated', 'X-Tallyho-Loop': 'referee@example.test' });
    expect(msg).toMatchObject({
      inReplyTo: '<root@example.test>',
      references: ['<root@example.test>'],
      envelope: { from: 'referee@example.test' },
    });
  });

  it('sends acknowledgements and answers ahead of reports, reminders, notices and welcomes queued before them', async () => {
    const { transport, sent } = scripted((m) => ok(m.to));
    const s = setup(transport);
    const kinds = ['report', 'report', 'reminder', 'ack', 'notice', 'answer', 'welcome', 'ack'] as const;
    s.store.tx((tx) => {
      kinds.forEach((kind, i) => {
        tx.outbox.insert({ ...row(i + 1), kind }, s.now());
        s.advance(1);
      });
    });
    expect(await s.worker.runOnce()).toBe(8);
    const kindOf = new Map(s.rows().map((r) => [r.messageId, r.kind]));
    expect(sent.map((m) => kindOf.get(m.messageId))).toEqual([
      'ack',
      'answer',
      'ack',
      'report',
      'report',
      'reminder',
      'notice',
      'welcome',
    ]);
  });

  it('lets the recipients take turns: a flood to one address never holds back another player’s acknowledgement', async () => {
    const { transport, sent } = scripted((m) => ok(m.to));
    const s = setup(transport);
    const flood = 'Flood@example.test';
    s.store.tx((tx) => {
      for (let i = 1; i <= 6; i++) {
        tx.outbox.insert({ ...row(i), kind: 'ack', recipient: i % 2 ? flood : flood.toLowerCase() }, s.now());
        s.advance(1);
      }
      tx.outbox.insert({ ...row(7), kind: 'report', recipient: 'bob@example.test' }, s.now());
      s.advance(1);
      tx.outbox.insert({ ...row(8), kind: 'ack', recipient: 'alice@example.test' }, s.now());
      s.advance(1);
      tx.outbox.insert({ ...row(9), kind: 'ack', recipient: 'bob@example.test' }, s.now());
      tx.outbox.insert({ ...row(10), kind: 'report', recipient: flood }, s.now());
      tx.outbox.insert({ ...row(11), kind: 'report', recipient: 'bob@example.test' }, s.now());
    });
    expect(await s.worker.runOnce()).toBe(11);
    // Acknowledgements first, each recipient's oldest in turn (the address's case does not make
    // two recipients of one), each recipient's own mail in the order it was queued; then reports.
    expect(sent.map((m) => m.messageId.replace(/^<m(\d+)@.*$/, '$1'))).toEqual([
      '1',
      '8',
      '9',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '10',
      '11',
    ]);
  });

  it('retries connection errors (with a transport that cannot probe) and 4xx with growing delays, then sends', async () => {
    const { transport, sent } = scripted((m, n) =>
      n === 0 ? smtpError('ECONNECTION') : n === 1 ? smtpError('EENVELOPE', 451, '451 4.3.0 try later') : ok(m.to),
    );
    const s = setup(transport);
    s.store.tx((tx) => tx.outbox.insert(row(1), s.now()));
    await s.worker.runOnce();
    expect(s.rows()[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: expect.stringMatching(/ECONNECTION/),
      nextAttemptAt: s.now() + 750,
    });
    expect(await s.worker.runOnce()).toBe(0); // not due yet
    s.advance(750);
    await s.worker.runOnce();
    expect(s.rows()[0]).toMatchObject({ status: 'pending', attempts: 2, nextAttemptAt: s.now() + 1500 });
    s.advance(1500);
    await s.worker.runOnce();
    expect(s.rows()[0]).toMatchObject({ status: 'sent', attempts: 3 });
    expect(sent).toHaveLength(1);
  });

  it('dead-letters 5xx answers and refused envelopes at once, and a mail that keeps failing', async () => {
    const { transport } = scripted((m) =>
      m.to.startsWith('p1')
        ? smtpError('EENVELOPE', 550, '550 5.1.1 no such user')
        : m.to.startsWith('p2')
          ? smtpError('EMESSAGE', 552, '552 too big')
          : smtpError('ETIMEDOUT'),
    );
    const s = setup(transport, { maxAttempts: 3 });
    s.store.tx((tx) => {
      for (let i = 1; i <= 3; i++) tx.outbox.insert(row(i), s.now());
    });
    for (let i = 0; i < 5; i++) {
      await s.worker.runOnce();
      s.advance(60_000);
    }
    const [a, b, c] = s.rows();
    expect(a).toMatchObject({ status: 'dead', attempts: 1, lastError: expect.stringMatching(/550 5.1.1/) });
    expect(b).toMatchObject({ status: 'dead', attempts: 1 });
    expect(c).toMatchObject({
      status: 'dead',
      attempts: 3,
      lastError: expect.stringMatching(/gave up after 3 attempts/),
    });
    expect(s.store.tx((tx) => tx.outbox.counts('g'))).toEqual({ pending: 0, sent: 0, dead: 3 });
  });

  it('flags a mail some recipients refused', async () => {
    const { transport } = scripted((m) => ({ accepted: [m.to], rejected: ['cc@example.test'], response: '250 ok' }));
    const s = setup(transport);
    s.store.tx((tx) => tx.outbox.insert(row(1), s.now()));
    await s.worker.runOnce();
    expect(s.rows()[0]).toMatchObject({ status: 'sent', rejected: ['cc@example.test'] });
  });

  it('sends again the rows of a worker that died holding them, once their lease runs out', async () => {
    const { transport, sent } = scripted((m) => ok(m.to));
    const s = setup(transport);
    s.store.tx((tx) => tx.outbox.insert(row(1), s.now()));
    // Another worker leased the row and died.
    s.store.tx((tx) => tx.outbox.lease('dead-worker', s.now(), s.now() + 120_000, 10));
    expect(await s.worker.runOnce()).toBe(0);
    s.advance(120_000);
    expect(await s.worker.runOnce()).toBe(1);
    expect(sent).toHaveLength(1);
    expect(s.rows()[0]).toMatchObject({ status: 'sent', attempts: 2 });
    // The dead worker's late report changes nothing.
    s.store.tx((tx) => tx.outbox.markRetry(1, 'dead-worker', 0, 'late'));
    expect(s.rows()[0]!.status).toBe('sent');
  });

  it('keeps its sends in flight, up to its concurrency, and takes mail queued meanwhile in the same run', async () => {
    // A transport that answers when the test says so, counting the sends in flight.
    let inFlight = 0;
    let most = 0;
    const waiting: (() => void)[] = [];
    const sent: string[] = [];
    const transport: MailTransport = {
      send: (m) =>
        new Promise((resolve) => {
          inFlight++;
          most = Math.max(most, inFlight);
          waiting.push(() => {
            inFlight--;
            sent.push(String(m.messageId));
            resolve(ok(String(m.to)));
          });
        }),
      close: () => {},
    };
    const store = SqliteStore.open(':memory:');
    const worker = new OutboxWorker({
      store,
      transport,
      clock: { now: () => 1_000_000 },
      log: silentLog,
      owner: 'w1',
      batch: 3,
      concurrency: 4,
      pollMs: 60_000,
      compose: (r) => composeMessage(r, { address: 'referee@example.test', name: 'Referee' }),
    });
    const answer = async (n: number) => {
      for (let i = 0; i < n; i++) waiting.shift()?.();
      await new Promise((r) => setImmediate(r));
    };
    store.tx((tx) => {
      for (let i = 1; i <= 2; i++) tx.outbox.insert(row(i), 1_000_000);
    });
    worker.start();
    await answer(0);
    expect(inFlight).toBe(2);
    // Queued while those two are out: taken as soon as a send is done, not after a poll.
    store.tx((tx) => {
      for (let i = 3; i <= 12; i++) tx.outbox.insert(row(i), 1_000_000);
    });
    for (let i = 0; i < 20 && sent.length < 12; i++) await answer(1);
    await worker.stop();
    expect(sent.sort()).toEqual(Array.from({ length: 12 }, (_, i) => `<m${i + 1}@example.test>`).sort());
    expect(most).toBe(4);
    expect(store.tx((tx) => tx.outbox.counts('g'))).toEqual({ pending: 0, sent: 12, dead: 0 });
  });

  it('leases only the rows being sent and records each result the moment its send ends', async () => {
    const waiting = new Map<string, () => void>();
    const transport: MailTransport = {
      send: (m) =>
        new Promise((resolve) => {
          waiting.set(String(m.messageId), () => resolve(ok(String(m.to))));
        }),
      close: () => {},
    };
    const store = SqliteStore.open(':memory:');
    const worker = new OutboxWorker({
      store,
      transport,
      clock: { now: () => 1_000_000 },
      log: silentLog,
      owner: 'w1',
      concurrency: 3,
      pollMs: 60_000,
      compose: (r) => composeMessage(r, { address: 'referee@example.test', name: 'Referee' }),
    });
    const tick = () => new Promise((r) => setTimeout(r, 5));
    const leased = () =>
      store.tx((tx) =>
        tx.outbox
          .list()
          .filter((r) => r.leaseOwner !== null)
          .map((r) => r.messageId)
          .sort(),
      );
    const status = (id: string) => store.tx((tx) => tx.outbox.list().find((r) => r.messageId === id)?.status);
    store.tx((tx) => {
      for (let i = 1; i <= 10; i++) tx.outbox.insert(row(i), 1_000_000);
    });
    worker.start();
    await tick();
    // Three sends out, three rows leased: the other seven wait unleased.
    expect([...waiting.keys()].sort()).toEqual(['<m1@example.test>', '<m2@example.test>', '<m3@example.test>']);
    expect(leased()).toEqual([...waiting.keys()].sort());
    // The second answer is recorded at once, while the first and third are still out.
    waiting.get('<m2@example.test>')!();
    waiting.delete('<m2@example.test>');
    await tick();
    expect(status('<m2@example.test>')).toBe('sent');
    expect(status('<m1@example.test>')).toBe('pending');
    expect(leased()).toEqual([...waiting.keys()].sort());
    expect(waiting.size).toBe(3);
    for (let i = 0; i < 20 && waiting.size; i++) {
      const [id, answer] = [...waiting][0]!;
      waiting.delete(id);
      answer();
      await tick();
      expect(leased()).toEqual([...waiting.keys()].sort());
    }
    await worker.stop();
    expect(store.tx((tx) => tx.outbox.counts('g'))).toEqual({ pending: 0, sent: 10, dead: 0 });
  });

  it('stops once its grace has run out while a send hangs, leaving that row leased and recording nothing later', async () => {
    let answer: (() => void) | undefined;
    const transport: MailTransport = {
      send: (m) =>
        new Promise((resolve) => {
          answer = () => resolve(ok(String(m.to)));
        }),
      close: () => {},
    };
    const warned: string[] = [];
    const store = SqliteStore.open(':memory:');
    const worker = new OutboxWorker({
      store,
      transport,
      clock: { now: () => 1_000_000 },
      log: {
        ...silentLog,
        warn: (_f, m) => {
          warned.push(m);
        },
      },
      owner: 'w1',
      pollMs: 60_000,
      stopGraceMs: 5_000,
      compose: (r) => composeMessage(r, { address: 'referee@example.test', name: 'Referee' }),
    });
    store.tx((tx) => tx.outbox.insert(row(1), 1_000_000));
    worker.start();
    await new Promise((r) => setImmediate(r));
    expect(answer).toBeDefined(); // the send is out, and hangs
    // The grace on a fake clock: stop() waits for the send until the grace is out, then gives it up.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let stopped = false;
    try {
      const stopping = worker.stop().then(() => {
        stopped = true;
      });
      await vi.advanceTimersByTimeAsync(4_999);
      expect(stopped).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await stopping;
    } finally {
      vi.useRealTimers();
    }
    expect(stopped).toBe(true);
    expect(warned).toEqual(['stopped with mail still being sent: it is sent again once its lease runs out']);
    answer!();
    await new Promise((r) => setTimeout(r, 20));
    expect(store.tx((tx) => tx.outbox.list())[0]).toMatchObject({ status: 'pending', leaseOwner: 'w1', attempts: 1 });
  });

  it('commits a lazy transaction and goes back to syncing every commit', () => {
    const store = SqliteStore.open(':memory:');
    store.txLazy((tx) => tx.outbox.insert(row(1), 1));
    expect(store.tx((tx) => tx.outbox.list())).toHaveLength(1);
    expect(store.db.pragma('synchronous', { simple: true })).toBe(2); // FULL
    expect(() =>
      store.txLazy(() => {
        throw new Error('undone');
      }),
    ).toThrow('undone');
    expect(store.db.pragma('synchronous', { simple: true })).toBe(2);
  });

  it('classifies errors and backs off exponentially with jitter, capped', () => {
    expect(classifySendError(smtpError('EAUTH', 535)).kind).toBe('retry');
    expect(classifySendError(smtpError('ECONNREFUSED')).kind).toBe('down');
    expect(classifySendError(smtpError('EPROTOCOL', 421)).kind).toBe('down');
    expect(classifySendError(smtpError('EENVELOPE', 451)).kind).toBe('retry');
    expect(classifySendError(smtpError('EENVELOPE', 553)).kind).toBe('dead');
    const p = { ...DEFAULT_RETRY, baseMs: 1000, maxMs: 8000 };
    expect([1, 2, 3, 4, 5, 6].map((a) => backoffMs(a, p, () => 1))).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
    expect(backoffMs(3, p, () => 0)).toBe(2000);
  });
});
