/**
 * The IMAP inbox (imapflow). imapflow never reconnects, so each connection is a new client: the
 * `error` listener is attached before connect, a lost connection (`close`) ends the session and a new
 * one is made with backoff. The mailbox is kept selected so the server can push new mail (IDLE);
 * a periodic sweep is the polling fallback. A sweep collects the UIDs first, then acts on them, with
 * a watchdog timeout around every command and the mailbox lock released in `finally`.
 *
 * Exactly once: a message is handled (intake, one transaction with its ledger row) and only then
 * moved to the Processed or Rejected folder. A message already in the ledger, because the process
 * died between the commit and the move, or because the same mail arrived twice, is only moved.
 * Logins: imap-auth.ts (a password, or an OAuth2 access token renewed once when refused).
 */
import { ImapFlow, type FetchMessageObject } from 'imapflow';
import type { AppLog } from '../../app/deps.ts';
import type { Clock, Folder, InboundKey, Store } from '../../app/ports.ts';
import type { ImapConfig } from '../config.ts';
import type { AccessTokenSource } from '../oauth/tokens.ts';
import type { RawHandler } from '../serve.ts';
import { ImapAuth, type ImapLogin } from './imap-auth.ts';

export interface ImapInboxOptions {
  config: ImapConfig;
  handler: RawHandler;
  log: AppLog;
  store: Store;
  clock: Clock;
  /** Where access tokens come from; required with config.auth xoauth2. */
  tokens?: AccessTokenSource | null;
  /** Longest any IMAP command may take before the connection is dropped and remade. */
  watchdogMs?: number;
  reconnect?: { minMs: number; maxMs: number };
  /** Messages fetched per FETCH command. */
  batch?: number;
  /**
   * After a sweep that found mail, more is likely on its way: the mailbox is looked at again every
   * `every` ms for `forMs` ms rather than waiting for the server's IDLE news (Dovecot sends it half
   * a second after the change, other servers later still).
   */
  burst?: { every: number; forMs: number };
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

type Filed = { uid: number; id: number; folder: Folder };
type Fetched = { known: Map<number, { id: number; folder: Folder }>; fresh: number[]; sources: Map<number, Buffer> };

export class ImapInbox {
  private readonly o: Required<Omit<ImapInboxOptions, 'tokens'>>;
  private readonly auth: ImapAuth;
  private stopped = true;
  private loop: Promise<void> | null = null;
  private client: ImapFlow | null = null;
  private wake: (() => void) | null = null;
  private pending = false;
  private state = 'not started';
  private readonly failures = new Map<string, number>();

  constructor(options: ImapInboxOptions) {
    this.o = { watchdogMs: 60_000, reconnect: { minMs: 500, maxMs: 30_000 }, batch: 50, burst: { every: 100, forMs: 2000 }, ...options };
    this.auth = new ImapAuth(options.config, options.tokens);
  }

  status(): string {
    return this.state;
  }

  /** Starts the loop; resolves once the first connection has been tried (it keeps trying after). */
  async start(): Promise<void> {
    this.stopped = false;
    let firstTry!: () => void;
    const tried = new Promise<void>((r) => { firstTry = r; });
    this.loop = this.run(firstTry);
    await tried;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.poke();
    // A connection that is idle or still connecting is closed now; a sweep in progress finishes
    // the message it is handling first.
    if (!this.busy && this.state !== 'idle') this.client?.close();
    await this.loop;
  }

  private busy = false;

  private poke(): void {
    this.pending = true;
    this.wake?.();
  }

  private watch<T>(what: string, p: Promise<T>): Promise<T> {
    const client = this.client;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        client?.close();
        reject(new Error(`IMAP ${what} took longer than ${this.o.watchdogMs} ms; connection dropped`));
      }, this.o.watchdogMs);
    });
    return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
  }

  private newClient(auth: ImapLogin): ImapFlow {
    const c = this.o.config;
    return new ImapFlow({
      host: c.host, port: c.port, secure: c.tls, auth, logger: false,
      autoIdleDelay: 50, maxIdleTime: c.pollSeconds * 1000, missingIdleCommand: 'NOOP',
      connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 5 * 60_000,
    });
  }

  private async run(firstTry: () => void): Promise<void> {
    let delay = this.o.reconnect.minMs;
    while (!this.stopped) {
      const next = await this.auth.next();
      if ('error' in next) {
        this.state = 'waiting for an OAuth2 access token';
        firstTry();
        // A refused refresh token needs the GM: asking the provider again soon would not help.
        const wait = next.permanent ? this.o.reconnect.maxMs : delay;
        this.o.log.warn({ err: next.error.message, retryInMs: wait }, 'IMAP inbox has no OAuth2 access token; trying again later');
        // woken by stop(); the timer is cleared then, so it does not hold the process
        let timer: NodeJS.Timeout | undefined;
        await new Promise<void>((r) => { this.wake = r; timer = setTimeout(r, wait); });
        clearTimeout(timer);
        this.wake = null;
        delay = Math.min(this.o.reconnect.maxMs, delay * 2);
        continue;
      }
      let retryNow = false;
      const client = this.newClient(next.login);
      this.client = client;
      client.on('error', (e: Error) => this.o.log.warn({ err: e.message }, 'IMAP connection error'));
      client.on('exists', () => this.poke());
      const closed = new Promise<void>((r) => client.once('close', () => r()));
      let lost = '';
      try {
        this.state = 'connecting';
        await this.watch('connect', client.connect());
        await this.ensureFolders(client);
        await this.watch('select', client.mailboxOpen(this.o.config.mailbox));
        this.state = 'connected';
        this.auth.accepted();
        this.o.log.info({ host: this.o.config.host, mailbox: this.o.config.mailbox }, 'IMAP inbox connected');
        firstTry();
        delay = this.o.reconnect.minMs;
        this.pending = true;
        let lastFound = -Infinity;
        while (!this.stopped && client.usable) {
          if (this.pending) {
            this.pending = false;
            if (await this.sweep(client)) lastFound = Date.now();
            continue;
          }
          this.state = 'idle';
          let poll: NodeJS.Timeout | undefined;
          const wait = Date.now() - lastFound < this.o.burst.forMs ? this.o.burst.every : this.o.config.pollSeconds * 1000;
          await Promise.race([
            new Promise<void>((r) => { this.wake = r; }),
            closed,
            new Promise<void>((r) => { poll = setTimeout(() => { this.pending = true; r(); }, wait); }),
          ]);
          clearTimeout(poll);
          this.wake = null;
        }
        if (!this.stopped) lost = client.byeReason ?? 'the server closed the connection';
      } catch (e) {
        lost = (e as Error).message;
        if ((e as { authenticationFailed?: boolean }).authenticationFailed) ({ message: lost, retryNow } = this.auth.refusedLogin(next.login));
      } finally {
        if (!this.stopped) this.o.log.warn({ err: lost, retryInMs: delay }, 'IMAP inbox disconnected; reconnecting');
        this.state = this.stopped ? 'stopped' : 'reconnecting';
        firstTry();
        if (client.usable && this.stopped) await client.logout().catch(() => undefined);
        client.close();
        this.client = null;
      }
      if (this.stopped) break;
      if (retryNow) continue;
      await Promise.race([sleep(delay), new Promise<void>((r) => { this.wake = r; })]);
      this.wake = null;
      delay = Math.min(this.o.reconnect.maxMs, delay * 2);
    }
  }

  private async ensureFolders(client: ImapFlow): Promise<void> {
    const have = new Set((await this.watch('list', client.list())).map((b) => b.path));
    for (const f of [this.o.config.processedFolder, this.o.config.rejectedFolder]) {
      if (!have.has(f)) await this.watch('create', client.mailboxCreate(f));
    }
  }

  private folderPath(f: Folder): string {
    return f === 'Processed' ? this.o.config.processedFolder : this.o.config.rejectedFolder;
  }

  /**
   * Handles every message in the mailbox once, then files it; returns how many it filed. The next
   * chunk is fetched, and the last one filed, while this one is handled: the server's work and ours
   * overlap.
   */
  private async sweep(client: ImapFlow): Promise<number> {
    const box = this.o.config.mailbox;
    this.busy = true;
    this.state = 'sweeping';
    const lock = await this.watch('lock', client.getMailboxLock(box));
    let count = 0;
    let next: Promise<Fetched> | null = null;
    let filing: Promise<void> = Promise.resolve();
    try {
      const uidValidity = client.mailbox ? Number(client.mailbox.uidValidity) : null;
      const found = await this.watch('search', client.search({ all: true }, { uid: true }));
      const uids = (Array.isArray(found) ? found : []).sort((a, b) => a - b);
      const place = (uid: number): InboundKey => ({ mailbox: `imap:${this.o.config.user}/${box}`, uidValidity, uid });
      const fetchFrom = (i: number) => this.fetchChunk(client, uids.slice(i, i + this.o.batch), place, uidValidity);
      if (uids.length) next = fetchFrom(0);
      for (let i = 0; next && !this.stopped; i += this.o.batch) {
        const { known, fresh, sources } = await next;
        next = i + this.o.batch < uids.length ? fetchFrom(i + this.o.batch) : null;
        // A failure of the prefetch is met when it is awaited (or the connection is dropped).
        next?.catch(() => undefined);
        const filedNow: Filed[] = [];
        for (const [uid, f] of known) {
          this.o.log.info({ uid, inbound: f.id, folder: f.folder }, 'mail already in the ledger: filed without handling it again');
          filedNow.push({ uid, ...f });
        }
        const fetched = fresh.filter((u) => sources.has(u));
        if (fetched.length && !this.stopped) {
          const results = await this.o.handler(fetched.map((uid) => ({ raw: sources.get(uid) as Buffer, key: place(uid) })));
          fetched.forEach((uid, k) => {
            const r = results[k];
            if (r instanceof Error || !r) {
              const id = `${uidValidity}:${uid}`;
              this.failures.set(id, (this.failures.get(id) ?? 0) + 1);
              this.o.log.error({ uid, err: r?.message, attempts: this.failures.get(id) }, 'a message could not be handled; it stays in the inbox');
            } else filedNow.push({ uid, id: r.inboundId, folder: r.folder });
          });
        }
        // Filed while the next chunk is handled; each chunk after the one before.
        filing = filing.then(async () => { count += await this.file(client, filedNow); });
        filing.catch(() => undefined);
      }
      await filing;
    } finally {
      await Promise.all([next?.catch(() => undefined), filing.catch(() => undefined)]);
      lock.release();
      this.busy = false;
    }
    return count;
  }

  /** A chunk's mail already in the ledger (filed without fetching it again), and the rest fetched. */
  private async fetchChunk(client: ImapFlow, chunk: number[], place: (uid: number) => InboundKey, uidValidity: number | null): Promise<Fetched> {
    const known = new Map<number, { id: number; folder: Folder }>();
    this.o.store.tx((tx) => {
      for (const uid of chunk) {
        const r = tx.inbound.findByPlace(place(uid));
        if (r) known.set(uid, r);
      }
    });
    const fresh = chunk.filter((u) => !known.has(u) && (this.failures.get(`${uidValidity}:${u}`) ?? 0) < 3);
    const sources = new Map<number, Buffer>();
    if (fresh.length) {
      const msgs: FetchMessageObject[] = await this.watch('fetch', client.fetchAll(fresh.join(','), { uid: true, source: true }, { uid: true }));
      for (const m of msgs) if (m.source) sources.set(m.uid, m.source);
    }
    return { known, fresh, sources };
  }

  /** Files handled mail after its commit, one MOVE per folder; returns how many were moved. */
  private async file(client: ImapFlow, filed: Filed[]): Promise<number> {
    let moved = 0;
    for (const folder of ['Processed', 'Rejected'] as const) {
      const batch = filed.filter((f) => f.folder === folder);
      if (!batch.length) continue;
      await this.watch('move', client.messageMove(batch.map((f) => f.uid).join(','), this.folderPath(folder), { uid: true }));
      moved += batch.length;
      const at = this.o.clock.now();
      this.o.store.tx((tx) => { for (const f of batch) tx.inbound.markMoved(f.id, at); });
    }
    return moved;
  }
}
