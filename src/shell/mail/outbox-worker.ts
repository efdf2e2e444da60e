/**
 * The outbox worker: each due row is leased by itself just before it is handed to the transport,
 * and the result of its send is recorded the moment the send ends (in one commit with the results
 * that came in together, and the leases of the next rows).
 * So at any time only the rows being sent are leased, and a worker killed mid-send leaves unrecorded
 * only the mails in flight: their lease runs out and they are sent again, with the same Message-ID
 * (a duplicate only for a mail the server had taken just before the kill).
 * 4xx answers and connection errors are retried with exponential backoff and jitter; 5xx answers
 * and refused envelopes go to the dead letters (tallyho game status shows them), as does a mail that
 * failed too many times; a mail some recipients refused is sent and flagged.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type { AppLog } from '../../app/deps.ts';
import type { Clock, OutboxRow, Store, StoreTx } from '../../app/ports.ts';
import type { MailTransport } from './transport.ts';

export interface RetryPolicy {
  baseMs: number;
  maxMs: number;
  maxAttempts: number;
}

export const DEFAULT_RETRY: RetryPolicy = { baseMs: 30_000, maxMs: 3_600_000, maxAttempts: 15 };

export interface OutboxWorkerOptions {
  store: Store;
  transport: MailTransport;
  compose: (row: OutboxRow) => Mail.Options;
  clock: Clock;
  log: AppLog;
  owner?: string;
  /**
   * How the results and leases are committed: `store.tx` by default; SqliteStore.txLazy in the
   * server, so that a send's record does not wait for the disk (a record lost in a power cut costs
   * only a second copy of that mail).
   */
  commit?: <T>(fn: (tx: StoreTx) => T) => T;
  /** How long a row being sent is held; a worker that died holding it leaves it for this long. */
  leaseMs?: number;
  /** Rows runOnce takes at most. */
  batch?: number;
  /**
   * Sends in flight at most, each with its row leased. One by default, so that a crash duplicates
   * at most one mail: the one the server may have taken just before it. A crash duplicates every
   * mail the server had taken but not yet answered, and an SMTP server takes mail about one at a
   * time while it writes each to its queue (on Postfix one connection carries as many mails a
   * second as four); measured per SIGKILL: 0.5 duplicates with one lane, 0.6 to 1.25 with two
   * (more when the main thread is busy and results wait for it), 1.4 to 1.75 with four. More lanes
   * keep the connection busy while a result waits for the main thread: npm run bench:mail is
   * about a sixth faster with two.
   */
  concurrency?: number;
  pollMs?: number;
  /** How long stop() waits for the sends in flight before it gives them up (they are sent again). */
  stopGraceMs?: number;
  retry?: Partial<RetryPolicy>;
  random?: () => number;
}

type Verdict = { kind: 'retry' | 'dead'; reason: string };

/** What to do about a failed send: retry (4xx, connection trouble) or give up (5xx, bad envelope). */
export function classifySendError(e: unknown): Verdict {
  const err = e as { code?: string; responseCode?: number; response?: string; message?: string };
  const reason = `${err.code ? `${err.code}: ` : ''}${(err.response ?? err.message ?? String(e)).slice(0, 300)}`;
  // A login failure is a configuration problem: keep the mail until it is fixed.
  if (err.code === 'EAUTH') return { kind: 'retry', reason };
  if (typeof err.responseCode === 'number') return { kind: err.responseCode >= 500 ? 'dead' : 'retry', reason };
  if (err.code === 'EENVELOPE' || err.code === 'EMESSAGE') return { kind: 'dead', reason };
  return { kind: 'retry', reason };
}

/** Delay before attempt `attempts + 1`: base * 2^(attempts-1), capped, with half of it jittered. */
export function backoffMs(attempts: number, policy: RetryPolicy, random: () => number): number {
  const full = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(full / 2 + random() * (full / 2));
}

/** One run of the worker: its lanes (a send and its record each, one after the other). */
interface Run {
  lanes: Set<Promise<void>>;
  active: number;
  /** Rows it may still take. */
  left: number;
  /** Its last lease found nothing due: no new lane until kicked. */
  dry: boolean;
  errors: unknown[];
}

export class OutboxWorker {
  private readonly o: Required<Omit<OutboxWorkerOptions, 'retry'>> & { retry: RetryPolicy };
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private current: Run | null = null;
  private again = false;
  private stopped = true;
  /** stop() gave up waiting: results arriving later are not recorded (the store may be closed). */
  private abandoned = false;
  private inFlight = 0;

  constructor(options: OutboxWorkerOptions) {
    this.o = {
      owner: `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`,
      leaseMs: 120_000, batch: 20, concurrency: 1, pollMs: 1000, stopGraceMs: 2000, random: Math.random,
      commit: (fn) => options.store.tx(fn),
      ...options,
      retry: { ...DEFAULT_RETRY, ...options.retry },
    };
  }

  start(): void {
    this.stopped = false;
    this.abandoned = false;
    this.kick();
  }

  /** Looks for due mail now (called when the intake has queued some). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      // Mail queued while sends are out: free lanes take it now, not after them.
      if (this.current) {
        this.current.dry = false;
        this.fill(this.current, false);
      }
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.loop().finally(() => {
      this.running = null;
      if (this.stopped) return;
      if (this.again) { this.again = false; this.kick(); return; }
      this.timer = setTimeout(() => this.kick(), this.o.pollMs);
    });
  }

  /**
   * Stops taking rows and waits for the sends in flight, at most `stopGraceMs`: a send still out
   * then (a server that does not answer) is given up, its row left leased and sent again later.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.running) return;
    let grace: NodeJS.Timeout | undefined;
    const late = await Promise.race([
      this.running.then(() => false),
      new Promise<boolean>((r) => { grace = setTimeout(() => r(true), this.o.stopGraceMs); }),
    ]);
    clearTimeout(grace);
    if (late && this.inFlight) {
      this.abandoned = true;
      this.o.log.warn({ inFlight: this.inFlight }, 'stopped with mail still being sent: it is sent again once its lease runs out');
    }
  }

  private async loop(): Promise<void> {
    try {
      await this.pump(Infinity, true);
    } catch (e) {
      this.o.log.error({ err: (e as Error).message }, 'outbox worker failed; retrying shortly');
    }
  }

  /** Sends up to `batch` due rows, each result recorded as it comes; returns how many it took. */
  runOnce(): Promise<number> {
    return this.pump(this.o.batch, false);
  }

  /**
   * Keeps up to `concurrency` lanes going while rows are due (and, with `loop`, until stopped),
   * at most `limit` rows; returns the rows taken.
   */
  private async pump(limit: number, loop: boolean): Promise<number> {
    const run: Run = { lanes: new Set(), active: 0, left: limit, dry: false, errors: [] };
    if (loop) this.current = run;
    this.fill(run, loop);
    while (run.lanes.size) await Promise.all(run.lanes);
    if (this.current === run) this.current = null;
    if (run.errors.length) throw run.errors[0];
    return limit - run.left;
  }

  private fill(run: Run, loop: boolean): void {
    while (run.active < this.o.concurrency && !run.dry && run.left > 0 && !(loop && this.stopped)) {
      // Counted before it starts: a lane that finds a row fills up the others itself.
      run.active++;
      const p: Promise<void> = this.lane(run, loop).catch((e) => { run.errors.push(e); }).finally(() => {
        run.active--;
        run.lanes.delete(p);
      });
      run.lanes.add(p);
    }
  }

  /**
   * A lane: leases one due row, sends it, and records the result in one transaction with the
   * lease of its next row (commit); ends when none is due.
   */
  private async lane(run: Run, loop: boolean): Promise<void> {
    const { owner, leaseMs } = this.o;
    const take = (tx: StoreTx): OutboxRow | undefined => {
      if (run.left <= 0 || (loop && this.stopped)) return undefined;
      const now = this.o.clock.now();
      const [row] = tx.outbox.lease(owner, now, now + leaseMs, 1);
      if (row) run.left--;
      run.dry = !row;
      return row;
    };
    let row = this.o.commit(take);
    while (row) {
      this.inFlight++;
      const sending = this.deliver(row);
      // More may be due than lanes are going (queued while the others were out).
      this.fill(run, loop);
      let record: (tx: StoreTx) => void;
      try {
        record = await sending;
      } finally {
        this.inFlight--;
      }
      if (this.abandoned) return;
      row = await this.commit((tx) => { record(tx); return take(tx); });
    }
  }

  private commits: { fn: (tx: StoreTx) => OutboxRow | undefined; done: (r: { row?: OutboxRow; err?: unknown }) => void }[] = [];

  /**
   * Runs `fn` (a result recorded, the next row leased) in a transaction as soon as the event loop
   * is free: the results that came in meanwhile (while a commit waited for the disk) share it, one
   * commit for them all instead of one each, so none waits for the others' commits.
   */
  private commit(fn: (tx: StoreTx) => OutboxRow | undefined): Promise<OutboxRow | undefined> {
    return new Promise((resolve, reject) => {
      this.commits.push({ fn, done: (r) => (r.err === undefined ? resolve(r.row) : reject(r.err)) });
      if (this.commits.length > 1) return;
      setImmediate(() => {
        const group = this.commits.splice(0);
        if (this.abandoned) { for (const c of group) c.done({}); return; }
        try {
          const rows = this.o.commit((tx) => group.map((c) => c.fn(tx)));
          group.forEach((c, i) => c.done(rows[i] ? { row: rows[i] } : {}));
        } catch (err) {
          for (const c of group) c.done({ err });
        }
      });
    });
  }

  /** Sends one row; returns how to record the result (in the transaction that follows the send). */
  private async deliver(row: OutboxRow): Promise<(tx: StoreTx) => void> {
    const { clock, log, owner } = this.o;
    try {
      const r = await this.o.transport.send(this.o.compose(row));
      if (r.accepted.length === 0 && r.rejected.length > 0) {
        log.error({ outbox: row.id, to: row.recipient, response: r.response }, 'mail refused: dead letter');
        return (tx) => tx.outbox.markDead(row.id, owner, `every recipient refused: ${r.rejected.join(', ')} (${r.response})`);
      }
      if (r.rejected.length) log.warn({ outbox: row.id, rejected: r.rejected }, 'mail sent, but some recipients were refused');
      else log.info({ outbox: row.id, to: row.recipient, kind: row.kind, messageId: row.messageId, attempt: row.attempts }, 'mail sent');
      const at = clock.now();
      return (tx) => tx.outbox.markSent(row.id, owner, at, r.response, r.rejected);
    } catch (e) {
      const v = classifySendError(e);
      if (v.kind === 'dead' || row.attempts >= this.o.retry.maxAttempts) {
        const why = v.kind === 'dead' ? v.reason : `gave up after ${row.attempts} attempts: ${v.reason}`;
        log.error({ outbox: row.id, to: row.recipient, error: why }, 'mail not deliverable: dead letter');
        return (tx) => tx.outbox.markDead(row.id, owner, why);
      }
      const delay = backoffMs(row.attempts, this.o.retry, this.o.random);
      log.warn({ outbox: row.id, to: row.recipient, error: v.reason, attempt: row.attempts, retryInMs: delay }, 'mail not sent; will retry');
      const next = clock.now() + delay;
      return (tx) => tx.outbox.markRetry(row.id, owner, next, v.reason);
    }
  }
}
