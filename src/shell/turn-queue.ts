/**
 * The turns that mail completed, resolved after the mail's acknowledgements (docs/architecture.md
 * "Mail in and out"): the handler (serve-mail.ts) takes a group of mails in and commits, so their
 * acknowledgements are in the outbox before any turn they complete is resolved; the games go on
 * this queue and are resolved one after another, each in a savepoint of its own, in slices of at
 * most SLICE_MS a commit, the event loop let go between two slices so that the outbox sends the
 * acknowledgements meanwhile and the next mails are read. A game queued again before its turn
 * comes is resolved once. A stop leaves the queue: a turn every order of which is in is resolved
 * at the next start (serve.ts resolveAllReady) or by the clock, whichever comes first.
 * Mail being read goes first: while the inbox sweeps (a burst), the queue waits, but resolves one
 * slice every `deferMaxMs` at least, so reports still come during the longest burst.
 */
import { performance } from 'node:perf_hooks';
import { resolveCompleted } from '../app/intake/intake.ts';
import type { Received } from './mail/inbox.ts';
import { collectIfLarge } from './memory.ts';
import type { Runtime } from './runtime.ts';

/**
 * How long the queue resolves games in one transaction before it commits and lets the event loop
 * go (the acknowledgements of mail taken in meanwhile wait that long at most); a commit costs a
 * few milliseconds of waiting for the disk.
 */
const SLICE_MS = 40;

/** How long the queue waits for the inbox's sweep at most before it resolves a slice all the same. */
export const DEFER_MAX_MS = 1000;

export class TurnQueue {
  /** Game id -> the inbound id of the last mail that brought it orders (turn/held.ts says whose). */
  private readonly waiting = new Map<string, number>();
  private running: Promise<void> | null = null;
  private stopped = false;

  /**
   * `resolved`: called after each game's turn is resolved or found held (mail to send).
   * `reading`: whether the inbox is reading mail now (the queue then waits, `deferMaxMs` at most).
   */
  constructor(
    private readonly rt: Runtime,
    private readonly resolved: () => void,
    private readonly reading: () => boolean = () => false,
    private readonly deferMaxMs = DEFER_MAX_MS,
  ) {}

  /** Queues the games the mails brought orders in. */
  add(results: readonly (Received | Error)[]): void {
    for (const r of results) {
      if (r instanceof Error || r.duplicate) continue;
      for (const g of r.games) {
        this.waiting.delete(g);
        this.waiting.set(g, r.inboundId);
      }
    }
    if (this.waiting.size && !this.running && !this.stopped)
      this.running = this.run().finally(() => {
        this.running = null;
      });
  }

  private async run(): Promise<void> {
    let last = performance.now();
    while (this.waiting.size && !this.stopped) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      while (!this.stopped && this.reading() && performance.now() - last < this.deferMaxMs)
        await new Promise<void>((resolve) => setTimeout(resolve, 10));
      if (this.stopped) break;
      // Games one after another in one transaction (one commit) for SLICE_MS at most.
      const started = performance.now();
      this.rt.store.tx(() => {
        do this.resolveNext();
        while (this.waiting.size && performance.now() - started < SLICE_MS);
      });
      this.resolved();
      collectIfLarge();
      last = performance.now();
    }
  }

  /** The first game waiting, resolved in a savepoint: a turn that fails leaves the others' kept. */
  private resolveNext(): void {
    const first = this.waiting.entries().next();
    if (first.done) return;
    const [game, inboundId] = first.value;
    this.waiting.delete(game);
    try {
      const turns = this.rt.store.savepoint(() => resolveCompleted(this.rt.deps, [game], inboundId));
      if (turns.length) this.rt.deps.log.info({ game, turn: turns[0]?.turn }, 'turn completed by mail resolved');
    } catch (e) {
      // Left for the clock, which tries every running game's turn again (app/turn/tick.ts).
      this.rt.deps.log.error({ game, err: (e as Error).message }, 'resolving a turn failed; the clock tries again');
    }
  }

  /** Resolves nothing more; waits for the turn being resolved, if any (a transaction is never cut). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.waiting.clear();
    await this.running;
  }

  /** Resolves when every game queued is resolved (or the queue stopped). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Turns are queued or being resolved. */
  get busy(): boolean {
    return this.running !== null;
  }
}
