/**
 * Work per mail and memory:
 * - the hostile corpus (corpus.ts) put into the referee's mailbox one mail at a time (IMAP APPEND,
 *   byte for byte) while `tallyho serve` runs; after each, the server's CPU time (utime + stime of
 *   /proc/<pid>/stat, every thread) once the mail is taken in, filed and answered: the worst CPU per
 *   mail (a figure of time: `npm run chaos` judges it, the test prints it), and the server's peak
 *   RSS (VmHWM); then the corpus again (mutated afresh), all of it
 *   waiting in the inbox when a new server starts: its peak RSS; then the largest reply of both
 *   (RFC822.SIZE in the players' mailboxes, and the outbox's bodies);
 * - `count` mails of `mb` MB waiting in the inbox when the server starts: its peak RSS once all
 *   are filed.
 */
import { ImapFlow } from 'imapflow';
import { atMost, info, timeAtMost, yes, type Figure } from './figures.ts';
import { hostileCorpus } from './corpus.ts';
import { count, cpuSeconds, mailbox, openRig, peakRssMb, settled, type Rig } from './rig.ts';
import { imapOptions } from '../mail.ts';
import type { MailStack } from '../mailstack.ts';

export interface HostileOptions {
  mails: number;
  seed?: number;
  progress?: (line: string) => void;
}

export async function hostileRun(stack: MailStack, opts: HostileOptions): Promise<Figure[]> {
  // Every mail handled in full: no sender is cut off by the hourly limit.
  const rig = openRig(stack, 'hostile', { RATE_LIMIT_PER_HOUR: '1000000' });
  const [red, blue] = rig.games(['duel']).get('duel')!;
  const client = new ImapFlow(imapOptions(stack, rig.referee));
  client.on('error', () => undefined);
  let worst = { cpu: 0, kind: '' };
  let crashes = 0;
  let stuck = 0;
  let bytes = 0;
  try {
    let server = await rig.start();
    await client.connect();
    for (const [i, mail] of [
      ...hostileCorpus(opts.mails, { red: red!, blue: blue! }, rig.referee, opts.seed),
    ].entries()) {
      const before = rig.db((db) => count(db, 'SELECT COUNT(*) AS n FROM inbound'));
      const cpu0 = cpuSeconds(server.child.pid!);
      await client.append('INBOX', mail.raw);
      bytes += mail.raw.length;
      const done = await handledOrFiled(rig, client, before + 1, 60_000);
      if (server.child.exitCode !== null || server.child.signalCode !== null) {
        crashes++;
        server = await rig.start();
        continue;
      }
      if (!done) stuck++;
      const cpu = cpuSeconds(server.child.pid!) - cpu0;
      if (cpu > worst.cpu) worst = { cpu, kind: mail.kind };
      if ((i + 1) % 100 === 0)
        opts.progress?.(
          `hostile: ${i + 1}/${opts.mails} mails, worst CPU so far ${worst.cpu.toFixed(2)} s (${worst.kind})`,
        );
    }
    const rss = peakRssMb(server.child.pid!);
    // The same corpus again (mutated afresh), all of it waiting in the inbox when the server starts.
    await rig.stop();
    const ledger = rig.db((db) => count(db, 'SELECT COUNT(*) AS n FROM inbound'));
    for (const mail of hostileCorpus(
      opts.mails,
      { red: red!, blue: blue! },
      rig.referee,
      (opts.seed ?? 7) + 1,
      'backlog',
    ))
      await client.append('INBOX', mail.raw);
    opts.progress?.(`hostile: ${opts.mails} mails waiting; starting the server`);
    const t0 = Date.now();
    server = await rig.start();
    const backlogDone = await handledOrFiled(rig, client, ledger + opts.mails, Math.max(120_000, opts.mails * 300));
    const backlogRss = peakRssMb(server.child.pid!);
    const backlogSeconds = (Date.now() - t0) / 1000;
    const backlogTaken = rig.db((db) => count(db, 'SELECT COUNT(*) AS n FROM inbound')) - ledger;
    const lastTrouble = lastProblem(server.stderr());
    const replies = [...(await mailbox(stack, red!.email)), ...(await mailbox(stack, blue!.email))];
    const largest = replies.reduce((m, r) => (r.size > m.size ? r : m), { size: 0, subject: '' });
    const stored =
      rig.db(
        (db) =>
          db
            .prepare(
              'SELECT MAX(LENGTH(CAST(text_body AS BLOB)) + COALESCE(LENGTH(CAST(html_body AS BLOB)), 0)) AS n FROM outbox',
            )
            .get() as { n: number | null },
      ).n ?? 0;
    return [
      info(
        'hostile mails',
        opts.mails,
        `${(bytes / 2 ** 20).toFixed(0)} MB, ${replies.length} replies in the players' mailboxes`,
      ),
      atMost('server crashes', crashes, 0),
      atMost('mails left unhandled', stuck, 0, 'each waited for up to 60 s'),
      timeAtMost('worst CPU per mail (s)', worst.cpu, 2, worst.kind, 2),
      atMost(
        'largest reply (KB)',
        Math.max(largest.size, stored) / 1024,
        200,
        `"${largest.subject}"; largest outbox body ${(stored / 1024).toFixed(0)} KB`,
        0,
      ),
      atMost('peak RSS over the hostile corpus (MB)', rss, 300, 'mails one at a time'),
      yes(
        'the hostile corpus waiting at once handled',
        backlogDone,
        `${backlogTaken} of ${opts.mails} taken in, ${backlogSeconds.toFixed(0)} s${backlogDone || !lastTrouble ? '' : `; the server's last problem: ${lastTrouble}`}`,
      ),
      atMost(
        'peak RSS with the hostile corpus waiting (MB)',
        backlogRss,
        300,
        `${opts.mails} mails in the inbox at start`,
      ),
    ];
  } finally {
    await client.logout().catch(() => undefined);
    client.close();
    await rig.close();
  }
}

/** The last warning or error of the server's log (pino JSON lines), message and error, or ''. */
function lastProblem(log: string): string {
  for (const line of log.trimEnd().split('\n').reverse()) {
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string; err?: unknown };
      if ((entry.level ?? 0) >= 40)
        return `${entry.msg ?? ''}${entry.err ? ` (${String(typeof entry.err === 'string' ? entry.err : JSON.stringify(entry.err)).slice(0, 300)})` : ''}`;
    } catch {
      // not a log line
    }
  }
  return '';
}

export interface BigMailOptions {
  count: number;
  mb: number;
  progress?: (line: string) => void;
}

/** One big mail: a text body of `mb` MB in lines of 76 characters. */
function bigMail(from: string, to: string, i: number, body: Buffer): Buffer {
  const head = `From: ${from}\r\nTo: ${to}\r\nSubject: big ${i}\r\nMessage-ID: <big-${i}@chaos.example.test>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), body]);
}

export async function bigMailRun(stack: MailStack, opts: BigMailOptions): Promise<Figure[]> {
  const rig = openRig(stack, 'big', { RATE_LIMIT_PER_HOUR: '1000000' });
  rig.games(['g1']);
  const line = Buffer.from(`${'0123456789'.repeat(7)}abcd\r\n`);
  const body = Buffer.alloc(opts.mb * 2 ** 20);
  for (let at = 0; at < body.length; at += line.length) line.copy(body, at);
  try {
    await appendAll(
      stack,
      rig.referee,
      Array.from({ length: opts.count }, (_, i) => () => bigMail(rig.red, rig.referee, i + 1, body)),
    );
    opts.progress?.(`big mails: ${opts.count} x ${opts.mb} MB waiting; starting the server`);
    const t0 = Date.now();
    const server = await rig.start();
    const watcher = new ImapFlow(imapOptions(stack, rig.referee));
    watcher.on('error', () => undefined);
    await watcher.connect();
    const done = await handledOrFiled(rig, watcher, opts.count, 15 * 60_000).finally(() =>
      watcher.logout().catch(() => undefined),
    );
    const rss = peakRssMb(server.child.pid!);
    const outcomes = rig.db((db) =>
      (
        db.prepare('SELECT outcome, COUNT(*) AS n FROM inbound GROUP BY outcome').all() as {
          outcome: string;
          n: number;
        }[]
      )
        .map((r) => `${r.n} ${r.outcome}`)
        .join(', '),
    );
    return [
      yes(
        `${opts.count} mails of ${opts.mb} MB filed`,
        done,
        `in ${((Date.now() - t0) / 1000).toFixed(0)} s: ${outcomes || 'none'}`,
      ),
      atMost(`peak RSS with ${opts.count} x ${opts.mb} MB waiting (MB)`, rss, 300),
    ];
  } finally {
    await rig.close();
  }
}

/**
 * Waits until the server has taken in `inbound` mails (ledger rows), filed them and sent its
 * answers; or, for mail it files without a ledger row, until the inbox is empty and nothing is
 * left to send. False on timeout.
 */
async function handledOrFiled(rig: Rig, client: ImapFlow, inbound: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await settled(rig, inbound, Math.min(1000, deadline - Date.now()), 10)) return true;
    if (
      ((await client.status('INBOX', { messages: true })) || { messages: -1 }).messages === 0 &&
      (await settled(rig, 0, 0))
    )
      return true;
  }
  return false;
}

async function appendAll(stack: MailStack, user: string, mails: (() => Buffer)[]): Promise<void> {
  const client = new ImapFlow(imapOptions(stack, user, { socketTimeout: 120_000 } as never));
  client.on('error', () => undefined);
  await client.connect();
  try {
    for (const m of mails) await client.append('INBOX', m());
  } finally {
    await client.logout().catch(() => undefined);
    client.close();
  }
}
