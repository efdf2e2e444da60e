/**
 * The outbox and a real SMTP server that comes back (src/shell/mail/smtp-link.ts): mail queued
 * while nothing listens on the server's port, or while the server greets with 421, goes out at
 * the first probe after the server takes connections again. The probes' delays are shortened
 * (tens of milliseconds) and counted; with the default ones (1, 2, 4, then every 5 s) one probe
 * is at most 5 s and a pass (1 s) after the server's return. Network: 127.0.0.1 only.
 */
import { createServer, type AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { outboxRow } from '../../support/outbox-rows.ts';
import { silentLog } from '../../../src/app/ports/deps.ts';
import { SqliteStore } from '../../../src/shell/db/store.ts';
import { composeMessage } from '../../../src/shell/mail/compose.ts';
import { OutboxWorker } from '../../../src/shell/mail/outbox-worker.ts';
import { smtpTransport, type MailTransport } from '../../../src/shell/mail/transport.ts';

const MAILS = 5;

const row = (n: number) =>
  outboxRow(n, { subject: `Turn 1 report ${n}`, messageId: `<back${n}@example.test>`, text: `Report ${n}\n` });

/** A port of 127.0.0.1 that nothing listens on (taken from the system, then let go). */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/** An SMTP server on `port`; with `busy()` true it greets with 421 and closes. `all` resolves with MAILS mails. */
async function startServer(port: number, busy: () => boolean) {
  const received: string[] = [];
  let done: () => void = () => {};
  const all = new Promise<void>((r) => (done = r));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      if (busy()) callback(Object.assign(new Error('4.3.2 Service shutting down'), { responseCode: 421 }));
      else callback();
    },
    onData(stream: SMTPServerDataStream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        if (received.length === MAILS) done();
        callback();
      });
    },
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  return { received, all, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/**
 * The SMTP transport to `port`, its sends and probes counted; `refused(n)` resolves once n probes
 * have found the server down.
 */
function counted(port: number) {
  const real = smtpTransport({ host: '127.0.0.1', port, security: 'none', user: '', auth: 'password', password: '' });
  const c = { sends: 0, probes: 0, refusedProbes: 0 };
  const waiters: { n: number; go: () => void }[] = [];
  const transport: MailTransport = {
    send: (m, key) => {
      c.sends++;
      return real.send(m, key);
    },
    probe: async () => {
      c.probes++;
      try {
        await real.probe!();
      } catch (e) {
        c.refusedProbes++;
        for (const w of waiters.filter((x) => x.n <= c.refusedProbes)) w.go();
        throw e;
      }
    },
    close: () => real.close(),
  };
  const refused = (n: number) => new Promise<void>((go) => waiters.push({ n, go }));
  return { c, transport, refused };
}

/** Run after each test in this order: the worker stopped, the transport closed, then the servers. */
let cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const f of cleanup) await f();
  cleanup = [];
});

function worker(transport: MailTransport) {
  const store = SqliteStore.open(':memory:');
  store.tx((tx) => {
    for (let i = 1; i <= MAILS; i++) tx.outbox.insert(row(i), Date.now());
  });
  const w = new OutboxWorker({
    store,
    transport,
    clock: { now: () => Date.now() },
    log: silentLog,
    owner: 'w1',
    pollMs: 10,
    probe: { firstMs: 20, maxMs: 50 },
    compose: (r) => composeMessage(r, { address: 'referee@example.test', name: 'Referee' }),
  });
  cleanup.unshift(() => w.stop());
  return { store, w, rows: () => store.tx((tx) => tx.outbox.list()) };
}

describe('the outbox when the SMTP server comes back', () => {
  for (const how of ['refuses connections', 'greets with 421'] as const) {
    it(`sends the waiting mail at the first probe after a server that ${how} takes connections again`, async () => {
      const port = await freePort();
      const t = counted(port);
      let busy = how === 'greets with 421';
      const early = busy ? await startServer(port, () => busy) : null;
      const { w, rows } = worker(t.transport);
      cleanup.push(() => t.transport.close());
      if (early) cleanup.push(() => early.close());
      w.start();
      await t.refused(3);
      // One mail tried, then only probes: the others have spent no attempt.
      expect(t.c.sends).toBe(1);
      expect(rows().map((r) => r.attempts)).toEqual([1, 0, 0, 0, 0]);
      expect(rows().every((r) => r.status === 'pending')).toBe(true);
      // The server takes connections now.
      const probesBefore = t.c.probes;
      const server = early ?? (await startServer(port, () => false));
      if (!early) cleanup.push(() => server.close());
      busy = false;
      await server.all;
      // The probe in flight at the switch may still have been turned away; the next one passed.
      expect(t.c.probes - probesBefore).toBeLessThanOrEqual(2);
      expect(t.c.sends).toBe(MAILS + 1);
      expect(server.received.map((m) => /^Message-ID: (.*)$/m.exec(m)?.[1]?.trim()).sort()).toEqual(
        Array.from({ length: MAILS }, (_, i) => `<back${i + 1}@example.test>`),
      );
      await w.stop();
      expect(rows().map((r) => [r.status, r.attempts])).toEqual([
        ['sent', 2],
        ['sent', 1],
        ['sent', 1],
        ['sent', 1],
        ['sent', 1],
      ]);
    });
  }
});
