/**
 * The turns that mail completed, resolved after the mail's acknowledgements (docs/gm-guide.md
 * "Run the server"): the handler (serve-mail.ts) takes a group of mails in and commits, so their
 * acknowledgements are in the outbox before any turn they complete is resolved; the games go on
 * this queue and are resolved one at a time, each in a transaction of its own, the event loop let
 * go between two so that the outbox sends the acknowledgements meanwhile and the next mails are
 * read. A game queued again before its turn comes is resolved once. A stop leaves the queue: a
 * turn every order of which is in is resolved at the next start (serve.ts resolveAllReady) or by
 * the clock, whichever comes first.
 */
import { resolveCompleted } from '../app/intake/intake.ts';
import type { Received } from './mail/inbox.ts';
import { collectIfLarge } from './memory.ts';
import type { Runtime } from './runtime.ts';

export class TurnQueue {
  /** Game id -> the inbound id of the last mail that brought it orders (turn/held.ts says whose). */
  private readonly waiting = new Map<string, number>();
  private running: Promise<void> | null = null;
  private stopped = false;

  /** `resolved`: called after each game's turn is resolved or found held (mail to send). */
  constructor(
    private readonly rt: Runtime,
    private readonly resolved: () => void,
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
    while (this.waiting.size && !this.stopped) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      const first = this.waiting.entries().next();
      if (first.done || this.stopped) break;
      const [game, inboundId] = first.value;
      this.waiting.delete(game);
      try {
        const turns = resolveCompleted(this.rt.deps, [game], inboundId);
        if (turns.length) this.rt.deps.log.info({ game, turn: turns[0]?.turn }, 'turn completed by mail resolved');
      } catch (e) {
        // Left for the clock, which tries every running game's turn again (app/turn/tick.ts).
        this.rt.deps.log.error({ game, err: (e as Error).message }, 'resolving a turn failed; the clock tries again');
      }
      this.resolved();
      collectIfLarge();
    }
  }

  /** Resolves nothing more; waits for the turn being resolved, if any (a transaction is never cut). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.waiting.clear();
    await this.running;
  }

  /** Turns are queued or being resolved. */
  get busy(): boolean {
    return this.running !== null;
  }
}
