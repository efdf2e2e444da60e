/**
 * The chaos suite's common ground: one real mail stack for every scenario, and per scenario a
 * referee of its own (its own mailbox, database and `tallyho serve` process) with its own players,
 * so that one scenario's rate limits and mail never touch another's. Also what is read from
 * outside the server: its CPU time and peak RSS (/proc), its database (read-only) and the
 * players' mailboxes (Message-ID, In-Reply-To, subject, size; nothing parsed).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { addPlayer, createGame, startGame } from '../../../src/app/setup/games.ts';
import { loadAircraftDir } from '../../../src/shell/aircraft/catalog.ts';
import { configFrom } from '../../../src/shell/config.ts';
import { openRuntime } from '../../../src/shell/runtime.ts';
import { loadScenarioFile } from '../../../src/shell/scenario-file.ts';
import { withImap } from '../mail.ts';
import type { MailStack } from '../mailstack.ts';
import { sleep } from '../ports.ts';
import { REFEREE, refereeEnv } from '../referee-stack.ts';
import { ROOT, startServe, type ServeProcess } from '../serve-process.ts';
import { peakRssMiB } from '../rss.ts';

export const FORGERS = 50;
export const forger = (i: number): string => `forger${String(i).padStart(2, '0')}@example.test`;

/** The scenarios' rigs: each has a referee and two players named after it. */
export const RIGS = ['kill', 'away', 'forge', 'flood', 'hostile', 'big'] as const;
export type RigName = (typeof RIGS)[number];
export const address = (rig: RigName, who: 'ref' | 'red' | 'blue'): string => `${rig}-${who}@example.test`;

/**
 * Every mailbox the suite uses; give them all to startMailStack at once (addUser is slow).
 * refereeEnv asks for the password of the default referee too, before a rig names its own.
 */
export function chaosUsers(): string[] {
  return [
    REFEREE,
    ...RIGS.flatMap((r) => [address(r, 'ref'), address(r, 'red'), address(r, 'blue')]),
    ...Array.from({ length: FORGERS }, (_, i) => forger(i + 1)),
  ];
}

export interface Seat {
  game: string;
  player: 'red' | 'blue';
  email: string;
  plane: string;
  secret: string;
}

export interface Rig {
  name: RigName;
  stack: MailStack;
  referee: string;
  red: string;
  blue: string;
  env: Record<string, string>;
  /** The running server, if any. */
  server: ServeProcess | undefined;
  /** Starts `tallyho serve` and waits until its inbox is connected. */
  start(): Promise<ServeProcess>;
  /** SIGKILL, waited for. */
  kill(): Promise<void>;
  /** SIGTERM, waited for. */
  stop(): Promise<void>;
  /**
   * Duel games (R1 for red, G1 for blue), set up in one go; welcome mails marked sent unless
   * `welcome`; with `hook`, each game's own notification hook (JSON) at that address plus `/<game>`.
   */
  games(ids: string[], opts?: { welcome?: boolean; hook?: string }): Map<string, Seat[]>;
  db<T>(fn: (db: Database.Database) => T): T;
  close(): Promise<void>;
}

export function openRig(stack: MailStack, name: RigName, extra: Record<string, string> = {}): Rig {
  const dir = mkdtempSync(join(tmpdir(), `tallyho-chaos-${name}-`));
  const referee = address(name, 'ref');
  const env = refereeEnv(stack, dir, {
    IMAP_USER: referee,
    IMAP_PASSWORD: stack.password(referee),
    MAIL_FROM: `Tallyho Referee <${referee}>`,
    OUTBOX_RETRY_SECONDS: '1',
    ...extra,
  });
  const rig: Rig = {
    name,
    stack,
    referee,
    red: address(name, 'red'),
    blue: address(name, 'blue'),
    env,
    server: undefined,
    async start() {
      const s = startServe(env, dir);
      rig.server = s;
      await s.waitFor(/IMAP inbox connected/, 30000, 'stderr');
      return s;
    },
    async kill() {
      await rig.server?.stop('SIGKILL');
      rig.server = undefined;
    },
    async stop() {
      await rig.server?.stop('SIGTERM');
      rig.server = undefined;
    },
    games(ids, opts = {}) {
      const rt = openRuntime({ config: configFrom(env) });
      try {
        const catalog = loadAircraftDir();
        const scenario = loadScenarioFile(join(ROOT, 'scenarios/duel.yaml'), catalog);
        const out = new Map<string, Seat[]>();
        for (const game of ids) {
          createGame(rt.deps, { id: game, scenario, catalog });
          const seats = (
            [
              ['red', rig.red, 'R1'],
              ['blue', rig.blue, 'G1'],
            ] as const
          ).map(([player, email, plane]) => {
            const { secret } = addPlayer(rt.deps, { gameId: game, playerId: player, email, planes: [plane] });
            return { game, player, email, plane, secret };
          });
          if (opts.hook)
            rt.store.tx((tx) =>
              tx.club.addHook(
                { gameId: game, playerId: null, format: 'json', url: `${opts.hook}/${game}` },
                Date.now(),
              ),
            );
          startGame(rt.deps, game);
          out.set(game, seats);
        }
        if (!opts.welcome) rt.store.db.prepare("UPDATE outbox SET status = 'sent' WHERE kind = 'welcome'").run();
        return out;
      } finally {
        rt.close();
      }
    },
    db(fn) {
      const db = new Database(env.DATABASE_PATH as string, { readonly: true, timeout: 5000 });
      try {
        return fn(db);
      } finally {
        db.close();
      }
    },
    async close() {
      await rig.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return rig;
}

export const count = (db: Database.Database, sql: string, ...args: unknown[]): number =>
  (db.prepare(sql).get(...args) as { n: number }).n;

/** Message-IDs compared without their angle brackets and case. */
export const bare = (id: string | undefined | null): string => (id ?? '').trim().replace(/^<|>$/g, '').toLowerCase();

/** Messages in the referee's inbox, read over IMAP (STATUS). */
export function inboxCount(rig: Rig): Promise<number> {
  return withImap(rig.stack, rig.referee, async (c) => {
    const status = await c.status('INBOX', { messages: true });
    return status ? (status.messages ?? -1) : -1;
  });
}

/**
 * Waits until the server has taken in at least `inbound` mails (ledger rows), filed them all, and
 * sent (or given up on) every mail of its outbox; false when `timeoutMs` passed first (0: looks
 * once). Filed means not marked unmoved in the ledger or, where some are (a server killed between
 * its MOVE and recording it leaves the row so, with the mail already in Processed), an empty inbox.
 */
export async function settled(rig: Rig, inbound: number, timeoutMs: number, pollMs = 100): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  let lookedAt = 0;
  for (;;) {
    const [taken, unmoved, pending] = rig.db((db) => [
      count(db, 'SELECT COUNT(*) AS n FROM inbound'),
      count(db, 'SELECT COUNT(*) AS n FROM inbound WHERE moved_at IS NULL'),
      count(db, "SELECT COUNT(*) AS n FROM outbox WHERE status = 'pending'") +
        count(db, "SELECT COUNT(*) AS n FROM deliveries WHERE status = 'pending'"),
    ]);
    if (taken >= inbound && pending === 0) {
      if (unmoved === 0) return true;
      if (Date.now() - lookedAt >= 1000) {
        lookedAt = Date.now();
        if ((await inboxCount(rig)) === 0) return true;
      }
    }
    if (Date.now() >= deadline) return false;
    await sleep(pollMs);
  }
}

/**
 * Waits until the mail of this Message-ID is in the ledger, filed, and the outbox has nothing left
 * to send (its answer, if any, is then on its way); the ledger's outcome, or undefined on timeout.
 */
export async function handled(rig: Rig, messageId: string, timeoutMs: number): Promise<string | undefined> {
  const deadline = Date.now() + timeoutMs;
  const id = bare(messageId);
  while (Date.now() < deadline) {
    const outcome = rig.db((db) => {
      const row = db
        .prepare('SELECT outcome, moved_at AS moved FROM inbound WHERE lower(message_id) IN (?, ?)')
        .get(id, `<${id}>`) as { outcome: string; moved: number | null } | undefined;
      return row && row.moved !== null && count(db, "SELECT COUNT(*) AS n FROM outbox WHERE status = 'pending'") === 0
        ? row.outcome
        : undefined;
    });
    if (outcome) return outcome;
    await sleep(100);
  }
  return undefined;
}

export interface Summary {
  uid: number;
  messageId: string;
  inReplyTo: string;
  subject: string;
  from: string;
  size: number;
  date: number;
}

/** Every mail in a mailbox, from its envelope and size alone. */
export function mailbox(stack: MailStack, user: string, box = 'INBOX'): Promise<Summary[]> {
  return withImap(stack, user, async (c) => {
    const opened = await c.mailboxOpen(box, { readOnly: true });
    if (opened.exists === 0) return [];
    const out: Summary[] = [];
    for await (const m of c.fetch('1:*', { uid: true, envelope: true, size: true, internalDate: true })) {
      out.push({
        uid: m.uid,
        messageId: bare(m.envelope?.messageId),
        inReplyTo: bare(m.envelope?.inReplyTo),
        subject: m.envelope?.subject ?? '',
        from: m.envelope?.from?.[0]?.address?.toLowerCase() ?? '',
        size: m.size ?? 0,
        date: new Date(m.internalDate ?? 0).getTime(),
      });
    }
    return out;
  });
}

/** Copies beyond the first of each Message-ID in a mailbox. */
export function extraCopies(mails: Summary[]): number {
  const ids = mails.map((m) => m.messageId).filter((id) => id !== '');
  return ids.length - new Set(ids).size;
}

const CLOCK_TICKS = 100;

/** CPU seconds (user + system, every thread) a process has used so far. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) / CLOCK_TICKS;
}

/** Peak resident set (VmHWM) of a process, in MB; NaN once the process is gone. */
export function peakRssMb(pid: number): number {
  try {
    return peakRssMiB(pid);
  } catch {
    return NaN;
  }
}

/** A small seeded generator (mulberry32): the same seed, the same kill moments and corpus. */
export { rng as random } from '../../../bench/random-plots.ts';

export const envelope = (s: Seat, body: string, secret = s.secret): string =>
  `#TALLYHO ${s.game} ${s.player} "${secret}"\n${body}\n#END\n`;
export const plot = (s: Seat): string => `${s.plane}: 1 1 1 1 1 1`;
