/**
 * The IMAP inbox (imapflow). imapflow never reconnects, so each connection is a new client: the
 * `error` listener is attached before connect, a lost connection (`close`) ends the session and a new
 * one is made with backoff. The mailbox is kept selected so the server can push new mail (IDLE);
 * a periodic sweep is the polling fallback. A sweep collects the UIDs first, then acts on them, with
 * the mailbox lock released in `finally`.
 *
 * Watchdog: a server whose process is stopped leaves its TCP connection open and answers nothing.
 * Every command runs under a stall timer (dropped when the server has sent no byte for `stallMs`
 * while the command waits; a big FETCH that keeps arriving is let run), and an idle connection is
 * checked with a NOOP every `heartbeatMs`: a stalled connection is replaced within about
 * heartbeatMs + stallMs (17 s by default).
 *
 * Size before fetch: each new mail's RFC822.SIZE is read first; a mail over the size limit is
 * fetched by its header only and refused unread (the handler files it under Rejected), and bodies
 * are fetched in chunks of at most `fetchBytes` (one chunk handled while the next arrives), so the
 * mail held in memory stays bounded whatever waits in the mailbox. A sweep takes a round of at most
 * `round` new mails, the senders taking turns (imap-chunks.ts fairRound, by the envelope's From read
 * with the sizes, each mail's once while it waits), and the next sweep follows at once with what is
 * left and what came meanwhile: a flood from one address never holds another player's mail back
 * more than a round (10 mails: under a second on two cores).
 *
 * Exactly once: a message is handled (intake, one transaction with its ledger row) and only then
 * moved to the Processed or Rejected folder. A message already in the ledger, because the process
 * died between the commit and the move, or because the same mail arrived twice, is only moved.
 * Logins: imap-auth.ts (a password, or an OAuth2 access token renewed once when refused).
 */
import { ImapFlow, type FetchMessageObject } from 'imapflow';
import type { AppLog } from '../../app/ports/deps.ts';
import type { Clock, Folder, InboundKey, Store } from '../../app/ports/store.ts';
import type { ImapConfig } from '../config.ts';
import type { AccessTokenSource } from '../oauth/tokens.ts';
import type { RawHandler, RawMail } from './inbox.ts';
import { ImapAuth, type ImapLogin } from './imap-auth.ts';
import { DEFAULT_LIMITS } from './read.ts';
import { type Chunk, fairRound, planChunks, uidSet } from './imap-chunks.ts';

export interface ImapInboxOptions {
  config: ImapConfig;
  handler: RawHandler;
  log: AppLog;
  store: Store;
  clock: Clock;
  /** Where access tokens come from; required with config.auth xoauth2. */
  tokens?: AccessTokenSource | null;
  /** How long a command may wait with no byte from the server before the connection is remade. */
  stallMs?: number;
  /** How often an idle connection is checked with a NOOP. */
  heartbeatMs?: number;
  /** How long stop() lets a sweep finish the mail it handles before it drops the connection. */
  stopGraceMs?: number;
  /**
   * Pauses between connection attempts, doubling from minMs to maxMs (a refused connection costs
   * nothing, so mail waits a few seconds at most once the server is back); a refused OAuth2
   * refresh token, which needs the GM, waits permanentMs.
   */
  reconnect?: { minMs: number; maxMs: number; permanentMs: number };
  /** Messages fetched per FETCH command at most. */
  batch?: number;
  /**
   * New mails a sweep handles at most, the senders taking turns (fairRound); the rest are swept
   * at once after, with the mail that came meanwhile.
   */
  round?: number;
  /** Bytes of mail bodies (by their RFC822.SIZE) fetched per FETCH command at most. */
  fetchBytes?: number;
  /** The size limit (MAX_MAIL_BYTES): a larger mail is not fetched, only its header. */
  maxBytes?: number;
  /**
   * After a sweep that found mail, more is likely on its way: the mailbox is looked at again every
   * `every` ms for `forMs` ms rather than waiting for the server's IDLE news (Dovecot sends it half
   * a second after the change, other servers later still).
   */
  burst?: { every: number; forMs: number };
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

type Filed = { uid: number; id: number; folder: Folder };
/** A waiting mail's RFC822.SIZE and the address of its envelope's From. */
type Sized = { size: number; from: string | undefined };
/** What a chunk brought: the raw mail (or header) of each UID the server still had. */
type Fetched = Map<number, Buffer>;

/** Bytes the client has read from the server so far (0 before it connects). */
const bytesRead = (client: ImapFlow | null): number =>
  (client as unknown as { socket?: { bytesRead?: number } } | null)?.socket?.bytesRead ?? 0;

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
  /** The sizes and senders read of the mail waiting in the mailbox, by UIDVALIDITY and UID (sizes). */
  private sized = new Map<string, Sized>();

  constructor(options: ImapInboxOptions) {
    this.o = {
      stallMs: 12_000,
      heartbeatMs: 5_000,
      stopGraceMs: 1_500,
      reconnect: { minMs: 500, maxMs: 5_000, permanentMs: 30_000 },
      batch: 50,
      round: 10,
      fetchBytes: 8 * 1024 * 1024,
      maxBytes: DEFAULT_LIMITS.maxBytes,
      burst: { every: 100, forMs: 2000 },
      ...options,
    };
    this.auth = new ImapAuth(options.config, options.tokens);
  }

  status(): string {
    return this.state;
  }

  /** Mail is being read, or a sweep is due at once (a round left mail for the next). */
  get reading(): boolean {
    return this.busy || this.pending;
  }

  /** Starts the loop; resolves once the first connection has been tried (it keeps trying after). */
  async start(): Promise<void> {
    this.stopped = false;
    let firstTry!: () => void;
    const tried = new Promise<void>((r) => {
      firstTry = r;
    });
    this.loop = this.run(firstTry);
    await tried;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.poke();
    // A connection that is idle or still connecting is closed now; a sweep in progress finishes
    // the message it is handling first, unless the server keeps it waiting past the grace.
    if (!this.busy && this.state !== 'idle') this.client?.close();
    const grace = setTimeout(() => this.client?.close(), this.o.stopGraceMs);
    try {
      await this.loop;
    } finally {
      clearTimeout(grace);
    }
  }

  private busy = false;

  private poke(): void {
    this.pending = true;
    this.wake?.();
  }

  /**
   * Runs a command under the stall timer: the connection is dropped when the server has sent
   * nothing for `stallMs` while the command waits. Time the event loop itself was blocked (a turn
   * resolved) does not count: the socket was not read meanwhile.
   */
  private watch<T>(what: string, p: Promise<T>): Promise<T> {
    const client = this.client;
    const { stallMs } = this.o;
    const every = Math.max(10, Math.min(1000, Math.floor(stallMs / 4)));
    let timer: NodeJS.Timeout | undefined;
    const stalled = new Promise<never>((_, reject) => {
      let seen = bytesRead(client);
      let since = Date.now();
      let tick = since;
      timer = setInterval(() => {
        const now = Date.now();
        const read = bytesRead(client);
        if (read !== seen || now - tick > 2 * every) [seen, since] = [read, now];
        tick = now;
        if (now - since < stallMs) return;
        clearInterval(timer);
        client?.close();
        reject(new Error(`IMAP ${what}: no answer from the server for ${stallMs} ms (stalled); connection dropped`));
      }, every);
    });
    return Promise.race([p, stalled]).finally(() => clearInterval(timer));
  }

  private newClient(auth: ImapLogin): ImapFlow {
    const c = this.o.config;
    return new ImapFlow({
      host: c.host,
      port: c.port,
      secure: c.tls,
      auth,
      logger: false,
      autoIdleDelay: 50,
      maxIdleTime: c.pollSeconds * 1000,
      missingIdleCommand: 'NOOP',
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 5 * 60_000,
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
        const wait = next.permanent ? this.o.reconnect.permanentMs : delay;
        this.o.log.warn(
          { err: next.error.message, retryInMs: wait },
          'IMAP inbox has no OAuth2 access token; trying again later',
        );
        // woken by stop(); the timer is cleared then, so it does not hold the process
        let timer: NodeJS.Timeout | undefined;
        await new Promise<void>((r) => {
          this.wake = r;
          timer = setTimeout(r, wait);
        });
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
        await this.attend(client, closed);
        if (!this.stopped) lost = client.byeReason ?? 'the server closed the connection';
      } catch (e) {
        lost = (e as Error).message;
        if ((e as { authenticationFailed?: boolean }).authenticationFailed)
          ({ message: lost, retryNow } = this.auth.refusedLogin(next.login));
      } finally {
        if (!this.stopped) this.o.log.warn({ err: lost, retryInMs: delay }, 'IMAP inbox disconnected; reconnecting');
        this.state = this.stopped ? 'stopped' : 'reconnecting';
        firstTry();
        // A polite LOGOUT, but not waited for long: the server may be the reason we stop.
        if (client.usable && this.stopped) await Promise.race([client.logout().catch(() => undefined), sleep(500)]);
        client.close();
        this.client = null;
      }
      if (this.stopped) break;
      if (retryNow) continue;
      await Promise.race([
        sleep(delay),
        new Promise<void>((r) => {
          this.wake = r;
        }),
      ]);
      this.wake = null;
      delay = Math.min(this.o.reconnect.maxMs, delay * 2);
    }
  }

  /** Attends the selected mailbox until stop or a lost connection: sweeps on news, idles, a NOOP per heartbeat. */
  private async attend(client: ImapFlow, closed: Promise<void>): Promise<void> {
    let lastFound = -Infinity;
    let lastBeat = Date.now();
    while (!this.stopped && client.usable) {
      if (this.pending) {
        this.pending = false;
        if (await this.sweep(client)) lastFound = Date.now();
        lastBeat = Date.now();
        continue;
      }
      this.state = 'idle';
      let poll: NodeJS.Timeout | undefined;
      let beat: NodeJS.Timeout | undefined;
      let due = false;
      const wait = Date.now() - lastFound < this.o.burst.forMs ? this.o.burst.every : this.o.config.pollSeconds * 1000;
      await Promise.race([
        new Promise<void>((r) => {
          this.wake = r;
        }),
        closed,
        new Promise<void>((r) => {
          poll = setTimeout(() => {
            this.pending = true;
            r();
          }, wait);
        }),
        new Promise<void>((r) => {
          beat = setTimeout(
            () => {
              due = true;
              r();
            },
            Date.now() - lastBeat >= this.o.heartbeatMs ? 0 : this.o.heartbeatMs - (Date.now() - lastBeat),
          );
        }),
      ]);
      clearTimeout(poll);
      clearTimeout(beat);
      this.wake = null;
      if (due && !this.stopped && !this.pending && client.usable) {
        // The heartbeat: a stopped server answers no NOOP (nor the DONE that ends the IDLE).
        this.state = 'checking';
        await this.watch('noop', client.noop());
        lastBeat = Date.now();
      }
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
   * Handles every message in the mailbox once, then files it; returns how many it filed. Mail
   * already in the ledger is only filed; the sizes of the rest are read first and their bodies
   * fetched chunk by chunk (planChunks). The next chunk is fetched, and the last one filed, while
   * this one is handled: the server's work and ours overlap.
   */
  private async sweep(client: ImapFlow): Promise<number> {
    const box = this.o.config.mailbox;
    this.busy = true;
    this.state = 'sweeping';
    const lock = await this.watch('lock', client.getMailboxLock(box));
    let count = 0;
    let next: Promise<Fetched> | null = null;
    let filing: Promise<void> = Promise.resolve();
    const file = (filed: Filed[]) => {
      // Filed while the next chunk is handled; each batch after the one before.
      filing = filing.then(async () => {
        count += await this.file(client, filed);
      });
      filing.catch(() => undefined);
    };
    try {
      const uidValidity = client.mailbox ? Number(client.mailbox.uidValidity) : null;
      const found = await this.watch('search', client.search({ all: true }, { uid: true }));
      const uids = (Array.isArray(found) ? found : []).sort((a, b) => a - b);
      const place = (uid: number): InboundKey => ({ mailbox: `imap:${this.o.config.user}/${box}`, uidValidity, uid });
      const known: Filed[] = [];
      this.o.store.tx((tx) => {
        for (const uid of uids) {
          const r = tx.inbound.findByPlace(place(uid));
          if (r) known.push({ uid, id: r.id, folder: r.folder });
        }
      });
      for (const f of known)
        this.o.log.info(
          { uid: f.uid, inbound: f.id, folder: f.folder },
          'mail already in the ledger: filed without handling it again',
        );
      for (let i = 0; i < known.length; i += this.o.batch) file(known.slice(i, i + this.o.batch));
      const filedAlready = new Set(known.map((f) => f.uid));
      const fresh = uids.filter((u) => !filedAlready.has(u) && (this.failures.get(`${uidValidity}:${u}`) ?? 0) < 3);
      const { sizes, senders } = await this.sizes(client, fresh, uidValidity);
      // A round at a time, the senders taking turns; what is left is swept next, with what came meanwhile.
      const round = fairRound(
        fresh.filter((u) => sizes.has(u)),
        senders,
        this.o.round,
      );
      if (round.left) this.pending = true;
      const chunks = planChunks(round.uids, sizes, this.o);
      const fetchAt = (i: number) => this.fetchChunk(client, chunks[i] as Chunk);
      if (chunks.length) next = fetchAt(0);
      for (let i = 0; next && !this.stopped; i++) {
        const chunk = chunks[i] as Chunk;
        const sources = await next;
        next = i + 1 < chunks.length ? fetchAt(i + 1) : null;
        // A failure of the prefetch is met when it is awaited (or the connection is dropped).
        next?.catch(() => undefined);
        const fetched = chunk.uids.filter((u) => sources.has(u));
        if (!fetched.length || this.stopped) continue;
        const mails: RawMail[] = fetched.map((uid) => ({
          raw: sources.get(uid) as Buffer,
          key: place(uid),
          ...(chunk.headersOnly ? { size: sizes.get(uid) as number } : {}),
        }));
        if (chunk.headersOnly)
          this.o.log.warn(
            { uids: fetched, sizes: fetched.map((u) => sizes.get(u)), maxBytes: this.o.maxBytes },
            'mail over the size limit: refused unread',
          );
        const results = await this.o.handler(mails);
        const filedNow: Filed[] = [];
        fetched.forEach((uid, k) => {
          const r = results[k];
          if (r instanceof Error || !r) {
            const id = `${uidValidity}:${uid}`;
            this.failures.set(id, (this.failures.get(id) ?? 0) + 1);
            this.o.log.error(
              { uid, err: r?.message, attempts: this.failures.get(id) },
              'a message could not be handled; it stays in the inbox',
            );
          } else filedNow.push({ uid, id: r.inboundId, folder: r.folder });
        });
        file(filedNow);
      }
      await filing;
    } finally {
      await Promise.all([next?.catch(() => undefined), filing.catch(() => undefined)]);
      lock.release();
      this.busy = false;
    }
    return count;
  }

  /**
   * The RFC822.SIZE and sender (the envelope's From) of each of `uids`, read before any body is
   * fetched (a few hundred UIDs a command) and once per mail: a burst swept round after round
   * reads the envelopes of only the mail that came since the last round (the rest are kept, by
   * UIDVALIDITY and UID, while the mail is in the mailbox).
   */
  private async sizes(
    client: ImapFlow,
    uids: number[],
    uidValidity: number | null,
  ): Promise<{ sizes: Map<number, number>; senders: Map<number, string> }> {
    const key = (uid: number): string => `${uidValidity}:${uid}`;
    const kept = new Map<string, Sized>();
    for (const uid of uids) {
      const k = this.sized.get(key(uid));
      if (k) kept.set(key(uid), k);
    }
    // Only what is still waiting is kept (a filed mail's UID is never seen again).
    this.sized = kept;
    const unread = uids.filter((u) => !kept.has(key(u)));
    for (let i = 0; i < unread.length; i += 500) {
      const msgs = await this.watch(
        'fetch sizes',
        client.fetchAll(uidSet(unread.slice(i, i + 500)), { uid: true, size: true, envelope: true }, { uid: true }),
      );
      for (const m of msgs)
        if (typeof m.size === 'number')
          kept.set(key(m.uid), { size: m.size, from: m.envelope?.from?.[0]?.address?.toLowerCase() });
    }
    const sizes = new Map<number, number>();
    const senders = new Map<number, string>();
    for (const uid of uids) {
      const k = kept.get(key(uid));
      if (!k) continue;
      sizes.set(uid, k.size);
      if (k.from) senders.set(uid, k.from);
    }
    return { sizes, senders };
  }

  /** A chunk's mails, whole, or their headers only (at most the header size limit each). */
  private async fetchChunk(client: ImapFlow, chunk: Chunk): Promise<Fetched> {
    const query = chunk.headersOnly
      ? { uid: true, bodyParts: [{ key: 'HEADER', start: 0, maxLength: DEFAULT_LIMITS.maxHeaderBytes }] }
      : { uid: true, source: true };
    const msgs: FetchMessageObject[] = await this.watch(
      'fetch',
      client.fetchAll(uidSet([...chunk.uids].sort((a, b) => a - b)), query, { uid: true }),
    );
    const out: Fetched = new Map();
    for (const m of msgs) {
      const raw = chunk.headersOnly ? (m.headers ?? [...(m.bodyParts?.values() ?? [])][0]) : m.source;
      if (raw) out.set(m.uid, raw);
    }
    return out;
  }

  /** Files handled mail after its commit, one MOVE per folder; returns how many were moved. */
  private async file(client: ImapFlow, filed: Filed[]): Promise<number> {
    let moved = 0;
    for (const folder of ['Processed', 'Rejected'] as const) {
      const batch = filed.filter((f) => f.folder === folder);
      if (!batch.length) continue;
      await this.watch(
        'move',
        client.messageMove(uidSet(batch.map((f) => f.uid).sort((a, b) => a - b)), this.folderPath(folder), {
          uid: true,
        }),
      );
      moved += batch.length;
      const at = this.o.clock.now();
      this.o.store.tx((tx) => {
        for (const f of batch) tx.inbound.markMoved(f.id, at);
      });
    }
    return moved;
  }
}
