/**
 * `npm run bench:mail [-- --mails N] [--warm W]`: N order mails (default 400, two-player games,
 * one turn each; with --warm, W order mails of other games first, not measured, as in a referee
 * that has run a while) through the whole pipeline on the real test mail stack (Postfix + Dovecot,
 * as root): sent by SMTP, fetched by `tallyho serve`, checked, acknowledged, turns resolved,
 * reports sent. Then the bare transport of the same messages in the same run: the same N mails sent
 * by SMTP, fetched with imapflow and the same acknowledgements and reports sent with nodemailer,
 * with no processing.
 * Prints both times, the throughput ratio (target: the pipeline at 0.8 of the bare transport or
 * better), the server's peak RSS and the CPU each side used (the server, the bench itself, Postfix
 * and Dovecot): on a small machine the two runs are bound by the CPU they need in all.
 * BENCH_TRACE=1 prints the progress every 250 ms, BENCH_PROFILE=<dir> writes a CPU profile of the
 * server (one per thread), BENCH_LOG=<file> keeps the server's log, BENCH_THREADS=1 prints the CPU
 * each of the server's threads used since it started (main, SMTP, V8's helpers), BENCH_NODE_ARGS="..."
 * passes options to the server's node.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import Database from 'better-sqlite3';
import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import { addPlayer, createGame, startGame } from '../src/app/setup/games.ts';
import { ordersTemplate } from '../src/app/views/template.ts';
import { loadAircraftDir } from '../src/shell/aircraft/catalog.ts';
import { configFrom } from '../src/shell/config.ts';
import { SMTP_CONNECTIONS } from '../src/shell/mail/transport.ts';
import { renderPicture, renderPictureUncached } from '../src/shell/render/picture.ts';
import { openRuntime } from '../src/shell/runtime.ts';
import { loadScenarioFile } from '../src/shell/scenario-file.ts';
import { unpackNullable, unpackText } from '../src/shell/db/packed.ts';
import { pictureSvg } from '../src/app/views/pictures.ts';
import type { PictureModel } from '../src/app/ports/store.ts';
import { imapOptions } from '../tests/support/mail.ts';
import { mailStackAvailability, startMailStack, type MailStack } from '../tests/support/mailstack.ts';
import { REFEREE, refereeEnv, tempDir } from '../tests/support/referee-stack.ts';
import { startServe, ROOT } from '../tests/support/serve-process.ts';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const MAILS = Math.max(2, Math.floor(arg('mails', 400) / 2) * 2);
/** Order mails of other games through the pipeline first, not measured: a referee that has run a while (--warm N). */
const WARM = Math.max(0, Math.floor(arg('warm', 0) / 2) * 2);
const GAMES = MAILS / 2;
const RED = 'red@example.test';
const BLUE = 'blue@example.test';
const BARE = 'bare@example.test';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Order {
  from: string;
  text: string;
}
interface Reply {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  picture: string | null;
}

/** The players' side sends over 4 connections; the bare replies over as many as the referee's pool. */
function smtp(stack: MailStack, connections = 4) {
  return nodemailer.createTransport({
    pool: true,
    maxConnections: connections,
    host: stack.smtp.host,
    port: stack.smtp.port,
    secure: false,
    ignoreTLS: true,
  });
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
function setUp(env: Record<string, string>): { orders: Order[]; warm: Order[] } {
  const rt = openRuntime({ config: configFrom(env) });
  try {
    const catalog = loadAircraftDir();
    const scenario = loadScenarioFile(`${ROOT}/scenarios/duel.yaml`, catalog);
    const orders: Order[] = [];
    for (let g = 0; g < GAMES + WARM / 2; g++) {
      const id = g < GAMES ? `b${g}` : `w${g - GAMES}`;
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
    return { orders: orders.slice(0, MAILS), warm: orders.slice(MAILS) };
  } finally {
    rt.close();
  }
}

/**
 * How far the server is, read from its database: one read-only connection for the whole run, and
 * counts the indexes answer alone (the welcome mails, all marked sent, are left out by their count),
 * so that watching costs the machine next to nothing.
 */
function watcher(dbPath: string): { progress(): { moved: number; pending: number; sent: number }; close(): void } {
  const db = new Database(dbPath, { readonly: true });
  const moved = db.prepare('SELECT COUNT(*) AS n FROM inbound WHERE moved_at IS NOT NULL');
  const status = db.prepare('SELECT COUNT(*) AS n FROM outbox WHERE status = ?');
  const count = (stmt: Database.Statement, ...args: unknown[]) => (stmt.get(...args) as { n: number }).n;
  const welcomes = (db.prepare("SELECT COUNT(*) AS n FROM outbox WHERE kind = 'welcome'").get() as { n: number }).n;
  return {
    progress: () => ({
      moved: count(moved),
      pending: count(status, 'pending'),
      sent: count(status, 'sent') - welcomes,
    }),
    close: () => db.close(),
  };
}

/** The outbox's last row so far. */
function lastOutboxId(dbPath: string): number {
  const db = new Database(dbPath, { readonly: true });
  try {
    return (db.prepare('SELECT COALESCE(MAX(id), 0) AS n FROM outbox').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/** Mails Dovecot has delivered to a user so far, in any folder (BENCH_TRACE). */
function delivered(stack: MailStack, user: string): number {
  const [name, domain] = user.split('@') as [string, string];
  const maildir = `${stack.dir}/mail/${domain}/${name}/Maildir`;
  let n = 0;
  for (const folder of ['', ...readdirSync(maildir).filter((f) => f.startsWith('.') && f !== '.' && f !== '..')]) {
    for (const sub of ['new', 'cur']) {
      try {
        n += readdirSync(`${maildir}/${folder}/${sub}`).length;
      } catch {
        /* not made yet */
      }
    }
  }
  return n;
}

/** The orders through the pipeline: until they are filed and two replies each sent, after the `before` (the warm-up's) of earlier. */
async function pipeline(stack: MailStack, dbPath: string, orders: Order[], before = 0): Promise<number> {
  const watch = watcher(dbPath);
  const t0 = performance.now();
  await sendAll(stack, REFEREE, orders);
  let shown = 0;
  for (;;) {
    const p = watch.progress();
    if (process.env.BENCH_TRACE && performance.now() - shown > 250) {
      shown = performance.now();
      console.log(
        `  ${((shown - t0) / 1000).toFixed(2)} s: ${delivered(stack, REFEREE)} delivered, ${p.moved} filed, ${p.sent} sent, ${p.pending} pending`,
      );
    }
    const done = before + orders.length;
    if (p.moved >= done && p.pending === 0 && p.sent >= 2 * done) break;
    await sleep(20);
  }
  const ms = performance.now() - t0;
  watch.close();
  return ms;
}

/** The replies the referee sent, after the outbox row `after` (the warm-up's left out). */
function replies(dbPath: string, after: number): Reply[] {
  const db = new Database(dbPath, { readonly: true });
  try {
    // The outbox keeps text and HTML deflated and a picture as its map view (shell/db/packed.ts):
    // the bare pipeline is handed them as the referee's sender sees them, the picture drawn.
    const rows = db
      .prepare(
        'SELECT recipient AS "to", subject, text_body AS text, html_body AS html, picture FROM outbox WHERE kind != \'welcome\' AND id > ? ORDER BY id',
      )
      .all(after) as Record<string, unknown>[];
    return rows.map((r) => {
      const picture = unpackNullable(r.picture);
      return {
        to: r.to as string,
        subject: r.subject as string,
        text: unpackText(r.text),
        html: unpackNullable(r.html),
        picture:
          picture === null
            ? null
            : pictureSvg(picture.startsWith('<') ? { svg: picture } : (JSON.parse(picture) as PictureModel)),
      };
    });
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
  const sender = smtp(stack, SMTP_CONNECTIONS);
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
            // The same mail: its picture rendered from the same SVG, as the referee's SMTP thread does.
            const attachments = r.picture
              ? [
                  {
                    filename: 'map.png',
                    content: renderPicture(r.picture).png,
                    contentType: 'image/png',
                    cid: 'map@tallyho',
                    contentDisposition: 'inline' as const,
                  },
                ]
              : [];
            sends.push(
              sender.sendMail({
                from: REFEREE,
                to: r.to,
                subject: r.subject,
                text: r.text,
                ...(r.html ? { html: r.html } : {}),
                attachments,
              }),
            );
          }
          fetched++;
        }
      }
    } finally {
      lock.release();
    }
    if (fetched < MAILS)
      await Promise.race([
        new Promise<void>((r) => {
          wake = r;
        }),
        sleep(200),
      ]);
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

/**
 * CPU seconds Postfix and Dovecot have used so far: their masters (with the children they reaped)
 * and the children still running.
 */
function mailServersCpu(stack: MailStack): number {
  const masters = new Set<number>();
  for (const f of ['postfix-queue/pid/master.pid', 'dovecot/run/master.pid']) {
    try {
      masters.add(Number(readFileSync(`${stack.dir}/${f}`, 'utf8').trim()));
    } catch {
      /* not running */
    }
  }
  let total = 0;
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (!masters.has(Number(d)) && !masters.has(Number(f[1]))) continue;
      total += (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / 100;
    } catch {
      /* gone meanwhile */
    }
  }
  return total;
}

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
    console.log(
      `bench:mail: ${MAILS} order mails, ${GAMES} two-player games, one turn each${WARM ? `; the referee warmed first by ${WARM} order mails of ${WARM / 2} other games, not measured` : ''}`,
    );
    const { orders, warm } = setUp(env);
    // BENCH_PROFILE=<dir>: a CPU profile of the server is written there when it stops.
    const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
    // BENCH_NODE_ARGS="...": more options for the server's node (e.g. V8's garbage collector flags).
    const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
    const server = startServe(env, dir, [...profile, ...nodeArgs]);
    await server.waitFor(/IMAP inbox connected/, 30000, 'stderr');
    const pid = server.child.pid as number;
    const warmCpu0 = cpuSeconds(pid);
    if (warm.length) await pipeline(stack, env.DATABASE_PATH as string, warm);
    const warmCpu = cpuSeconds(pid) - warmCpu0;
    const warmedTo = lastOutboxId(env.DATABASE_PATH as string);
    const cpu0 = cpuSeconds(pid);
    const [benchCpu0, stackCpu0] = [cpuSeconds('self'), mailServersCpu(stack)];
    const pipeMs = await pipeline(stack, env.DATABASE_PATH as string, orders, warm.length);
    const serverCpu = cpuSeconds(pid) - cpu0;
    const [benchCpu, stackCpu] = [cpuSeconds('self') - benchCpu0, mailServersCpu(stack) - stackCpu0];
    const rss = peakRss(pid);
    if (process.env.BENCH_THREADS) {
      for (const t of readdirSync(`/proc/${pid}/task`)) {
        const st = readFileSync(`/proc/${pid}/task/${t}/stat`, 'utf8');
        const name = st.slice(st.indexOf('(') + 1, st.lastIndexOf(')'));
        const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
        const c = (Number(f[11]) + Number(f[12])) / 100;
        if (c > 0.02) console.log(`  thread ${name}: ${c.toFixed(2)} s`);
      }
    }
    await server.stop();
    // BENCH_LOG=<file>: the server's log (pino JSON lines) is written there.
    if (process.env.BENCH_LOG) writeFileSync(process.env.BENCH_LOG, server.stderr());
    const out = replies(env.DATABASE_PATH as string, warmedTo);
    const [self0, bareStack0] = [cpuSeconds('self'), mailServersCpu(stack)];
    const bareMs = await bare(stack, orders, out);
    const [bareCpu, bareStackCpu] = [cpuSeconds('self') - self0, mailServersCpu(stack) - bareStack0];
    const rate = (ms: number) => (MAILS / (ms / 1000)).toFixed(1);
    const pictures = out.filter((r) => r.picture);
    const p0 = performance.now();
    for (const r of pictures.slice(0, 50)) renderPictureUncached(r.picture as string);
    const perPicture = pictures.length ? (performance.now() - p0) / Math.min(50, pictures.length) : 0;
    console.log(`pipeline:  ${(pipeMs / 1000).toFixed(2)} s  (${rate(pipeMs)} order mails/s, ${2 * MAILS} mails sent)`);
    console.log(`bare:      ${(bareMs / 1000).toFixed(2)} s  (${rate(bareMs)} order mails/s, ${2 * MAILS} mails sent)`);
    console.log(
      `ratio:     ${(bareMs / pipeMs).toFixed(2)}, the pipeline's throughput as a share of the bare transport's (target >= 0.80)`,
    );
    console.log(
      `pictures:  ${pictures.length} of the ${out.length} mails carry one (${new Set(pictures.map((r) => r.picture)).size} different); ${perPicture.toFixed(1)} ms to render one, the mean wall time of ${Math.min(50, pictures.length)} renders uncached after the pipeline`,
    );
    console.log(
      `RSS:       server peak ${rss.toFixed(0)} MiB; bench process ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`,
    );
    console.log(
      `CPU:       server ${serverCpu.toFixed(2)} s during the pipeline, ${((serverCpu * 1000) / MAILS).toFixed(1)} ms an order mail${WARM ? ` (the warm-up's ${WARM}: ${warmCpu.toFixed(2)} s, ${((warmCpu * 1000) / WARM).toFixed(1)} ms each)` : ''}; bare client ${bareCpu.toFixed(2)} s (${cpus().length} CPUs, shared with Postfix and Dovecot)`,
    );
    console.log(
      `           the bench's own sending and polling ${benchCpu.toFixed(2)} s; Postfix and Dovecot ${stackCpu.toFixed(2)} s during the pipeline, ${bareStackCpu.toFixed(2)} s during the bare run`,
    );
  } finally {
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
