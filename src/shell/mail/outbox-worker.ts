/**
 * The outbox worker: each due row is leased just before it is handed to the transport, and the
 * result of its send is recorded as soon as the main thread is free (in one commit with the results
 * that came in together, and the leases of their lanes' next rows, taken by one query). Up to
 * `concurrency` rows are handed over at once; the SMTP transport sends them one after another in
 * its own thread, so mail keeps going out while the main thread is busy taking mail in.
 * A worker killed mid-send leaves unrecorded only the rows handed over: those the server had taken
 * are in the transport's journal (sent-journal.ts) and are marked sent at the next start, before
 * anything is leased; the others' leases run out and they are sent again, with the same Message-ID
 * (a duplicate only for the one mail the server was taking at the kill).
 * A send that does not reach the server (no connection, no greeting, a 421) stops the leasing until
 * a probe finds the server back (smtp-link.ts): the mail waits, due again at once, and goes out
 * within a probe of the server's return. 4xx answers to a mail are retried with exponential
 * backoff and jitter; 5xx answers and refused envelopes go to the dead letters (tallyho game status
 * shows them), as does a mail tried too many times; a mail some recipients refused is sent and
 * flagged (docs/gm-guide.md "Dead letters").
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { PollLoop } from '../poll-loop.ts';
import type { AppLog } from '../../app/ports/deps.ts';
import type { Clock, OutboxRow, Store, StoreTx } from '../../app/ports/store.ts';
import type { OutgoingMail } from './compose.ts';
import type { MailTransport } from './transport.ts';
import { clearSent, readSent } from './sent-journal.ts';
import { classifySendError, DEFAULT_PROBE, type ProbePolicy, ServerLink, type Verdict } from './smtp-link.ts';

export interface RetryPolicy {
  baseMs: number;
  maxMs: number;
  maxAttempts: number;
}

export const DEFAULT_RETRY: RetryPolicy = { baseMs: 30_000, maxMs: 3_600_000, maxAttempts: 15 };

export interface OutboxWorkerOptions {
  store: Store;
  transport: MailTransport;
  compose: (row: OutboxRow) => OutgoingMail;
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
   * Rows handed to the transport at most, each leased. One by default. With a transport that
   * sends one mail at a time and journals what the server took (smtpTransport with a journal), the
   * server keeps one order: more rows only keep the connection busy while the results wait for
   * the main thread, and a crash still duplicates at most the mail being taken at that moment.
   * With a transport that sends several at once, a crash duplicates every mail the server had
   * taken but not yet answered.
   */
  concurrency?: number;
  /**
   * The transport's journal of mails the server took (sent-journal.ts): read at start, its rows
   * marked sent before anything is leased, and emptied whenever every result is recorded.
   */
  journal?: string | null;
  pollMs?: number;
  /** How long stop() waits for the sends in flight before it gives them up (they are sent again). */
  stopGraceMs?: number;
  retry?: Partial<RetryPolicy>;
  /**
   * When the server is probed while it does not answer (smtp-link.ts); only with a transport that
   * can probe (transport.ts `probe`), else a send that did not reach it is retried with backoff.
   */
  probe?: Partial<ProbePolicy>;
  random?: () => number;
}

/**
 * How long, with a journal, a send's result may wait to be recorded together with the results that
 * come after it (one commit for a few mails instead of one each).
 */
const RECORD_WAIT_MS = 25;

/**
 * Whether the worker `owner` (hostname:pid:random, as a worker names itself) is a process of this
 * machine that no longer runs. A worker of another machine, or one named otherwise, is never
 * taken for gone: its leases run out by themselves. A process id taken again since by another
 * process makes the worker look alive: its leases then also just run out.
 */
export function ownerIsGone(owner: string, host: string = hostname()): boolean {
  const m = /^(.*):(\d+):[0-9a-f]+$/.exec(owner);
  if (!m || m[1] !== host) return false;
  const pid = Number(m[2]);
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Delay before attempt `attempts + 1`: base * 2^(attempts-1), capped, with half of it jittered. */
export function backoffMs(attempts: number, policy: RetryPolicy, random: () => number): number {
  const full = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(full / 2 + random() * (full / 2));
}

/**
 * A lane's wish for its next row: `want` says whether it takes one now (and counts it taken),
 * `got` what the lease gave it (none: nothing was due).
 */
interface Take {
  want: () => boolean;
  got: (row: OutboxRow | undefined) => void;
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
  private readonly o: Required<Omit<OutboxWorkerOptions, 'retry' | 'probe'>> & { retry: RetryPolicy };
  private readonly poll: PollLoop;
  /** Whether the SMTP server answers; null with a transport that cannot probe. */
  readonly link: ServerLink | null;
  private current: Run | null = null;
  /** stop() gave up waiting: results arriving later are not recorded (the store may be closed). */
  private abandoned = false;
  private inFlight = 0;

  constructor(options: OutboxWorkerOptions) {
    this.o = {
      owner: `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`,
      leaseMs: 120_000,
      batch: 20,
      concurrency: 1,
      pollMs: 1000,
      stopGraceMs: 2000,
      random: Math.random,
      journal: null,
      commit: (fn) => options.store.tx(fn),
      ...options,
      retry: { ...DEFAULT_RETRY, ...options.retry },
    };
    const { transport } = options;
    this.link = transport.probe
      ? new ServerLink({
          probe: () => transport.probe!(),
          clock: options.clock,
          log: options.log,
          policy: { ...DEFAULT_PROBE, ...options.probe },
        })
      : null;
    this.poll = new PollLoop({
      pass: () => this.loop(),
      pollMs: this.o.pollMs,
      // Mail queued while sends are out: free lanes take it now, not after them.
      busyKick: () => {
        if (!this.current) return;
        this.current.dry = false;
        this.fill(this.current, false);
      },
    });
  }

  start(): void {
    this.abandoned = false;
    this.recover();
    this.poll.start();
  }

  private get stopped(): boolean {
    return this.poll.stopped;
  }

  /**
   * What a killed process left: the results in the journal (those rows were taken by the server, so
   * they are marked sent, those still pending, and the journal emptied), then the leases it held
   * (released, so its rows go out now rather than when the leases run out). Done before anything
   * is leased.
   */
  private recover(): void {
    const path = this.o.journal;
    if (path) {
      const entries = readSent(path);
      if (entries.length) {
        const marked = this.o.store.tx(
          (tx) => entries.filter((e) => tx.outbox.recordSent(e.id, e.at, e.response, e.rejected)).length,
        );
        this.o.log.info(
          { journal: entries.length, marked },
          'mail the server took before the last stop recorded as sent',
        );
      }
      clearSent(path);
    }
    const dead = this.o.store.tx((tx) => tx.outbox.leaseOwners()).filter((o) => o !== this.o.owner && ownerIsGone(o));
    if (dead.length) {
      const released = this.o.store.tx((tx) => dead.reduce((n, o) => n + tx.outbox.release(o), 0));
      this.o.log.info({ released, owners: dead }, 'mail held by a stopped process released: it is sent now');
    }
  }

  /** Looks for due mail now (called when the intake has queued some). */
  kick(): void {
    this.poll.kick();
  }

  /**
   * Stops taking rows and waits for the sends in flight, at most `stopGraceMs`: a send still out
   * then (a server that does not answer) is given up, its row left leased and sent again later.
   */
  async stop(): Promise<void> {
    const late = await this.poll.stop(this.o.stopGraceMs);
    if (late && this.inFlight) {
      this.abandoned = true;
      this.o.log.warn(
        { inFlight: this.inFlight },
        'stopped with mail still being sent: it is sent again once its lease runs out',
      );
    }
  }

  private async loop(): Promise<void> {
    try {
      await this.pass(Infinity, true);
      // Every result handed back is recorded and nothing is out: the journal has served.
      if (this.o.journal && !this.abandoned && this.inFlight === 0) clearSent(this.o.journal);
    } catch (e) {
      this.o.log.error({ err: (e as Error).message }, 'outbox worker failed; retrying shortly');
    }
  }

  /** Sends up to `batch` due rows, each result recorded as it comes; returns how many it took. */
  runOnce(): Promise<number> {
    return this.pass(this.o.batch, false);
  }

  /**
   * A pass: while the server is taken for down, a probe when one is due, and nothing leased unless
   * the server answered it; then the due rows (pump).
   */
  private async pass(limit: number, loop: boolean): Promise<number> {
    if (this.link && !(await this.link.ready())) return 0;
    return this.pump(limit, loop);
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
      const p: Promise<void> = this.lane(run, loop)
        .catch((e) => {
          run.errors.push(e);
        })
        .finally(() => {
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
    const take: Take = {
      want: () => {
        if (run.left <= 0 || (loop && this.stopped)) return false;
        // The server does not answer: the rows wait for a probe to find it back (pass).
        if (this.link?.down) {
          run.dry = true;
          return false;
        }
        // Counted as taken until the lease says otherwise (got).
        run.left--;
        return true;
      },
      got: (row) => {
        if (!row) run.left++;
        run.dry = !row;
      },
    };
    let row = this.o.commit((tx) => this.leaseFor(tx, [take])[0]);
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
      row = await this.commit(record, take);
    }
  }

  /**
   * The next rows of `takes` (each one's, or undefined when it wants none or none is due), leased
   * with one query for them all: the outbox ranks the due rows once for the group (a lease
   * reads every due row and the mail sent lately), in the order the takes come.
   */
  private leaseFor(tx: StoreTx, takes: readonly Take[]): (OutboxRow | undefined)[] {
    const wanting = takes.map((t) => t.want());
    const n = wanting.filter(Boolean).length;
    const now = this.o.clock.now();
    const rows = n ? tx.outbox.lease(this.o.owner, now, now + this.o.leaseMs, n) : [];
    let next = 0;
    return takes.map((t, i) => {
      if (!wanting[i]) return undefined;
      const row = rows[next++];
      t.got(row);
      return row;
    });
  }

  private commits: {
    record: (tx: StoreTx) => void;
    take: Take;
    done: (r: { row?: OutboxRow; err?: unknown }) => void;
  }[] = [];

  /**
   * Records a send's result and leases its lane's next row in a transaction as soon as the event
   * loop is free: the results that came in meanwhile (while a commit waited for the disk) share it,
   * one commit for them all instead of one each, so none waits for the others' commits, and their
   * next rows are leased together (leaseFor).
   */
  private commit(record: (tx: StoreTx) => void, take: Take): Promise<OutboxRow | undefined> {
    return new Promise((resolve, reject) => {
      this.commits.push({ record, take, done: (r) => (r.err === undefined ? resolve(r.row) : reject(r.err)) });
      if (this.commits.length > 1) return;
      // With a journal the results are safe meanwhile: they wait a little to share one commit
      // with those that come after them (the transport has more rows queued).
      const flush = this.o.journal ? (f: () => void) => setTimeout(f, RECORD_WAIT_MS) : setImmediate;
      flush(() => {
        const group = this.commits.splice(0);
        if (this.abandoned) {
          for (const c of group) c.done({});
          return;
        }
        try {
          const rows = this.o.commit((tx) => {
            for (const c of group) c.record(tx);
            return this.leaseFor(
              tx,
              group.map((c) => c.take),
            );
          });
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
      const r = await this.o.transport.send(this.o.compose(row), row.id);
      if (r.accepted.length === 0 && r.rejected.length > 0) {
        log.error({ outbox: row.id, to: row.recipient, response: r.response }, 'mail refused: dead letter');
        return (tx) =>
          tx.outbox.markDead(row.id, owner, `every recipient refused: ${r.rejected.join(', ')} (${r.response})`);
      }
      if (r.rejected.length)
        log.warn({ outbox: row.id, rejected: r.rejected }, 'mail sent, but some recipients were refused');
      else
        log.info(
          { outbox: row.id, to: row.recipient, kind: row.kind, messageId: row.messageId, attempt: row.attempts },
          'mail sent',
        );
      this.link?.sent();
      const at = clock.now();
      return (tx) => tx.outbox.markSent(row.id, owner, at, r.response, r.rejected);
    } catch (e) {
      return this.failed(row, classifySendError(e));
    }
  }

  /**
   * How to record a failed send: a dead letter (5xx, or tried `maxAttempts` times), a mail that
   * waits for the server (it did not answer: due again as soon as a probe finds it back, in its
   * place in the queue), or a retry after the backoff.
   */
  private failed(row: OutboxRow, v: Verdict): (tx: StoreTx) => void {
    const { clock, log, owner } = this.o;
    // Told first, so that no other row is leased while the server does not answer.
    const waits = v.kind === 'down' && this.link !== null && this.link.failed(v.reason);
    if (v.kind === 'dead' || row.attempts >= this.o.retry.maxAttempts) {
      const why = v.kind === 'dead' ? v.reason : `gave up after ${row.attempts} attempts: ${v.reason}`;
      log.error({ outbox: row.id, to: row.recipient, error: why }, 'mail not deliverable: dead letter');
      return (tx) => tx.outbox.markDead(row.id, owner, why);
    }
    if (waits) {
      log.warn(
        { outbox: row.id, to: row.recipient, error: v.reason, attempt: row.attempts },
        'mail not sent: the SMTP server does not answer; it goes out as soon as it does',
      );
      return (tx) => tx.outbox.markRetry(row.id, owner, row.nextAttemptAt, v.reason);
    }
    const delay = backoffMs(row.attempts, this.o.retry, this.o.random);
    log.warn(
      { outbox: row.id, to: row.recipient, error: v.reason, attempt: row.attempts, retryInMs: delay },
      'mail not sent; will retry',
    );
    const next = clock.now() + delay;
    return (tx) => tx.outbox.markRetry(row.id, owner, next, v.reason);
  }
}
