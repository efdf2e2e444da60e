/**
 * `npm run bench:latency`: how long a player waits for his acknowledgement, the number he feels.
 * On the real test mail stack (Postfix + Dovecot, as root) and `tallyho serve` as it runs for a
 * club: each measured player keeps an IMAP IDLE connection on his own inbox; he submits his orders
 * by SMTP and the clock stops when the acknowledgement appears in his inbox (Dovecot's EXISTS
 * notice, its subject fetched to tell it from a report).
 *
 * Idle: 100 submissions over 20 games, one at a time (each game's first player sends his orders
 * four times, each replacing the last, then the second player his; the turn resolves after it).
 * Burst: 100 more over 20 other games while 400 order mails of 200 other games arrive at once.
 * Prints `ack latency: p50 X s, p95 Y s, max Z s` for each, against the goal p95 <= 2 s idle, and
 * what bounds it: the server's IMAP poll (IMAP_POLL_SECONDS, the fallback when no IDLE notice
 * comes), the outbox's batching and Postfix's delivery. Asserts nothing about time.
 */
import { cpus, loadavg } from 'node:os';
import { rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import { addPlayer, createGame, startGame } from '../src/app/setup/games.ts';
import { ordersTemplate } from '../src/app/views/template.ts';
import { loadAircraftDir } from '../src/shell/aircraft/catalog.ts';
import { configFrom } from '../src/shell/config.ts';
import { openRuntime } from '../src/shell/runtime.ts';
import { loadScenarioFile } from '../src/shell/scenario-file.ts';
import { imapOptions } from '../tests/support/mail.ts';
import { mailStackAvailability, startMailStack, type MailStack } from '../tests/support/mailstack.ts';
import { REFEREE, refereeEnv, tempDir } from '../tests/support/referee-stack.ts';
import { ROOT, startServe } from '../tests/support/serve-process.ts';

const MEASURED_GAMES = 20;
const SENDS_FIRST = 4;
const BURST_GAMES = 200;
const BURST_RED = 'burstred@example.test';
const BURST_BLUE = 'burstblue@example.test';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Seat {
  game: string;
  email: string;
  orders: string;
}

const playerEmail = (phase: string, g: number, side: 'a' | 'b'): string => `${phase}${g}${side}@example.test`;

/** Games with their players, started; each player's orders template (token and all). */
function setUp(env: Record<string, string>, games: { id: string; red: string; blue: string }[]): Seat[][] {
  const rt = openRuntime({ config: configFrom(env) });
  try {
    const catalog = loadAircraftDir();
    const scenario = loadScenarioFile(`${ROOT}/scenarios/duel.yaml`, catalog);
    const out: Seat[][] = [];
    for (const g of games) {
      createGame(rt.deps, { id: g.id, scenario, catalog });
      addPlayer(rt.deps, { gameId: g.id, playerId: 'red', email: g.red, planes: ['R1'] });
      addPlayer(rt.deps, { gameId: g.id, playerId: 'blue', email: g.blue, planes: ['G1'] });
      startGame(rt.deps, g.id);
      const state = rt.store.tx((tx) => tx.turns.get(g.id, 1)!.state);
      out.push([
        { game: g.id, email: g.red, orders: ordersTemplate(rt.deps.keys, state, g.id, 'red', ['R1']) },
        { game: g.id, email: g.blue, orders: ordersTemplate(rt.deps.keys, state, g.id, 'blue', ['G1']) },
      ]);
    }
    // The welcome mails are not part of the measure: marked sent, never delivered.
    rt.store.db.prepare("UPDATE outbox SET status = 'sent'").run();
    return out;
  } finally {
    rt.close();
  }
}

/** A player's inbox under IDLE: resolves the next acknowledgement's arrival time. */
class Inbox {
  private readonly client: ImapFlow;
  private waiting: ((at: number) => void) | null = null;
  private seen = 0;
  constructor(stack: MailStack, user: string) {
    this.client = new ImapFlow(imapOptions(stack, user, { disableAutoIdle: false, autoIdleDelay: 0 } as never));
    this.client.on('error', () => {});
    this.client.on('exists', (d: { count: number }) => {
      void this.arrived(d.count);
    });
  }
  async open(): Promise<void> {
    await this.client.connect();
    await this.client.mailboxOpen('INBOX');
    this.seen = this.client.mailbox ? this.client.mailbox.exists : 0;
  }
  private async arrived(count: number): Promise<void> {
    const at = performance.now();
    const from = this.seen + 1;
    this.seen = count;
    for await (const m of this.client.fetch(`${from}:${count}`, { envelope: true })) {
      if (/orders (NOT )?accepted/.test(m.envelope?.subject ?? '') && this.waiting) {
        const w = this.waiting;
        this.waiting = null;
        w(at);
      }
    }
  }
  nextAck(timeoutMs: number): Promise<number> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting = null;
        reject(new Error('no acknowledgement'));
      }, timeoutMs);
      this.waiting = (at) => {
        clearTimeout(timer);
        resolve(at);
      };
    });
  }
  close(): Promise<void> {
    return this.client.logout().catch(() => undefined);
  }
}

const transport = (stack: MailStack, connections = 4) =>
  nodemailer.createTransport({
    pool: true,
    maxConnections: connections,
    host: stack.smtp.host,
    port: stack.smtp.port,
    secure: false,
    ignoreTLS: true,
  });

/** The measured submissions of one phase, one at a time: each one's seconds to its acknowledgement. */
async function openInboxes(stack: MailStack, games: Seat[][]): Promise<Map<string, Inbox>> {
  const inboxes = new Map<string, Inbox>();
  for (const seat of games.flat()) {
    const box = new Inbox(stack, seat.email);
    await box.open();
    inboxes.set(seat.email, box);
  }
  return inboxes;
}

/** A measured submission: its sender and the wall-clock times it was sent and its acknowledgement came. */
interface Sent {
  email: string;
  sentAt: number;
  ackAt: number;
}

async function measure(
  stack: MailStack,
  games: Seat[][],
  inboxes: Map<string, Inbox>,
  label: string,
  starts: number[] = [],
  sent: Sent[] = [],
): Promise<number[]> {
  const smtp = transport(stack, 1);
  const times: number[] = [];
  try {
    for (const [red, blue] of games as [Seat, Seat][]) {
      for (const seat of [...Array<Seat>(SENDS_FIRST).fill(red), blue]) {
        const box = inboxes.get(seat.email) as Inbox;
        const ack = box.nextAck(60_000);
        const t0 = performance.now();
        const sentAt = Date.now();
        starts.push(t0);
        await smtp.sendMail({ from: seat.email, to: REFEREE, subject: `orders ${label}`, text: seat.orders });
        const at = await ack;
        times.push((at - t0) / 1000);
        sent.push({ email: seat.email, sentAt, ackAt: sentAt + (at - t0) });
        await sleep(50);
      }
    }
  } finally {
    smtp.close();
    for (const box of inboxes.values()) await box.close();
  }
  return times;
}

/**
 * Where the submissions' time went, from the server's database: sent to taken in (Postfix's
 * delivery to the referee's mailbox, then the IMAP sweep), taken in to the acknowledgement's 250
 * (the outbox), and the 250 to the player's inbox (Postfix's delivery, the IDLE notice).
 */
async function stages(stack: MailStack, dbPath: string, sent: Sent[]): Promise<string> {
  const delivered = await deliveries(stack);
  const db = new Database(dbPath, { readonly: true });
  try {
    const rows = db.prepare(`SELECT i.received_at AS taken, o.sent_at AS out FROM inbound i
      LEFT JOIN outbox o ON o.inbound_id = i.id AND o.kind = 'ack' WHERE i.sender = ? ORDER BY i.id`);
    const nth = new Map<string, number>();
    const parts: number[][] = [[], [], [], []];
    for (const x of sent) {
      const k = nth.get(x.email) ?? 0;
      nth.set(x.email, k + 1);
      const r = (rows.all(x.email) as { taken: number; out: number | null }[])[k];
      const at = delivered.get(x.email)?.[k];
      if (!r || r.out === null || at === undefined) continue;
      parts[0]!.push((at - x.sentAt) / 1000);
      parts[1]!.push((r.taken - at) / 1000);
      parts[2]!.push((r.out - r.taken) / 1000);
      parts[3]!.push((x.ackAt - r.out) / 1000);
    }
    const fig = (xs: number[]) => `p50 ${quantile(xs, 0.5).toFixed(1)} s, max ${Math.max(...xs).toFixed(1)} s`;
    return [
      `to the referee's mailbox (Postfix; to the second) ${fig(parts[0]!)}`,
      `mailbox to taken in ${fig(parts[1]!)}`,
      `taken in to the acknowledgement sent ${fig(parts[2]!)}`,
      `sent to the player's inbox ${fig(parts[3]!)}`,
    ].join('; ');
  } finally {
    db.close();
  }
}

/** When Dovecot took each mail the referee filed as processed (INTERNALDATE), by sender, in order. */
async function deliveries(stack: MailStack): Promise<Map<string, number[]>> {
  const client = new ImapFlow(imapOptions(stack, REFEREE));
  const out = new Map<string, number[]>();
  await client.connect();
  try {
    await client.mailboxOpen('Processed');
    const msgs = await client.fetchAll('1:*', { uid: true, envelope: true, internalDate: true });
    msgs.sort((a, b) => a.uid - b.uid);
    for (const m of msgs) {
      const from = m.envelope?.from?.[0]?.address?.toLowerCase();
      if (!from || !m.internalDate) continue;
      out.set(from, [...(out.get(from) ?? []), new Date(m.internalDate).getTime()]);
    }
  } finally {
    await client.logout().catch(() => undefined);
  }
  return out;
}

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] as number;
};
const line = (label: string, xs: number[]): string =>
  `ack latency (${label}): p50 ${quantile(xs, 0.5).toFixed(2)} s, p95 ${quantile(xs, 0.95).toFixed(2)} s, max ${Math.max(...xs).toFixed(2)} s over ${xs.length} submissions`;

async function main(): Promise<void> {
  const available = mailStackAvailability();
  if (!available.ok) {
    console.error(`bench:latency needs the real mail stack: ${available.reason}`);
    process.exit(1);
  }
  const gamesOf = (phase: string) =>
    Array.from({ length: MEASURED_GAMES }, (_, g) => ({
      id: `${phase}${g}`,
      red: playerEmail(phase, g, 'a'),
      blue: playerEmail(phase, g, 'b'),
    }));
  const idleGames = gamesOf('i');
  const burstGames = gamesOf('u');
  const users = [REFEREE, BURST_RED, BURST_BLUE, ...[...idleGames, ...burstGames].flatMap((g) => [g.red, g.blue])];
  const stack = await startMailStack({ users });
  const dir = tempDir();
  try {
    const pollSeconds = '5';
    const env = refereeEnv(stack, dir, { RATE_LIMIT_PER_HOUR: '1000000', IMAP_POLL_SECONDS: pollSeconds });
    const idle = setUp(env, idleGames);
    const measured = setUp(env, burstGames);
    const burst = setUp(
      env,
      Array.from({ length: BURST_GAMES }, (_, g) => ({ id: `b${g}`, red: BURST_RED, blue: BURST_BLUE })),
    );
    const server = startServe(env, dir);
    await server.waitFor(/IMAP inbox connected/, 30000, 'stderr');
    console.log(
      `bench:latency: ${MEASURED_GAMES} games, ${MEASURED_GAMES * (SENDS_FIRST + 1)} submissions one at a time; IMAP_POLL_SECONDS ${pollSeconds}; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} CPUs`,
    );
    const idleTimes = await measure(stack, idle, await openInboxes(stack, idle), 'idle');
    console.log(line('idle', idleTimes));
    // The burst: 400 order mails at once over 4 connections, while the measured players submit.
    const smtp = transport(stack);
    // When the server has answered every burst mail: read from its database.
    const db = new Database(env.DATABASE_PATH as string, { readonly: true });
    const answered = db
      .prepare(
        `SELECT COUNT(*) FROM outbox WHERE kind = 'ack' AND status = 'sent' AND recipient IN ('${BURST_RED}', '${BURST_BLUE}')`,
      )
      .pluck();
    let burstDone = Infinity;
    const watch = setInterval(() => {
      if (burstDone === Infinity && (answered.get() as number) >= 2 * BURST_GAMES) burstDone = performance.now();
    }, 100);
    const inboxes = await openInboxes(stack, measured);
    const t0 = performance.now();
    let handedOver = 0;
    const flood = Promise.all(
      burst.flat().map((s, i) => smtp.sendMail({ from: s.email, to: REFEREE, subject: `burst ${i}`, text: s.orders })),
    ).then(() => {
      handedOver = performance.now();
    });
    const starts: number[] = [];
    const sent: Sent[] = [];
    const burstTimes = await measure(stack, measured, inboxes, 'burst', starts, sent);
    await flood;
    smtp.close();
    clearInterval(watch);
    db.close();
    const during = burstTimes.filter((_, i) => (starts[i] as number) < burstDone);
    console.log(
      `the burst of ${2 * BURST_GAMES} order mails was answered in ${burstDone === Infinity ? 'more than the measure' : `${((burstDone - t0) / 1000).toFixed(1)} s`}; ${during.length} of the ${burstTimes.length} measured submissions were sent before that (Postfix had taken them all ${((handedOver - t0) / 1000).toFixed(1)} s after the first was sent)`,
    );
    if (during.length) {
      console.log(line(`sent while the burst was being answered`, during));
      const inside = sent.filter((_, i) => (starts[i] as number) < burstDone);
      console.log(`  by stage: ${await stages(stack, env.DATABASE_PATH as string, inside)}`);
    }
    console.log(line('the whole burst phase', burstTimes));
    console.log(
      `goal: p95 <= 2 s idle -> ${quantile(idleTimes, 0.95) <= 2 ? 'met' : 'NOT met'} (load average now ${loadavg()[0]!.toFixed(1)})`,
    );
    console.log(
      "bounds: a mail reaches the referee when Postfix delivers it and Dovecot tells the IDLE connection; the server takes it in at once (the IMAP poll only if no notice comes); the acknowledgement is queued in the same transaction and the outbox sends it at once; Postfix delivers it to the player's inbox, whose IDLE connection hears of it.",
    );
    await server.stop();
  } finally {
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
