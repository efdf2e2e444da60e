import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { composeMessage } from '../../../src/shell/mail/compose.ts';
import { classifySendError } from '../../../src/shell/mail/smtp-link.ts';
import { SEND_PARALLEL, smtpTransport, type MailTransport } from '../../../src/shell/mail/transport.ts';
import { readSent } from '../../../src/shell/mail/sent-journal.ts';
import type { OutboxRow } from '../../../src/app/ports/store.ts';

/** An SMTP server on loopback that keeps what it receives and refuses nobody@example.test. */
async function sink(): Promise<{ port: number; received: string[]; most: () => number; close(): Promise<void> }> {
  const received: string[] = [];
  // Mails whose data the server is receiving at once (one per connection).
  let open = 0;
  let most = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address === 'nobody@example.test')
        callback(Object.assign(new Error('5.1.1 no such user'), { responseCode: 550 }));
      else callback();
    },
    onData(stream: SMTPServerDataStream, _session, callback) {
      const chunks: Buffer[] = [];
      most = Math.max(most, ++open);
      stream.on('data', (c: Buffer) => chunks.push(c));
      // Answered a moment later, as a server that writes each mail to its queue first.
      stream.on('end', () =>
        setTimeout(() => {
          open--;
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        }, 20),
      );
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    most: () => most,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const row = (to: string, n: number): OutboxRow => ({
  id: n,
  gameId: 'g',
  playerId: 'p',
  kind: 'report',
  turn: 1,
  inboundId: null,
  recipient: to,
  subject: `Turn ${n} report`,
  messageId: `<r${n}@example.test>`,
  inReplyTo: null,
  references: [],
  text: `Report ${n}: Bf 109 at 8,000 ft.\n`,
  html: `<p>Report ${n}</p>`,
  status: 'pending',
  attempts: 1,
  nextAttemptAt: 0,
  leaseOwner: 'w',
  leaseUntil: 1,
  lastError: null,
  response: null,
  rejected: [],
  createdAt: Date.UTC(2026, 0, 10),
  sentAt: null,
  picture: null,
});

const from = { address: 'referee@example.test', name: 'Referee' };

describe('the SMTP transport (its own thread)', () => {
  let transport: MailTransport | null = null;
  let server: Awaited<ReturnType<typeof sink>> | null = null;
  afterEach(async () => {
    transport?.close();
    await server?.close();
  });

  it('sends every mail handed over together, with its Message-ID and both parts', async () => {
    server = await sink();
    transport = smtpTransport({
      host: '127.0.0.1',
      port: server.port,
      security: 'none',
      user: '',
      auth: 'password',
      password: '',
    });
    const results = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) => transport!.send(composeMessage(row(`p${n}@example.test`, n), from))),
    );
    expect(results.map((r) => r.accepted)).toEqual([1, 2, 3, 4, 5, 6].map((n) => [`p${n}@example.test`]));
    expect(results.every((r) => r.rejected.length === 0 && /^250/.test(r.response))).toBe(true);
    expect(server.received).toHaveLength(6);
    const first = server.received.find((m) => m.includes('<r1@example.test>')) as string;
    expect(first).toMatch(/^Message-ID: <r1@example.test>/m);
    expect(first).toMatch(/^Auto-Submitted: auto-generated/m);
    expect(first).toContain('text/plain');
    expect(first).toContain('text/html');
    // A probe: the server answers a connection, and no mail is sent.
    await expect(transport.probe!()).resolves.toBeUndefined();
    expect(server.received).toHaveLength(6);
  });

  it("hands back the server's refusal as nodemailer reports it, so the worker can tell retry from dead letter", async () => {
    server = await sink();
    transport = smtpTransport({
      host: '127.0.0.1',
      port: server.port,
      security: 'none',
      user: '',
      auth: 'password',
      password: '',
    });
    const e = await transport.send(composeMessage(row('nobody@example.test', 7), from)).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(Error);
    expect(e).toMatchObject({ code: 'EENVELOPE', responseCode: 550 });
    expect(classifySendError(e).kind).toBe('dead');
    // The connection is still good for the next mail.
    await expect(transport.send(composeMessage(row('p8@example.test', 8), from))).resolves.toMatchObject({
      accepted: ['p8@example.test'],
    });
  });

  it('reports a server that is not there as a connection error, to wait for it, and its probe fails so too', async () => {
    server = await sink();
    const port = server.port;
    await server.close();
    server = null;
    transport = smtpTransport({ host: '127.0.0.1', port, security: 'none', user: '', auth: 'password', password: '' });
    const e = await transport.send(composeMessage(row('p9@example.test', 9), from)).catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 'ESOCKET', command: 'CONN' });
    expect(classifySendError(e).kind).toBe('down');
    await expect(transport.probe!()).rejects.toMatchObject({ code: 'ESOCKET' });
  });

  it('sends SEND_PARALLEL mails at once and journals each one the server took, by its row, before the next', async () => {
    server = await sink();
    const dir = mkdtempSync(`${tmpdir()}/transport-`);
    try {
      const journal = `${dir}/tallyho.db.sent`;
      transport = smtpTransport(
        { host: '127.0.0.1', port: server.port, security: 'none', user: '', auth: 'password', password: '' },
        {},
        null,
        journal,
      );
      const tos = [1, 2, 3, 4, 5, 6].map((n) => (n === 4 ? 'nobody@example.test' : `p${n}@example.test`));
      const results = await Promise.allSettled(
        tos.map((to, i) => transport!.send(composeMessage(row(to, i + 1), from), 100 + i + 1)),
      );
      expect(results.map((r) => r.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'fulfilled',
        'rejected',
        'fulfilled',
        'fulfilled',
      ]);
      expect(server.received).toHaveLength(5);
      expect(server.most()).toBe(SEND_PARALLEL);
      // The refused one is not in the journal; a mail sent without its row is not either.
      await transport.send(composeMessage(row('p7@example.test', 7), from));
      expect(
        readSent(journal)
          .map((e) => e.id)
          .sort(),
      ).toEqual([101, 102, 103, 105, 106]);
      expect(readSent(journal).every((e) => /^250/.test(e.response))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('renders the picture of a mail in its thread and sends it inline beside the HTML part', async () => {
    server = await sink();
    transport = smtpTransport({
      host: '127.0.0.1',
      port: server.port,
      security: 'none',
      user: '',
      auth: 'password',
      password: '',
    });
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 60" width="100" height="60"><rect width="100" height="60" fill="#36d"/><text x="10" y="30">R1</text></svg>';
    const r = row('p10@example.test', 10);
    await transport.send(
      composeMessage({ ...r, html: '<p><img src="cid:map@tallyho" alt="map"></p>', picture: { svg } }, from),
    );
    const got = server.received.at(-1) as string;
    expect(got).toMatch(/Content-Type: multipart\/related/);
    expect(got).toMatch(/Content-Type: image\/png; name=map.png/);
    expect(got).toContain('Content-ID: <map@tallyho>');
    expect(got).not.toContain('<svg');
  });
});
