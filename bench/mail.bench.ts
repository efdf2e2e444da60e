/**
 * `npm run bench:mail [-- --mails N]`: N order mails (default 400, two-player games, one turn
 * each) through the whole pipeline on the real test mail stack (Postfix + Dovecot, as root): sent by
 * SMTP, fetched by `tallyho serve`, checked, acknowledged, turns resolved, reports sent. Then the
 * bare transport of the same messages in the same run: the same N mails sent by SMTP, fetched with
 * imapflow and the same acknowledgements and reports sent with nodemailer, with no processing.
 * Prints both times, the throughput ratio (target: the pipeline at 0.8 of the bare transport or
 * better) and the server's peak RSS.
 */
import { readFileSync, rmSync } from 'node:fs';
import { cpus } from 'node:os';
import Database from 'better-sqlite3';
import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import { addPlayer, createGame, startGame } from '../src/app/games.ts';
import { ordersTemplate } from '../src/app/views.ts';
import { loadAircraftDir } from '../src/shell/aircraft/catalog.ts';
import { configFrom } from '../src/shell/config.ts';
import { openRuntime } from '../src/shell/runtime.ts';
import { loadScenarioFile } from '../src/shell/scenario-file.ts';
import { imapOptions } from '../tests/support/mail.ts';
import { mailStackAvailability, startMailStack, type MailStack } from '../tests/support/mailstack.ts';
import { REFEREE, refereeEnv, tempDir } from '../tests/support/referee-stack.ts';
import { startServe, ROOT } from '../tests/support/serve-process.ts';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const MAILS = Math.max(2, Math.floor(arg('mails', 400) / 2) * 2);
const GAMES = MAILS / 2;
const RED = 'red@example.test';
const BLUE = 'blue@example.test';
const BARE = 'bare@example.test';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Order { from: string; text: string }
interface Reply { to: string; subject: string; text: string; html: string | null }

function smtp(stack: MailStack) {
  return nodemailer.createTransport({ pool: true, maxConnections: 4, host: stack.smtp.host, port: stack.smtp.port, secure: false, ignoreTLS: true });
}

async function sendAll(stack: MailStack, to: string, orders: Order[]): Promise<void> {
  const t = smtp(stack);
  try {
    await Promise.all(orders.map((o, i) => t.sendMail({ from: o.from, to, subject: `orders ${i}`, text: o.text })));
  } finally {
    t.close();
  }
}

/** Games and the players' orders (the templates of their welcome mails, tokens and all). */
function setUp(env: Record<string, string>): Order[] {
  const rt = openRuntime({ config: configFrom(env) });
  try {
    const catalog = loadAircraftDir();
    const scenario = loadScenarioFile(`${ROOT}/scenarios/duel.yaml`, catalog);
    const orders: Order[] = [];
    for (let g = 0; g < GAMES; g++) {
      const id = `b${g}`;
      createGame(rt.deps, { id, scenario, catalog });
      addPlayer(rt.deps, { gameId: id, playerId: 'red', email: RED, planes: ['R1'] });
      addPlayer(rt.deps, { gameId: id, playerId: 'blue', email: BLUE, planes: ['G1'] });
      startGame(rt.deps, id);
      const state = rt.store.tx((tx) => tx.turns.get(id, 1)!.state);
      orders.push({ from: RED, text: ordersTemplate(rt.deps.keys, state, id, 'red', ['R1']) });
      orders.push({ from: BLUE, text: ordersTemplate(rt.deps.keys, state, id, 'blue', ['G1']) });
    }
    // The welcome mails are not part of the measure.
    rt.store.db.prepare("UPDATE outbox SET status = 'sent'").run();
    return orders;
  } finally {
    rt.close();
  }
}

function progress(dbPath: string): { moved: number; pending: number; sent: number } {
  const db = new Database(dbPath, { readonly: true });
  try {
    const moved = (db.prepare('SELECT COUNT(*) AS n FROM inbound WHERE moved_at IS NOT NULL').get() as { n: number }).n;
    const rows = db.prepare("SELECT status, COUNT(*) AS n FROM outbox WHERE kind != 'welcome' GROUP BY status").all() as { status: string; n: number }[];
    const count = (s: string) => rows.find((r) => r.status === s)?.n ?? 0;
    return { moved, pending: count('pending'), sent: count('sent') };
  } finally {
    db.close();
  }
}

async function pipeline(stack: MailStack, dbPath: string, orders: Order[]): Promise<number> {
  const t0 = performance.now();
  await sendAll(stack, REFEREE, orders);
  let shown = 0;
  for (;;) {
    const p = progress(dbPath);
    if (process.env.BENCH_TRACE && performance.now() - shown > 250) {
      shown = performance.now();
      console.log(`  ${((shown - t0) / 1000).toFixed(2)} s: ${p.moved} filed, ${p.sent} sent, ${p.pending} pending`);
    }
    if (p.moved >= MAILS && p.pending === 0 && p.sent >= 2 * MAILS) break;
    await sleep(20);
  }
  return performance.now() - t0;
}

function replies(dbPath: string): Reply[] {
  const db = new Database(dbPath, { readonly: true });
  try {
    return db.prepare("SELECT recipient AS \"to\", subject, text_body AS text, html_body AS html FROM outbox WHERE kind != 'welcome' ORDER BY id").all() as Reply[];
  } finally {
    db.close();
  }
}

/** The same mails through bare imapflow and nodemailer: fetch each order, send its two replies. */
async function bare(stack: MailStack, orders: Order[], out: Reply[]): Promise<number> {
  const client = new ImapFlow(imapOptions(stack, BARE, { disableAutoIdle: false, autoIdleDelay: 50 } as never));
  client.on('error', () => {});
  await client.connect();
  await client.mailboxOpen('INBOX');
  const sender = smtp(stack);
  let fetched = 0;
  let lastUid = 0;
  let wake: (() => void) | null = null;
  client.on('exists', () => wake?.());
  const sends: Promise<unknown>[] = [];
  const t0 = performance.now();
  const input = sendAll(stack, BARE, orders);
  while (fetched < MAILS) {
    const lock = await client.getMailboxLock('INBOX');
    try {
      const uids = ((await client.search({ uid: `${lastUid + 1}:*` }, { uid: true })) || []).filter((u) => u > lastUid);
      if (uids.length) {
        const msgs = await client.fetchAll(uids.join(','), { uid: true, source: true }, { uid: true });
        for (const m of msgs) {
          lastUid = Math.max(lastUid, m.uid);
          for (const r of out.slice(fetched * 2, fetched * 2 + 2)) {
            sends.push(sender.sendMail({ from: REFEREE, to: r.to, subject: r.subject, text: r.text, ...(r.html ? { html: r.html } : {}) }));
          }
          fetched++;
        }
      }
    } finally {
      lock.release();
    }
    if (fetched < MAILS) await Promise.race([new Promise<void>((r) => { wake = r; }), sleep(200)]);
  }
  await input;
  await Promise.all(sends);
  const ms = performance.now() - t0;
  sender.close();
  await client.logout().catch(() => undefined);
  return ms;
}

/** CPU seconds (user + system) a process has used so far. */
const cpuSeconds = (pid: number | 'self'): number => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
};

const peakRss = (pid: number): number => {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};

async function main(): Promise<void> {
  const available = mailStackAvailability();
  if (!available.ok) {
    console.error(`bench:mail needs the real mail stack: ${available.reason}`);
    process.exit(1);
  }
  const stack = await startMailStack({ users: [REFEREE, RED, BLUE, BARE] });
  const dir = tempDir();
  try {
    const env = refereeEnv(stack, dir, { RATE_LIMIT_PER_HOUR: '1000000', IMAP_POLL_SECONDS: '5' });
    console.log(`bench:mail: ${MAILS} order mails, ${GAMES} two-player games, one turn each`);
    const orders = setUp(env);
    // BENCH_PROFILE=<dir>: a CPU profile of the server is written there when it stops.
    const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
    const server = startServe(env, dir, profile);
    await server.waitFor(/IMAP inbox connected/, 30000, 'stderr');
    const pid = server.child.pid as number;
    const cpu0 = cpuSeconds(pid);
    const pipeMs = await pipeline(stack, env.DATABASE_PATH as string, orders);
    const serverCpu = cpuSeconds(pid) - cpu0;
    const rss = peakRss(pid);
    await server.stop();
    const out = replies(env.DATABASE_PATH as string);
    const self0 = cpuSeconds('self');
    const bareMs = await bare(stack, orders, out);
    const bareCpu = cpuSeconds('self') - self0;
    const rate = (ms: number) => (MAILS / (ms / 1000)).toFixed(1);
    console.log(`pipeline:  ${(pipeMs / 1000).toFixed(2)} s  (${rate(pipeMs)} order mails/s, ${2 * MAILS} mails sent)`);
    console.log(`bare:      ${(bareMs / 1000).toFixed(2)} s  (${rate(bareMs)} order mails/s, ${2 * MAILS} mails sent)`);
    console.log(`ratio:     ${(bareMs / pipeMs).toFixed(2)} of the bare transport's throughput (target 0.80)`);
    console.log(`RSS:       server peak ${rss.toFixed(0)} MiB; bench process ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`);
    console.log(`CPU:       server ${serverCpu.toFixed(2)} s during the pipeline; bare client ${bareCpu.toFixed(2)} s (${cpus().length} CPUs, shared with Postfix and Dovecot)`);
  } finally {
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
