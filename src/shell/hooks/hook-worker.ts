/**
 * The hooks' worker (docs/notifications.md "Delivery"): sends the deliveries the use cases queued,
 * one at a time, each leased just before its request and its result recorded right after. A
 * hook's messages go in order, one at a time, at least `minGapMs` apart (Discord takes five in two
 * seconds, Slack one a second), and a 429's Retry-After is kept to.
 * A 2xx answer delivers; a 408, 425, 429, 5xx, a timeout or a connection error is retried with
 * backoff (the mail's), a redirect or any other 4xx means the address is wrong or gone: the hook is
 * given up at once, as it is after `maxAttempts`, and its owner told by mail, once
 * (app/hooks/commands.ts hookGivenUp). A process killed mid-request leaves that one delivery leased:
 * it is sent again at the next start (or when its lease runs out), as a mail in flight is; the
 * JSON format's Idempotency-Key and Matrix's transaction id stay the same (the installation's id
 * and the delivery's: keys.ts installationId), so a receiver can take it once. The request itself is http-call.ts's: over https, an address of a private network is
 * refused in the lookup the connection uses.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { allowedFor, failureWords, lookupAll } from './address-policy.ts';
import { callHook, CallError } from './http-call.ts';
import type { AppDeps } from '../../app/ports/deps.ts';
import type { DeliveryRow, HookRow } from '../../app/ports/club.ts';
import type { StoreTx } from '../../app/ports/store.ts';
import { hookRequest } from '../../app/hooks/formats.ts';
import { hookGivenUp } from '../../app/hooks/commands.ts';
import { backoffMs, ownerIsGone, type RetryPolicy } from '../mail/outbox-worker.ts';
import { faultPoint } from '../fault.ts';
import { installationId } from '../keys.ts';
import { PollLoop } from '../poll-loop.ts';

export interface HookWorkerOptions {
  deps: AppDeps;
  pollMs?: number;
  /** How long a request may take before it is given up for this attempt. */
  timeoutMs?: number;
  /** The least time between two requests to one hook. */
  minGapMs?: number;
  leaseMs?: number;
  retry?: Partial<RetryPolicy>;
  random?: () => number;
  /** How a host name is looked up (tests: to a fixed address). */
  resolve?: (host: string) => Promise<string[]>;
  userAgent?: string;
}

export const HOOK_RETRY: RetryPolicy = { baseMs: 30_000, maxMs: 3_600_000, maxAttempts: 10 };

type Outcome =
  | { kind: 'sent'; response: string }
  | { kind: 'retry'; reason: string; afterMs?: number }
  | { kind: 'gone'; reason: string };

const RETRIED = new Set([408, 425, 429]);
const MAX_RETRY_AFTER_MS = 3_600_000;
/** How long stop() waits for a request in flight (serve.ts STOP_DEADLINE_MS bounds the whole stop). */
const STOP_GRACE_MS = 1500;

export class HookWorker {
  private readonly owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly o: Required<Omit<HookWorkerOptions, 'retry'>> & { retry: RetryPolicy };
  private readonly poll: PollLoop;
  /** When each hook was last called, and until when a 429 asked to wait. */
  private readonly lastCall = new Map<number, number>();
  /** The installation's id (keys.ts), read from the store at the first request. */
  private installation: string | undefined;

  constructor(options: HookWorkerOptions) {
    this.o = {
      pollMs: 1000,
      timeoutMs: 8000,
      minGapMs: 2000,
      leaseMs: 60_000,
      random: Math.random,
      userAgent: 'Tallyho',
      resolve: lookupAll,
      ...options,
      retry: { ...HOOK_RETRY, ...options.retry },
    };
    this.poll = new PollLoop({
      pollMs: this.o.pollMs,
      pass: () =>
        this.pass(true).then(
          () => undefined,
          (e) => {
            this.o.deps.log.error({ err: (e as Error).message }, 'hook worker failed; retrying shortly');
          },
        ),
    });
  }

  start(): void {
    // Deliveries a stopped process of this machine held go out now, not when their leases run out.
    const { store } = this.o.deps;
    const gone = store.tx((tx) => tx.club.deliveryLeaseOwners()).filter((o) => o !== this.owner && ownerIsGone(o));
    if (gone.length)
      store.tx((tx) => {
        for (const o of gone) tx.club.releaseDeliveries(o);
      });
    this.poll.start();
  }

  kick(): void {
    this.poll.kick();
  }

  /**
   * Stops taking deliveries. The one being sent may finish within STOP_GRACE_MS; past that it is
   * left leased, and sent again at the next start.
   */
  async stop(): Promise<void> {
    const late = await this.poll.stop(STOP_GRACE_MS);
    if (!late) this.o.deps.store.tx((tx) => tx.club.releaseDeliveries(this.owner));
  }

  /** Sends what is due now, one delivery after another; returns how many were tried. */
  runOnce(): Promise<number> {
    return this.pass(false);
  }

  private async pass(loop: boolean): Promise<number> {
    let n = 0;
    for (;;) {
      if (loop && this.poll.stopped) break;
      const now = this.o.deps.clock.now();
      const resting = [...this.lastCall].filter(([, at]) => at > now - this.o.minGapMs).map(([id]) => id);
      const taken = this.o.deps.store.tx((tx) => {
        const [d] = tx.club.leaseDeliveries(this.owner, now, now + this.o.leaseMs, 1, resting);
        return d ? { d, hook: tx.club.hook(d.hookId) } : null;
      });
      if (!taken) break;
      n++;
      const { d, hook } = taken;
      if (!hook || hook.status !== 'active') {
        this.o.deps.store.tx((tx) => tx.club.markDeliveryDead(d.id, this.owner, 'the hook was turned off'));
        continue;
      }
      const outcome = await this.send(hook, d);
      this.lastCall.set(
        hook.id,
        this.o.deps.clock.now() + ('afterMs' in outcome && outcome.afterMs ? outcome.afterMs - this.o.minGapMs : 0),
      );
      faultPoint('hook-after-send');
      this.o.deps.store.tx((tx) => this.record(tx, hook, d, outcome));
    }
    return n;
  }

  private record(tx: StoreTx, hook: HookRow, d: DeliveryRow, outcome: Outcome): void {
    const { log, clock } = this.o.deps;
    const attempt = d.attempts + 1;
    if (outcome.kind === 'sent') {
      tx.club.markDelivered(d.id, this.owner, clock.now(), outcome.response);
      log.info({ delivery: d.id, hook: hook.id, game: d.gameId, event: d.event }, 'hook delivered');
      return;
    }
    if (outcome.kind === 'gone' || attempt >= this.o.retry.maxAttempts) {
      const minutes = Math.max(1, Math.round((clock.now() - d.createdAt) / 60_000));
      const reason =
        outcome.kind === 'gone'
          ? outcome.reason
          : `it failed ${attempt} times over ${minutes} minute${minutes === 1 ? '' : 's'} (last: ${outcome.reason})`;
      tx.club.markDeliveryDead(d.id, this.owner, reason);
      hookGivenUp(this.o.deps, tx, hook.id, reason);
      log.warn({ delivery: d.id, hook: hook.id, game: d.gameId, reason }, 'hook given up; its owner is told');
      return;
    }
    const delay = Math.max(outcome.afterMs ?? 0, backoffMs(attempt, this.o.retry, this.o.random));
    tx.club.markDeliveryRetry(d.id, this.owner, clock.now() + delay, outcome.reason);
    log.warn(
      { delivery: d.id, hook: hook.id, reason: outcome.reason, retryInMs: delay },
      'hook not delivered; will retry',
    );
  }

  /** One request; what came of it. */
  private async send(hook: HookRow, d: DeliveryRow): Promise<Outcome> {
    this.installation ??= installationId(this.o.deps.store);
    const req = hookRequest(hook, { id: d.id, installation: this.installation }, d.message);
    try {
      const res = await callHook(req.url, {
        method: req.method,
        headers: { ...req.headers, 'user-agent': this.o.userAgent },
        body: req.body,
        timeoutMs: this.o.timeoutMs,
        resolve: this.o.resolve,
        allowed: allowedFor(req.url),
      });
      const line = `${res.status} ${res.statusText}`.trim();
      if (res.status >= 200 && res.status < 300) return { kind: 'sent', response: line };
      if (RETRIED.has(res.status) || res.status >= 500) {
        const after = Number(headerOf(res.headers['retry-after']));
        return {
          kind: 'retry',
          reason: `the address answered ${line}`,
          ...(after > 0 ? { afterMs: Math.min(after * 1000, MAX_RETRY_AFTER_MS) } : {}),
        };
      }
      const location = headerOf(res.headers.location);
      if (res.status >= 300 && res.status < 400)
        return {
          kind: 'gone',
          reason: `the address answered ${line}, a redirect${location ? ` to ${hostOf(location, req.url)}` : ''}; give the address it leads to`,
        };
      return { kind: 'gone', reason: `the address answered ${line}` };
    } catch (e) {
      if (!(e instanceof CallError)) return { kind: 'retry', reason: (e as Error).message };
      const reason = failureWords(e.failure, this.o.timeoutMs);
      // An address of a private network stays refused: the hook is given up; the rest may pass.
      return e.failure.kind === 'refused' ? { kind: 'gone', reason } : { kind: 'retry', reason };
    }
  }
}

const headerOf = (v: string | string[] | undefined): string => (Array.isArray(v) ? (v[0] ?? '') : (v ?? ''));
const hostOf = (location: string, base: string): string => {
  try {
    return new URL(location, base).host;
  } catch {
    return 'an address that cannot be read';
  }
};
