/**
 * The outbox while the SMTP server does not answer (src/shell/mail/smtp-link.ts): which failures
 * are the server's, the probes' schedule on the injected clock, no row leased (and no attempt
 * spent) while it is down, the waiting mail sent at the first probe the server answers, and the
 * doubling backoff kept for a mail the server answers with a 4xx or drops right after a probe.
 */
import { outboxRow } from '../../support/outbox-rows.ts';
import { describe, expect, it } from 'vitest';
import { silentLog } from '../../../src/app/ports/deps.ts';
import { SqliteStore } from '../../../src/shell/db/store.ts';
import { composeMessage } from '../../../src/shell/mail/compose.ts';
import { OutboxWorker } from '../../../src/shell/mail/outbox-worker.ts';
import { classifySendError, DEFAULT_PROBE, probeDelayMs } from '../../../src/shell/mail/smtp-link.ts';
import type { MailTransport } from '../../../src/shell/mail/transport.ts';

const row = outboxRow;

const err = (code: string, fields: { responseCode?: number; command?: string; response?: string } = {}) =>
  Object.assign(new Error(fields.response ?? code), { code, ...fields });

/**
 * A server switched by the test: `up` takes connections (probes pass), `takes` takes mail. Sends
 * and probes are counted, each probe with the clock's time.
 */
function server(now: () => number) {
  const s = { up: false, takes: false, sends: 0, probedAt: [] as number[], sent: [] as string[] };
  const transport: MailTransport = {
    async send(m) {
      s.sends++;
      if (!s.up) throw err('ESOCKET', { command: 'CONN', response: 'connect ECONNREFUSED 127.0.0.1:25' });
      if (!s.takes) throw err('ECONNECTION', { command: 'CONN', response: 'Connection closed unexpectedly' });
      s.sent.push(String(m.messageId));
      return { accepted: [String(m.to)], rejected: [], response: '250 2.0.0 Ok: queued' };
    },
    async probe() {
      s.probedAt.push(now());
      if (!s.up) throw err('ESOCKET', { command: 'CONN' });
    },
    close: () => {},
  };
  return { s, transport };
}

function setup(rows: number) {
  const store = SqliteStore.open(':memory:');
  let now = 1_000_000;
  const { s, transport } = server(() => now);
  const worker = new OutboxWorker({
    store,
    transport,
    clock: { now: () => now },
    log: silentLog,
    owner: 'w1',
    random: () => 0.5,
    compose: (r) => composeMessage(r, { address: 'referee@example.test', name: 'Referee' }),
    retry: { baseMs: 30_000, maxMs: 3_600_000, maxAttempts: 5 },
  });
  store.tx((tx) => {
    for (let i = 1; i <= rows; i++) tx.outbox.insert(row(i), now);
  });
  const list = () => store.tx((tx) => tx.outbox.list());
  const advance = (ms: number) => {
    now += ms;
  };
  return { s, worker, list, advance, now: () => now };
}

describe('the SMTP server as the outbox sees it', () => {
  it("tells the server's failures from the mail's", () => {
    const kind = (e: unknown) => classifySendError(e).kind;
    for (const code of ['ESOCKET', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ECONNECTION', 'EDNS'])
      expect(kind(err(code)), code).toBe('down');
    // A 4xx greeting, or a 421 whenever it comes: the server turns every mail away.
    expect(kind(err('EPROTOCOL', { responseCode: 450, command: 'CONN' }))).toBe('down');
    expect(kind(err('EENVELOPE', { responseCode: 421, command: 'MAIL FROM' }))).toBe('down');
    // A 4xx answer to the mail itself, a refused login, a TLS failure: the mail's backoff.
    expect(kind(err('EENVELOPE', { responseCode: 451, command: 'RCPT TO' }))).toBe('retry');
    expect(kind(err('EMESSAGE', { responseCode: 452, command: 'DATA' }))).toBe('retry');
    expect(kind(err('EAUTH', { responseCode: 535, command: 'AUTH PLAIN' }))).toBe('retry');
    expect(kind(err('ETLS'))).toBe('retry');
    expect(kind(new Error('no code'))).toBe('retry');
    // 5xx, a 5xx greeting too, and a refused envelope: dead letters.
    expect(kind(err('EENVELOPE', { responseCode: 550, command: 'RCPT TO' }))).toBe('dead');
    expect(kind(err('EPROTOCOL', { responseCode: 554, command: 'CONN' }))).toBe('dead');
    expect(kind(err('EENVELOPE'))).toBe('dead');
  });

  it('probes 1, 2 and 4 s after, then every 5 s', () => {
    expect([0, 1, 2, 3, 4, 10].map((n) => probeDelayMs(n, DEFAULT_PROBE))).toEqual([
      1000, 2000, 4000, 5000, 5000, 5000,
    ]);
  });

  it('leases nothing while the server is down, probes on the clock, and sends the waiting mail at the first probe it answers', async () => {
    const t = setup(3);
    expect(await t.worker.runOnce()).toBe(1);
    expect(t.s.sends).toBe(1);
    expect(t.worker.link?.down).toBe(true);
    // The row failed waits in its place, due as it was; the others have spent no attempt.
    expect(t.list().map((r) => [r.attempts, r.nextAttemptAt - 1_000_000])).toEqual([
      [1, 0],
      [0, 0],
      [0, 0],
    ]);
    expect(t.list()[0]!.lastError).toMatch(/ECONNREFUSED/);
    // An hour down, a pass each second: a probe at 1, 2 and 4 s and then every 5 s; no send.
    for (let i = 0; i < 3600; i++) {
      t.advance(1000);
      expect(await t.worker.runOnce()).toBe(0);
    }
    const gaps = t.s.probedAt.map((at, i) => at - (t.s.probedAt[i - 1] ?? 1_000_000));
    expect(gaps.slice(0, 5)).toEqual([1000, 2000, 4000, 5000, 5000]);
    expect(new Set(gaps.slice(3))).toEqual(new Set([5000]));
    expect(t.s.sends).toBe(1);
    expect(t.list().every((r) => r.status === 'pending' && r.attempts <= 1)).toBe(true);
    // Back: the first pass after its next probe sends every waiting mail, in order.
    t.s.up = t.s.takes = true;
    const probes = t.s.probedAt.length;
    let passes = 0;
    while (t.s.sent.length === 0 && passes < 10) {
      t.advance(1000);
      await t.worker.runOnce();
      passes++;
    }
    expect(passes).toBeLessThanOrEqual(5);
    expect(t.s.probedAt.length).toBe(probes + 1);
    expect(t.s.sent).toEqual(['<m1@example.test>', '<m2@example.test>', '<m3@example.test>']);
    expect(t.list().map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 2],
      ['sent', 1],
      ['sent', 1],
    ]);
    expect(t.worker.link?.down).toBe(false);
  });

  it('keeps the doubling backoff for a mail whose connection fails right after a probe found the server back', async () => {
    const t = setup(2);
    await t.worker.runOnce();
    // The server greets (probes pass) but drops every session.
    t.s.up = true;
    t.advance(1000);
    expect(await t.worker.runOnce()).toBe(1);
    const [first, second] = t.list();
    // Its second attempt: 30 s doubled once, half of it jittered (random 0.5): 45 s.
    expect(first).toMatchObject({ status: 'pending', attempts: 2, nextAttemptAt: t.now() + 45_000 });
    expect(second).toMatchObject({ status: 'pending', attempts: 0, nextAttemptAt: 1_000_000 });
    expect(t.worker.link?.down).toBe(true);
    // Until a mail goes out, each mail's attempts follow its doubling backoff: the second is tried
    // at once (2 s), again 22.5 s later; the first again 45 s after its second attempt.
    for (let i = 0; i < 60; i++) {
      t.advance(1000);
      await t.worker.runOnce();
    }
    expect(t.list().map((r) => r.attempts)).toEqual([3, 2]);
    expect(t.list().every((r) => r.status === 'pending')).toBe(true);
    // The server takes mail again: what is due goes out, and the rest at its time.
    t.s.takes = true;
    for (let i = 0; i < 200 && t.s.sent.length < 2; i++) {
      t.advance(1000);
      await t.worker.runOnce();
    }
    expect(t.list().map((r) => r.status)).toEqual(['sent', 'sent']);
  });
});
