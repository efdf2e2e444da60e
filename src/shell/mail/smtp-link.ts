/**
 * Whether the SMTP server answers, as the outbox worker sees it (docs/gm-guide.md "Dead letters",
 * docs/architecture.md "Mail in and out"). A send that fails before the server has said anything
 * about the mail (no connection, no greeting, the connection lost, a 421) takes the server for
 * down: the worker then leases no row, and probes the server (the transport's probe: a connection,
 * its greeting and EHLO, no login, no mail) 1, 2 and 4 s after, then every 5 s. The first probe
 * the server answers makes the waiting mail go out at once. A mail the server answers with a 4xx
 * keeps the doubling backoff of outbox-worker.ts, and so does a mail whose connection fails after a
 * probe found the server back and before any mail went out (a server that greets but drops every
 * session): there the mail's attempts go as fast as before the probes, no faster.
 */
import type { AppLog } from '../../app/ports/deps.ts';
import type { Clock } from '../../app/ports/store.ts';

/**
 * What to do about a failed send: `dead` (5xx, bad envelope: a dead letter), `down` (the server
 * did not answer: wait for it) or `retry` (a 4xx answer to the mail, a refused login: backoff).
 */
export type Verdict = { kind: 'retry' | 'dead' | 'down'; reason: string };

/** Error codes of a send that never reached the server, or lost it (nodemailer's and the socket's). */
const CONNECTION_CODES = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

export function classifySendError(e: unknown): Verdict {
  const err = e as { code?: string; responseCode?: number; response?: string; message?: string; command?: string };
  const reason = `${err.code ? `${err.code}: ` : ''}${(err.response ?? err.message ?? String(e)).slice(0, 300)}`;
  // A login failure is a configuration problem: keep the mail until it is fixed.
  if (err.code === 'EAUTH') return { kind: 'retry', reason };
  // 421: the server closes the connection (shutting down, too busy), whatever it was asked.
  if (err.responseCode === 421) return { kind: 'down', reason };
  if (typeof err.responseCode === 'number') {
    if (err.responseCode >= 500) return { kind: 'dead', reason };
    // A 4xx greeting (command CONN) turns every mail away, not this one.
    return { kind: err.command === 'CONN' ? 'down' : 'retry', reason };
  }
  if (err.code === 'EENVELOPE' || err.code === 'EMESSAGE') return { kind: 'dead', reason };
  if (err.code !== undefined && CONNECTION_CODES.has(err.code)) return { kind: 'down', reason };
  return { kind: 'retry', reason };
}

export interface ProbePolicy {
  /** The first probe after the server stopped answering. */
  firstMs: number;
  /** The longest wait between two probes. */
  maxMs: number;
}

export const DEFAULT_PROBE: ProbePolicy = { firstMs: 1000, maxMs: 5000 };

/** The wait before the next probe, after `failed` probes the server did not answer: doubling, capped. */
export function probeDelayMs(failed: number, policy: ProbePolicy): number {
  return Math.min(policy.maxMs, policy.firstMs * 2 ** failed);
}

export interface ServerLinkOptions {
  probe: () => Promise<void>;
  clock: Clock;
  log: AppLog;
  policy: ProbePolicy;
}

export class ServerLink {
  /** Since when the server is taken for down (clock ms), or null while it is taken for up. */
  private downSince: number | null = null;
  private nextProbeAt = 0;
  /** Probes the server did not answer since a mail last went out: they set the next one's delay. */
  private failedProbes = 0;
  /**
   * A probe found the server back and no mail has gone out since: a connection failure then is
   * taken for the mail's (or a server that greets but takes nothing), with the mail's backoff.
   */
  private probed = false;
  /** Probes made so far. */
  probes = 0;

  constructor(private readonly o: ServerLinkOptions) {}

  /** For /health: `up`, or since when the server is taken for down and how many probes it did not answer. */
  status(): string {
    if (this.downSince === null) return 'up';
    const n = this.failedProbes;
    return `down since ${new Date(this.downSince).toISOString()}, ${n} probe${n === 1 ? '' : 's'} unanswered`;
  }

  /** Whether the server is taken for down: no row is leased. */
  get down(): boolean {
    return this.downSince !== null;
  }

  /**
   * A send failed without an answer from the server (verdict `down`); the server is taken for down.
   * True when the mail waits for it (due again as soon as a probe finds it back); false when a
   * probe had just found it back, so the mail's own backoff applies.
   */
  failed(reason: string): boolean {
    const now = this.o.clock.now();
    if (this.downSince === null) {
      this.downSince = now;
      this.nextProbeAt = now + probeDelayMs(this.failedProbes, this.o.policy);
      this.o.log.warn(
        { error: reason, probeInMs: this.nextProbeAt - now },
        'the SMTP server does not answer: mail waits, and goes out as soon as it answers again',
      );
    }
    return !this.probed;
  }

  /** A mail went out: the server is up, and the next outage starts its probes at the first delay. */
  sent(): void {
    this.failedProbes = 0;
    this.probed = false;
  }

  /**
   * Called before a pass leases anything: true when rows may be leased. While the server is down,
   * probes it once the probe is due, and is true when it answered.
   */
  async ready(): Promise<boolean> {
    if (this.downSince === null) return true;
    if (this.o.clock.now() < this.nextProbeAt) return false;
    this.probes++;
    try {
      await this.o.probe();
    } catch {
      this.failedProbes++;
      this.nextProbeAt = this.o.clock.now() + probeDelayMs(this.failedProbes, this.o.policy);
      return false;
    }
    this.o.log.info(
      { downMs: this.o.clock.now() - this.downSince, probes: this.failedProbes + 1 },
      'the SMTP server answers again: the waiting mail goes out',
    );
    this.downSince = null;
    this.probed = true;
    return true;
  }
}
