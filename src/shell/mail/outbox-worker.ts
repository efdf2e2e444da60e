/**
 * The outbox worker: takes due rows under a lease (a worker killed mid-send leaves rows whose lease
 * runs out, and they are sent again, with the same Message-ID), sends them, and records the result.
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
  leaseMs?: number;
  /** Rows leased at a time. */
  batch?: number;
  /**
   * Sends in flight at most, handed to the transport, which queues those its connections are not
   * free for yet: a few more than the connections keep each of them busy. Every leased row must be
   * sent well within the lease: `batch` + `concurrency` mails over the transport's connections.
   */
  concurrency?: number;
  pollMs?: number;
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

export class OutboxWorker {
  private readonly o: Required<Omit<OutboxWorkerOptions, 'retry'>> & { retry: RetryPolicy };
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;

  constructor(options: OutboxWorkerOptions) {
    this.o = {
      owner: `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`,
      leaseMs: 120_000, batch: 20, concurrency: 16, pollMs: 1000, random: Math.random,
      ...options,
      retry: { ...DEFAULT_RETRY, ...options.retry },
    };
  }

  start(): void {
    this.stopped = false;
    this.kick();
  }

  /** Looks for due mail now (called when the intake has queued some). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
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

  /** Stops taking new rows and waits for the sends in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private async loop(): Promise<void> {
    try {
      await this.pump(true);
    } catch (e) {
      this.o.log.error({ err: (e as Error).message }, 'outbox worker failed; retrying shortly');
    }
  }

  /**
   * Sends one batch of due rows and records the results in one transaction; returns how many rows
   * it took. (A crash before the record leaves the rows leased: they are sent again, with the same
   * Message-ID, once the lease runs out.)
   */
  runOnce(): Promise<number> {
    return this.pump(false);
  }

  /**
   * Keeps up to `concurrency` sends in flight over the leased rows. With `more`, a send that finds
   * the leased rows used up leases the next due ones (in the transaction that records the results
   * so far) until none are due, so the connections never wait for the slowest send of a batch.
   * Results are recorded with each lease, at the latest every 2 * `batch` sends, and at the end.
   * Returns the rows taken.
   */
  private async pump(more: boolean): Promise<number> {
    const { store, owner, leaseMs, batch, concurrency } = this.o;
    const done: (() => void)[] = [];
    const record = () => { for (const r of done.splice(0)) r(); };
    const queue: OutboxRow[] = [];
    const lanes = new Set<Promise<void>>();
    const errors: unknown[] = [];
    let taken = 0;
    const lease = (tx: StoreTx) => {
      const now = this.o.clock.now();
      const rows = tx.outbox.lease(owner, now, now + leaseMs, batch);
      taken += rows.length;
      queue.push(...rows);
    };
    const next = (): OutboxRow | undefined => {
      if (!queue.length && more && !this.stopped) {
        store.tx((tx) => { record(); lease(tx); });
        fill();
      }
      return queue.shift();
    };
    const lane = async (first: OutboxRow) => {
      for (let row: OutboxRow | undefined = first; row; row = next()) {
        done.push(await this.deliver(row));
        if (done.length >= 2 * batch) store.tx(record);
      }
    };
    // A lane per leased row, up to `concurrency`.
    const fill = () => {
      while (lanes.size < concurrency && queue.length) {
        const p: Promise<void> = lane(queue.shift() as OutboxRow).catch((e) => { errors.push(e); }).finally(() => lanes.delete(p));
        lanes.add(p);
      }
    };
    store.tx(lease);
    fill();
    while (lanes.size) await Promise.all(lanes);
    if (done.length) store.tx(record);
    if (errors.length) throw errors[0];
    return taken;
  }

  /** Sends one row; returns how to record the result (run inside the batch's transaction). */
  private async deliver(row: OutboxRow): Promise<() => void> {
    const { store, clock, log, owner } = this.o;
    const record = (fn: (tx: StoreTx) => void) => () => store.tx(fn);
    try {
      const r = await this.o.transport.send(this.o.compose(row));
      if (r.accepted.length === 0 && r.rejected.length > 0) {
        log.error({ outbox: row.id, to: row.recipient, response: r.response }, 'mail refused: dead letter');
        return record((tx) => tx.outbox.markDead(row.id, owner, `every recipient refused: ${r.rejected.join(', ')} (${r.response})`));
      }
      if (r.rejected.length) log.warn({ outbox: row.id, rejected: r.rejected }, 'mail sent, but some recipients were refused');
      else log.info({ outbox: row.id, to: row.recipient, kind: row.kind, messageId: row.messageId, attempt: row.attempts }, 'mail sent');
      const at = clock.now();
      return record((tx) => tx.outbox.markSent(row.id, owner, at, r.response, r.rejected));
    } catch (e) {
      const v = classifySendError(e);
      if (v.kind === 'dead' || row.attempts >= this.o.retry.maxAttempts) {
        const why = v.kind === 'dead' ? v.reason : `gave up after ${row.attempts} attempts: ${v.reason}`;
        log.error({ outbox: row.id, to: row.recipient, error: why }, 'mail not deliverable: dead letter');
        return record((tx) => tx.outbox.markDead(row.id, owner, why));
      }
      const delay = backoffMs(row.attempts, this.o.retry, this.o.random);
      log.warn({ outbox: row.id, to: row.recipient, error: v.reason, attempt: row.attempts, retryInMs: delay }, 'mail not sent; will retry');
      const next = clock.now() + delay;
      return record((tx) => tx.outbox.markRetry(row.id, owner, next, v.reason));
    }
  }
}
