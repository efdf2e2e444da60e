/**
 * The poll loop of a worker that sends what the use cases queued (the mail's outbox, the hooks'
 * deliveries): one pass at a time; a kick during a pass asks for another right after it; between
 * passes a timer of `pollMs`; stop() ends the loop and waits for the pass in flight, at most a grace
 * time. The pass itself (what is leased, sent and recorded) is the worker's.
 */
export interface PollLoopOptions {
  /** One pass: sends what is due. A throw is the worker's to log; it does not end the loop. */
  pass: () => Promise<void>;
  pollMs: number;
  /** Called when a kick comes during a pass (the outbox fills its free lanes at once). */
  busyKick?: () => void;
}

export class PollLoop {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private halted = true;

  constructor(private readonly o: PollLoopOptions) {}

  /** Whether the loop is stopped (a pass checks it between two sends). */
  get stopped(): boolean {
    return this.halted;
  }

  start(): void {
    this.halted = false;
    this.kick();
  }

  /** A pass now, or right after the one under way. */
  kick(): void {
    if (this.halted) return;
    if (this.running) {
      this.again = true;
      this.o.busyKick?.();
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.o
      .pass()
      .catch(() => undefined)
      .finally(() => {
        this.running = null;
        if (this.halted) return;
        if (this.again) {
          this.again = false;
          this.kick();
          return;
        }
        this.timer = setTimeout(() => this.kick(), this.o.pollMs);
      });
  }

  /** Ends the loop; waits for a pass in flight at most `graceMs`. Whether it was still out then. */
  async stop(graceMs: number): Promise<boolean> {
    this.halted = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.running) return false;
    let grace: NodeJS.Timeout | undefined;
    const late = await Promise.race([
      this.running.then(() => false),
      new Promise<boolean>((r) => {
        grace = setTimeout(() => r(true), graceMs);
      }),
    ]);
    clearTimeout(grace);
    return late;
  }
}
