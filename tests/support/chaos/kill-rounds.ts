/**
 * Kill rounds: in each round both players of `games` fresh duels send their orders while
 * `tallyho serve` is SIGKILLed at a random moment (0 to `maxDelayMs` after the orders were submitted, so at any
 * point of fetching, committing, filing, resolving or sending, also of the rounds before) and
 * started again. At the end the server is left to catch up, then every order is looked for:
 * in the ledger, among the stored orders, and acknowledged in the player's mailbox.
 *
 * - lost: an order mail Postfix accepted that is not among the stored, accepted orders (accepted
 *   by nobody), or whose acknowledgement arrived without it being stored;
 * - double resolutions: a turn with more than one report per player (different Message-IDs in the
 *   mailbox, or more than one report row in the outbox);
 * - duplicates: copies beyond the first of one Message-ID in the players' mailboxes, per crash.
 *
 * Each game also has a notification hook (docs/notifications.md), a JSON receiver on 127.0.0.1 in
 * this process: every message queued (the game started, the report out, the next turn open) must
 * reach it, and copies beyond the first (the same Idempotency-Key) are at most one per crash.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deliveryTag } from '../../../src/app/hooks/formats.ts';
import { atLeast, atMost, info, yes, type Figure } from './figures.ts';
import { bare, count, extraCopies, mailbox, openRig, plot, random, settled, envelope, type Rig } from './rig.ts';
import { sender } from './smtp.ts';
import { sleep } from '../ports.ts';
import type { MailStack } from '../mailstack.ts';

export interface KillOptions {
  rounds: number;
  /** Duels whose orders are sent in each round (5): the more mail is in flight, the likelier a kill catches some. */
  games?: number;
  /** Longest wait between the orders and the kill. */
  maxDelayMs?: number;
  seed?: number;
  progress?: (line: string) => void;
}

export async function killRounds(stack: MailStack, opts: KillOptions): Promise<Figure[]> {
  // The rate limit is not what this measures: every round's mail must be handled in full.
  const rig = openRig(stack, 'kill', { RATE_LIMIT_PER_HOUR: '1000000' });
  const rnd = random(opts.seed ?? 11);
  const maxDelay = opts.maxDelayMs ?? 2000;
  const perRound = opts.games ?? 5;
  const ids = Array.from({ length: opts.rounds * perRound }, (_, i) => `c${i + 1}`);
  const hooks = hookReceiver();
  const games = rig.games(ids, { hook: await hooks.url });
  const smtp = sender(stack, 4);
  const sent: { id: string; game: string; player: string; to: string }[] = [];
  let crashes = 0;
  const inFlight: number[] = [];
  const counted = new Set<string>();
  try {
    for (let r = 0; r < opts.rounds; r++) {
      if (!rig.server) await rig.start();
      const delay = Math.floor(rnd() * maxDelay);
      const orders = ids.slice(r * perRound, (r + 1) * perRound).flatMap((game) =>
        games.get(game)!.map(async (s) => {
          const id = await smtp.send({
            from: s.email,
            to: rig.referee,
            subject: `orders ${game}`,
            text: envelope(s, plot(s)),
            messageId: `kill-${game}-${s.player}@chaos.example.test`,
          });
          sent.push({ id, game, player: s.player, to: s.email });
        }),
      );
      await Promise.all(orders);
      await sleep(delay);
      await rig.kill();
      crashes++;
      // Rows the killed server leased and did not record as sent: the mails handed to its SMTP
      // thread at the kill (sent and journalled, being sent, or queued; rows of servers killed
      // before, still under their lease, are not counted again).
      const leased = rig.db(
        (db) =>
          db
            .prepare(
              "SELECT id, lease_until AS until FROM outbox WHERE status = 'pending' AND lease_owner IS NOT NULL AND lease_until > ?",
            )
            .all(Date.now()) as { id: number; until: number }[],
      );
      const fresh = leased.filter((row) => !counted.has(`${row.id}:${row.until}`));
      for (const row of fresh) counted.add(`${row.id}:${row.until}`);
      inFlight.push(fresh.length);
      opts.progress?.(
        `kill round ${r + 1}/${opts.rounds}: killed ${delay} ms after the orders, ${inFlight.at(-1)} mails in flight`,
      );
    }
    await rig.start();
    const caughtUp = await settled(rig, sent.length, 240_000);
    const left = rig.db(
      (db) =>
        `${count(db, 'SELECT COUNT(*) AS n FROM inbound')} of ${sent.length} in the ledger, ${count(db, "SELECT COUNT(*) AS n FROM outbox WHERE status = 'pending'")} mails left to send, ${count(db, 'SELECT COUNT(*) AS n FROM inbound WHERE moved_at IS NULL')} filed but not marked so`,
    );
    await sleep(3000); // mail in flight reaches the mailboxes
    await rig.stop();
    return [
      ...(await measure(rig, sent, crashes, opts.rounds, caughtUp, left)),
      ...hookFigures(rig, hooks.got, crashes, ids.length),
      info(
        'kills with mail in flight',
        inFlight.filter((n) => n > 0).length,
        `${inFlight.reduce((a, b) => a + b, 0)} mails handed to the sender and not recorded at the kills in all`,
      ),
    ];
  } finally {
    smtp.close();
    hooks.close();
    await rig.close();
  }
}

/** A JSON hook receiver on 127.0.0.1: how many times each Idempotency-Key came. */
function hookReceiver(): { url: Promise<string>; got: Map<string, number>; close(): void } {
  const got = new Map<string, number>();
  const server = createServer((req, res) => {
    const key = String(req.headers['idempotency-key'] ?? '');
    req.resume();
    req.on('end', () => {
      got.set(key, (got.get(key) ?? 0) + 1);
      res.writeHead(204).end();
    });
  });
  const url = new Promise<string>((ok) =>
    server.listen(0, '127.0.0.1', () => ok(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
  return {
    url,
    got,
    close: () => {
      server.close();
    },
  };
}

/** Every message queued for the hooks delivered, and received; none queued twice; copies per crash. */
function hookFigures(rig: Rig, got: Map<string, number>, crashes: number, games: number): Figure[] {
  const rows = rig.db(
    (db) =>
      db.prepare('SELECT id, game_id AS game, event, turn, status FROM deliveries').all() as {
        id: number;
        game: string;
        event: string;
        turn: number | null;
        status: string;
      }[],
  );
  // The key is the installation's id and the delivery's (app/hooks/formats.ts deliveryTag).
  const installation = rig.db(
    (db) =>
      (db.prepare("SELECT value FROM settings WHERE key = 'installation_id'").get() as { value: string } | undefined)
        ?.value,
  );
  const undelivered = rows.filter((r) => r.status !== 'sent').length;
  const unreceived = rows.filter(
    (r) => r.status === 'sent' && !got.has(deliveryTag({ id: r.id, installation: installation ?? '' })),
  ).length;
  const keys = rows.map((r) => `${r.game}:${r.event}:${r.turn}`);
  const queuedTwice = keys.length - new Set(keys).size;
  const copies = [...got.values()].reduce((n, k) => n + k - 1, 0);
  return [
    atLeast(
      'hook messages queued',
      rows.length,
      games * 3,
      'the game started, the report of turn 1, turn 2 open: three a game',
    ),
    atMost(
      'hook messages lost',
      undelivered + unreceived,
      0,
      `${undelivered} not delivered, ${unreceived} delivered but never received`,
    ),
    atMost('hook messages queued twice', queuedTwice, 0),
    info('hook messages received twice (extra copies)', copies),
    atMost('hook copies per crash', crashes ? copies / crashes : 0, 1, undefined, 2),
  ];
}

async function measure(
  rig: Rig,
  sent: { id: string; game: string; player: string; to: string }[],
  crashes: number,
  rounds: number,
  caughtUp: boolean,
  left: string,
): Promise<Figure[]> {
  const stored = rig.db((db) => {
    const rows = db
      .prepare(
        'SELECT i.message_id AS id, o.accepted AS accepted FROM inbound i LEFT JOIN orders o ON o.inbound_id = i.id',
      )
      .all() as { id: string; accepted: number | null }[];
    return new Map(rows.map((r) => [bare(r.id), r.accepted === 1]));
  });
  const reportRows = rig.db((db) =>
    count(
      db,
      `SELECT COALESCE(SUM(n - 1), 0) AS n FROM (SELECT COUNT(*) AS n FROM outbox WHERE kind = 'report' GROUP BY game_id, turn, player_id) WHERE n > 1`,
    ),
  );
  const unresolved = rig.db((db) =>
    count(db, 'SELECT COUNT(*) AS n FROM turns WHERE turn = 1 AND resolved_at IS NULL'),
  );
  const inboxes = new Map([
    [rig.red, await mailbox(rig.stack, rig.red)],
    [rig.blue, await mailbox(rig.stack, rig.blue)],
  ]);
  const acked = new Set(
    [...inboxes.values()]
      .flat()
      .filter((m) => /orders accepted$/.test(m.subject))
      .map((m) => m.inReplyTo),
  );
  let notStored = 0;
  let ackedMissing = 0;
  let unacked = 0;
  for (const s of sent) {
    const ok = stored.get(s.id) === true;
    if (!ok) notStored++;
    if (!ok && acked.has(s.id)) ackedMissing++;
    if (ok && !acked.has(s.id)) unacked++;
  }
  let doubleReports = 0;
  for (const mails of inboxes.values()) {
    const reports = new Map<string, Set<string>>();
    for (const m of mails.filter((x) => / Turn \d+ report$/.test(x.subject)))
      reports.set(m.subject, (reports.get(m.subject) ?? new Set()).add(m.messageId));
    for (const idsOf of reports.values()) doubleReports += idsOf.size - 1;
  }
  const copies = [...inboxes.values()].reduce((n, m) => n + extraCopies(m), 0);
  return [
    atLeast('kill rounds (SIGKILL, restart)', crashes, rounds, `${sent.length} order mails`),
    yes('server caught up after the last restart', caughtUp, left),
    atMost('lost orders', notStored, 0, `${ackedMissing} acknowledged but not stored`),
    atMost('orders stored but never acknowledged', unacked, 0),
    atMost(
      'double resolutions',
      Math.max(doubleReports, reportRows),
      0,
      `${doubleReports} in mailboxes, ${reportRows} in the outbox`,
    ),
    atMost('turns left unresolved', unresolved, 0),
    info('duplicate deliveries (extra copies)', copies),
    atMost('duplicates per crash', crashes ? copies / crashes : 0, 1, undefined, 2),
  ];
}
